"""Quantities with units, and the one rounding rule used when a result is published.

The engine computes and stores raw floats. How many significant figures a number is printed with is
type metadata (`Digits`), applied only when a result is serialised to JSON (sizing.evaluation.published),
so that no decision inside the engine ever sees a rounded value.
"""

from __future__ import annotations

import math
from typing import Annotated, Any, Literal, TypeVar, get_args

from pydantic import Field, PlainSerializer, field_serializer
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


def rounded(x: float, digits: int = DEFAULT_DIGITS) -> float:
    """Round to `digits` significant figures (at least 2 decimals kept for small values)."""
    if not _isfinite(x):
        raise ValueError("non-finite value reached the output")
    if x == 0:
        return 0.0
    places = digits - 1 - _floor(_log10(x if x > 0 else -x))
    return round(x, places if places > 0 else 0)


_isfinite, _floor, _log10 = math.isfinite, math.floor, math.log10


@dataclass(frozen=True)
class Quantity:
    """A raw value with its unit; published with 4 significant figures unless its field says otherwise."""

    value: Annotated[float, Field(allow_inf_nan=False)]
    unit: Unit

    @field_serializer("value", when_used="json")
    def _published_value(self, value: float) -> float:
        return rounded(value)


def q(value: float, unit: str) -> Quantity:
    v = float(value)
    if unit in UNITS and _isfinite(v):
        # Valid by the two checks pydantic's validator makes: set the fields directly, at a third of
        # the cost (an evaluation makes ~120 quantities); anything else gets pydantic's own error.
        out = _new(Quantity)
        out.__dict__.update(value=v, unit=unit)
        return out
    return Quantity(v, unit)  # type: ignore[arg-type]  # raises the validation error


def finite_floats(cls: type[T], *values: float) -> T:
    """An instance of a frozen pydantic dataclass whose fields are all floats (a chart point), built
    without the validator when every value is a finite float (what the validator would check)."""
    if all(type(v) is float and _isfinite(v) for v in values):
        out = _new(cls)
        out.__dict__.update(zip(cls.__dataclass_fields__, values, strict=True))  # type: ignore[attr-defined]
        return out
    return cls(*values)


_new = object.__new__


def Digits(digits: int | None) -> PlainSerializer:
    """Publish this float (or Quantity's value) with `digits` significant figures; None: as computed
    (e.g. a rule's own parameter). Raw in Python-mode dumps; the engine never reads the rounded value.
    (A plain JSON-only serializer: the evaluation publishes ~300 numbers, each through here.)"""

    def publish(value: Any) -> Any:
        if isinstance(value, Quantity):
            return {
                "value": value.value if digits is None else rounded(value.value, digits),
                "unit": value.unit,
            }
        if isinstance(value, float) and digits is not None:
            return rounded(value, digits)
        return value

    return PlainSerializer(publish, when_used="json")


Quantity3 = Annotated[Quantity, Digits(3)]
Quantity5 = Annotated[Quantity, Digits(5)]
ExactQuantity = Annotated[Quantity, Digits(None)]
Float3 = Annotated[float, Digits(3)]
Float4 = Annotated[float, Digits(4)]
Float5 = Annotated[float, Digits(5)]
