"""The checks of an OLTP design: its warnings (in the order the report lists them), its targets
(sizing.verdict) and the growth figures; the smallest fix comes in as `cure` (sizing.search, wired by
the evaluator)."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from sizing import balance, demand, mva, verdict
from sizing.display import in_sentence, number, percent, station
from sizing.evaluation import (
    OltpGrowth,
)
from sizing.evaluation_common import TOLERANCE, _capacity_message, _years, design_facts
from sizing.inputs import DesignInputs, OltpWorkload
from sizing.model import PlatformModel
from sizing.notes import rule_ref
from sizing.oltp_network import _DesignLoad, _load_at_latency, _SlaLimit, _users_for_tps
from sizing.platforms import platform_family, storage_model
from sizing.rules import RuleSet
from sizing.units import q, rounded
from sizing.warnings import Warning, best_practice_warnings, extrapolation_warnings, warning


@dataclass(frozen=True)
class _TargetFigures:
    """The design's figures its targets are checked on (sizing.verdict), and their limits."""

    cpu_pct: float
    cpu_limit_pct: float
    cpu_source: str
    latency_ms: float
    latency_limit_ms: float | None
    headroom_pct: float
    min_headroom_pct: float


def _stress_warnings(latency_ms: float, cpu_pct: float, zones: balance.Zones) -> list[Warning]:
    """The design's operating point inside a stress zone of the balance chart, named."""
    out = []
    if latency_ms >= zones.latency_stress_ms:
        message = (
            f"at the design load the storage read latency is {latency_ms:.3g} ms, in the stress zone "
            f"(from {zones.latency_stress_ms:g} ms; {zones.latency_limit_ms:g} ms is the limit)"
        )
        out.append(warning("latency-stress", "warning", message, rule_ref(zones.rules[1])))
    if cpu_pct >= zones.cpu_stress_pct:
        message = (
            f"at the design load the CPU is at {cpu_pct:.0f}%, in the stress zone "
            f"(from {zones.cpu_stress_pct:g}%; {zones.cpu_limit_pct:g}% is the limit)"
        )
        out.append(warning("cpu-stress", "warning", message, rule_ref(zones.rules[0])))
    return out


def unreachable(workload: OltpWorkload, load: _DesignLoad, bounds: mva.Bounds) -> bool:
    """A target TPS at or beyond the network's asymptotic maximum: no population reaches it."""
    return workload.target_tps is not None and load.design_tps >= bounds.max_throughput * (1 - TOLERANCE)


