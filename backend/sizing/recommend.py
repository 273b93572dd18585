"""Recommend what to buy: every configuration of every family that supports the workload, sized by
RAC nodes and storage units, ranked by cost (or size), each explained.

    recommend(workload, evidence, rules, resilience=..., cost=..., references=...) -> Recommendation

The search (sizing.search) screens every size of every configuration at once and decides what passes
with `evaluate_design`: a candidate's verdict, targets and reasons are evaluate's own (one verdict,
sizing.verdict). Per configuration it keeps the smallest sizes that hold (for each storage unit count,
the fewest RAC nodes), at today's load and, where the workload grows, through its horizon; a
resilience policy adds the degraded state (a RAC node down, a storage unit down as the family declares
it), itself a full evaluation that must hold. Each listed candidate says why the next smaller one
fails: one node fewer, one unit fewer, the target each misses and by how much.

Cost comes from a function the caller gives (the Django layer prices the BOM from a price book);
without one, candidates rank by size.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from typing import Literal

import numpy as np
from numpy.typing import NDArray

from sizing.consolidation import (
    ConsolidatedEvaluation,
    ConsolidatedInputs,
    DatabaseResult,
    evaluate_consolidated,
    holds_today,
)
from sizing.errors import EvidenceError, InputError
from sizing.evaluation import DesignEvaluation, DssEvaluation, OltpEvaluation, Section, Verdict
from sizing.evaluator import evaluate_design
from sizing.evidence import EvidenceBundle
from sizing.inputs import DesignInputs, Platform, Workload, grown_workload
from sizing.platforms import RAID_LABELS, REGISTRY, PlatformFamily, StorageModel
from sizing.rules import RuleSet
from sizing.search import MAX_NODES, MAX_UNITS, screen, screen_together, units_words
from sizing.units import Quantity, q

Resilience = Literal["none", "n+1-node", "n+1-node-and-unit"]
RESILIENCE: tuple[Resilience, ...] = ("none", "n+1-node", "n+1-node-and-unit")
RESILIENCE_LABELS: dict[str, str] = {
    "none": "No failure tolerated: every RAC node and storage unit up",
    "n+1-node": "One RAC node may fail (N+1)",
    "n+1-node-and-unit": "One RAC node and one storage unit may fail",
}
# Full evaluations tried above the screen's smallest passing node count before a unit count is given up.
TRIES = 3


@dataclass(frozen=True)
class CostFigure:
    """A candidate's price: `amount` None when any line is unpriced (`unpriced` names them)."""

    amount: Decimal | None
    currency: str | None
    unpriced: tuple[str, ...] = ()


CostFunction = Callable[[Platform], CostFigure]
# What the search evaluates a platform to: one workload's evaluation or several databases' together.
Evaluated = DesignEvaluation | ConsolidatedEvaluation


@dataclass(frozen=True)
class Reference:
    """A catalog configuration (a document's reference rack), as the platform inputs it stands for."""

    slug: str
    label: str
    platform: Platform


# --- the published result -------------------------------------------------------------------------


class Miss(Section):
    target: str
    label: str
    value: Quantity
    limit: Quantity


class Smaller(Section):
    """A size one RAC node or one storage unit below a candidate, and why it does not do."""

    change: str
    rac_nodes: int
    units: int
    verdict: Verdict
    misses: list[Miss]
    reasons: list[str]


class Degraded(Section):
    """The candidate with the policy's failure applied: a real evaluation."""

    event: str
    source: str
    assumption: bool
    rac_nodes: int
    units: int
    verdict: Verdict
    response_at_design: Quantity | None
    sustained: Quantity | None
    misses: list[Miss]
    reasons: list[str]


class Cost(Section):
    amount: str | None  # Decimal as a string, to the cent
    currency: str | None
    unpriced_lines: list[str]
    note: str


class CandidateDatabase(Section):
    """One database of a consolidated candidate, evaluated beside the others (sizing.consolidation)."""

    name: str
    kind: Literal["oltp", "dss"]
    verdict: Verdict | None
    throughput: Quantity | None  # TPS (OLTP) or MB/s (DSS)
    response: Quantity | None
    response_change: Quantity | None  # ms against the database alone on this platform
    statement: str


