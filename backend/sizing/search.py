"""The search over a configuration's sizes: RAC nodes and storage units together.

One configuration (family, storage model, RAID level, drives per enclosure, options) is sized by its
RAC node count and its storage unit count. `screen` tells, for many sizes at once and without a full
evaluation, which of them certainly do not hold (the vectorised model of sizing.sweep, with a margin
wider than its agreement with the evaluation: it only ever rejects what evaluate would reject; a
property test holds it to that). What the screen passes is decided by `evaluate_design` itself, so a
size the search calls holding is one evaluate calls holding: one verdict (sizing.verdict).

`smallest_fix` is the evaluator's advice for a design that does not hold: the smallest size of its own
configuration that does, nodes and units searched at once; sizing.recommend searches every
configuration of every family the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

import numpy as np
import numpy.typing as npt

from sizing import mva
from sizing.display import number
from sizing.evaluation import DesignEvaluation, OltpEvaluation
from sizing.evidence import EvidenceBundle
from sizing.inputs import PLATFORM_FIELDS, DesignInputs, OltpWorkload, Platform, Workload
from sizing.model import build_model
from sizing.platforms import storage_model
from sizing.remedies import _sla_throughput_bound
from sizing.rules import RuleSet
from sizing.sweep import SweepResult, sweep

MAX_NODES: int = PLATFORM_FIELDS["rac_nodes"].maximum  # type: ignore[assignment]
MAX_UNITS: int = PLATFORM_FIELDS["arrays"].maximum  # type: ignore[assignment]
# The screen's margins: sizing.sweep agrees with evaluate within 0.2 % on the SLA point
# (sizing/tests/test_sweep.py); it rejects a size only beyond five times that.
SLA_MARGIN = 0.01
CPU_MARGIN = 0.02
# Full evaluations one fix may spend before it answers with the closest size.
FIX_BUDGET = 24
# Bisection steps of the screen's sweep: 2^-40 of the bracket, far inside its margins.
SCREEN_ITERATIONS = 40

Evaluate = Callable[[DesignInputs], DesignEvaluation]


def units_words(platform: Platform, units: int) -> str:
    """ "3 drive enclosures", "2 X-Bricks", "2 PS6010XV arrays"."""
    unit = storage_model(platform.storage_model).array_unit_word
    plural = "s" if units != 1 else ""
    if unit.lower() == platform.storage_model.lower():
        return f"{units} {unit}{plural}"
    return f"{units} {platform.storage_model} {unit}{plural}"


def size_words(platform: Platform) -> str:
    nodes = platform.rac_nodes
    return f"{nodes} RAC node{'s' if nodes != 1 else ''} and {units_words(platform, platform.arrays)}"


def sized(inputs: DesignInputs, nodes: int, units: int) -> DesignInputs:
    return replace(inputs, platform=replace(inputs.platform, rac_nodes=nodes, arrays=units))


def screen(
    designs: Sequence[DesignInputs], evidence: EvidenceBundle, rules: RuleSet
) -> npt.NDArray[np.bool_]:
    """True where a design may hold (to be decided by evaluate), False where it certainly does not:
    its load beyond what the SLA sustains, its CPU beyond the target at the design load, or its data
    beyond the usable capacity, each by more than the screen's margin. DSS designs all pass (their
    evaluation is a table look-up, cheap enough to decide each)."""
    return _screened(designs, evidence, rules)[0]


def _screened(
    designs: Sequence[DesignInputs], evidence: EvidenceBundle, rules: RuleSet
) -> tuple[npt.NDArray[np.bool_], SweepResult | None, list[int]]:
    """`screen`, with the sweep it decided on and the positions of the OLTP designs in it."""
    passes = np.ones(len(designs), dtype=bool)
    oltp = [i for i, d in enumerate(designs) if isinstance(d.workload, OltpWorkload)]
    if not oltp:
        return passes, None, oltp
    chosen = [designs[i] for i in oltp]
    result = sweep(chosen, evidence, rules, iters=SCREEN_ITERATIONS)
    limits = np.array([_cpu_limit(d, rules) for d in chosen])
    # a closed population past its SLA point only queues: its users, not its TPS, tell the SLA
    by_users = np.array([d.workload.users is not None for d in chosen])  # type: ignore[union-attr]
    ok = np.where(
        by_users,
        result.users <= result.users_at_max * (1 + SLA_MARGIN),
        result.design_tps <= result.max_sustained_tps * (1 + SLA_MARGIN),
    )
    ok &= result.cpu_pct <= limits * (1 + CPU_MARGIN)
    ok &= result.required_gb <= result.usable_gb * (1 + 1e-9)
    passes[oltp] = ok
    return passes, result, oltp


def screen_together(
    workloads: Sequence[Workload], platforms: Sequence[Platform], evidence: EvidenceBundle, rules: RuleSet
) -> npt.NDArray[np.bool_]:
    """`screen` for several databases sharing each platform: False where they certainly do not hold
    together. Each database must pass alone (a database never gains from a neighbour: the
    consolidation property, sizing/tests/test_consolidation.py); the TPS targets' CPU, exact at a
    target by the utilisation law, must fit together under the lowest of their CPU targets; their
    data together must fit the usable capacity (clones only add to it)."""
    passes = np.ones(len(platforms), dtype=bool)
    cpu_of_targets = np.zeros(len(platforms))
    cpu_limit = np.full(len(platforms), np.inf)
    data_gb = np.zeros(len(platforms))
    usable_gb = np.full(len(platforms), np.inf)
    for workload in workloads:
        designs = [DesignInputs(workload, p) for p in platforms]
        ok, result, oltp = _screened(designs, evidence, rules)
        passes &= ok
        if result is None:
            continue
        assert isinstance(workload, OltpWorkload)
        if workload.target_tps is not None:
            cpu_of_targets[oltp] += result.cpu_pct
            cpu_limit[oltp] = np.minimum(cpu_limit[oltp], _cpu_limit(designs[0], rules))
        data_gb[oltp] += result.required_gb
        usable_gb[oltp] = np.minimum(usable_gb[oltp], result.usable_gb)
    passes &= cpu_of_targets <= cpu_limit * (1 + CPU_MARGIN)
    passes &= data_gb <= usable_gb * (1 + 1e-9)
    return passes


def may_hold(design: DesignInputs, evidence: EvidenceBundle, rules: RuleSet) -> bool:
    """`screen` for one design, without the vectorised solve (what the smallest fix asks of a few
    sizes at a time): False only where an upper bound already falls short - Little's law at the SLA
    bounds the SLA population and its TPS from above (sizing.mva.sla_population_bound,
    sizing.remedies), and a target TPS's CPU is the utilisation law's, exact."""
    workload = design.workload
    if not isinstance(workload, OltpWorkload):
        return True
    model = build_model(design, evidence, rules)
    stations = model.stations(design.platform.rac_nodes)
    if workload.users is not None:
        bound = mva.sla_population_bound(stations, model.think_s, model.sla_s)
        return bool(workload.users <= bound * (1 + SLA_MARGIN))
    tps = float(workload.target_tps or 0.0)
    if tps > _sla_throughput_bound(stations, model.think_s, model.sla_s) * (1 + SLA_MARGIN):
        return False
    busy = next(s.busy_per_server for s in stations if s.name == "cpu")
    return bool(min(tps * busy, 1.0) * 100.0 <= _cpu_limit(design, rules) * (1 + CPU_MARGIN))


def _cpu_limit(design: DesignInputs, rules: RuleSet) -> float:
    workload = design.workload
    assert isinstance(workload, OltpWorkload)
    if workload.max_cpu_pct is not None:
        return workload.max_cpu_pct
    limit, _ = rules.param("cpu-utilisation-limit", "limit", "%")
    return float(limit)


@dataclass(frozen=True)
class Fix:
    """The smallest size of a configuration that holds (`evaluation` of it), or None and the largest
    size tried with its evaluation (`closest`)."""

    design: DesignInputs | None
    evaluation: DesignEvaluation | None
    closest: DesignEvaluation | None = None
    closest_design: DesignInputs | None = None
    # The search stopped at its budget of full evaluations: a larger size may still hold.
    gave_up: bool = False

    def words(self) -> str:
        if self.design is not None and self.evaluation is not None:
            return f"{size_words(self.design.platform)} hold it{_figure(self.evaluation)}"
        if self.gave_up and self.closest is not None and self.closest_design is not None:
            return (
                f"none of the {FIX_BUDGET} smallest larger sizes the screen let through holds it; the largest, "
                f"{size_words(self.closest_design.platform)},{_figure(self.closest, ' sustain')}: Recommend "
                "searches every size and platform"
            )
        if self.closest is not None and self.closest_design is not None:
            return (
                f"no size of this configuration up to {MAX_NODES} RAC nodes and {MAX_UNITS} storage units "
                f"holds it ({size_words(self.closest_design.platform)}{_figure(self.closest, ' sustain')}"
                f"{_offered(self.closest)}): split the load or choose another platform (Recommend searches "
                "them all)"
            )
        return "no size of this configuration holds it: choose another platform"


def _offered(evaluation: DesignEvaluation) -> str:
    """What a population of users asks of the largest size: with a short think time, more capacity
    answers faster and the same users then ask for more TPS, so a figure above the design load in TPS
    can still miss the SLA (it read as a contradiction without this)."""
    if not isinstance(evaluation, OltpEvaluation) or evaluation.inputs.workload.users is None:
        return ""
    s = evaluation.summary
    if s.response_at_design.value <= s.sla_response.value:
        return ""
    return (
        f"; the {number(s.users.value)} users still get {number(s.response_at_design.value)} ms there: the "
        "faster they are answered, the more transactions they send"
    )


def _figure(evaluation: DesignEvaluation, verb: str = " at") -> str:
    if isinstance(evaluation, OltpEvaluation):
        s = evaluation.summary
        return f"{verb} {number(s.max_sustained_tps.value)} TPS within {s.sla_response.value:g} ms"
    return f"{verb} {number(evaluation.summary.sustained_throughput.value)} MB/s"


# The fixes already searched, per design (an unchanged design re-evaluated - a save, a reload, another
# field edited back - asks again): bounded, dropped with the other per-model caches (forget).
_FIXES: dict[tuple[DesignInputs, int, int], tuple[EvidenceBundle, RuleSet, Fix]] = {}
_KEPT = 1024


def forget() -> None:
    _FIXES.clear()


def smallest_fix(inputs: DesignInputs, evidence: EvidenceBundle, rules: RuleSet, evaluate: Evaluate) -> Fix:
    """`_smallest_fix`, kept per design, evidence bundle and rule set (held, so that their ids stay
    theirs while the entry lives)."""
    key = (inputs, id(evidence), id(rules))
    kept = _FIXES.get(key)
    if kept is not None and kept[0] is evidence and kept[1] is rules:
        return kept[2]
    fix = _smallest_fix(inputs, evidence, rules, evaluate)
    if len(_FIXES) >= _KEPT:
        _FIXES.clear()
    _FIXES[key] = (evidence, rules, fix)
    return fix


def _smallest_fix(
    inputs: DesignInputs,
    evidence: EvidenceBundle,
    rules: RuleSet,
    evaluate: Evaluate,
    screened: list[DesignInputs] | None = None,
) -> Fix:
    """The smallest size of the design's configuration that holds: every RAC node and storage unit
    count at least the design's own, in order of how many of both are added (fewer RAC nodes first:
    a node adds servers and licences), screened, then decided by `evaluate` (the evaluator without
    advice: it calls this search, so it hands itself in) until one holds. `screened` collects the
    sizes `may_hold` was asked about, in order (bench/bench_engine.py builds the floor of the same
    solves from them and from the sizes `evaluate` receives)."""
    p = inputs.platform
    n0, u0 = p.rac_nodes, p.arrays
    largest = sized(inputs, MAX_NODES, MAX_UNITS)

    def passes(design: DesignInputs) -> bool:
        if screened is not None:
            screened.append(design)
        return may_hold(design, evidence, rules)

    # more RAC nodes and storage units never sustain less: when even the largest size cannot hold,
    # no size does (and nothing smaller is tried)
    if (n0, u0) == (MAX_NODES, MAX_UNITS) or not passes(largest):
        return Fix(None, None, evaluate(largest), largest)
    spent = 0
    # by how many nodes and units are added in all, fewer RAC nodes first (a node adds servers and
    # licences): a design just short of its targets tries a handful of sizes, not all 255
    for added in range(1, MAX_NODES - n0 + MAX_UNITS - u0 + 1):
        for dn in range(max(0, added - (MAX_UNITS - u0)), min(added, MAX_NODES - n0) + 1):
            design = sized(inputs, n0 + dn, u0 + added - dn)
            if not passes(design):
                continue
            evaluation = evaluate(design)
            if evaluation.verdict != "does-not-hold":
                return Fix(design, evaluation)
            spent += 1
            if spent >= FIX_BUDGET:
                return Fix(None, None, evaluate(largest), largest, gave_up=True)
    return Fix(None, None, evaluate(largest), largest)
