"""An evaluation's JSON without pydantic's serializer: the same dict `model_dump(mode="json",
by_alias=True)` gives, at a fraction of the cost.

pydantic calls back into Python once per published number (~300 an evaluation: the `Digits` and
Quantity serializers), each rounding on its own. Here a function is generated once per class from its
fields' annotations; it walks the objects' `__dict__`s, copies what needs no work, and collects every
number to round with its digits, so that all are rounded in one `units.rounded_all` call (equal to
`rounded` bit for bit) and filled in afterwards.

Same output by construction: a type the generator does not know is serialised by pydantic itself (a
`TypeAdapter` of that annotation, or of the whole class), and a value not of the type its annotation
declares (a subclass, an int where a float is declared, a non-finite float published as is, fields
out of their declared order) makes the whole object go through `model_dump`. A non-finite number to
be rounded raises ValueError, as pydantic's serializers do. sizing/tests/test_publishing.py holds the
output to `published_per_field` (every field through its own serializer).
"""

from __future__ import annotations

import inspect
import math
import types
import typing
from collections import deque
from collections.abc import Callable, Iterable
from itertools import chain, islice, repeat
from operator import attrgetter, itemgetter
from operator import setitem as _setitem
from typing import Annotated, Any, Literal, TypeVar, get_args, get_origin

import annotated_types
from pydantic import AllowInfNan, BaseModel, PlainSerializer, Strict, TypeAdapter
from pydantic.dataclasses import is_pydantic_dataclass
from pydantic.fields import FieldInfo
from pydantic_core import PydanticUndefined

from sizing.units import Quantity, rounded_all

F = TypeVar("F", bound=Callable[..., Any])
_NONE = type(None)
_PLAIN = frozenset({str, int, bool, _NONE})  # published as they are (a float too, if finite)
_FLOAT = {float}
_VALUE = itemgetter("value")
_VALUE_KEY = repeat("value")
_drain: Callable[[Iterable[Any]], None] = deque(
    maxlen=0
).extend  # runs an iterator to its end, keeping nothing
_isfinite = math.isfinite


def same_as_handler(func: F) -> F:
    """Marks a wrap field serializer whose JSON equals the field's own (the handler's), e.g. the same
    rows built faster: the publisher serialises the field as if it had none."""
    func.same_as_handler = True  # type: ignore[attr-defined]
    return func


class _Unsupported(Exception):
    """A value the generated publisher was not built for: pydantic publishes the object."""


def _unsupported() -> None:
    raise _Unsupported


def published_json(model: BaseModel) -> dict[str, Any]:
    """`model.model_dump(mode="json", by_alias=True)`, numbers rounded in one pass."""
    try:
        publish = _PUBLISHERS[type(model)]
        # what is still to round: Quantity-like dicts by digits (their "value"), other floats
        # (container, key, digits), and chart rows (the output list, the points, their layout)
        quantities: dict[int, list[dict[str, Any]]] = {n: [] for n in _DIGITS}
        floats: list[tuple[Any, Any, int]] = []
        blocks: list[tuple[list[Any], list[Any], _Rows]] = []
        out = publish(model, quantities, floats, blocks)
        values: list[float] = []
        digits = bytearray()
        for n, qs in quantities.items():
            values += map(_VALUE, qs)
            digits += _BYTE[n] * len(qs)
        for container, key, n in floats:
            values.append(container[key])
            digits.append(n)
        for _, points, rows in blocks:
            if set(map(type, points)) != rows.cls:
                raise _Unsupported
            flat = list(chain.from_iterable(map(rows.get, points)))
            if set(map(type, flat)) != _FLOAT:
                raise _Unsupported
            values += flat
            digits += rows.digits * len(points)
    except Exception:  # pydantic decides: its output or its own error
        return model.model_dump(mode="json", by_alias=True)
    if not values:
        return out
    done = iter(rounded_all(values, digits))  # ValueError on a non-finite number
    for qs in quantities.values():
        # q["value"] = x for each (map stops at the end of qs, taking no more from `done`)
        _drain(map(_setitem, qs, _VALUE_KEY, done))
    for (container, key, _), x in zip(floats, done, strict=False):
        container[key] = x
    for rows_out, points, rows in blocks:
        rows_out += rows.build(done, len(points))
    return out


Publisher = Callable[[Any, dict[int, list[Any]], list[Any], list[Any]], dict[str, Any]]
_DIGITS: set[int] = set()  # every digits a generated publisher rounds to
_BYTE = [bytes([n]) for n in range(256)]