class Candidate(Section):
    rank: int
    key: str
    label: str
    configuration: str  # the configuration in words (storage model, RAID, drives, options)
    reference: str | None  # the catalog configuration it is scaled from
    family: str
    family_label: str
    platform: Platform
    rac_nodes: int
    units: int
    unit_word: str
    verdict: Verdict
    months_until_missed: int | None
    first_missed: str | None
    bottleneck: str
    headroom_pct: Quantity
    sustained: Quantity  # TPS within the SLA (OLTP), MB/s (DSS)
    response_at_design: Quantity | None
    cpu_at_design: Quantity | None
    storage_latency_at_design: Quantity | None
    misses: list[Miss]
    reasons: list[str]
    cost: Cost
    degraded: Degraded | None
    smaller: list[Smaller]
    outside_measured: list[str]
    pareto: bool
    # several databases: each one's figures beside the others (sustained, response and storage latency
    # above are the first database's by priority; headroom the busiest shared station's spare capacity)
    databases: list[CandidateDatabase] = []


class SearchStats(Section):
    configurations: int
    candidates: int
    screened_out: int
    full_evaluations: int


class PriceBookRef(Section):
    """The price book the cost function prices from, as the caller names it (the engine reads no
    price book itself)."""

    id: int
    name: str
    version: int
    currency: str
    is_demo: bool


class Recommendation(Section):
    kind: Literal["oltp", "dss", "consolidated"]
    resilience: str
    resilience_label: str
    ranking: Literal["cost", "size"]
    currency: str | None
    holds: bool
    message: str
    candidates: list[Candidate]
    references: list[Candidate]  # the catalog's own configurations at their own size
    closest: list[Candidate]  # when nothing holds: the nearest, with their gap
    searched: SearchStats
    databases: list[str] = []  # consolidated: the databases searched for, by priority
    price_book: PriceBookRef | None = None


# --- configurations -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Configuration:
    family: PlatformFamily
    model: StorageModel
    raid: str
    drives: int | None
    pam: bool
    reference: Reference | None = None

    def platform(self, nodes: int, units: int) -> Platform:
        return Platform(
            self.family.slug, self.model.name, rac_nodes=nodes, arrays=units, raid=self.raid,
            drives_per_enclosure=self.drives, pam=self.pam,
            reference=self.reference.slug if self.reference else None,
        )  # fmt: skip

    @property
    def words(self) -> str:
        parts = [self.model.label, RAID_LABELS.get(self.raid, self.raid)]
        if self.drives:
            parts.append(f"{self.drives} SSDs per enclosure")
        if self.family.pam_option:
            parts.append("with PAM" if self.pam else "without PAM")
        return ", ".join(parts)

    @property
    def key(self) -> str:
        return "/".join(
            str(x) for x in (self.family.slug, self.model.name, self.raid, self.drives or "", int(self.pam))
        )


def configurations(
    kind: str, families: Sequence[str] | None = None, references: Sequence[Reference] = ()
) -> list[Configuration]:
    """Every storage model, RAID level, drive option and option of the families that support the kind;
    a configuration a catalog reference matches (family, model, drives) carries its name."""
    out = []
    for family in REGISTRY.values():
        if families and family.slug not in families:
            continue
        for model in family.storage_models:
            if kind not in model.workload_kinds:
                continue
            for raid in family.raid_levels:
                for drives in model.enclosure_drive_options or (None,):
                    for pam in (False, True) if family.pam_option else (False,):
                        ref = next(
                            (
                                r
                                for r in references
                                if r.platform.family == family.slug
                                and r.platform.storage_model == model.name
                                and r.platform.drives_per_enclosure == drives
                            ),
                            None,
                        )
                        out.append(Configuration(family, model, raid, drives, pam, ref))
    return out


# --- the search ---------------------------------------------------------------------------------


