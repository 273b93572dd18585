"""Quantities with units, and the one rounding rule used when a result is published.

The engine computes and stores raw floats. How many significant figures a number is printed with is
type metadata (`Digits`), applied only when a result is serialised to JSON (sizing.evaluation.published),
so that no decision inside the engine ever sees a rounded value.
"""

from __future__ import annotations

import functools
import math
import types
from collections.abc import Callable, Sequence
from typing import Annotated, Any, Literal, TypeVar, get_args

import numpy as np
from pydantic import BaseModel, Field, PlainSerializer, field_serializer
from pydantic.dataclasses import dataclass

# The closed unit list of the seed catalog (fixtures/README.md), plus the engine's own "ratio" style units.
Unit = Literal[
    "users", "sessions", "queue_depth", "warehouses", "count", "TPS", "TPM", "IOPS", "MB/s", "GB/s",
    "TB/h", "ms", "s", "min", "h", "%", "fraction", "ratio", "GB", "TB", "U", "GHz", "Gb/s",
    "KB", "IOs/transaction", "IOPS/user", "core-ms/transaction", "ms/IO", "years", "unstated",
]  # fmt: skip
UNITS = frozenset(get_args(Unit))

DEFAULT_DIGITS = 4
T = TypeVar("T")
M = TypeVar("M", bound=BaseModel)
_set = object.__setattr__
_DEFAULTS: dict[type[BaseModel], tuple[tuple[str, ...], dict[str, Any], frozenset[str]]] = {}


def built(cls: type[M], fields: dict[str, Any]) -> M:
    """A pydantic model instance set up as its validator leaves it (fields in declaration order - the
    order the serializer publishes them in - fields set, no extra, no private attributes), from values
    that need no validation."""
    known = _DEFAULTS.get(cls)
    if known is None:
        defaults = {n: f.default for n, f in cls.model_fields.items() if not f.is_required()}
        required = frozenset(n for n, f in cls.model_fields.items() if f.is_required())
        # every field in declaration order, the defaults filled in: each instance starts from a copy
        template = dict.fromkeys(cls.model_fields)
        template.update(defaults)
        known = _DEFAULTS[cls] = (tuple(cls.model_fields), template, required)
    order, template, required = known
    values = template.copy()
    values.update(fields)
    # (every field given, none unknown: the required ones are among them without a set comparison)
    if len(values) != len(order) or (len(fields) != len(order) and not fields.keys() >= required):
        optional = {n for n, f in cls.model_fields.items() if not f.is_required()}
        raise TypeError(
            f"{cls.__name__}: fields {sorted(set(order) ^ set(fields) - optional)} missing or unknown"
        )
    out = _new(cls)
    _set(out, "__dict__", values)
    # (BaseModel's slots set through their descriptors: no attribute look-up on the class)
    _set_fields_set(out, set(fields))
    _set_extra(out, None)
    _set_private(out, None)
    return out


_set_fields_set = vars(BaseModel)["__pydantic_fields_set__"].__set__
_set_extra = vars(BaseModel)["__pydantic_extra__"].__set__
_set_private = vars(BaseModel)["__pydantic_private__"].__set__


def rounded(x: float, digits: int = DEFAULT_DIGITS) -> float:
    """Round to `digits` significant figures (at least 2 decimals kept for small values)."""
    if not _isfinite(x):
        raise ValueError("non-finite value reached the output")
    if x == 0:
        return 0.0
    places = digits - 1 - _floor(_log10(x if x > 0 else -x))
    return round(x, places if places > 0 else 0)


_isfinite, _floor, _log10 = math.isfinite, math.floor, math.log10


def _rounds_to(digits: int) -> Callable[[T], T]:
    """Marks a serializer that publishes a float as `rounded(x, digits)` does: sizing.publish rounds
    such numbers all at once instead of calling it."""

    def mark(func: T) -> T:
        func.digits = digits  # type: ignore[attr-defined]
        return func

    return mark


@dataclass(frozen=True)
class Quantity:
    """A raw value with its unit; published with 4 significant figures unless its field says otherwise."""

    value: Annotated[float, Field(allow_inf_nan=False)]
    unit: Unit

    @field_serializer("value", when_used="json")
    @_rounds_to(DEFAULT_DIGITS)
    def _published_value(self, x: float) -> float:
        # `rounded(x)` inlined (~100 quantities an evaluation publishes, one Python call each)
        if not _isfinite(x):
            raise ValueError("non-finite value reached the output")
        if x == 0:
            return 0.0
        places = 3 - _floor(_log10(x if x > 0 else -x))
        return round(x, places if places > 0 else 0)


def q(value: float, unit: str) -> Quantity:
    v = float(value)
    if unit in UNITS and _isfinite(v):
        # Valid by the two checks pydantic's validator makes: set the fields directly, at a third of
        # the cost (an evaluation makes ~120 quantities); anything else gets pydantic's own error.
        out = _new(Quantity)
        _set_quantity_dict(out, {"value": v, "unit": unit})
        return out
    return Quantity(v, unit)  # type: ignore[arg-type]  # raises the validation error