class _Publishers(dict[type, Publisher]):
    """Each class's publisher, generated on first use, with those of the classes it holds."""

    def __missing__(self, cls: type) -> Publisher:
        gen = _Generator()
        fn = self[cls] = gen.function(cls)
        for held in gen.held:  # (a class that holds itself finds its own publisher in place)
            self[held]
        return fn


_PUBLISHERS = _Publishers()


class _Rows:
    """How a list of chart points publishes: a pydantic dataclass of floats, each with `Digits(n)`."""

    def __init__(self, cls: type, names: tuple[str, ...], digits: list[int]) -> None:
        self.cls = {cls}
        self.names = names
        self.digits = bytes(digits)
        self.get = attrgetter(*names)
        # build(it, n): n row dicts from the next n * width rounded numbers
        items = ", ".join(f"{name!r}: a{i}" for i, name in enumerate(names))
        row = ", ".join(f"a{i}" for i in range(len(names)))
        source = f"def build(it, n):\n    return [{{{items}}} for {row} in islice(zip({', '.join(['it'] * len(names))}), n)]"
        ns: dict[str, Any] = {"islice": islice}
        exec(compile(source, f"<rows {cls.__qualname__}>", "exec"), ns)  # noqa: S102  # our own source
        self.build: Callable[[Any, int], list[dict[str, float]]] = ns["build"]


def _rows(cls: Any) -> _Rows | None:
    if not is_pydantic_dataclass(cls) or _decorators(cls) or "__slots__" in vars(cls):
        return None
    digits = []
    for info in cls.__pydantic_fields__.values():
        n = _digits_of(info.metadata)
        if info.annotation is not float or info.exclude or n is None:
            return None
        digits.append(n)
    if not digits or any(
        not isinstance(name, str) or not name.isidentifier() for name in cls.__pydantic_fields__
    ):
        return None
    return _Rows(cls, tuple(cls.__pydantic_fields__), digits)


def _digits_of(metadata: list[Any]) -> int | None:
    """n when the metadata is one `Digits(n)` (n not None) and constraints; else None."""
    sers = [m for m in metadata if not _ignorable(m)]
    if len(sers) == 1 and type(sers[0]) is PlainSerializer and sers[0].when_used == "json":
        return _digits(getattr(sers[0].func, "digits", None))
    return None


def _digits(n: Any) -> int | None:
    """n if it is a number of significant figures the publisher rounds to, else None."""
    return n if type(n) is int and 1 <= n <= 17 else None


def _ignorable(meta: Any) -> bool:
    """Validation-only metadata (constraints): no bearing on the JSON."""
    if isinstance(meta, FieldInfo):
        return all(_ignorable(m) for m in meta.metadata)
    return isinstance(meta, annotated_types.BaseMetadata | AllowInfNan | Strict)


def _decorators(cls: Any) -> bool:
    """Has serializers, computed fields or a custom schema."""
    dec = cls.__pydantic_decorators__
    return bool(dec.model_serializers or dec.computed_fields or dec.field_serializers or _custom(cls))