class _Search:
    """One recommendation's evaluations, by platform (each size is evaluated once), and what the
    search and its rows read off them. A single workload (`_Single`) and several databases together
    (`_Together`) differ only in how they evaluate a platform and which figures a candidate shows."""

    evaluations: dict[Platform, Evaluated | None]

    def _evaluate(self, platform: Platform) -> Evaluated:
        raise NotImplementedError

    def evaluate(self, platform: Platform) -> Evaluated | None:
        if platform not in self.evaluations:
            try:
                self.evaluations[platform] = self._evaluate(platform)
            except (EvidenceError, InputError):
                self.evaluations[platform] = None  # not measured for this configuration: no candidate
        return self.evaluations[platform]

    def evaluated(self) -> int:
        """How many sizes were evaluated (the search's statistics)."""
        return len(self.evaluations)

    def supports(self, kinds: Sequence[str]) -> bool:
        """Whether a storage model that takes these workload kinds carries everything searched for."""
        raise NotImplementedError

    def misses(self, ev: Evaluated) -> list[Miss]:
        raise NotImplementedError

    def figures(self, ev: Evaluated) -> dict[str, object]:
        """The candidate row's figures: throughput, response, CPU, storage latency, bottleneck, headroom,
        growth and the databases' own rows."""
        raise NotImplementedError

    def degraded_figures(self, ev: Evaluated | None) -> tuple[Quantity | None, Quantity | None]:
        """(response at the design load, sustained throughput) of a degraded state."""
        raise NotImplementedError

    def holds(self, platform: Platform, resilience: Resilience) -> bool:
        if not _holds(self.evaluate(platform)):
            return False
        return resilience == "none" or self.degraded(platform, resilience).verdict != "does-not-hold"

    def degraded(self, platform: Platform, resilience: Resilience) -> Degraded:
        """The platform with the policy's failure applied, evaluated (what the search requires to hold
        and what a candidate's row shows)."""
        down, event, source, assumption = _degraded_platform(platform, resilience)
        ev = self.evaluate(down) if down is not None else None
        if down is None:
            reasons = ["a single RAC node or storage unit cannot lose one"]
        elif ev is None:
            reasons = ["the degraded configuration is not measured"]
        else:
            reasons = _reasons(ev)
        response, sustained = self.degraded_figures(ev)
        return Degraded.built(
            event=event,
            source=source,
            assumption=assumption,
            rac_nodes=down.rac_nodes if down else platform.rac_nodes - 1,
            units=down.arrays if down else platform.arrays,
            verdict=ev.verdict if ev is not None else "does-not-hold",
            response_at_design=response,
            sustained=sustained,
            misses=self.misses(ev) if ev is not None else [],
            reasons=reasons,
        )

    def candidate(
        self,
        platform: Platform,
        config: Configuration,
        resilience: Resilience,
        cost: CostFunction | None,
        *,
        require_hold: bool = True,
    ) -> Candidate | None:
        ev = self.evaluate(platform)
        if ev is None or (require_hold and not _holds(ev)):
            return None
        base = config.reference.label if config.reference else config.family.label
        return Candidate.built(
            rank=0,
            key=f"{config.key}/{platform.rac_nodes}/{platform.arrays}",
            label=f"{base}: {_size_words(platform)}",
            configuration=config.words,
            reference=config.reference.slug if config.reference else None,
            family=config.family.slug,
            family_label=config.family.label,
            platform=platform,
            rac_nodes=platform.rac_nodes,
            units=platform.arrays,
            unit_word=config.model.array_unit_word,
            verdict=ev.verdict,
            misses=self.misses(ev),
            reasons=_reasons(ev),
            cost=_cost(cost, platform),
            degraded=self.degraded(platform, resilience) if resilience != "none" else None,
            smaller=[],
            outside_measured=[f.message for f in ev.extrapolation],
            pareto=False,
            **self.figures(ev),
        )

    def smaller(self, c: Candidate, resilience: Resilience) -> list[Smaller]:
        """One RAC node fewer and one storage unit fewer: each evaluated, with the targets it misses."""
        out = []
        p = c.platform
        for change, nodes, units in (
            ("one RAC node fewer", p.rac_nodes - 1, p.arrays),
            (f"one {c.unit_word} fewer", p.rac_nodes, p.arrays - 1),
        ):
            if nodes < 1 or units < 1:
                continue
            smaller = replace(p, rac_nodes=nodes, arrays=units)
            ev = self.evaluate(smaller)
            if ev is None:
                continue
            verdict, reasons = ev.verdict, _reasons(ev)
            if verdict != "does-not-hold" and resilience != "none":
                degraded = self.degraded(smaller, resilience)
                if degraded.verdict == "does-not-hold":
                    verdict = "does-not-hold"
                    reasons = [f"with {degraded.event}: {r}" for r in degraded.reasons]
            if verdict == "holds" and c.verdict == "holds":
                continue  # smaller and as good: a cheaper configuration of another shape was ranked instead
            out.append(
                Smaller.built(
                    change=change,
                    rac_nodes=nodes,
                    units=units,
                    verdict=verdict,
                    misses=self.misses(ev),
                    reasons=reasons,
                )
            )
        return out


