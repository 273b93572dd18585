"""The one verdict: which targets a design meets at its design load and through its growth horizon.

`evaluate_design` (sizing.evaluator) decides a design here, and the search (sizing.recommend) ranks the
evaluations it decides: one verdict for both. A target is a limit on something the evaluation computes
(the load sustained within the SLA, the headroom over it, the CPU % and the storage latency at the
design load, the capacity, a DSS design's MB/s). Each check says its value, its limit and where the
limit comes from, and the first month of the horizon in which the design's growth crosses it: the load
at which a target is crossed is found once (a threshold on users, TPS or GB), so the month is exact in
the model and costs no evaluation per month.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from sizing.evaluation import TargetCheck, Targets, Verdict
from sizing.units import Unit, q
from sizing.warnings import Warning

# A computed value within this relative margin of its limit counts as at the limit (sizing.evaluator).
TOLERANCE = 1e-6

TARGET_LABELS: dict[str, str] = {
    "sla": "Load within the SLA response",
    "headroom": "Headroom over the design load",
    "cpu": "CPU at the design load",
    "storage_latency": "Storage read latency at the design load",
    "capacity": "Capacity",
    "throughput": "Scan throughput",
}


def months_until(current: float, threshold: float, growth_pct: float, horizon_years: int) -> int | None:
    """The first whole month in which `current`, growing by `growth_pct` a year, is above `threshold`
    (0: already above; None: not within the horizon)."""
    if current > threshold * (1 + TOLERANCE):
        return 0
    if growth_pct <= 0 or current <= 0 or not math.isfinite(threshold):
        return None
    years = math.log(threshold * (1 + TOLERANCE) / current) / math.log1p(growth_pct / 100.0)
    month = math.floor(years * 12.0) + 1
    return month if month <= horizon_years * 12 else None


@dataclass(frozen=True)
class Check:
    """A target at the design load: `met` today, and `months` until the growth misses it."""

    target: str
    value: float
    limit: float
    unit: Unit
    met: bool
    source: str
    months: int | None

    def published(self) -> TargetCheck:
        return TargetCheck.built(
            target=self.target,
            label=TARGET_LABELS[self.target],
            value=q(float(self.value), self.unit),
            limit=q(float(self.limit), self.unit),
            met=bool(self.met),
            source=self.source,
            months_until_missed=0 if not self.met else self.months,
        )


def at_most(target: str, value: float, limit: float, unit: Unit, source: str, months: int | None) -> Check:
    """A ceiling (CPU %, latency, load, required GB): met while the value is at most the limit."""
    return Check(target, value, limit, unit, bool(value <= limit * (1 + TOLERANCE)), source, months)


def at_least(target: str, value: float, limit: float, unit: Unit, source: str, months: int | None) -> Check:
    """A floor (headroom %, MB/s sustained): met while the value is at least the limit."""
    met = bool(value >= limit - TOLERANCE * max(abs(limit), 1.0))
    return Check(target, value, limit, unit, met, source, months)


def decide(checks: Sequence[Check], warnings: Sequence[Warning]) -> Verdict:
    """The verdict: every target met and no critical warning (a catalog rule, an unreachable target)
    today, and none missed within the horizon."""
    if not all(bool(c.met) for c in checks) or any(w.severity == "critical" for w in warnings):
        return "does-not-hold"
    if any(c.months is not None for c in checks):
        return "holds-until"
    return "holds"


def targets_section(checks: Sequence[Check], horizon_years: int) -> Targets:
    missed = [(0 if not c.met else c.months, k, c) for k, c in enumerate(checks)]
    within = [(m, k, c) for m, k, c in missed if m is not None]
    first = min(within, key=lambda t: (t[0], t[1])) if within else None
    return Targets.built(
        checks=[c.published() for c in checks],
        horizon_months=horizon_years * 12,
        months_until_missed=first[0] if first else None,
        first_missed=first[2].target if first else None,
    )


def growth_words(months: int) -> str:
    """ "month 19 (year 2)" as the warnings print it."""
    year = (months - 1) // 12 + 1
    return f"month {months} (year {year})"
