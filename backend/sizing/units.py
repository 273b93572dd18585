"""Quantities with units, and the one rounding rule used when a result is published.

The engine computes and stores raw floats. How many significant figures a number is printed with is
type metadata (`Digits`), applied only when a result is serialised to JSON (sizing.evaluation.published),
so that no decision inside the engine ever sees a rounded value.
"""

from __future__ import annotations

import math
from typing import Annotated, Any, Literal, get_args

from pydantic import Field, SerializationInfo, SerializerFunctionWrapHandler, WrapSerializer, field_serializer
from pydantic.dataclasses import dataclass

# The closed unit list of the seed catalog (fixtures/README.md), plus the engine's own "ratio" style units.
Unit = Literal[
    "users", "sessions", "queue_depth", "warehouses", "count", "TPS", "TPM", "IOPS", "MB/s", "GB/s",
    "TB/h", "ms", "s", "min", "h", "%", "fraction", "ratio", "GB", "TB", "U", "GHz", "Gb/s",
    "KB", "IOs/transaction", "IOPS/user", "core-ms/transaction", "ms/IO", "years", "unstated",
]  # fmt: skip
UNITS = frozenset(get_args(Unit))

DEFAULT_DIGITS = 4


def rounded(x: float, digits: int = DEFAULT_DIGITS) -> float:
    """Round to `digits` significant figures (at least 2 decimals kept for small values)."""
    if not math.isfinite(x):
        raise ValueError("non-finite value reached the output")
    if x == 0:
        return 0.0
    magnitude = math.floor(math.log10(abs(x)))
    places = max(digits - 1 - magnitude, 0)
    return round(x, places)


@dataclass(frozen=True)
class Quantity:
    """A raw value with its unit; published with 4 significant figures unless its field says otherwise."""

    value: Annotated[float, Field(allow_inf_nan=False)]
    unit: Unit

    @field_serializer("value")
    def _published_value(self, value: float, info: SerializationInfo) -> float:
        return rounded(value) if info.mode_is_json() else value


def q(value: float, unit: str) -> Quantity:
    return Quantity(float(value), unit)  # type: ignore[arg-type]  # the unit is validated at run time


def Digits(digits: int | None) -> WrapSerializer:
    """Publish this float (or Quantity's value) with `digits` significant figures; None: as computed
    (e.g. a rule's own parameter). Raw in Python-mode dumps; the engine never reads the rounded value."""

    def publish(value: Any, handler: SerializerFunctionWrapHandler, info: SerializationInfo) -> Any:
        out = handler(value)
        if not info.mode_is_json():
            return out
        if isinstance(value, Quantity):
            return {**out, "value": value.value if digits is None else rounded(value.value, digits)}
        if isinstance(value, float) and digits is not None:
            return rounded(value, digits)
        return out

    return WrapSerializer(publish)


Quantity3 = Annotated[Quantity, Digits(3)]
Quantity5 = Annotated[Quantity, Digits(5)]
ExactQuantity = Annotated[Quantity, Digits(None)]
Float3 = Annotated[float, Digits(3)]
Float4 = Annotated[float, Digits(4)]
Float5 = Annotated[float, Digits(5)]