@dataclass
class _Single(_Search):
    """One workload's search."""

    workload: Workload
    evidence: EvidenceBundle
    rules: RuleSet
    evaluations: dict[Platform, Evaluated | None] = field(default_factory=dict)

    def _evaluate(self, platform: Platform) -> DesignEvaluation:
        return evaluate_design(DesignInputs(self.workload, platform), self.evidence, self.rules, advise=False)

    def supports(self, kinds: Sequence[str]) -> bool:
        return self.workload.kind in kinds

    def misses(self, ev: Evaluated) -> list[Miss]:
        assert isinstance(ev, OltpEvaluation | DssEvaluation)
        return [
            Miss.built(target=c.target, label=c.label, value=c.value, limit=c.limit)
            for c in ev.targets.checks
            if not c.met
        ]

    def figures(self, ev: Evaluated) -> dict[str, object]:
        assert isinstance(ev, OltpEvaluation | DssEvaluation)
        response: Quantity | None
        cpu: Quantity | None
        latency: Quantity | None
        if isinstance(ev, OltpEvaluation):
            s = ev.summary
            sustained, response = s.max_sustained_tps, s.response_at_design
            cpu, latency, bottleneck, headroom = (
                s.cpu_utilisation_at_design, s.storage_latency_at_design, s.bottleneck, s.headroom_pct,
            )  # fmt: skip
        else:
            d = ev.summary
            sustained, response, cpu, latency, bottleneck, headroom = (
                d.sustained_throughput, None, d.cpu_utilisation_upper, None, d.bottleneck, d.headroom_pct,
            )  # fmt: skip
        return {
            "months_until_missed": ev.targets.months_until_missed,
            "first_missed": ev.targets.first_missed,
            "bottleneck": bottleneck,
            "headroom_pct": headroom,
            "sustained": sustained,
            "response_at_design": response,
            "cpu_at_design": cpu,
            "storage_latency_at_design": latency,
        }

    def degraded_figures(self, ev: Evaluated | None) -> tuple[Quantity | None, Quantity | None]:
        if isinstance(ev, OltpEvaluation):
            return ev.summary.response_at_design, ev.summary.max_sustained_tps
        if isinstance(ev, DssEvaluation):
            return None, ev.summary.sustained_throughput
        return None, None


def _grown(workload: Workload) -> Workload:
    """The workload at the end of its horizon (users or TPS and data grown by their rates)."""
    return grown_workload(workload)


def _degraded_platform(platform: Platform, resilience: Resilience) -> tuple[Platform | None, str, str, bool]:
    """The platform with the policy's failure applied (None: the failure cannot be absorbed)."""
    family = REGISTRY[platform.family]
    events = []
    nodes, units = platform.rac_nodes, platform.arrays
    source, assumption = "", False
    if resilience in ("n+1-node", "n+1-node-and-unit"):
        events.append("one RAC node down (its sessions move to the others)")
        nodes -= 1
        source, assumption = "RAC failover: the surviving instances carry the whole load", True
    if resilience == "n+1-node-and-unit" and family.unit_failure is not None:
        events.append(family.unit_failure.event)
        units -= family.unit_failure.units_lost
        source, assumption = family.unit_failure.source, family.unit_failure.assumption
    event = "; ".join(events)
    if nodes < 1 or units < 1:
        return None, event, source, assumption
    return replace(platform, rac_nodes=nodes, arrays=units), event, source, assumption


def _holds(ev: Evaluated | None) -> bool:
    return ev is not None and ev.verdict != "does-not-hold"


_RANK = {"holds": 0, "holds-until": 1, "does-not-hold": 2}