def _oltp_checks(
    inputs: DesignInputs,
    model: PlatformModel,
    load: _DesignLoad,
    limit: _SlaLimit,
    bounds: mva.Bounds,
    bottleneck: str,
    iops_rule: demand.IopsPerUser,
    zones: balance.Zones,
    raw: demand.RawCapacity,
    breakdown: demand.CapacityBreakdown,
    rules: RuleSet,
    cure: Callable[[], str],
    targets: _TargetFigures,
) -> tuple[list[Warning], bool]:
    """The warnings of an OLTP design (in the order the report lists them), and whether the queueing
    model says the design load is carried within the SLA. A shortfall names the smallest size of the
    configuration that holds (`cure`, sizing.search); the targets are sizing.verdict's."""
    workload, platform = inputs.workload, inputs.platform
    assert isinstance(workload, OltpWorkload)
    users = load.users
    facts = {**design_facts(inputs), "read_pct": model.read_pct, "block_size_kb": workload.block_size_kb,
             "users": users}  # fmt: skip
    warnings, checked = best_practice_warnings(rules, facts)
    if storage_model(platform.storage_model).iops_per_user_rule_array:
        needed = iops_rule.arrays_needed(users)
        if needed > platform.arrays:
            warnings.append(
                warning(
                    "add-arrays",
                    "critical",
                    f"{number(users)} users need {number(iops_rule.iops(users))} IOPS by Dell's IOPS-per-user sizing "
                    f"rule (not the queueing model's demand), above {platform.arrays} x {number(iops_rule.peak_iops)} "
                    f"IOPS: use {needed} {platform.storage_model} arrays (one array carries up to "
                    f"{number(iops_rule.max_users_per_array())} users with the exact ratio {iops_rule.ratio:.4f} IOPS "
                    f"per user; the document prints {number(iops_rule.max_users_per_array(rounded=True))} from the "
                    f"ratio rounded to {iops_rule.ratio_rounded:g})",
                    rule_ref(iops_rule.rule),
                )
            )
    if "asm_volumes" not in checked and platform_family(platform.family).dell_tpcc_rules:
        useful_volumes, rule = rules.param("asm-volumes-optimal", "max_useful_volumes")
        if platform.asm_volumes > useful_volumes:
            message = f"{platform.asm_volumes} ASM volumes: more than {useful_volumes:g} adds little measured benefit"
            warnings.append(warning("asm-volumes", "info", message, rule_ref(rule)))
    if "raid" not in checked and platform.raid_level in ("raid50", "raid5", "raid6"):
        message = f"{platform.raid_level.upper()} for OLTP: RAID 10 is the recommended level"
        warnings.append(warning("raid-for-oltp", "warning", message, rule_ref(rules.get("raid10-for-oltp"))))
    sla_ms = model.sla_s * 1000
    holds_sla = load.solution.response_s <= model.sla_s * (
        1 + TOLERANCE
    ) and load.design_tps <= limit.max_tps * (1 + TOLERANCE)
    if not limit.attainable:
        message = (
            f"even one user waits {limit.point.response_s * 1000:,.3g} ms (the sum of the service demands), "
            f"above the {sla_ms:g} ms SLA: no load meets it"
        )
        warnings.append(warning("sla-unattainable", "critical", message, None))
    elif not holds_sla:
        message = (
            f"design load {number(load.design_tps)} TPS exceeds the {number(limit.max_tps)} TPS sustained "
            f"within {sla_ms:g} ms: {cure()}"
        )
        warnings.append(warning("sla-missed", "critical", message, None))
    if targets.cpu_pct > targets.cpu_limit_pct * (1 + TOLERANCE):
        message = (
            f"CPU at {targets.cpu_pct:.0f}% at the design load, above the {targets.cpu_limit_pct:g}% "
            f"target ({targets.cpu_source}): {cure()}"
        )
        warnings.append(warning("cpu-target-missed", "critical", message, rule_ref(zones.rules[0])))
    if targets.latency_limit_ms is not None and targets.latency_ms > targets.latency_limit_ms * (
        1 + TOLERANCE
    ):
        message = (
            f"storage read latency {targets.latency_ms:.3g} ms at the design load, above the "
            f"{targets.latency_limit_ms:g} ms target: {cure()}"
        )
        warnings.append(warning("latency-target-missed", "critical", message, None))
    if (
        targets.min_headroom_pct > 0
        and holds_sla
        and targets.headroom_pct < targets.min_headroom_pct - TOLERANCE
    ):
        message = (
            f"headroom {targets.headroom_pct:.1f} % over the design load, below the "
            f"{targets.min_headroom_pct:g} % target: {cure()}"
        )
        warnings.append(warning("headroom-target-missed", "critical", message, None))
    if unreachable(workload, load, bounds):
        beyond = (load.design_tps / bounds.max_throughput - 1) * 100
        message = (
            f"the design load of {number(load.design_tps)} TPS is {percent(beyond)} beyond the "
            f"{number(bounds.max_throughput)} TPS this configuration processes at most, when the "
            f"{in_sentence(station(bottleneck))} saturates: no number of users reaches it"
        )
        warnings.append(warning("target-unreachable", "critical", message, None))
    if not raw.fits:
        warnings.append(
            warning("capacity-short", "critical", _capacity_message(raw, platform), rule_ref(breakdown.rule))
        )
    warnings.extend(extrapolation_warnings(list(model.flags)))
    return warnings, holds_sla


