"""Facts of a proposal: a number of the typed evaluation (a Quantity, with its unit) or a design input,
with where it comes from."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from reports.model import Band, Fact
from sizing import Assumption, Quantity

MODEL = "model (MVA)"
INPUT = "design input"
PROFILE = "workload profile"


def fact(
    label: str, value: Quantity | float | None, source: str, unit: str = "", *, technical: bool = False
) -> Fact | None:
    if value is None:
        return None
    exact = source == INPUT  # what the architect typed is printed as typed, not rounded
    if isinstance(value, Quantity):
        return Fact(label, value.value, value.unit, source, exact, technical)
    return Fact(label, float(value), unit, source, exact, technical)


def present(*facts: Fact | None) -> tuple[Fact, ...]:
    """The facts the design has (a None is one it has not, e.g. no user growth for a DSS design)."""
    return tuple(f for f in facts if f is not None)


def as_float(value: float | None) -> float | None:
    return None if value is None else float(value)


# The engine's assumptions a customer reads in the proposal: what was assumed of the workload, the
# service level and the platform as built. The others are the model's calibration (demands per
# transaction, fitted service times and concurrencies): the technical annex prints them. A new engine
# assumption is technical until it is listed here; the BOM's own ("bom.*") are always the customer's.
CUSTOMER_ASSUMPTIONS = frozenset(
    {
        "cores_per_node",
        "think_time",
        "think_time_swingbench",
        "think_time_oet",
        "sla_response",
        "sla_oet",
        "sga_per_instance",
        "read_share_tpcc",
        "block_size_tpcc",
        "array_scaling",
        "stream_scan",
        "dss_sustained",
    }
)


def customer_assumption(key: str) -> bool:
    return key in CUSTOMER_ASSUMPTIONS or key.startswith("bom.")


def assumption_facts(assumptions: Sequence[Assumption]) -> tuple[Fact, ...]:
    return tuple(
        Fact(
            a.text or a.key,
            a.value.value if a.value else None,
            a.value.unit if a.value else "",
            a.source,
            technical=not customer_assumption(a.key),
        )
        for a in assumptions
    )


class PublishedBand(Protocol):
    """What the document reads of an evaluation's band (the engine's Band, not exported at its root)."""

    label: str
    value: Quantity
    low: Quantity
    high: Quantity
    half_width: Quantity
    basis: str
    widened: bool


def band(b: PublishedBand) -> Band:
    """A banded projection of the evaluation (numbers as printed), as the document prints it."""
    label = b.label[:1].upper() + b.label[1:]
    return Band(
        label=label,
        value=b.value.value,
        low=b.low.value,
        high=b.high.value,
        unit=b.value.unit,
        half_width_pct=b.half_width.value,
        basis=b.basis,
        widened=b.widened,
    )
