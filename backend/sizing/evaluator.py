"""The engine's entry point: evaluate one design against the evidence and the rules.

    evaluate_design(inputs, evidence, rules) -> OltpEvaluation | DssEvaluation   (sizing.evaluation)

Every number in the result carries its unit and is kept as computed; `published()` rounds it for the
JSON. The result lists the assumptions (with sources) and flags whatever lies beyond the measured
evidence.
"""

from __future__ import annotations

from sizing import balance, demand, error_bands, limits, mva, oltp_network, projection, search, verdict
from sizing.dss_evaluation import _evaluate_dss
from sizing.evaluation import (
    Balance,
    DesignEvaluation,
    OltpEvaluation,
    OltpInputs,
    OltpStorage,
    OltpSummary,
    Projection,
)
from sizing.evaluation_common import TOLERANCE, _band_warnings, _capacity, _margin_warnings, design_facts
from sizing.evidence import EvidenceBundle
from sizing.inputs import DesignInputs, DssWorkload, OltpWorkload, Platform
from sizing.model import PlatformModel, build_model
from sizing.oltp_checks import (
    _oltp_checks,
    _oltp_growth,
    _oltp_target_checks,
    _stress_warnings,
    _TargetFigures,
    unreachable,
)
from sizing.oltp_network import _headroom_pct, _solve_network
from sizing.oltp_result import MVA_ASSUMPTION, _oltp_demand, _performance
from sizing.rules import RuleSet
from sizing.units import q
from sizing.usl_opinion import _usl_second_opinion
from sizing.warnings import warning

# The evaluator's public face: evaluate_design and what its callers read with it (the verdict's
# tolerance, the design as facts, the per-model caches' reset).
__all__ = ["TOLERANCE", "design_facts", "evaluate_design", "forget_models"]


def evaluate_design(
    inputs: DesignInputs, evidence: EvidenceBundle, rules: RuleSet, *, advise: bool = True
) -> DesignEvaluation:
    """`advise`: a design that does not hold names the smallest size of its configuration that does
    (sizing.search, itself evaluating without advice)."""
    if isinstance(inputs.workload, DssWorkload):
        return _evaluate_dss(inputs.workload, inputs.platform, evidence, rules)
    return _evaluate_oltp(inputs.workload, inputs.platform, evidence, rules, advise=advise)


def _load_cure(inputs: DesignInputs, evidence: EvidenceBundle, rules: RuleSet) -> str:
    """What carries the design within its targets: the smallest RAC node and storage unit counts of
    the same configuration that hold, searched over both at once (sizing.search), or the closest."""
    fix = search.smallest_fix(
        inputs, evidence, rules, lambda design: evaluate_design(design, evidence, rules, advise=False)
    )
    return fix.words()


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
        cpu_limit, cpu_source = zones.cpu_limit_pct, "the catalog's CPU utilisation limit"
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
            platform.family,
            "response_at_design",
            load.solution.response_s * 1000,
            "ms",
            model.flags,
            solver_pct=mva.solver_knee_error_pct(stations, model.think_s, load.users),
        ),
        error_bands.band(platform.family, "storage_latency_at_design", storage_latency_ms, "ms", model.flags),
    ]
    if holds:
        warnings += _margin_warnings(headroom, bands[0], "the load it sustains within the SLA")
        warnings += _stress_warnings(storage_latency_ms, load.solution.utilisation[cpu] * 100, zones)
    warnings += _band_warnings(bands)

    users = q(load.users, "users")
    reachable = not unreachable(workload, load, bounds)
    beyond = None if reachable else q((load.design_tps / bounds.max_throughput - 1) * 100, "%")
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
            limits=limits.oltp(bottleneck, classification, balance_at_sla, zones),
            design_load_reachable=reachable,
            design_load_beyond_max_pct=beyond,
        ),
        demand=_oltp_demand(workload, platform, model, load, iops_model, iops_rule),
        capacity=capacity,
        storage=OltpStorage.built(
            iops_capacity=q(model.storage_iops, "IOPS"),
            tps_capacity=q(model.storage_tps, "TPS"),
            basis=_storage_basis(model),
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


def forget_models() -> None:
    """Drop what the engine keeps per model and per design (curves, SLA points, smallest fixes): a
    benchmark's cold start."""
    oltp_network.forget_models()
    search.forget()


# A flag on one of these fields puts the storage itself outside the measured configurations.
_STORAGE_FIELDS = ("platform.raid", "platform.arrays", "platform.storage_model")


def _storage_basis(model: PlatformModel) -> str:
    """The storage figure's basis as published: the family's, made "extrapolated" where a flag puts the
    storage outside what was measured (a RAID level or array count ORION never ran) while the family
    read its curve as measured or derived from a cell (issue 37: such a figure is not "measured")."""
    basis = model.storage_estimate.basis
    if basis in ("measured", "derived", "interpolated") and any(
        f.field.startswith(_STORAGE_FIELDS) for f in model.flags
    ):
        return "extrapolated"
    return basis
