"""Quantities with units, and the rounding used for JSON output."""

from __future__ import annotations

import math
from dataclasses import dataclass

# The closed unit list of the seed catalog (fixtures/README.md), plus the engine's own "ratio" style units.
UNITS = frozenset(
    {
        "users", "sessions", "queue_depth", "warehouses", "count", "TPS", "TPM", "IOPS", "MB/s", "GB/s",
        "TB/h", "ms", "s", "min", "h", "%", "fraction", "ratio", "GB", "TB", "U", "GHz", "Gb/s",
        "KB", "IOs/transaction", "IOPS/user", "core-ms/transaction", "ms/IO", "years", "unstated",
    }
)  # fmt: skip


def rounded(x: float, digits: int = 4) -> float:
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
    value: float
    unit: str

    def __post_init__(self) -> None:
        if self.unit not in UNITS:
            raise ValueError(f"unknown unit {self.unit!r}")
        if not math.isfinite(self.value):
            raise ValueError(f"non-finite quantity ({self.unit})")

    def to_dict(self, digits: int = 4) -> dict[str, float | str]:
        return {"value": rounded(self.value, digits), "unit": self.unit}


def q(value: float, unit: str) -> Quantity:
    return Quantity(float(value), unit)