class _Generator:
    """Writes the source of one class's publisher (and of the classes it holds, on first use)."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.ns: dict[str, Any] = {
            "U": _unsupported,
            "_isfinite": math.isfinite,
            "ANY": _any,
            "PUB": _PUBLISHERS,
        }
        self.count = 0
        self.inline: list[type] = []
        self.held: list[type] = []  # the classes whose publishers this one calls

    def var(self, stem: str) -> str:
        self.count += 1
        return f"{stem}{self.count}"

    def const(self, value: Any, stem: str = "K") -> str:
        name = self.var(stem)
        self.ns[name] = value
        return name

    def put(self, indent: int, line: str) -> None:
        self.lines.append("    " * indent + line)

    def function(self, cls: type) -> Publisher:
        """The publisher of a model or pydantic dataclass: (object, holes, blocks) -> its JSON."""
        fields = self.fields(cls)
        if fields is None:  # pydantic publishes the whole object
            dump = _dump(cls)

            def fallback(obj: Any, *holes: Any) -> dict[str, Any]:
                if type(obj) is not cls:
                    raise _Unsupported
                out: dict[str, Any] = dump(obj)
                return out

            return fallback
        self.put(0, "def publish(o, Q, F, B):")
        out = self.body(cls, fields, "o", 1)
        self.put(1, f"return {out}")
        source = "\n".join(self.lines)
        exec(compile(source, f"<publish {cls.__qualname__}>", "exec"), self.ns)  # noqa: S102  # our own source
        fn: Publisher = self.ns["publish"]
        return fn

    @staticmethod
    def fields(cls: Any) -> list[tuple[str, str, Any, _Serializer | None]] | None:
        """(name, key, annotation, field serializer) of each published field, in order; None when the
        class has something the generator does not read (pydantic then publishes it)."""
        is_model = isinstance(cls, type) and issubclass(cls, BaseModel)
        if not (is_model or is_pydantic_dataclass(cls)) or _custom(cls):
            return None
        if not is_model and "__slots__" in vars(cls):  # no __dict__ to read
            return None
        dec = cls.__pydantic_decorators__
        if dec.model_serializers or dec.computed_fields:
            return None
        if is_model and (cls.__pydantic_root_model__ or cls.model_config.get("extra") == "allow"):
            return None
        infos: dict[str, FieldInfo] = cls.model_fields if is_model else cls.__pydantic_fields__
        serializers: dict[str, _Serializer | None] = {}
        for d in dec.field_serializers.values():
            for name in d.info.fields:
                if name not in infos or name in serializers:
                    return None
                serializers[name] = _serializer(d)
                if serializers[name] is None:
                    return None
        out = []
        for name, info in infos.items():
            if getattr(info, "exclude_if", None) is not None:
                return None
            if info.exclude:
                continue
            ann = Annotated[(info.annotation, *info.metadata)] if info.metadata else info.annotation
            key = info.serialization_alias if info.serialization_alias is not None else name
            out.append((name, key, ann, serializers.get(name)))
        return out

    def body(
        self, cls: Any, fields: list[tuple[str, str, Any, _Serializer | None]], src: str, ind: int
    ) -> str:
        """Statements publishing `src` (an instance of cls); returns the variable holding its JSON."""
        self.put(ind, f"if type({src}) is not {self.const(cls, 'C')}: U()")
        d = self.var("d")
        self.put(ind, f"{d} = {src}.__dict__")
        if issubclass(cls, BaseModel):  # pydantic publishes a model's fields in its __dict__'s order
            self.put(ind, f"if tuple({d}) != {tuple(cls.model_fields)!r}: U()")
        entries, holes = [], []
        for name, key, ann, ser in fields:
            x = self.var("x")
            self.put(ind, f"{x} = {d}[{name!r}]")
            expr, hole = self.field(ann, ser, src, x, ind)
            entries.append(f"{key!r}: {expr}")
            if hole is not None:
                holes.append((expr, hole, key))
        out = self.var("o")
        self.put(ind, f"{out} = {{{', '.join(entries)}}}")
        for expr, hole, key in holes:
            self.hole(ind, expr, hole, out, repr(key))
        return out

    def field(self, ann: Any, ser: _Serializer | None, owner: str, x: str, ind: int) -> tuple[str, Any]:
        if ser is None or ser.kind == "handler":
            return self.value(ann, x, ind)
        if ser.kind == "digits":  # rounds a float as `rounded(x, digits)` does (Quantity's value)
            self.put(ind, f"if type({x}) is not float: U()")
            return x, (ser.digits, False)
        y = self.var("y")
        call = f"{self.const(ser.func, 'S')}({owner}, {x})"
        if ser.kind == "always":
            self.put(ind, f"{y} = {call}")
            return self.value(ser.returns, y, ind)
        self.put(ind, f"if {x} is None: {y} = None")  # unless-none
        self.put(ind, "else:")
        self.put(ind + 1, f"{y} = {call}")
        expr, hole = self.value(ser.returns, y, ind + 1)
        self.put(ind + 1, f"{y} = {expr}")
        return y, None if hole is None else (hole[0], True)

    def hole(self, ind: int, expr: str, hole: tuple[int, bool], container: str, key: str) -> None:
        """Registers the float in `expr`, published at container[key], to be rounded."""
        digits, nullable = hole
        _DIGITS.add(digits)
        if key == "'value'":  # a Quantity's
            line = f"Q[{digits}].append({container})"
        else:
            line = f"F.append(({container}, {key}, {digits}))"
        self.put(ind, f"if {expr} is not None: {line}" if nullable else line)

    def value(self, ann: Any, x: str, ind: int) -> tuple[str, Any]:
        """Statements publishing the value in local `x` of type `ann`: the expression of its JSON, and
        (digits, may be None) when that is a float still to be rounded (registered by the caller once
        its container exists), else None."""
        origin = get_origin(ann)
        if ann is str or ann is int or ann is bool:
            self.put(ind, f"if type({x}) is not {ann.__name__}: U()")
            return x, None
        if ann is float:
            self.put(ind, f"if type({x}) is not float or not _isfinite({x}): U()")
            return x, None
        if ann is _NONE or ann is None:
            self.put(ind, f"if {x} is not None: U()")
            return x, None
        if ann is Any:
            self.put(ind, f"{x} = ANY({x})")
            return x, None
        if origin is Annotated:
            return self.annotated(ann, x, ind)
        if origin is Literal and all(type(a) is str for a in get_args(ann)):
            allowed = self.const(frozenset(get_args(ann)), "L")
            self.put(ind, f"if type({x}) is not str or {x} not in {allowed}: U()")
            return x, None
        if origin is Literal and all(type(a) in (str, int, bool) for a in get_args(ann)):
            allowed = self.const(frozenset((type(a), a) for a in get_args(ann)), "L")
            self.put(ind, f"if (type({x}), {x}) not in {allowed}: U()")
            return x, None
        if origin is typing.Union or origin is types.UnionType:
            return self.union(ann, x, ind)
        if origin is list and (rows := _rows(get_args(ann)[0])) is not None:
            out = self.var("r")
            self.put(ind, f"if type({x}) is not list: U()")
            self.put(ind, f"{out} = []")
            self.put(ind, f"if {x}: B.append(({out}, {x}, {self.const(rows, 'R')}))")
            return out, None
        if origin is list:
            out, i, item = self.var("l"), self.var("i"), self.var("e")
            self.put(ind, f"if type({x}) is not list: U()")
            self.put(ind, f"{out} = []")
            self.put(ind, f"for {i}, {item} in enumerate({x}):")
            expr, hole = self.value(get_args(ann)[0], item, ind + 1)
            self.put(ind + 1, f"{out}.append({expr})")
            if hole is not None:
                self.hole(ind + 1, expr, hole, out, i)
            return out, None
        if origin is dict and get_args(ann)[0] is str:
            out, k, item = self.var("m"), self.var("k"), self.var("e")
            self.put(ind, f"if type({x}) is not dict: U()")
            self.put(ind, f"{out} = {{}}")
            self.put(ind, f"for {k}, {item} in {x}.items():")
            self.put(ind + 1, f"if type({k}) is not str: U()")
            expr, hole = self.value(get_args(ann)[1], item, ind + 1)
            self.put(ind + 1, f"{out}[{k}] = {expr}")
            if hole is not None:
                self.hole(ind + 1, expr, hole, out, k)
            return out, None
        if isinstance(ann, type) and (issubclass(ann, BaseModel) or is_pydantic_dataclass(ann)):
            fields = self.fields(ann)
            if fields is not None and is_pydantic_dataclass(ann) and ann not in self.inline:
                self.inline.append(ann)  # a dataclass (Quantity, a note) inline: no call per object
                out = self.body(ann, fields, x, ind)
                self.inline.pop()
                return out, None
            out = self.var("p")
            self.held.append(ann)
            self.put(ind, f"{out} = PUB[{self.const(ann, 'C')}]({x}, Q, F, B)")
            return out, None
        return self.fallback(ann, x, ind)

    def fallback(self, ann: Any, x: str, ind: int) -> tuple[str, Any]:
        """pydantic publishes a value of a type the generator does not know."""
        self.put(ind, f"{x} = {self.const(_dump(ann), 'A')}({x})")
        return x, None

    def annotated(self, ann: Any, x: str, ind: int) -> tuple[str, Any]:
        base, *meta = get_args(ann)
        kept = [m for m in meta if not _ignorable(m)]
        if not kept:
            return self.value(base, x, ind)
        if len(kept) != 1 or type(kept[0]) is not PlainSerializer or kept[0].when_used != "json":
            return self.fallback(ann, x, ind)
        if not hasattr(kept[0].func, "digits"):
            return self.fallback(ann, x, ind)
        digits = kept[0].func.digits  # Digits(n): a float, or a Quantity's value, to n figures
        if digits is not None and _digits(digits) is None:
            return self.fallback(ann, x, ind)
        if base is float:
            if digits is None:
                self.put(ind, f"if type({x}) is not float or not _isfinite({x}): U()")
                return x, None
            self.put(ind, f"if type({x}) is not float: U()")
            return x, (digits, False)
        if base is Quantity:
            d, v, u, out = self.var("d"), self.var("v"), self.var("u"), self.var("q")
            self.put(ind, f"if type({x}) is not {self.const(Quantity, 'C')}: U()")
            self.put(ind, f"{d} = {x}.__dict__")
            self.put(ind, f"{v} = {d}['value']")
            self.put(ind, f"{u} = {d}['unit']")
            finite = "" if digits is not None else f" or not _isfinite({v})"
            self.put(ind, f"if type({v}) is not float or type({u}) is not str{finite}: U()")
            self.put(ind, f"{out} = {{'value': {v}, 'unit': {u}}}")
            if digits is not None:
                self.hole(ind, v, (digits, False), out, "'value'")
            return out, None
        return self.fallback(ann, x, ind)

    def union(self, ann: Any, x: str, ind: int) -> tuple[str, Any]:
        args = get_args(ann)
        rest = [a for a in args if a is not _NONE]
        nullable = len(rest) < len(args)
        out = self.var("n")
        if len(rest) == 1 and nullable:
            self.put(ind, f"if {x} is None: {out} = None")
            self.put(ind, "else:")
            expr, hole = self.value(rest[0], x, ind + 1)
            self.put(ind + 1, f"{out} = {expr}")
            return out, None if hole is None else (hole[0], True)
        classes = all(
            isinstance(a, type) and (issubclass(a, BaseModel) or is_pydantic_dataclass(a)) for a in rest
        )
        if not classes or len(set(rest)) != len(rest):
            return self.fallback(ann, x, ind)
        # pydantic picks the member of the value's exact class first
        branches = ([f"if {x} is None:"] if nullable else []) + [
            f"if type({x}) is {self.const(a, 'C')}:" for a in rest
        ]
        for i, branch in enumerate(branches):
            self.put(ind, branch if i == 0 else "el" + branch)
            if nullable and i == 0:
                self.put(ind + 1, f"{out} = None")
                continue
            expr, _ = self.value(rest[i - nullable], x, ind + 1)
            self.put(ind + 1, f"{out} = {expr}")
        self.put(ind, "else: U()")
        return out, None


class _Serializer:
    """A field serializer the generator reads: `handler` (marked `same_as_handler`), `digits` (rounds
    a float to n figures: Quantity's value), `always` / `unless-none` (a plain method of (self, value),
    its result published as its return type)."""

    def __init__(self, kind: str, func: Any = None, digits: int = 0, returns: Any = Any) -> None:
        self.kind, self.func, self.digits, self.returns = kind, func, digits, returns


def _serializer(dec: Any) -> _Serializer | None:
    info, func = dec.info, dec.func
    if info.mode == "wrap":
        return _Serializer("handler") if getattr(func, "same_as_handler", False) else None
    digits = _digits(getattr(func, "digits", None))
    if info.mode == "plain" and info.when_used == "json" and digits is not None:
        return _Serializer("digits", digits=digits)
    try:
        params = list(inspect.signature(func).parameters.values())
        returns = info.return_type
        if returns is PydanticUndefined:
            returns = typing.get_type_hints(func, include_extras=True).get("return", Any)
    except (TypeError, ValueError, NameError):
        return None
    if (
        info.mode != "plain"
        or not inspect.isfunction(func)
        or len(params) != 2
        or any(
            p.kind not in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) or p.default is not p.empty
            for p in params
        )
    ):
        return None
    if info.when_used in ("always", "json"):
        return _Serializer("always", func, returns=returns)
    if info.when_used in ("unless-none", "json-unless-none"):
        return _Serializer("unless-none", func, returns=returns)
    return None


def _custom(cls: Any) -> bool:
    """Makes its own pydantic schema: the generator cannot tell how it publishes."""
    return any("__get_pydantic_core_schema__" in vars(c) for c in cls.__mro__ if c is not BaseModel)


def _any(value: Any) -> Any:
    """A value of type Any as pydantic publishes it (by its runtime type)."""
    kind = type(value)
    if kind in _PLAIN or (kind is float and _isfinite(value)):
        return value
    if kind is dict and all(type(k) is str for k in value):
        return {k: _any(v) for k, v in value.items()}
    if kind is list:
        return [_any(v) for v in value]
    return _dump(Any)(value)


_ADAPTERS: dict[Any, Callable[[Any], Any]] = {}


def _dump(ann: Any) -> Callable[[Any], Any]:
    """pydantic's own JSON of a value of this type."""
    fn = _ADAPTERS.get(ann)
    if fn is None:
        adapter = TypeAdapter(ann)

        def fn(value: Any) -> Any:
            return adapter.dump_python(value, mode="json", by_alias=True)

        _ADAPTERS[ann] = fn
    return fn
