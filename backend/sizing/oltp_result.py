"""The sections of an OLTP evaluation assembled from the solved network: stations, operating
points, demand, performance and the queueing model's assumption."""

from __future__ import annotations

from sizing import demand, mva
from sizing.evaluation import (
    Bounds,
    IopsPerUserRule,
    OltpDemand,
    OperatingPoint,
    Performance,
    Station,
)
from sizing.inputs import OltpWorkload, Platform
from sizing.model import PlatformModel
from sizing.notes import Assumption, rule_ref
from sizing.oltp_network import _DesignLoad
from sizing.platforms import platform_family
from sizing.units import q


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


MVA_ASSUMPTION = Assumption(
    "mva",
    "closed network: think-time delay; CPU (cores x RAC nodes) multi-server station; storage as a "
    "multi-server station with a fixed per-I/O service time and a fitted concurrency (background writes "
    "load it); an optional delay for waits outside CPU and storage; Erlang C residence at a multi-server "
    "station; Bard-Schweitzer MVA at every population",
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
