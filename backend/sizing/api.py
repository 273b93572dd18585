"""The engine's entry point: evaluate one design against the evidence and the rules.

    evaluate_design(inputs, evidence, rules) -> OltpEvaluation | DssEvaluation   (sizing.evaluation)

Every number in the result carries its unit and is kept as computed; `published()` rounds it for the
JSON. The result lists the assumptions (with sources) and flags whatever lies beyond the measured
evidence.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sizing import balance, demand, error_bands, mva, projection, remedies, search, verdict
from sizing.dss import QueryEstimate, query_throughput, throughput_estimate
from sizing.evaluation import (
    Balance,
    Band,
    Bounds,
    Capacity,
    CapacityElement,
    DesignEvaluation,
    DssEvaluation,
    DssGrowth,
    DssInputs,
    DssStorage,
    DssSummary,
    IopsPerUserRule,
    OltpDemand,
    OltpEvaluation,
    OltpGrowth,
    OltpInputs,
    OltpStorage,
    OltpSummary,
    OperatingPoint,
    Performance,
    Projection,
    QueryStreams,
    Station,
    UslSection,
    UslUnavailable,
)
from sizing.evidence import Estimate, EvidenceBundle
from sizing.inputs import DesignInputs, DssWorkload, OltpWorkload, Platform
from sizing.model import PlatformModel, build_model
from sizing.notes import Assumption, Flag, rule_ref
from sizing.platforms import platform_family, storage_model
from sizing.rules import RuleSet
from sizing.units import Quantity, q, rounded
from sizing.usl import MIN_POINTS, fit
from sizing.warnings import Warning, best_practice_warnings, extrapolation_warnings, warning

# A computed value within this relative margin of its limit counts as at the limit: the solvers
# converge to 1e-10 relative in X and the SLA point to ~1e-9 in R, so a verdict never turns on less.
TOLERANCE = 1e-6


def evaluate_design(
    inputs: DesignInputs, evidence: EvidenceBundle, rules: RuleSet, *, advise: bool = True
) -> DesignEvaluation:
    """`advise`: a design that does not hold names the smallest size of its configuration that does
    (sizing.search, itself evaluating without advice)."""
    if isinstance(inputs.workload, DssWorkload):
        return _evaluate_dss(inputs.workload, inputs.platform, evidence, rules)
    return _evaluate_oltp(inputs.workload, inputs.platform, evidence, rules, advise=advise)


def _band_warnings(bands: list[Band]) -> list[Warning]:
    """One note when the bands are doubled for a design beyond the measured configurations."""
    widened = [b for b in bands if b.widened]
    if not widened:
        return []
    text = ", ".join(f"{b.label} +/-{b.half_width.value:.0f} %" for b in widened)
    return [
        warning(
            "band-widened", "info", f"beyond the measured configurations the error bands double: {text}", None
        )
    ]


def _margin_warnings(headroom_pct: float, band: Band, what: str) -> list[Warning]:
    """A design that holds with less headroom than the model's own error on `what` may not hold: it
    says so rather than reading "holds, no warnings" (a design at its rated point has 0 % headroom)."""
    width = band.half_width.value
    if headroom_pct >= width:
        return []
    if headroom_pct <= 0:
        message = f"no headroom: the design load is all {what} (the model's error on it is +/-{width:.0f} %)"
    else:
        message = (
            f"headroom {headroom_pct:.1f} % is inside the model's +/-{width:.0f} % error on {what}: "
            "the design may not hold"
        )
    return [warning("thin-headroom", "warning", message, None)]


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


def design_facts(inputs: DesignInputs) -> dict[str, Any]:
    """The design as flat facts for the catalog's best-practice checks ({field, op, value, when}).
    A rule naming a field the design does not carry (e.g. NFS mount options) is not evaluated."""
    p = inputs.platform
    return {
        "family": p.family, "storage_model": p.storage_model, "raid": p.raid_level, "data_raid": p.raid_level,
        "asm_volumes": p.asm_volumes, "asm_redundancy": "external", "rac_nodes": p.rac_nodes, "arrays": p.arrays,
        "workload_kind": inputs.workload.kind, "pam": p.pam, "drive_technology": storage_model(p.storage_model).drive_technology,
        "cores_per_node": p.node_cores, "memory_gb_per_node": p.node_memory_gb,
        "thin_provisioning": p.thin_provisioning,
    }  # fmt: skip


# --- capacity (OLTP and DSS) --------------------------------------------------------------------


def _capacity(
    size_gb: float, platform: Platform, rules: RuleSet, include_backup: bool
) -> tuple[Capacity, demand.RawCapacity, demand.CapacityBreakdown]:
    """Database elements (data, temp, redo, archive, backup) -> usable -> raw capacity of the arrays."""
    breakdown = demand.capacity_breakdown(size_gb, rules, include_backup=include_backup)
    raw = demand.raw_capacity(
        breakdown.total_gb,
        platform.storage_model,
        platform.raid_level,
        platform.arrays,
        platform.drives_per_enclosure,
        platform.dedup_ratio if platform.thin_provisioning or platform.dedup_ratio else None,
        demand.stated_usable_gb_per_unit(platform.storage_model, rules),
    )
    section = Capacity.built(
        elements=[
            CapacityElement.built(element=name, label=demand.ELEMENT_LABELS[name], size=q(gb, "GB"))
            for name, gb in breakdown.elements
        ],
        total=q(breakdown.total_gb, "GB"),
        after_data_reduction=q(raw.required_gb, "GB"),
        dedup_ratio=q(raw.dedup_ratio, "ratio"),
        usable=q(raw.usable_gb, "GB"),
        raw=q(raw.raw_gb, "GB"),
        raid=platform.raid_level,
        raid_efficiency=q(raw.raid_efficiency, "fraction"),
        raid_note=raw.raid_note,
        hot_spares_per_unit=q(raw.geometry.hot_spares, "count"),
        asm_redundancy="external",
        fits=raw.fits,
        rule=rule_ref(breakdown.rule),
        hardware_source=raw.geometry.source,
    )
    return section, raw, breakdown


def _years(value: float | None) -> Quantity | None:
    return None if value is None else q(value, "years")


# --- OLTP ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _DesignLoad:
    """Where the design sits on the model: its users, the solved network, the TPS it asks for."""

    users: float
    solution: mva.Solution
    design_tps: float


@dataclass(frozen=True)
class _SlaLimit:
    """The most load the design carries within the SLA response time."""

    point: mva.Solution
    attainable: bool  # below the SLA no load at all may be possible (one user already waits longer)
    max_tps: float
    users_at_max: float


def _users_for_tps(
    stations: tuple[mva.Station, ...], think_s: float, tps: float, at_sla: mva.Solution
) -> float:
    """Population whose model throughput is the target (bisection; X(N) increases with N). Each probe
    is decided by mva.throughput_side where it can tell (nearly all), else solved: the same answers."""
    if tps >= at_sla.throughput:
        # beyond the SLA point: users by the response time law at the SLA response
        return max(1.0, tps * (think_s + at_sla.response_s))
    lo, hi = 0.0, at_sla.users
    for _ in range(60):
        mid = 0.5 * (lo + hi)
        if _throughput_below(stations, think_s, max(mid, 1e-9), tps):
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-6 * hi:
            break
    return max(hi, 1e-6)


def _throughput_below(stations: tuple[mva.Station, ...], think_s: float, n: float, tps: float) -> bool:
    """The network's throughput at population n is below `tps`: told by mva.throughput_side where it
    can (two passes over the stations), else solved."""
    side = mva.throughput_side(stations, think_s, n, tps)
    return side < 0 if side else mva.schweitzer(stations, think_s, n).throughput < tps


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


@dataclass(frozen=True)
class _SolvedNetwork:
    """Every point an OLTP evaluation reads off the queueing network."""

    stations: tuple[mva.Station, ...]
    limit: _SlaLimit
    load: _DesignLoad
    balance_points: tuple[balance.BalancePoint, ...]
    series: tuple[projection.Series, ...]


@dataclass(frozen=True)
class _Curves:
    """What a model's networks give whatever the design's load: the SLA point of each RAC node count,
    the balance curve and the load-response curves."""

    limits: dict[int, mva.Solution]
    balance_points: tuple[balance.BalancePoint, ...]
    series: tuple[projection.Series, ...]


def _solve_network(workload: OltpWorkload, platform: Platform, model: PlatformModel) -> _SolvedNetwork:
    """The design point, and the curves of its model (`_curves`, computed once per model: a what-if on
    users or target TPS re-solves the design point alone)."""
    think, sla = model.think_s, model.sla_s
    nodes = sorted({1, 2, 3, 4, platform.rac_nodes})
    stations = model.stations(platform.rac_nodes)
    networks = tuple((n, stations if n == platform.rac_nodes else model.stations(n)) for n in nodes)
    curves = _curves(networks, platform.rac_nodes, think, sla, model.read_calls)
    at_sla = curves.limits[platform.rac_nodes]
    if workload.users is not None:
        users = float(workload.users)
    else:
        users = _users_for_tps(stations, think, float(workload.target_tps or 0.0), at_sla)
    if users >= 1:
        solution = mva.solve(stations, think, users)
    else:
        # below one user: the one-user solution scaled down (a fraction of the time busy)
        one = mva.schweitzer(stations, think, 1.0)
        solution = mva.Solution(
            users,
            one.throughput * users,
            one.response_s,
            one.residence_s,
            tuple(u * users for u in one.utilisation),
            tuple(x * users for x in one.queue),
        )
    design_tps = solution.throughput if workload.users is not None else float(workload.target_tps or 0.0)
    # One user alone waits the sum of the service demands: the SLA is attainable when that fits.
    attainable = sum(s.demand_s for s in stations) <= sla * (1 + TOLERANCE)
    limit = _SlaLimit(
        point=at_sla,
        attainable=attainable,
        max_tps=at_sla.throughput if attainable else 0.0,
        users_at_max=at_sla.users if attainable else 0.0,
    )
    return _SolvedNetwork(
        stations, limit, _DesignLoad(users, solution, design_tps), curves.balance_points, curves.series
    )


@functools.lru_cache(maxsize=1024)
def _curves(
    networks: tuple[tuple[int, tuple[mva.Station, ...]], ...],
    own_nodes: int,
    think: float,
    sla: float,
    read_calls: float,
) -> _Curves:
    """The SLA population of each node count, then in one vectorised pass (mva.schweitzer_batch, the
    scalar solver's arithmetic on arrays, equal to it bit for bit) the SLA points, the balance curve
    and the load-response curves: ~70 solves for the price of a few. Keyed by the networks themselves
    (frozen stations), so any design with the same model shares them."""
    by_nodes = dict(networks)
    nodes = [n for n, _ in networks]
    sla_users = {n: mva.sla_population(by_nodes[n], think, sla) for n in nodes}
    batch_networks: list[tuple[mva.Station, ...]] = []
    pops: list[float] = []

    def add(st: tuple[mva.Station, ...], users: list[float]) -> slice:
        start = len(pops)
        batch_networks.extend([st] * len(users))
        pops.extend(users)
        return slice(start, len(pops))

    at_sla_rows = {n: add(by_nodes[n], [sla_users[n]]).start for n in nodes}
    own = by_nodes[own_nodes]
    b = add(own, balance.populations(sla_users[own_nodes]))
    curve_users = projection.populations(max(sla_users.values()))
    curve_start = len(pops)
    for n in nodes:  # each node count's curve after the previous one's (projection.series_of reads them so)
        add(by_nodes[n], curve_users)
    c = slice(curve_start, len(pops))
    batch = mva.schweitzer_batch(batch_networks, think, pops)
    limits = {n: batch.solution(at_sla_rows[n]) for n in nodes}
    for n in nodes:  # the searches for the smallest fix (sizing.remedies) read these, not re-solve them
        remedies.remember(by_nodes[n], think, sla, sla_users[n], limits[n])
    points = balance.curve_of(
        own, read_calls, batch.users[b], batch.throughput[b], batch.residence_s[b], batch.utilisation[b]
    )
    series = projection.series_of(
        nodes, by_nodes, limits, batch.users[c], batch.throughput[c], batch.response_s[c]
    )
    return _Curves(limits, tuple(points), tuple(series))


def _headroom_pct(workload: OltpWorkload, load: _DesignLoad, limit: _SlaLimit) -> float:
    """Headroom in the quantity the architect set: users (throughput flattens past the knee, so a TPS
    ratio reads ~0% however far a user load overshoots) or target TPS. Within the solvers' accuracy
    (TOLERANCE) of the limit it is 0: a design at its rated point has no headroom, not 1e-12 %."""
    if workload.users is not None:
        ratio = limit.users_at_max / load.users
    else:
        ratio = limit.max_tps / load.design_tps if load.design_tps > 0 else 1.0
    return 0.0 if abs(ratio - 1.0) <= TOLERANCE else (ratio - 1.0) * 100.0


def _stations(
    stations: tuple[mva.Station, ...], at_design: mva.Solution, at_sla: mva.Solution
) -> list[Station]:
    return [
        Station.built(
            name=s.name,
            servers=q(s.servers, "count"),
            demand=q(s.demand_s * 1000, "ms"),
            utilisation_at_design=q(at_design.utilisation[k] * 100, "%"),
            residence_at_design=q(at_design.residence_s[k] * 1000, "ms"),
            utilisation_at_sla=q(at_sla.utilisation[k] * 100, "%"),
            residence_at_sla=q(at_sla.residence_s[k] * 1000, "ms"),
        )
        for k, s in enumerate(stations)
    ]


def _operating_point(solution: mva.Solution) -> OperatingPoint:
    return OperatingPoint.built(
        users=q(solution.users, "users"),
        tps=q(solution.throughput, "TPS"),
        response=q(solution.response_s * 1000, "ms"),
    )


def _iops_per_user_rule(rule: demand.IopsPerUser, users: float) -> IopsPerUserRule:
    return IopsPerUserRule.built(
        iops=q(rule.iops(users), "IOPS"),
        iops_per_user=q(rule.ratio, "IOPS/user"),
        iops_per_user_as_printed=q(rule.ratio_rounded, "IOPS/user"),
        backup_factor=q(rule.backup_factor, "ratio"),
        growth_factor=q(rule.growth_factor, "ratio"),
        max_users_per_array=q(rule.max_users_per_array(), "users"),
        max_users_per_array_as_printed=q(rule.max_users_per_array(rounded=True), "users"),
        arrays_needed=q(rule.arrays_needed(users), "count"),
        applies_to="PS6010XV 15K SAS, TPC-C-like OLTP",
        rule=rule_ref(rule.rule),
    )


def _capacity_message(raw: demand.RawCapacity, platform: Platform) -> str:
    fix = remedies.arrays_for_capacity(raw, platform)
    cure = (
        f"{fix.words(platform)} give {fix.result:,.0f} GB"
        if fix
        else f"more than {remedies.MAX_ARRAYS} {storage_model(platform.storage_model).array_unit_word}s: larger "
        "drives, data reduction or a second system"
    )
    current = remedies.Remedy("arrays", platform.arrays, raw.usable_gb).words(platform)
    give = "gives" if platform.arrays == 1 else "give"
    return f"needs {raw.required_gb:,.0f} GB, {current} {give} {raw.usable_gb:,.0f} GB usable: {cure}"


def _load_cure(inputs: DesignInputs, evidence: EvidenceBundle, rules: RuleSet) -> str:
    """What carries the design within its targets: the smallest RAC node and storage unit counts of
    the same configuration that hold, searched over both at once (sizing.search), or the closest."""
    fix = search.smallest_fix(inputs, evidence, rules)
    return fix.words()


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
                    f"{users:,.0f} users need {iops_rule.iops(users):,.0f} IOPS by Dell's IOPS-per-user sizing "
                    f"rule (not the queueing model's demand), above {platform.arrays} x {iops_rule.peak_iops:,.0f} "
                    f"IOPS: use {needed} {platform.storage_model} arrays (one array carries up to "
                    f"{iops_rule.max_users_per_array():,.0f} users with the exact ratio {iops_rule.ratio:.4f} IOPS "
                    f"per user; the document prints {iops_rule.max_users_per_array(rounded=True):,.0f} from the "
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
            f"design load {load.design_tps:,.1f} TPS exceeds the {limit.max_tps:,.1f} TPS sustained "
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
    if workload.target_tps is not None and load.design_tps >= bounds.max_throughput * (1 - TOLERANCE):
        message = (
            f"{load.design_tps:,.1f} TPS is beyond the {bounds.max_throughput:,.1f} TPS at which the "
            f"{bottleneck} station saturates (asymptotic bound): no number of users reaches it"
        )
        warnings.append(warning("target-unreachable", "critical", message, None))
    if not raw.fits:
        warnings.append(
            warning("capacity-short", "critical", _capacity_message(raw, platform), rule_ref(breakdown.rule))
        )
    warnings.extend(extrapolation_warnings(list(model.flags)))
    return warnings, holds_sla


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


MVA_ASSUMPTION = Assumption(
    "mva",
    "closed network: think-time delay; CPU (cores x RAC nodes) multi-server station; storage as a "
    "multi-server station with a fixed per-I/O service time and a fitted concurrency (background writes "
    "load it); an optional delay for waits outside CPU and storage; Seidmann decomposition; "
    "Bard-Schweitzer MVA at every population",
    "docs/model.md",
)


def _oltp_demand(
    workload: OltpWorkload,
    platform: Platform,
    model: PlatformModel,
    load: _DesignLoad,
    iops_model: float,
    iops_rule: demand.IopsPerUser,
) -> OltpDemand:
    # The Dell rule counts TPC-C users (19 s think time) on EqualLogic: other platforms' users
    # (Swingbench's 0.1 s) would be misread by it, so it is only reported where it applies.
    dell_rule = platform_family(platform.family).dell_tpcc_rules
    profile = model.profile
    return OltpDemand.built(
        users=q(load.users, "users"),
        tps=q(load.design_tps, "TPS"),
        think_time=q(model.think_s, "s"),
        profile=profile.slug if profile else "",
        profile_label=profile.label if profile else "",
        ios_per_transaction=q(model.ios_per_tx, "IOs/transaction"),
        reads_per_transaction=q(model.reads_per_tx, "IOs/transaction"),
        writes_per_transaction=q(model.writes_per_tx, "IOs/transaction"),
        cpu_per_transaction=q(model.cpu_demand_s * 1000, "ms"),
        iops_model=q(iops_model, "IOPS"),
        read_iops=q(load.design_tps * model.reads_per_tx, "IOPS"),
        write_iops=q(load.design_tps * model.writes_per_tx, "IOPS"),
        iops_rule=_iops_per_user_rule(iops_rule, load.users) if dell_rule else None,
        read_pct=q(model.read_pct, "%"),
        block_size=q(workload.block_size_kb, "KB"),
    )


def _performance(
    stations: tuple[mva.Station, ...],
    load: _DesignLoad,
    at_sla: mva.Solution,
    bounds: mva.Bounds,
    bottleneck: str,
    headroom: float,
) -> Performance:
    """The queueing model's stations, the design and SLA operating points and the asymptotic bounds."""
    return Performance.built(
        stations=_stations(stations, load.solution, at_sla),
        at_design=OperatingPoint.built(
            users=q(load.users, "users"),
            tps=q(load.solution.throughput, "TPS"),
            response=q(load.solution.response_s * 1000, "ms"),
        ),
        at_sla=_operating_point(at_sla),
        bounds=Bounds.built(
            throughput_upper=q(bounds.throughput_upper, "TPS"),
            max_throughput=q(bounds.max_throughput, "TPS"),
            response_lower=q(bounds.response_lower_s * 1000, "ms"),
            knee_users=q(bounds.knee_users, "users"),
        ),
        bottleneck=bottleneck,
        headroom_pct=q(headroom, "%"),
    )


def _evaluate_oltp(
    workload: OltpWorkload, platform: Platform, evidence: EvidenceBundle, rules: RuleSet, *, advise: bool
) -> OltpEvaluation:
    inputs = DesignInputs(workload, platform)
    model = build_model(inputs, evidence, rules)
    solved = _solve_network(workload, platform, model)
    stations, limit, load = solved.stations, solved.limit, solved.load
    at_sla = limit.point
    bounds = mva.bounds(stations, model.think_s, max(load.users, 1.0))
    bottleneck = projection.bottleneck(stations, at_sla)
    headroom = _headroom_pct(workload, load, limit)

    iops_rule = demand.iops_per_user(
        rules, backup=workload.include_backup_overhead, growth=workload.include_growth_overhead
    )
    iops_model = load.design_tps * model.ios_per_tx
    capacity, raw, breakdown = _capacity(
        workload.database_size_gb, platform, rules, workload.include_backup_overhead
    )

    zones = balance.zones(rules, model.ssd)
    balance_at_sla = balance.point(stations, at_sla, model.read_calls)
    classification = balance.classify(balance_at_sla, zones, bottleneck)
    cpu = next(k for k, s in enumerate(stations) if s.name == "cpu")
    sto = next(k for k, s in enumerate(stations) if s.name == "storage")
    storage_latency_ms = load.solution.residence_s[sto] / model.read_calls * 1000 if model.read_calls else 0.0
    cpu_pct = load.solution.utilisation[cpu] * 100
    if workload.max_cpu_pct is not None:
        cpu_limit, cpu_source = workload.max_cpu_pct, "the design's target"
    else:
        cpu_limit, cpu_source = zones.cpu_limit_pct, f"the catalog's {zones.rules[0].slug} rule"
    figures = _TargetFigures(
        cpu_pct, cpu_limit, cpu_source, storage_latency_ms, workload.max_storage_latency_ms, headroom,
        workload.min_headroom_pct,
    )  # fmt: skip
    advice: list[str] = []

    def cure() -> str:  # the smallest fix, searched once however many targets it answers
        if not advice:
            advice.append(_load_cure(inputs, evidence, rules) if advise else "a larger configuration")
        return advice[0]

    warnings, holds_sla = _oltp_checks(
        inputs, model, load, limit, bounds, bottleneck, iops_rule, zones, raw, breakdown, rules, cure, figures,
    )  # fmt: skip
    growth, growth_warnings = _oltp_growth(workload, load, limit, iops_model, model.storage_iops, raw)
    warnings += growth_warnings
    checks = _oltp_target_checks(workload, model, stations, load, limit, bounds, raw, figures, sto, holds_sla)
    # A critical warning (SLA missed, a target missed, capacity short, or the document's own sizing rule
    # saying one more array is needed) means the design does not hold, whatever the queueing model says.
    decided = verdict.decide(checks, warnings)
    targets = verdict.targets_section(checks, workload.horizon_years)
    if decided == "holds-until" and targets.months_until_missed is not None:
        first = verdict.TARGET_LABELS[targets.first_missed or "sla"].lower()
        message = (
            f"meets its targets until {verdict.growth_words(targets.months_until_missed)} of the "
            f"{workload.horizon_years}-year horizon, when the growth misses the target on {first}"
        )
        warnings.append(warning("growth-exhausts", "warning", message, None))
    holds = decided != "does-not-hold"
    bands = [
        error_bands.band(platform.family, "max_sustained_tps", limit.max_tps, "TPS", model.flags),
        error_bands.band(
            platform.family, "response_at_design", load.solution.response_s * 1000, "ms", model.flags
        ),
        error_bands.band(platform.family, "storage_latency_at_design", storage_latency_ms, "ms", model.flags),
    ]
    if holds:
        warnings += _margin_warnings(headroom, bands[0], "the load it sustains within the SLA")
        warnings += _stress_warnings(storage_latency_ms, load.solution.utilisation[cpu] * 100, zones)
    warnings += _band_warnings(bands)

    users = q(load.users, "users")
    return OltpEvaluation.built(
        kind="oltp",
        inputs=OltpInputs.built(workload=workload, platform=platform),
        verdict=decided,
        summary=OltpSummary.built(
            users=users,
            design_tps=q(load.design_tps, "TPS"),
            max_sustained_tps=q(limit.max_tps, "TPS"),
            users_at_max=q(limit.users_at_max, "users"),
            sla_response=q(model.sla_s * 1000, "ms"),
            response_at_design=q(load.solution.response_s * 1000, "ms"),
            headroom_pct=q(headroom, "%"),
            bottleneck=bottleneck,
            balance=classification,
            storage_latency_at_design=q(storage_latency_ms, "ms"),
            storage_latency_at_sla=q(balance_at_sla.read_latency_ms, "ms"),
            cpu_utilisation_at_design=q(load.solution.utilisation[cpu] * 100, "%"),
            storage_utilisation_at_design=q(load.solution.utilisation[sto] * 100, "%"),
        ),
        demand=_oltp_demand(workload, platform, model, load, iops_model, iops_rule),
        capacity=capacity,
        storage=OltpStorage.built(
            iops_capacity=q(model.storage_iops, "IOPS"),
            tps_capacity=q(model.storage_tps, "TPS"),
            basis=model.storage_estimate.basis,
            sources=[s.cite() for s in model.storage_estimate.sources],
            notes=list(model.storage_estimate.notes),
        ),
        performance=_performance(stations, load, at_sla, bounds, bottleneck, headroom),
        balance=Balance.built(
            points=list(solved.balance_points),
            at_sla=balance_at_sla,
            zones=zones.published(),
            classification=classification,
        ),
        projection=Projection.built(
            sla=q(model.sla_s * 1000, "ms"),
            series=list(solved.series),
        ),
        growth=growth,
        usl=_usl_second_opinion(evidence, platform.family),
        warnings=warnings,
        extrapolated=bool(model.flags),
        extrapolation=list(model.flags),
        assumptions=[*model.assumptions, MVA_ASSUMPTION],
        rule_versions=rules.sorted_versions(),
        bands=bands,
        targets=targets,
    )


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


def _load_at_latency(
    stations: tuple[mva.Station, ...], model: PlatformModel, ceiling_ms: float, sto: int, by_users: bool
) -> float:
    """The population (or TPS) at which the storage read latency reaches `ceiling_ms` (bisection:
    the latency grows with the population); inf when even the saturated network stays below."""

    def latency(n: float) -> tuple[float, float]:
        sol = mva.solve(stations, model.think_s, n)
        return sol.residence_s[sto] / model.read_calls * 1000 if model.read_calls else 0.0, sol.throughput

    lo, hi = 1.0, 2.0
    while latency(hi)[0] < ceiling_ms:
        lo, hi = hi, hi * 2
        if hi > 1e7:
            return math.inf
    for _ in range(50):
        mid = 0.5 * (lo + hi)
        if latency(mid)[0] < ceiling_ms:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-6 * hi:
            break
    return hi if by_users else latency(hi)[1]


def forget_models() -> None:
    """Drop what the engine keeps per model (curves, SLA points): a benchmark's cold start."""
    _curves.cache_clear()
    remedies.forget()


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


# --- DSS ----------------------------------------------------------------------------------------


def _evaluate_dss(
    workload: DssWorkload, platform: Platform, evidence: EvidenceBundle, rules: RuleSet
) -> DssEvaluation:
    inputs = DesignInputs(workload, platform)
    storage = throughput_estimate(evidence, platform, workload)
    query = query_throughput(evidence, platform, workload, storage)
    sustained = query.throughput if query else storage.value
    flags = [Flag("platform", note) for note in storage.notes] if storage.extrapolated else []
    if query:
        flags += [Flag("workload", note) for note in query.flags]
    warnings: list[Warning] = []
    throughput_holds = sustained >= workload.target_throughput_mb_s
    if not throughput_holds:
        basis = "measured" if storage.basis == "measured" else storage.basis + " from the measurements"
        what = "the query streams sustain on" if query else f"{basis} for"
        target = workload.target_throughput_mb_s
        fix = remedies.arrays_for_throughput(evidence, platform, workload)
        cure = (
            f"{fix.words(platform)} sustain {fix.result:,.0f} MB/s"
            if fix
            else f"even {remedies.MAX_ARRAYS} storage units do not: split the scans or choose a faster platform"
        )
        message = f"target {target:,.0f} MB/s above the {sustained:,.0f} MB/s {what} this storage: {cure}"
        warnings.append(warning("throughput-short", "critical", message, None))
    best_practice, _ = best_practice_warnings(rules, design_facts(inputs))
    warnings += best_practice
    warnings += extrapolation_warnings(flags)
    per_stream_mb_s = sustained / workload.query_streams
    scan_s = workload.database_size_gb * 1024.0 / per_stream_mb_s
    capacity, raw, _ = _capacity(workload.database_size_gb, platform, rules, True)
    if not raw.fits:
        warnings.append(warning("capacity-short", "critical", _capacity_message(raw, platform), None))
    assumptions = _dss_assumptions(storage, query, platform)
    database_capacity = query.storage_capacity if query else storage.value
    cpu_upper = None
    if query:
        cpu_upper = q(min(query.host_busy / platform.total_cores, 1.0) * 100.0, "%")
    bands = [error_bands.band(platform.family, "sustained_throughput", sustained, "MB/s", flags)]
    headroom = (sustained / workload.target_throughput_mb_s - 1) * 100
    checks = [
        verdict.Check(
            "throughput", sustained, workload.target_throughput_mb_s, "MB/s", throughput_holds,
            "the design's target", None,
        ),
    ]  # fmt: skip
    if workload.min_headroom_pct > 0:
        checks.append(
            verdict.at_least(
                "headroom", headroom, workload.min_headroom_pct, "%", "the design's target", None
            )
        )
        if throughput_holds and not checks[-1].met:
            message = (
                f"headroom {headroom:.1f} % over the target MB/s, below the {workload.min_headroom_pct:g} % "
                "target: more storage units"
            )
            warnings.append(warning("headroom-target-missed", "critical", message, None))
    checks.append(
        verdict.Check(
            "capacity", raw.required_gb, raw.usable_gb, "GB", raw.fits, "usable capacity of the storage",
            verdict.months_until(
                raw.required_gb, raw.usable_gb, workload.data_growth_pct_per_year, workload.horizon_years
            ),
        )
    )  # fmt: skip
    decided = verdict.decide(checks, warnings)
    targets = verdict.targets_section(checks, workload.horizon_years)
    if decided == "holds-until" and targets.months_until_missed is not None:
        message = (
            f"meets its targets until {verdict.growth_words(targets.months_until_missed)} of the "
            f"{workload.horizon_years}-year horizon, when the data outgrows the usable capacity"
        )
        warnings.append(warning("growth-exhausts", "warning", message, None))
    holds = decided != "does-not-hold"
    if holds:
        warnings += _margin_warnings(headroom, bands[0], "the MB/s it sustains")
    warnings += _band_warnings(bands)
    return DssEvaluation(
        kind="dss",
        inputs=DssInputs(workload=workload, platform=platform),
        verdict=decided,
        summary=DssSummary(
            target_throughput=q(workload.target_throughput_mb_s, "MB/s"),
            sustained_throughput=q(sustained, "MB/s"),
            headroom_pct=q((sustained / workload.target_throughput_mb_s - 1) * 100, "%"),
            storage_utilisation=q(workload.target_throughput_mb_s / database_capacity * 100, "%"),
            bottleneck="storage",
            peak_throughput=q(query.peak, "MB/s") if query else None,
            cpu_utilisation_upper=cpu_upper,
        ),
        storage=DssStorage(
            throughput_capacity=q(storage.value, "MB/s"),
            basis=storage.basis,
            sources=[s.cite() for s in storage.sources],
            notes=list(storage.notes),
            database_capacity=q(query.storage_capacity, "MB/s") if query else None,
        ),
        streams=QueryStreams(
            query_streams=q(workload.query_streams, "count"),
            per_stream=q(per_stream_mb_s, "MB/s"),
            full_scan_time_per_stream=q(scan_s / 60.0, "min"),
            concurrent_readers=q(query.readers, "count") if query else None,
            completion_time_estimate=(
                q(query.completion_min, "min") if query and query.completion_min is not None else None
            ),
        ),
        capacity=capacity,
        growth=DssGrowth(
            horizon=q(workload.horizon_years, "years"),
            data_growth_per_year=q(workload.data_growth_pct_per_year, "%"),
            years_until_capacity_full=_years(
                demand.years_until(
                    raw.required_gb, raw.usable_gb, workload.data_growth_pct_per_year, workload.horizon_years
                )
            ),
        ),
        warnings=warnings,
        extrapolated=bool(flags),
        extrapolation=flags,
        assumptions=assumptions,
        rule_versions=rules.sorted_versions(),
        bands=bands,
        targets=targets,
    )


def _dss_assumptions(storage: Estimate, query: QueryEstimate | None, platform: Platform) -> list[Assumption]:
    sources = "; ".join(s.cite() for s in storage.sources)
    out = [
        Assumption(
            "dss_storage_throughput",
            "the storage's large-I/O MB/s as measured for the design's I/O: the ORION cell of the storage "
            "model, RAID level, pattern, read share, block size, ORION mode and array count (an unmeasured "
            "cell: the nearest measured one times the ratio the same change produced elsewhere, named in "
            "the notes); a family without ORION figures: its data-warehouse tests",
            sources,
            q(storage.value, "MB/s"),
        )
    ]
    if query is None:
        out.append(
            Assumption(
                "dss_sustained",
                "sustained MB/s = the storage's figure (no query-stream runs measured on this family)",
                sources,
            )
        )
    else:
        m = query.model
        out += [Assumption(c.name, c.derivation, c.cite(), q(c.value, c.unit)) for c in m.constants]
        out.append(
            Assumption(
                "dss_query_network",
                f"query streams x RAC nodes = {query.readers} concurrent large reads (parallel query on every "
                "instance), each alternating between the storage (one queue at the database capacity) and "
                "the host time per MB; Bard-Schweitzer MVA gives the sustained MB/s (TPC-H measured with "
                f"{m.streams} streams on 1 to {m.max_nodes} nodes)",
                m.storage_ratio.cite(),
                q(query.storage_capacity, "MB/s"),
            )
        )
        if query.completion_min is not None:
            out.append(
                Assumption(
                    "dss_completion_time",
                    f"each stream runs the measured 22-query set ({m.streams} users read the query-set volume); "
                    "completion time = the streams' data over the sustained MB/s",
                    m.query_set.cite() if m.query_set else "",
                )
            )
        out.append(
            Assumption(
                "dss_cpu_upper",
                f"CPU at most: host time per MB x sustained MB/s over {platform.total_cores} cores "
                f"({platform.rac_nodes} x {platform.node_cores}; the DSS report names no server)",
                m.host_time.cite(),
            )
        )
    out.append(
        Assumption(
            "stream_scan",
            "each query stream gets an equal share of the sustained throughput and scans the whole database once",
            "model assumption",
        )
    )
    return out
