"""The chart data of an OLTP evaluation (numbers as printed): the CPU / read-latency balance with
its zones, and the load-response curves per RAC node count, each with the error band the engine
publishes for it (storage latency, response). A DSS evaluation has no charts."""

from __future__ import annotations

from reports.citations import rule_text
from reports.facts import MODEL
from reports.model import BalanceChart, LoadResponseChart, LoadSeries, Zone
from sizing import OltpEvaluation


def band_pct(ev: OltpEvaluation, quantity: str) -> float | None:
    """The half-width (%) of the evaluation's band of one projection, if it has one."""
    return next((b.half_width.value for b in ev.bands if b.quantity == quantity), None)


def balance_chart(ev: OltpEvaluation) -> BalanceChart | None:
    b = ev.balance
    points = tuple((p.cpu_utilisation_pct, p.read_latency_ms) for p in b.points)
    if not points:
        return None
    z = b.zones
    zones = (
        Zone("CPU stress", "warning", x_min=z.cpu_stress.value),
        Zone("CPU limit", "critical", x_min=z.cpu_limit.value),
        Zone("Read latency stress", "warning", y_min=z.read_latency_stress.value),
        Zone("Read latency limit", "critical", y_min=z.read_latency_limit.value),
    )
    operating = (b.at_sla.cpu_utilisation_pct, b.at_sla.read_latency_ms)
    # The zones' documents (the rules' slugs are for the technical annex, not the chart caption).
    sources = "; ".join(dict.fromkeys(r.source if r.source else rule_text(r) for r in z.rules))
    source = f"{MODEL}; zones: {sources}" if sources else MODEL
    source = f"{b.classification} at the SLA point; {source}"
    return BalanceChart(
        points, zones, operating, "At the SLA point", source, band_pct(ev, "storage_latency_at_design")
    )


def load_response_chart(ev: OltpEvaluation) -> LoadResponseChart | None:
    series = tuple(
        LoadSeries(
            f"{s.rac_nodes} RAC node{'s' if s.rac_nodes != 1 else ''}",
            s.rac_nodes,
            tuple((p.tps, p.response_ms) for p in s.points),
            s.max_sustained_tps.value,
        )
        for s in ev.projection.series
    )
    if not series:
        return None
    at_design = ev.performance.at_design
    operating = (at_design.tps.value, at_design.response.value)
    return LoadResponseChart(
        series, ev.projection.sla.value, operating, MODEL, band_pct(ev, "response_at_design")
    )