def _oltp_target_checks(
    workload: OltpWorkload,
    model: PlatformModel,
    stations: tuple[mva.Station, ...],
    load: _DesignLoad,
    limit: _SlaLimit,
    bounds: mva.Bounds,
    raw: demand.RawCapacity,
    figures: _TargetFigures,
    sto: int,
    holds_sla: bool,
) -> list[verdict.Check]:
    """The OLTP design's targets (sizing.verdict). Growth moves the load (users, or the target TPS)
    by the user growth rate and the data by the data growth rate; each target's month is where the
    growing load crosses the load at which that target is reached."""
    by_users = workload.users is not None
    current = load.users if by_users else load.design_tps
    growth, horizon = workload.user_growth_pct_per_year, workload.horizon_years
    sla_load = limit.users_at_max if by_users else limit.max_tps
    grows = growth > 0

    def months(threshold: Callable[[], float]) -> int | None:
        return verdict.months_until(current, threshold(), growth, horizon) if grows else None

    sla_source = (
        "the design's SLA" if workload.sla_response_ms is not None else "the platform's benchmark SLA"
    )
    # met as the queueing model's SLA test says (the response and the load, _oltp_checks)
    checks = [
        verdict.Check(
            "sla", load.design_tps, limit.max_tps, "TPS", holds_sla, sla_source, months(lambda: sla_load)
        )
    ]
    if figures.min_headroom_pct > 0:
        share = 1.0 + figures.min_headroom_pct / 100.0
        checks.append(
            verdict.at_least(
                "headroom", figures.headroom_pct, figures.min_headroom_pct, "%", "the design's target",
                months(lambda: sla_load / share),
            )
        )  # fmt: skip

    def cpu_load() -> float:  # the load at which the CPU reaches its limit (utilisation law)
        busy = next(s for s in stations if s.name == "cpu").busy_per_server
        x_limit = figures.cpu_limit_pct / 100.0 / busy if busy > 0 else math.inf
        if x_limit >= bounds.max_throughput * (1 - TOLERANCE):
            return math.inf
        return _users_for_tps(stations, model.think_s, x_limit, limit.point) if by_users else x_limit

    checks.append(
        verdict.at_most(
            "cpu", figures.cpu_pct, figures.cpu_limit_pct, "%", figures.cpu_source, months(cpu_load)
        )
    )
    if figures.latency_limit_ms is not None:
        ceiling = figures.latency_limit_ms

        def latency_load() -> float:
            return _load_at_latency(stations, model, ceiling, sto, by_users)

        checks.append(
            verdict.at_most(
                "storage_latency",
                figures.latency_ms,
                ceiling,
                "ms",
                "the design's target",
                months(latency_load),
            )
        )
    capacity_months = verdict.months_until(
        raw.required_gb, raw.usable_gb, workload.data_growth_pct_per_year, horizon
    )
    checks.append(
        verdict.Check(
            "capacity", raw.required_gb, raw.usable_gb, "GB", raw.fits, "usable capacity of the storage",
            capacity_months,
        )
    )  # fmt: skip
    return checks


def _oltp_growth(
    workload: OltpWorkload,
    load: _DesignLoad,
    limit: _SlaLimit,
    iops_model: float,
    storage_iops: float,
    raw: demand.RawCapacity,
) -> tuple[OltpGrowth, list[Warning]]:
    """Years until users, IOPS and data outgrow the design at the stated growth rates."""
    horizon = workload.horizon_years
    users_exceed_sla = demand.years_until(
        load.users, limit.users_at_max, workload.user_growth_pct_per_year, horizon
    )
    iops_exceed_storage = demand.years_until(
        iops_model, storage_iops, workload.user_growth_pct_per_year, horizon
    )
    capacity_full = demand.years_until(
        raw.required_gb, raw.usable_gb, workload.data_growth_pct_per_year, horizon
    )
    growth = OltpGrowth.built(
        horizon=q(workload.horizon_years, "years"),
        user_growth_per_year=q(workload.user_growth_pct_per_year, "%"),
        data_growth_per_year=q(workload.data_growth_pct_per_year, "%"),
        years_until_users_exceed_sla=_years(users_exceed_sla),
        years_until_iops_exceed_storage=_years(iops_exceed_storage),
        years_until_capacity_full=_years(capacity_full),
    )
    warnings = []
    for years, label in (
        (users_exceed_sla, "users outgrow the SLA"),
        (capacity_full, "data outgrows the usable capacity"),
    ):
        if years is not None and years > 0:
            # the message prints the published figure (3 significant figures), as the report does
            warnings.append(
                warning("growth-horizon", "warning", f"{label} in {rounded(years, 3):.1f} years", None)
            )
    return growth, warnings