_set_quantity_dict = vars(Quantity)["__dict__"].__set__  # (its __dict__ slot, without a look-up)


def finite_floats(cls: type[T], *values: float) -> T:
    """An instance of a frozen pydantic dataclass whose fields are all floats (a chart point), built
    without the validator when every value is a finite float (what the validator would check)."""
    if all(type(v) is float and _isfinite(v) for v in values):
        out = _new(cls)
        out.__dict__.update(zip(cls.__dataclass_fields__, values, strict=True))  # type: ignore[attr-defined]
        return out
    return cls(*values)


def finite_rows(cls: type[T], *columns: list[float]) -> list[T]:
    """`finite_floats(cls, *row)` for every row of the columns (a chart's points), the checks made once
    per column."""
    names = tuple(cls.__dataclass_fields__)  # type: ignore[attr-defined]
    if all(set(map(type, c)) <= {float} and all(map(_isfinite, c)) for c in columns):
        out = []
        for row in zip(*columns, strict=True):
            point = _new(cls)
            point.__dict__.update(zip(names, row, strict=True))
            out.append(point)
        return out
    return [finite_floats(cls, *row) for row in zip(*columns, strict=True)]


def finite_rows_of(cls: type[T], rows: np.ndarray) -> list[T]:
    """`finite_rows` for a 2-D float array whose columns are `cls`'s fields in order (a chart's points
    straight from the solver's arrays): one finiteness check for the whole array, one dict per point."""
    if rows.dtype == np.float64 and np.isfinite(rows).all():
        names = tuple(cls.__dataclass_fields__)  # type: ignore[attr-defined]
        if rows.shape[1] != len(names):
            raise ValueError(f"{cls.__name__}: {rows.shape[1]} columns for {len(names)} fields")
        build = _POINT_BUILDERS.get(cls)
        if build is None:
            build = _POINT_BUILDERS[cls] = _point_builder(cls, names)
        return build(rows.tolist())
    return finite_rows(cls, *rows.T.tolist())  # raises the validator's error on a non-finite value


_POINT_BUILDERS: dict[type, Callable[[list[list[float]]], list[Any]]] = {}


def _point_builder(cls: type, names: tuple[str, ...]) -> Callable[[list[list[float]]], list[Any]]:
    """A function making `cls` points from rows of floats, each point's fields set from a dict display
    (written once per class: a chart has ~60 points, and `dict(zip(names, row))` cost as much as the
    rest of the point)."""
    if not all(name.isidentifier() for name in names):  # (dataclass fields always are; to be sure)
        return lambda rows: [_with_dict(_new(cls), dict(zip(names, row, strict=True))) for row in rows]
    row = ", ".join(f"a{i}" for i in range(len(names)))
    fields = ", ".join(f"{name!r}: a{i}" for i, name in enumerate(names))
    source = (
        "def build(rows):\n"
        "    out = []\n"
        f"    for {row}, in rows:\n"
        "        point = new(C)\n"
        f"        set_dict(point, {{{fields}}})\n"
        "        out.append(point)\n"
        "    return out\n"
    )
    namespace: dict[str, Any] = {"new": _new, "set_dict": _dict_setter(cls), "C": cls}
    exec(compile(source, f"<points {cls.__qualname__}>", "exec"), namespace)  # noqa: S102  # our own source
    built_points: Callable[[list[list[float]]], list[Any]] = namespace["build"]
    return built_points


def _dict_setter(cls: type) -> Callable[[Any, dict[str, Any]], None]:
    """Sets an instance's __dict__ (the class's own __dict__ descriptor when it has the usual one)."""
    for klass in cls.__mro__:
        slot = vars(klass).get("__dict__")
        if isinstance(slot, types.GetSetDescriptorType):
            setter: Callable[[Any, dict[str, Any]], None] = slot.__set__
            return setter
    return lambda point, fields: _set(point, "__dict__", fields)


def _with_dict(point: Any, fields: dict[str, Any]) -> Any:
    _set(point, "__dict__", fields)
    return point


_new = object.__new__


def _published(value: Any, digits: int | None) -> Any:
    """A float or Quantity with `digits` significant figures (None: as computed); anything else as is."""
    if isinstance(value, Quantity):
        return {
            "value": value.value if digits is None else rounded(value.value, digits),
            "unit": value.unit,
        }
    if isinstance(value, float) and digits is not None:
        return rounded(value, digits)
    return value


