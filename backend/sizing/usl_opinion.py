"""The USL second opinion: a fit over a measured load series of the platform (once per bundle)."""

from __future__ import annotations

from sizing.evaluation import (
    UslSection,
    UslUnavailable,
)
from sizing.evidence import EvidenceBundle
from sizing.usl import MIN_POINTS, fit


def _usl_second_opinion(evidence: EvidenceBundle, family: str) -> UslSection | UslUnavailable:
    """USL fit over a measured load series of this platform (>= 6 points on one curve), once per
    bundle: it reads the evidence only."""
    key = f"usl:{family}"
    if key not in evidence.cache:
        evidence.cache[key] = _usl_fit(evidence, family)
    section: UslSection | UslUnavailable = evidence.cache[key]
    return section


def _usl_fit(evidence: EvidenceBundle, family: str) -> UslSection | UslUnavailable:
    curves: dict[str, list[tuple[float, float, str]]] = {}
    for o in evidence.observations:
        if o.platform != family:
            continue
        load = o.cond("users", o.cond("sessions"))
        for quantity in ("tps", "tpm", "iops"):
            x = o.value(quantity)
            if x is not None and isinstance(load, int | float):
                curves.setdefault(f"{o.curve}:{quantity}", []).append((float(load), x, o.source.cite()))
    series = {k: v for k, v in curves.items() if len({n for n, _, _ in v}) >= MIN_POINTS}
    if not series:
        return UslUnavailable(
            available=False, reason=f"no measured load series with {MIN_POINTS} or more points for {family}"
        )
    key, points = max(series.items(), key=lambda kv: len(kv[1]))
    curve, quantity = key.split(":")
    result = fit([n for n, _, _ in points], [x for _, x, _ in points])
    return UslSection(
        available=True,
        curve=curve,
        quantity=quantity,
        fit=result.published(),
        sources=sorted({s for _, _, s in points}),
    )