def recommend(
    workload: Workload,
    evidence: EvidenceBundle,
    rules: RuleSet,
    *,
    resilience: Resilience = "none",
    families: Sequence[str] | None = None,
    cost: CostFunction | None = None,
    references: Sequence[Reference] = (),
    limit: int = 20,
    price_book: PriceBookRef | None = None,
) -> Recommendation:
    run = _Single(workload, evidence, rules)
    configs = configurations(workload.kind, families, references)
    grows = _grown(workload) != workload
    sizes = [(n, u) for u in range(1, MAX_UNITS + 1) for n in range(1, MAX_NODES + 1)]
    grid = [c.platform(n, u) for c in configs for n, u in sizes]
    passes = screen([DesignInputs(workload, p) for p in grid], evidence, rules)
    grown_passes = (
        screen([DesignInputs(_grown(workload), p) for p in grid], evidence, rules) if grows else passes
    )
    return _ranked(
        run, configs, sizes, passes, grown_passes if grows else None,
        kind=workload.kind, subject="the workload", resilience=resilience, families=families, cost=cost,
        references=references, limit=limit, price_book=price_book, tries=TRIES,
    )  # fmt: skip


def _ranked(
    run: _Search,
    configs: Sequence[Configuration],
    sizes: Sequence[tuple[int, int]],
    passes: NDArray[np.bool_],
    grown_passes: NDArray[np.bool_] | None,
    *,
    kind: Literal["oltp", "dss", "consolidated"],
    subject: str,
    resilience: Resilience,
    families: Sequence[str] | None,
    cost: CostFunction | None,
    references: Sequence[Reference],
    limit: int,
    price_book: PriceBookRef | None,
    tries: int,
    databases: Sequence[str] = (),
) -> Recommendation:
    """The search's common tail: per configuration the staircase of the smallest sizes that hold (at
    today's load and, where it grows, through the horizon), the candidates ranked, the dominated ones
    dropped, the Pareto front marked, why the next smaller fails, the catalog's reference racks at
    their own size, and the closest when nothing holds."""
    found: dict[Platform, Configuration] = {}
    per_config = len(sizes)
    for k, config in enumerate(configs):
        ok = {sizes[i]: bool(passes[k * per_config + i]) for i in range(per_config)}
        tables = [ok]
        if grown_passes is not None:
            tables.append({sizes[i]: bool(grown_passes[k * per_config + i]) for i in range(per_config)})
        for table in tables:
            for platform in _staircase(
                config, table, ok, resilience, lambda p: run.holds(p, resilience), tries
            ):
                found.setdefault(platform, config)
    candidates = [c for c in (run.candidate(p, found[p], resilience, cost) for p in found) if c is not None]
    ranking: Literal["cost", "size"] = "cost" if cost is not None else "size"
    candidates.sort(key=lambda c: _order(c, ranking))
    candidates = _without_dominated(candidates)
    _mark_pareto(candidates, ranking)
    shown = [
        c.model_copy(update={"rank": i + 1, "smaller": run.smaller(c, resilience)})
        for i, c in enumerate(candidates[:limit])
    ]
    refs = [
        r
        for r in (_reference_row(run, ref, resilience, cost) for ref in references)
        if r is not None and (not families or r.family in families)
    ]
    closest: list[Candidate] = []
    if not shown:
        closest = _closest(run, configs, resilience, cost)
    return Recommendation.built(
        kind=kind,
        resilience=resilience,
        resilience_label=RESILIENCE_LABELS[resilience],
        ranking=ranking,
        currency=next((c.cost.currency for c in shown if c.cost.currency), None),
        holds=bool(shown),
        message=_message(shown, closest, resilience, subject),
        candidates=shown,
        references=refs,
        closest=closest,
        searched=SearchStats.built(
            configurations=len(configs),
            candidates=len(passes),
            screened_out=int((~passes).sum()),
            full_evaluations=run.evaluated(),
        ),
        databases=list(databases),
        price_book=price_book,
    )


def _staircase(
    config: Configuration,
    table: dict[tuple[int, int], bool],
    today: dict[tuple[int, int], bool],
    resilience: Resilience,
    holds: Callable[[Platform], bool],
    tries: int = TRIES,
) -> list[Platform]:
    """For each storage unit count, the fewest RAC nodes that pass the screen (and whose degraded
    state does), confirmed by `holds` (a full evaluation, degraded state included); a unit count whose
    node count is no lower than a smaller unit count's is skipped (more of everything, no fewer nodes)."""
    out: list[Platform] = []
    best_nodes = MAX_NODES + 1
    for u in range(1, MAX_UNITS + 1):
        first = next(
            (
                n
                for n in range(1, best_nodes)
                if table[(n, u)] and _degraded_passes(n, u, today, resilience, config)
            ),
            None,
        )
        if first is None:
            continue
        for n in range(first, min(first + tries, best_nodes)):
            platform = config.platform(n, u)
            if not holds(platform):
                continue
            out.append(platform)
            best_nodes = n
            break
    return out


