"""Which units a measured quantity may carry: a quantity named `*_iops` is in IOPS, and so on.

Shared by the seed loader (seeds) and the benchmark import (benchmarks), both of which build on the catalog.
"""

from __future__ import annotations

# Quantity names whose unit is implied by the name; anything else may use any unit of the closed list.
_UNITS_BY_SUFFIX: tuple[tuple[str, frozenset[str]], ...] = (
    ("iops", frozenset({"IOPS"})),
    ("_pct", frozenset({"%"})),
    ("utilisation", frozenset({"%"})),
    ("latency", frozenset({"ms", "s"})),
    ("response_time", frozenset({"ms", "s"})),
    # `unstated`: the document prints the time without a unit (Dell DSS Section 3.2.1.3)
    ("completion_time", frozenset({"s", "min", "h", "unstated"})),
    ("throughput", frozenset({"MB/s", "GB/s", "TB/h"})),
    ("load_rate", frozenset({"MB/s", "GB/s", "TB/h"})),
    ("tps", frozenset({"TPS"})),
    ("tpm", frozenset({"TPM"})),
    ("users", frozenset({"users"})),
    ("sessions", frozenset({"sessions"})),
    ("queue_depth", frozenset({"queue_depth"})),
    ("warehouses", frozenset({"warehouses"})),
)


def unit_problem(quantity: str, unit: str) -> str | None:
    for suffix, units in _UNITS_BY_SUFFIX:
        if quantity.endswith(suffix) and unit not in units:
            return f"unit {unit!r} does not fit quantity {quantity!r} (expected one of {sorted(units)})"
    return None