def Digits(digits: int | None) -> PlainSerializer:
    """Publish this float (or Quantity's value) with `digits` significant figures; None: as computed
    (e.g. a rule's own parameter). Raw in Python-mode dumps; the engine never reads the rounded value.
    (A plain JSON-only serializer: the evaluation publishes ~300 numbers, each through here.)"""
    top = (digits or 0) - 1

    def publish(value: Any) -> Any:
        # `_published` with `rounded` inlined for a float or a Quantity (one Python call per number)
        if digits is None:
            return _published(value, None)
        if type(value) is Quantity:
            x = value.value
            unit: str | None = value.unit
        elif type(value) is float:
            x = value
            unit = None
        else:
            return _published(value, digits)
        if not _isfinite(x):
            raise ValueError("non-finite value reached the output")
        if x != 0:
            places = top - _floor(_log10(x if x > 0 else -x))
            x = round(x, places if places > 0 else 0)
        else:
            x = 0.0
        return x if unit is None else {"value": x, "unit": unit}

    publish.digits = digits  # type: ignore[attr-defined]  # read by `published_rows`
    return PlainSerializer(publish, when_used="json")


Quantity3 = Annotated[Quantity, Digits(3)]
Quantity5 = Annotated[Quantity, Digits(5)]
ExactQuantity = Annotated[Quantity, Digits(None)]
Float3 = Annotated[float, Digits(3)]
Float4 = Annotated[float, Digits(4)]
Float5 = Annotated[float, Digits(5)]


# --- many numbers at once ------------------------------------------------------------------------

# 10**p for p = 0..22, each exact (every power of ten up to 1e22 is a double)
_POW10 = np.array([float(10**p) for p in range(23)])


def rounded_all(values: Sequence[float], digits: Sequence[int] | bytes | bytearray) -> list[float]:
    """`rounded(values[i], digits[i])` for every i, equal to it bit for bit, in a few array operations
    (a chart's ~200 numbers cost what a dozen cost one by one).

    `round(x, p)` is the double nearest to the decimal round-half-even(x 10^p) / 10^p. With 10^p exact
    (p <= 22) and m = round-half-even(x 10^p) an integer below 2^52, m / 10^p in IEEE arithmetic is that
    same double; and rint of the computed product x 10^p (off the exact one by at most half an ulp) is
    that m unless the product lies within rounding of a half-integer. Every value where any of this is
    not certain (zero, non-finite, log10 within 1e-9 of an integer so that floor(log10) could differ,
    the product within 1e-12 relative of a half-integer or below 1, p > 22) goes through `rounded`
    itself (which also raises on a non-finite value, as publishing one must)."""
    # (fromiter: no dtype discovery per element; digits as bytes: what sizing.publish collects)
    x = np.fromiter(values, float, len(values))
    d = (
        np.frombuffer(digits, np.uint8)
        if isinstance(digits, bytes | bytearray)
        else np.asarray(digits, float)
    )
    top = d - 1.0
    with np.errstate(all="ignore"):  # (log10 of 0, inf - inf: those values fail the checks below)
        lg = np.log10(np.abs(x))
        fl = np.floor(lg)
        ok = np.abs(lg - fl - 0.5) < 0.5 - 1e-9  # log10 not within 1e-9 of an integer, finite
        places = top - fl
        ok &= places <= 22.0
        scale = _POW10[np.fmin(np.fmax(places, 0.0), 22.0).astype(np.intp)]  # (fmax/fmin: nan -> 0/22)
        y = x * scale
        r = np.rint(y)
        ay = np.abs(y)
        # not within 1e-12 relative of a half-integer (which also fails every product from 5e11 up)
        ok &= np.abs(y - r) < 0.5 - 1e-12 * ay
        ok &= ay >= 1.0
        out: list[float] = (r / scale).tolist()
    if not ok.all():
        for i in np.flatnonzero(~ok).tolist():
            out[i] = rounded(values[i], int(digits[i]))
    return out


@functools.cache
def _field_digits(cls: type) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """A pydantic dataclass's fields and the significant figures each is published with (`Digits`)."""
    names, digits = [], []
    for name, info in cls.__pydantic_fields__.items():  # type: ignore[attr-defined]
        found = [getattr(m.func, "digits", None) for m in info.metadata if isinstance(m, PlainSerializer)]
        if info.annotation is not float or len(found) != 1 or found[0] is None:
            raise TypeError(f"{cls.__name__}.{name} is not a float published with Digits(n)")
        names.append(name)
        digits.append(int(found[0]))
    return tuple(names), tuple(digits)


def published_rows(cls: type, rows: Sequence[Any]) -> list[dict[str, float]]:
    """Chart points (instances of `cls`, a pydantic dataclass of floats each annotated with `Digits`) as
    the JSON pydantic publishes for them, field by field, with the rounding done by `rounded_all`."""
    names, digits = _field_digits(cls)
    if not rows:
        return []
    flat = rounded_all([getattr(r, name) for r in rows for name in names], digits * len(rows))
    width = len(names)
    return [dict(zip(names, flat[i : i + width], strict=True)) for i in range(0, len(flat), width)]