def _degraded_passes(
    n: int, u: int, today: dict[tuple[int, int], bool], resilience: Resilience, config: Configuration
) -> bool:
    if resilience == "none":
        return True
    degraded, *_ = _degraded_platform(config.platform(n, u), resilience)
    return degraded is not None and today.get((degraded.rac_nodes, degraded.arrays), False)


def _reasons(ev: Evaluated) -> list[str]:
    return [w.message for w in ev.warnings if w.severity == "critical"]


def _cost(cost: CostFunction | None, platform: Platform) -> Cost:
    if cost is None:
        return Cost.built(
            amount=None, currency=None, unpriced_lines=[], note="No price book chosen: ranked by size"
        )
    figure = cost(platform)
    if figure.amount is None:
        lines = len(figure.unpriced)
        note = f"{lines} BOM line{'s' if lines != 1 else ''} without a price: cost unknown"
        return Cost.built(
            amount=None, currency=figure.currency, unpriced_lines=list(figure.unpriced), note=note
        )
    return Cost.built(
        amount=str(figure.amount.quantize(Decimal("0.01"))),
        currency=figure.currency,
        unpriced_lines=[],
        note="",
    )


def _order(c: Candidate, ranking: str) -> tuple[object, ...]:
    size = (c.rac_nodes + c.units, c.rac_nodes)
    if ranking == "cost":
        amount = Decimal(c.cost.amount) if c.cost.amount is not None else None
        return (_RANK[c.verdict], amount is None, amount if amount is not None else Decimal(0), size, c.key)
    return (_RANK[c.verdict], size, c.key)


def _without_dominated(candidates: list[Candidate]) -> list[Candidate]:
    """Drops a candidate of the same configuration with at least as many nodes and units as another
    whose verdict is as good (found twice: at today's load and through the horizon)."""
    out: list[Candidate] = []
    for c in candidates:
        cfg = c.key.rsplit("/", 2)[0]
        if any(
            o.key.rsplit("/", 2)[0] == cfg
            and o.rac_nodes <= c.rac_nodes
            and o.units <= c.units
            and _RANK[o.verdict] <= _RANK[c.verdict]
            for o in out
        ):
            continue
        out.append(c)
    return out


def _mark_pareto(candidates: list[Candidate], ranking: str) -> None:
    """The front of cost (or size) against headroom: no other candidate is cheaper (smaller) with at
    least as much headroom."""

    def price(c: Candidate) -> float | None:
        if ranking == "cost":
            return float(c.cost.amount) if c.cost.amount is not None else None
        return float(c.rac_nodes + c.units)

    for i, c in enumerate(candidates):
        pc = price(c)
        if pc is None:
            continue
        dominated = any(
            (po := price(o)) is not None
            and po <= pc
            and o.headroom_pct.value >= c.headroom_pct.value
            and (po < pc or o.headroom_pct.value > c.headroom_pct.value)
            for o in candidates
            if o is not c
        )
        candidates[i] = c.model_copy(update={"pareto": not dominated})


def _reference_row(
    run: _Search, ref: Reference, resilience: Resilience, cost: CostFunction | None
) -> Candidate | None:
    """A catalog configuration at its own size, evaluated for what is searched for: listed whatever it
    says (None when its storage model does not take every workload kind)."""
    family = REGISTRY[ref.platform.family]
    model = next(m for m in family.storage_models if m.name == ref.platform.storage_model)
    if not run.supports(model.workload_kinds):
        return None
    config = Configuration(
        family, model, ref.platform.raid_level, ref.platform.drives_per_enclosure, ref.platform.pam, ref
    )
    c = run.candidate(ref.platform, config, resilience, cost, require_hold=False)
    if c is None:
        return None
    return c.model_copy(update={"label": f"{ref.label} as documented ({_size_words(ref.platform)})"})


