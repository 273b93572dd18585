"""The chart data of an OLTP evaluation (numbers as printed): the CPU / read-latency balance with
its zones, and the load-response curves per RAC node count, each with the error band the engine
publishes for it (storage latency, response). A DSS evaluation has no charts."""

from __future__ import annotations

from reports.citations import rule_text
from reports.facts import MODEL
from reports.model import BalanceChart, LoadResponseChart, LoadSeries, Zone
from reports.text import fmt_number, fmt_percent
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
    return BalanceChart(
        points,
        zones,
        operating,
        "At the SLA point",
        source,
        band_pct(ev, "storage_latency_at_design"),
        design_point=design_balance_point(ev),
    )


def design_point_reachable(ev: OltpEvaluation) -> bool:
    """A design load beyond what the configuration processes at most has no point on any curve."""
    s = ev.summary
    return bool(s.design_load_reachable) and s.design_tps.value > 0


def design_balance_point(ev: OltpEvaluation) -> tuple[float, float] | None:
    """The design's own (CPU %, read latency) at the design load: the latency per foreground I/O is the
    one the balance curve plots, as on the screen (frontend balance-chart.ts, operatingPoint)."""
    s = ev.summary
    if not design_point_reachable(ev):
        return None
    return (s.cpu_utilisation_at_design.value, s.storage_latency_at_design.value)


def unreachable_words(ev: OltpEvaluation) -> str:
    """ "The design load of 30,000 TPS is 16 % beyond the 25,800 TPS this configuration processes at
    most: the chart shows no design point." (empty when the load is reachable)."""
    s = ev.summary
    if s.design_load_reachable:
        return ""
    beyond = s.design_load_beyond_max_pct
    by = (
        f" is {fmt_percent(beyond.value)} % beyond the most this configuration processes"
        if beyond
        else (" is beyond the most this configuration processes")
    )
    return (
        f"The design load of {fmt_number(s.design_tps.value)} {s.design_tps.unit}{by}: "
        "no number of users reaches it, so the chart shows no design point."
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
    operating = (at_design.tps.value, at_design.response.value) if design_point_reachable(ev) else None
    return LoadResponseChart(
        series,
        ev.projection.sla.value,
        operating,
        MODEL,
        band_pct(ev, "response_at_design"),
        design_nodes=int(ev.inputs.platform.rac_nodes),
        unreachable=unreachable_words(ev),
    )