def _closest(
    run: _Search, configs: Sequence[Configuration], resilience: Resilience, cost: CostFunction | None
) -> list[Candidate]:
    """Nothing holds: each configuration at its largest size, nearest first (the largest shortfall of
    a target, relative to its limit)."""
    rows = []
    for config in configs:
        c = run.candidate(config.platform(MAX_NODES, MAX_UNITS), config, resilience, cost, require_hold=False)
        if c is not None:
            rows.append(c)
    rows.sort(key=_gap)
    return [c.model_copy(update={"rank": i + 1}) for i, c in enumerate(rows[:5])]


def _gap(c: Candidate) -> float:
    gaps = [abs(m.value.value - m.limit.value) / max(abs(m.limit.value), 1e-9) for m in c.misses]
    return max(gaps, default=0.0 if not c.reasons else math.inf)


def _message(shown: list[Candidate], closest: list[Candidate], resilience: Resilience, subject: str) -> str:
    """The recommendation in one sentence; `subject` names what is searched for ("the workload", "the
    2 databases together")."""
    if shown:
        holding = sum(c.verdict == "holds" for c in shown)
        return (
            f"{len(shown)} {'configuration carries' if len(shown) == 1 else 'configurations carry'} {subject} "
            f"({holding} through the growth horizon); {RESILIENCE_LABELS[resilience].lower()}"
        )
    if not closest:
        return f"no family supports {subject}"
    best = closest[0]
    misses = "; ".join(
        f"{m.label} {_figure(m.value.value)} against {_figure(m.limit.value)} {m.limit.unit}"
        for m in best.misses
    ) or "; ".join(best.reasons)
    return (
        f"no configuration of any family holds {subject} up to {MAX_NODES} RAC nodes and {MAX_UNITS} storage "
        f"units; the closest, {best.label}, misses: {misses}"
    )


def _figure(value: float) -> str:
    """A figure in a sentence: four significant figures, thousands separated, never an exponent."""
    return f"{value:,.0f}" if abs(value) >= 1000 else f"{value:.4g}"


def _size_words(p: Platform) -> str:
    return f"{p.rac_nodes} RAC node{'s' if p.rac_nodes != 1 else ''}, {units_words(p, p.arrays)}"


# --- several databases ----------------------------------------------------------------------------

# Full evaluations tried above the screen's node count for several databases together: the screen
# passes each database alone, and together they need more nodes than the busiest of them.
TRIES_TOGETHER = 5


@dataclass
class _Together(_Search):
    """Several databases searched together: each platform evaluated with all of them."""

    inputs: ConsolidatedInputs
    evidence: EvidenceBundle
    rules: RuleSet
    evaluations: dict[Platform, Evaluated | None] = field(default_factory=dict)
    today: dict[Platform, bool] = field(default_factory=dict)  # whether it holds at today's load

    def _evaluate(self, platform: Platform) -> ConsolidatedEvaluation:
        return evaluate_consolidated(replace(self.inputs, platform=platform), self.evidence, self.rules)

    def holds(self, platform: Platform, resilience: Resilience) -> bool:
        """`_Search.holds` from today's load alone (the verdict it asks is never does-not-hold through
        growth when it holds today), the utilisation law first: a search of several databases tries
        hundreds of sizes, and solving each through its growth took minutes. Candidates are still
        evaluated in full."""
        if not self._holds_today(platform):
            return False
        if resilience == "none":
            return True
        down, *_ = _degraded_platform(platform, resilience)
        return down is not None and self._holds_today(down)

    def evaluated(self) -> int:
        return len(self.evaluations.keys() | self.today.keys())

    def _holds_today(self, platform: Platform) -> bool:
        if platform not in self.today:
            full = self.evaluations.get(platform)
            if full is not None:
                self.today[platform] = _holds(full)
            else:
                try:
                    inputs = replace(self.inputs, platform=platform)
                    self.today[platform] = holds_today(inputs, self.evidence, self.rules)
                except (EvidenceError, InputError):
                    self.today[platform] = False  # not measured for this configuration
        return self.today[platform]

    def supports(self, kinds: Sequence[str]) -> bool:
        return {db.workload.kind for db in self.inputs.active} <= set(kinds)

    def misses(self, ev: Evaluated) -> list[Miss]:
        assert isinstance(ev, ConsolidatedEvaluation)
        return [
            Miss.built(
                target=f"{d.name}: {c.target}", label=f"{d.name}: {c.label}", value=c.value, limit=c.limit
            )
            for d in ev.databases
            for c in d.checks
            if not c.met
        ]

    def figures(self, ev: Evaluated) -> dict[str, object]:
        # sustained, response and storage latency are the first running database's by priority; the
        # headroom is the busiest shared station's spare capacity
        assert isinstance(ev, ConsolidatedEvaluation)
        first = _first_database(ev)
        assert first is not None  # a running database is searched for (recommend_together refuses none)
        return {
            "months_until_missed": ev.months_until_missed,
            "first_missed": ev.first_missed,
            "bottleneck": ev.bottleneck,
            "headroom_pct": _spare_pct(ev),
            "sustained": first.throughput or q(0.0, "TPS"),
            "response_at_design": first.response,
            "cpu_at_design": next((s.utilisation for s in ev.stations if s.name == "cpu"), None),
            "storage_latency_at_design": first.storage_latency,
            "databases": [
                CandidateDatabase.built(
                    name=d.name,
                    kind=d.kind,
                    verdict=d.verdict,
                    throughput=d.throughput,
                    response=d.response,
                    response_change=d.response_change,
                    statement=d.statement,
                )
                for d in ev.databases
                if not d.paused
            ],
        }

    def degraded_figures(self, ev: Evaluated | None) -> tuple[Quantity | None, Quantity | None]:
        first = _first_database(ev) if isinstance(ev, ConsolidatedEvaluation) else None
        return (first.response, first.throughput) if first else (None, None)


def _first_database(ev: ConsolidatedEvaluation) -> DatabaseResult | None:
    """The running database first by priority (the results are in priority order)."""
    return next((d for d in ev.databases if not d.paused), None)


def _spare_pct(ev: ConsolidatedEvaluation) -> Quantity:
    """The busiest shared station's spare capacity: how much more load all the databases together
    could put on it before it is full (the consolidated candidate's headroom). A running database
    always loads the RAC nodes' CPUs, so some station is busy."""
    busiest = max(s.utilisation.value for s in ev.stations)
    if busiest <= 0:
        raise ValueError("no shared station carries any load: nothing was searched for")
    return q((100.0 / busiest - 1.0) * 100.0, "%")


def recommend_together(
    inputs: ConsolidatedInputs,
    evidence: EvidenceBundle,
    rules: RuleSet,
    *,
    resilience: Resilience = "none",
    families: Sequence[str] | None = None,
    cost: CostFunction | None = None,
    references: Sequence[Reference] = (),
    limit: int = 20,
    price_book: PriceBookRef | None = None,
) -> Recommendation:
    """Configurations that carry all the databases together (sizing.consolidation): a configuration
    must support every database's kind; the screen passes a size only where each database alone may
    hold on it (a database never gains from a neighbour: the consolidation property), and the full
    evaluation of the databases together, through their growth and in the degraded state, decides.
    One running database (and no clone load) is `recommend` itself."""
    active = inputs.active
    if not active:
        raise InputError("databases", "every database is paused: nothing to size")
    if len(active) == 1 and active[0].clones * active[0].clone_load_pct == 0:
        return recommend(
            active[0].workload, evidence, rules, resilience=resilience, families=families, cost=cost,
            references=references, limit=limit, price_book=price_book,
        )  # fmt: skip
    run = _Together(inputs, evidence, rules)
    configs = [
        c
        for c in configurations(active[0].workload.kind, families, references)
        if run.supports(c.model.workload_kinds)
    ]
    sizes = [(n, u) for u in range(1, MAX_UNITS + 1) for n in range(1, MAX_NODES + 1)]
    grid = [c.platform(n, u) for c in configs for n, u in sizes]
    today = [db.workload for db in active]
    grown = [grown_workload(w) for w in today]
    passes = screen_together(today, grid, evidence, rules)
    grown_passes = screen_together(grown, grid, evidence, rules) if grown != today else None
    names = [d.name for d in sorted(active, key=lambda d: (d.priority, inputs.databases.index(d)))]
    return _ranked(
        run, configs, sizes, passes, grown_passes,
        kind="consolidated", subject=f"the {len(active)} databases together", resilience=resilience,
        families=families, cost=cost, references=references, limit=limit, price_book=price_book,
        tries=TRIES_TOGETHER, databases=names,
    )  # fmt: skip
