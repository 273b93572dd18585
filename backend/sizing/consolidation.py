"""Several databases on one platform (issue 40): OLTP and DSS databases sharing the RAC nodes and the
storage, each with its own targets, and test/dev clones with the platform's data reduction.

    evaluate_consolidated(inputs, evidence, rules) -> ConsolidatedEvaluation

One database (and no clone with a load of its own) is today's design: its evaluation is exactly
`evaluate_design`'s, carried in `single`. Several are evaluated together on one queueing network
(sizing.multiclass): each OLTP database is a closed class with its own users, think time and demands
(its own model, sizing.model, on the shared platform); each DSS database is an open stream at its
target MB/s that takes its share of the storage (and, where the family's DSS model gives one, of the
CPU) off every OLTP database; each OLTP database's asynchronous writes load the storage for all. Each
family declares how its platform is shared (PlatformFamily.sharing, shared_cache). No document
measured OLTP and DSS running together, nor two OLTP databases at once: a consolidated result is a
model extrapolation, flagged, and its error bands are not stated ("not validated").
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

from sizing import multiclass
from sizing.display import DOCUMENTS, number
from sizing.errors import InputError
from sizing.evaluation import DesignEvaluation, DssEvaluation, OltpEvaluation, Section, Verdict
from sizing.evaluation_common import TOLERANCE, _capacity
from sizing.evaluator import evaluate_design
from sizing.evidence import EvidenceBundle
from sizing.inputs import (
    DesignInputs,
    DssWorkload,
    InputField,
    OltpWorkload,
    Platform,
    Workload,
    _build,
    _fields,
    grown_workload,
    workload_from_dict,
)
from sizing.model import build_model
from sizing.notes import Assumption, Flag, assumption, flag
from sizing.platforms import platform_family, storage_model
from sizing.rules import RuleSet
from sizing.units import Quantity, q
from sizing.verdict import growth_words
from sizing.version import __version__
from sizing.warnings import Warning, warning

MAX_DATABASES = 8
MAX_CLONES = 20

DATABASE_FIELDS: dict[str, InputField] = _fields(
    InputField(
        "name", "string", "The database's name (unique within the design)", required=True, max_length=60
    ),
    InputField(
        "clones",
        "integer",
        "Test/dev clones of the database (copies kept on the same storage)",
        "count",
        0,
        minimum=0,
        maximum=MAX_CLONES,
    ),
    InputField(
        "clone_load_pct",
        "number",
        "The load each clone runs, as a share of the database's own (test runs); 0 = space only",
        "%",
        0.0,
        minimum=0.0,
        maximum=100.0,
    ),
    InputField(
        "priority",
        "integer",
        "1 = the most important; orders the results and names which database misses first (the "
        "model does not schedule by it: Oracle Resource Manager is not modelled)",
        "count",
        1,
        minimum=1,
        maximum=MAX_DATABASES,
    ),
    InputField(
        "paused", "boolean", "Left out of the evaluation and the capacity, kept in the design", default=False
    ),
)
CONSOLIDATION_FIELDS: dict[str, InputField] = _fields(
    InputField(
        "clone_reduction_ratio",
        "number",
        "Your own data reduction for the clones (logical / physical space of a clone); empty = what "
        "the platform's document states (XtremIO: a clone takes no new space), else none",
        "ratio",
        nullable=True,
        minimum=1.0,
        maximum=1000.0,
    ),
)

NOT_VALIDATED = (
    "no document measured several databases running together (the XtremIO study ran its OLTP and DW "
    "databases on the same hosts and X-Bricks, but each test alone): the shared-queue figures are the "
    "model's extrapolation, without an error band"
)


@dataclass(frozen=True)
class Database:
    name: str
    workload: Workload
    clones: int = 0
    clone_load_pct: float = 0.0
    priority: int = 1
    paused: bool = False


@dataclass(frozen=True)
class ConsolidatedInputs:
    databases: tuple[Database, ...]
    platform: Platform
    clone_reduction_ratio: float | None = None

    @property
    def active(self) -> tuple[Database, ...]:
        return tuple(db for db in self.databases if not db.paused)


def consolidated_inputs_from_dict(data: Mapping[str, Any]) -> ConsolidatedInputs:
    """Parse {"platform": {...}, "databases": [{"name", "workload": {...}, "clones", ...}],
    "clone_reduction_ratio"}. Errors name the database by its position: `databases.1.workload.users`."""
    if not isinstance(data, Mapping):
        raise InputError("inputs", "must be an object")
    unknown = sorted(set(data) - {"platform", "databases", *CONSOLIDATION_FIELDS})
    if unknown:
        raise InputError(unknown[0], "unknown field")
    if data.get("platform") is None:
        raise InputError("platform", "required")
    platform: Platform = _build(Platform, data["platform"], "platform.")
    raw = data.get("databases")
    if not isinstance(raw, list) or not raw:
        raise InputError("databases", "give at least one database")
    if len(raw) > MAX_DATABASES:
        raise InputError("databases", f"at most {MAX_DATABASES} databases in one design")
    ratio = CONSOLIDATION_FIELDS["clone_reduction_ratio"].check(
        data.get("clone_reduction_ratio"), "clone_reduction_ratio"
    )
    kinds = storage_model(platform.storage_model).workload_kinds
    seen: dict[str, int] = {}
    databases = []
    for i, item in enumerate(raw):
        at = f"databases.{i}."
        if not isinstance(item, Mapping):
            raise InputError(at.rstrip("."), "must be an object")
        extra = sorted(set(item) - {"workload", *DATABASE_FIELDS})
        if extra:
            raise InputError(at + extra[0], "unknown field")
        values = {
            spec.name: spec.check(item.get(spec.name, spec.default), at + spec.name)
            for spec in DATABASE_FIELDS.values()
        }
        name = values["name"].strip()
        if not name:
            raise InputError(at + "name", "must not be blank")
        key = name.casefold()
        if key in seen:
            raise InputError(
                at + "name", f"is the name of database {seen[key]} too: each database needs its own"
            )
        seen[key] = i
        if item.get("workload") is None:
            raise InputError(at + "workload", "required: every database needs a workload")
        try:
            workload = workload_from_dict(item["workload"])
        except InputError as exc:
            raise InputError(at + exc.field, exc.message) from exc
        if workload.kind not in kinds:
            raise InputError(
                at + "workload.kind",
                f"{platform.storage_model} is not measured for {workload.kind} workloads",
            )
        databases.append(
            replace(Database(name, workload), **{k: v for k, v in values.items() if k != "name"})
        )
    inputs = ConsolidatedInputs(tuple(databases), platform, ratio)
    if not inputs.active:
        raise InputError("databases", "every database is paused: at least one must run")
    return inputs


# --- The result ---------------------------------------------------------------------------------


class DatabaseTargetCheck(Section):
    target: str  # "sla", "max_cpu_pct", "max_storage_latency_ms", "min_headroom_pct", "throughput"
    label: str
    limit: Quantity
    value: Quantity
    met: bool


class DatabaseResult(Section):
    name: str
    kind: Literal["oltp", "dss"]
    priority: int
    paused: bool
    verdict: Verdict | None  # None when paused
    # OLTP: the design load and what the shared platform gives it; alone: the same database by itself
    users: Quantity | None = None
    throughput: Quantity | None = None  # TPS (OLTP) or MB/s available to the database (DSS)
    target_throughput: Quantity | None = None
    response: Quantity | None = None  # ms
    storage_latency: Quantity | None = None  # ms per single-block read
    alone_throughput: Quantity | None = None
    alone_response: Quantity | None = None
    response_change: Quantity | None = None  # ms, consolidated minus alone
    response_change_pct: Quantity | None = None
    headroom_pct: Quantity | None = None
    storage_utilisation: Quantity | None = None  # its own share of the storage, %
    cpu_utilisation: Quantity | None = None  # its own share of the RAC nodes' cores, %
    checks: list[DatabaseTargetCheck] = []
    clones: int = 0
    clone_load_pct: Quantity | None = None
    statement: str = ""


class StationShare(Section):
    name: str
    label: str
    utilisation: Quantity  # %, every database together
    by_database: dict[str, Quantity]


class CloneCapacity(Section):
    database: str
    clones: int
    logical: Quantity  # GB the clones hold as the database sees them
    physical: Quantity  # GB they take on the storage after reduction
    ratio: Quantity | None  # logical / physical of the database and its clones together
    source: str


class ConsolidatedCapacity(Section):
    databases: dict[
        str, Quantity
    ]  # GB each database needs (its capacity rule), after the platform's reduction
    clones: list[CloneCapacity]
    required_without_clone_reduction: Quantity
    required: Quantity
    usable: Quantity
    raw: Quantity
    fits: bool
    fits_only_with_clone_reduction: bool
    statement: str


class BalanceMarker(Section):
    database: str
    cpu_pct: Quantity
    storage_latency_ms: Quantity


class ConsolidatedEvaluation(Section):
    kind: Literal["consolidated"]
    engine_version: str
    verdict: Verdict
    databases: list[DatabaseResult]
    stations: list[StationShare]
    bottleneck: str
    bottleneck_label: str
    capacity: ConsolidatedCapacity
    balance: list[BalanceMarker]
    sharing: str
    validated: bool
    not_validated_reason: str | None
    warnings: list[Warning]
    extrapolated: bool
    extrapolation: list[Flag]
    assumptions: list[Assumption]
    # Where the databases grow: the first month they miss together (None: they hold through their
    # horizons, or already miss today) and the database (or "capacity") that misses first.
    months_until_missed: int | None = None
    first_missed: str | None = None
    # Today's evaluation where the design is one database with no clone load: the same numbers.
    single: OltpEvaluation | DssEvaluation | None = None


STATION_LABELS = {"cpu": "RAC nodes' CPU", "storage": "storage", "storage_path": "host path to the storage"}


# --- The evaluation -------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Class:
    """One closed class of the network: a database (or its clones' load) with its model."""

    database: Database
    label: str  # the database's name, or "<name> (test/dev clones)"
    workload: OltpWorkload
    stations: tuple[Any, ...]
    think_s: float
    sla_s: float
    read_calls: float
    users: float | None  # None: a TPS target (its population is solved for)
    target_tps: float | None = None  # the class's own TPS target (a clone's share of its database's)


def evaluate_consolidated(
    inputs: ConsolidatedInputs, evidence: EvidenceBundle, rules: RuleSet
) -> ConsolidatedEvaluation:
    """The databases together today and, where any of them grows, through their horizons: each grown
    at its own rates to its own horizon and evaluated together again (a design that holds today and
    misses later holds until the first month it misses, found by bisection)."""
    today = _evaluate(inputs, evidence, rules)
    if today.single is not None or today.verdict != "holds":
        return today
    return _through_growth(inputs, evidence, rules, today)


# A month `_through_growth` knows misses without its evaluation (the utilisation law).
_DECIDED: Any = object()


def _grown_inputs(inputs: ConsolidatedInputs, months: int) -> ConsolidatedInputs:
    """Every database `months` into its growth (at most its own horizon), its growth then spent."""
    out = []
    for db in inputs.databases:
        w = db.workload
        spent: dict[str, Any] = {"data_growth_pct_per_year": 0.0, "horizon_years": 0}
        if isinstance(w, OltpWorkload):
            spent["user_growth_pct_per_year"] = 0.0
        grown = grown_workload(w, min(months / 12.0, w.horizon_years))
        out.append(replace(db, workload=replace(grown, **spent)))
    return replace(inputs, databases=tuple(out))


def _through_growth(
    inputs: ConsolidatedInputs, evidence: EvidenceBundle, rules: RuleSet, today: ConsolidatedEvaluation
) -> ConsolidatedEvaluation:
    growing = [db for db in inputs.active if grown_workload(db.workload) != db.workload]
    note = assumption(
        "consolidation-growth",
        "growth: each database grown at its own yearly rates to its own horizon, the databases evaluated "
        "together again (the first month they miss found by bisection, assuming a design that misses "
        "keeps missing as they grow)" if growing else "no database grows: evaluated together at today's load",
        "the engine",
    )  # fmt: skip
    if not growing:
        return today.model_copy(update={"assumptions": [*today.assumptions, note]})
    horizon = 12 * max(db.workload.horizon_years for db in growing)

    def misses(month: int) -> ConsolidatedEvaluation | None:
        """The evaluation at `month` where it does not hold (None where it holds); a month the
        utilisation law already decides is not solved (`failing` is evaluated once, at the end)."""
        grown = _grown_inputs(inputs, month)
        if _certainly_misses(grown, evidence, rules):
            return _DECIDED
        ev = _evaluate(grown, evidence, rules)
        return ev if ev.verdict == "does-not-hold" else None

    at_horizon = misses(horizon)
    if at_horizon is None:
        return today.model_copy(update={"assumptions": [*today.assumptions, note]})
    held, missed, failing = 0, horizon, at_horizon
    while missed - held > 1:
        month = (held + missed) // 2
        ev = misses(month)
        if ev is not None:
            missed, failing = month, ev
        else:
            held = month
    if failing is _DECIDED:
        failing = _evaluate(_grown_inputs(inputs, missed), evidence, rules)
    first = next((r for r in failing.databases if r.verdict == "does-not-hold"), None)
    what = f"{first.name}: {first.statement}" if first is not None else failing.capacity.statement
    message = f"together, the databases' growth misses in {growth_words(missed)}: {what}"
    return today.model_copy(
        update={
            "verdict": "holds-until",
            "months_until_missed": missed,
            "first_missed": first.name if first is not None else "capacity",
            "warnings": [*today.warnings, warning("growth-together", "warning", message, None)],
            "assumptions": [*today.assumptions, note],
        }
    )


def _evaluate(inputs: ConsolidatedInputs, evidence: EvidenceBundle, rules: RuleSet) -> ConsolidatedEvaluation:
    platform = inputs.platform
    active = inputs.active
    family = platform_family(platform.family)
    single = active[0] if len(active) == 1 and active[0].clone_load_pct * active[0].clones == 0 else None
    # each database alone (today's evaluation; with several, without the fix search: its advice is
    # about the database alone, not the consolidated design)
    alone = {
        db.name: evaluate_design(
            DesignInputs(db.workload, platform), evidence, rules, advise=single is not None
        )
        for db in active
    }
    capacity = _consolidated_capacity(inputs, rules)
    flags: list[Flag] = []
    assumptions: list[Assumption] = []
    warnings: list[Warning] = []
    if single is not None:
        evaluation = alone[single.name]
        return _single(inputs, single, evaluation, capacity, family.sharing)

    flags.append(flag("databases", NOT_VALIDATED))
    assumptions.append(
        assumption(
            "consolidation",
            "the databases share one queueing network: approximate multi-class mean value analysis "
            "(Bard-Schweitzer, M/M/c residence at each shared queue), DSS scans as open streams at their "
            "target MB/s (a DSS database gets its MB/s while the storage has room; its own query times "
            f"beside the others are not modelled); {family.sharing}",
            "Lazowska, Zahorjan, Graham and Sevcik, Quantitative System Performance (1984), ch. 7 (mixed networks)",
        )
    )
    classes = _classes(inputs, evidence, rules, flags)
    open_util, dss_cpu_known = _dss_streams(inputs, alone)
    if any(db.workload.kind == "dss" for db in active) and not dss_cpu_known:
        assumptions.append(
            assumption(
                "dss-cpu",
                "a DSS database's host CPU is not modelled where its family's DSS model gives none "
                "(the document printed no CPU for its scans): it loads the storage only",
                DOCUMENTS.get(family.document, family.document),
            )
        )
    solution = _solve(classes, open_util) if classes else None
    cpu_limit, _ = rules.param("cpu-utilisation-limit", "limit", "%")
    results = []
    station_shares: dict[str, dict[str, float]] = {}
    if solution is not None:
        for s in solution.classes:
            for st, u in s.utilisation.items():
                station_shares.setdefault(st, {})[s.name] = u
    for name, shares in open_util.items():
        for st, v in shares.items():
            station_shares.setdefault(st, {})[name] = station_shares.get(st, {}).get(name, 0.0) + v
    total = {st: sum(v.values()) for st, v in station_shares.items()}
    for db in sorted(active, key=lambda d: (d.priority, inputs.databases.index(d))):
        if isinstance(db.workload, OltpWorkload):
            assert solution is not None
            results.append(_oltp_result(db, classes, solution, alone[db.name], total, cpu_limit))
        else:
            results.append(_dss_result(db, alone[db.name], total, station_shares, open_util))
    results += _paused(inputs)
    for r in results:
        if r.verdict == "does-not-hold":
            warnings.append(warning("database-misses", "critical", f"{r.name}: {r.statement}", None))
    if not capacity.fits:
        warnings.append(warning("capacity-short", "critical", capacity.statement, None))
    elif capacity.fits_only_with_clone_reduction:
        warnings.append(warning("capacity-clone-reduction", "warning", capacity.statement, None))
    for db_name, ev in alone.items():
        for f in ev.extrapolation:
            flags.append(flag(f"{db_name}: {f.field}", f.message))
    bottleneck = max(total, key=lambda k: total[k]) if total else "storage"
    verdict: Verdict = (
        "does-not-hold"
        if not capacity.fits or any(r.verdict == "does-not-hold" for r in results)
        else "holds"
    )
    return ConsolidatedEvaluation.built(
        kind="consolidated",
        engine_version=__version__,
        verdict=verdict,
        databases=results,
        stations=[
            StationShare.built(
                name=st,
                label=STATION_LABELS.get(st, st.replace("_", " ")),
                utilisation=q(total[st] * 100, "%"),
                by_database={n: q(u * 100, "%") for n, u in shares.items()},
            )
            for st, shares in station_shares.items()
        ],
        bottleneck=bottleneck,
        bottleneck_label=STATION_LABELS.get(bottleneck, bottleneck),
        capacity=capacity,
        balance=[
            BalanceMarker.built(
                database=r.name,
                cpu_pct=q(total.get("cpu", 0.0) * 100, "%"),
                storage_latency_ms=r.storage_latency,
            )
            for r in results
            if r.kind == "oltp" and r.storage_latency is not None
        ],
        sharing=family.sharing,
        validated=False,
        not_validated_reason=NOT_VALIDATED,
        warnings=warnings,
        extrapolated=True,
        extrapolation=flags,
        assumptions=assumptions,
        single=None,
    )


def _single(
    inputs: ConsolidatedInputs,
    db: Database,
    ev: DesignEvaluation,
    capacity: ConsolidatedCapacity,
    sharing: str,
) -> ConsolidatedEvaluation:
    """One database: today's evaluation as it is, with the clones' capacity beside it."""
    balance: list[BalanceMarker] = []
    if isinstance(ev, OltpEvaluation):
        s = ev.summary
        result = DatabaseResult.built(
            name=db.name,
            kind="oltp",
            priority=db.priority,
            paused=False,
            verdict=ev.verdict,
            users=s.users,
            throughput=s.design_tps,
            response=s.response_at_design,
            storage_latency=s.storage_latency_at_design,
            alone_throughput=s.design_tps,
            alone_response=s.response_at_design,
            response_change=q(0.0, "ms"),
            response_change_pct=q(0.0, "%"),
            headroom_pct=s.headroom_pct,
            storage_utilisation=s.storage_utilisation_at_design,
            cpu_utilisation=s.cpu_utilisation_at_design,
            clones=db.clones,
            clone_load_pct=q(db.clone_load_pct, "%"),
            statement=s.limits.statement,
        )
        balance = [
            BalanceMarker.built(
                database=db.name,
                cpu_pct=s.cpu_utilisation_at_design,
                storage_latency_ms=s.storage_latency_at_design,
            )
        ]
        stations = [
            StationShare.built(
                name="cpu",
                label=STATION_LABELS["cpu"],
                utilisation=s.cpu_utilisation_at_design,
                by_database={db.name: s.cpu_utilisation_at_design},
            ),
            StationShare.built(
                name="storage",
                label=STATION_LABELS["storage"],
                utilisation=s.storage_utilisation_at_design,
                by_database={db.name: s.storage_utilisation_at_design},
            ),
        ]
        bottleneck = s.bottleneck
    else:
        assert isinstance(ev, DssEvaluation)
        d = ev.summary
        result = DatabaseResult.built(
            name=db.name,
            kind="dss",
            priority=db.priority,
            paused=False,
            verdict=ev.verdict,
            throughput=d.sustained_throughput,
            target_throughput=d.target_throughput,
            alone_throughput=d.sustained_throughput,
            headroom_pct=d.headroom_pct,
            storage_utilisation=d.storage_utilisation,
            cpu_utilisation=d.cpu_utilisation_upper,
            clones=db.clones,
            clone_load_pct=q(db.clone_load_pct, "%"),
            statement=d.limits.statement,
        )
        stations = [
            StationShare.built(
                name="storage",
                label=STATION_LABELS["storage"],
                utilisation=d.storage_utilisation,
                by_database={db.name: d.storage_utilisation},
            )
        ]
        bottleneck = d.bottleneck
    paused = _paused(inputs)
    warnings = list(ev.warnings)
    verdict = ev.verdict
    if not capacity.fits:
        verdict = "does-not-hold"
        warnings.append(warning("capacity-short", "critical", capacity.statement, None))
    elif capacity.fits_only_with_clone_reduction:
        warnings.append(warning("capacity-clone-reduction", "warning", capacity.statement, None))
    return ConsolidatedEvaluation.built(
        kind="consolidated",
        engine_version=__version__,
        verdict=verdict,
        databases=[result, *paused],
        stations=stations,
        bottleneck=bottleneck,
        bottleneck_label=STATION_LABELS.get(bottleneck, bottleneck),
        capacity=capacity,
        balance=balance,
        sharing=sharing,
        validated=True,
        not_validated_reason=None,
        warnings=warnings,
        extrapolated=ev.extrapolated,
        extrapolation=list(ev.extrapolation),
        assumptions=list(ev.assumptions),
        single=ev,
    )


def _paused(inputs: ConsolidatedInputs) -> list[DatabaseResult]:
    """The paused databases, listed as such after the running ones."""
    return [
        DatabaseResult.built(
            name=db.name,
            kind=db.workload.kind,
            priority=db.priority,
            paused=True,
            verdict=None,
            clones=db.clones,
            statement="paused: left out of the evaluation and the capacity",
        )
        for db in inputs.databases
        if db.paused
    ]


def _classes(
    inputs: ConsolidatedInputs, evidence: EvidenceBundle, rules: RuleSet, flags: list[Flag]
) -> list[_Class]:
    platform = inputs.platform
    family = platform_family(platform.family)
    oltp = [db for db in inputs.active if isinstance(db.workload, OltpWorkload)]
    shared_schema: int | None = None
    fitted = family.fit_profile(evidence, rules).warehouses if family.fit_profile else None
    if family.shared_cache and len(oltp) > 1 and fitted:
        # One cache for every database's working set: each one's reads at the schemas together. A
        # database that names no schema size counts the family's own profile's (its fitted schema).
        shared_schema = 0
        for db in oltp:
            assert isinstance(db.workload, OltpWorkload)
            shared_schema += int(db.workload.warehouses or fitted)
        flags.append(
            flag(
                "databases",
                f"one cache for all the databases: each one's reads taken at "
                f"{shared_schema:,} warehouses, the schemas together (not measured)",
            )
        )
    out = []
    for db in oltp:
        w = db.workload
        assert isinstance(w, OltpWorkload)
        if shared_schema is not None:
            w = replace(w, warehouses=shared_schema)
        model = build_model(DesignInputs(w, platform), evidence, rules)
        stations = model.stations(platform.rac_nodes)
        out.append(
            _Class(
                db,
                db.name,
                w,
                stations,
                model.think_s,
                model.sla_s,
                model.read_calls,
                float(w.users) if w.users is not None else None,
                w.target_tps,
            )
        )
        if db.clones and db.clone_load_pct > 0:
            # the clones' load together, one class on the database's own demands (it may exceed what
            # one workload's contract allows: twenty clones of a large database)
            share = db.clones * db.clone_load_pct / 100.0
            users = None if w.users is None else float(math.ceil(max(1.0, w.users * share)))
            out.append(
                _Class(
                    db,
                    f"{db.name} (test/dev clones)",
                    w,
                    stations,
                    model.think_s,
                    model.sla_s,
                    model.read_calls,
                    users,
                    None if w.target_tps is None else w.target_tps * share,
                )
            )
    return out


def _dss_streams(
    inputs: ConsolidatedInputs, alone: Mapping[str, DesignEvaluation]
) -> tuple[dict[str, dict[str, float]], bool]:
    """Each DSS database's (and its clones') utilisation of the shared stations at its target: its share
    of what the storage gives a database (its own evaluation's storage utilisation) and, where the DSS
    model gives one, its CPU (an upper bound: all host time per MB counted as CPU)."""
    out: dict[str, dict[str, float]] = {}
    cpu_known = True
    for db in inputs.active:
        if not isinstance(db.workload, DssWorkload):
            continue
        ev = alone[db.name]
        assert isinstance(ev, DssEvaluation)
        scale = 1.0 + db.clones * db.clone_load_pct / 100.0
        u = {"storage": ev.summary.storage_utilisation.value / 100.0 * scale}
        if ev.summary.cpu_utilisation_upper is not None:
            u["cpu"] = ev.summary.cpu_utilisation_upper.value / 100.0 * scale
        else:
            cpu_known = False
        out[db.name] = u
    return out, cpu_known


def _open_total(open_util: Mapping[str, Mapping[str, float]]) -> dict[str, float]:
    total: dict[str, float] = {}
    for u in open_util.values():
        for st, v in u.items():
            total[st] = total.get(st, 0.0) + v
    return total


def _networks(classes: Sequence[_Class], users: Sequence[float]) -> list[multiclass.ClassNetwork]:
    return [
        multiclass.ClassNetwork(c.label, c.stations, c.think_s, n)
        for c, n in zip(classes, users, strict=True)
    ]


def _solve(
    classes: Sequence[_Class], open_util: Mapping[str, Mapping[str, float]]
) -> multiclass.MultiClassSolution:
    """The network at the design loads: a TPS target's population is found by a secant in log n / log X
    (X increases with n, concavely), started at the population a closed loop needs at zero queueing;
    users-based databases keep their users. A target beyond what the class can reach drives n to the
    cap (10 million): its throughput then stays short of the target, which the result says."""
    opened = _open_total(open_util)
    users = []
    for c in classes:
        if c.users is not None:
            users.append(c.users)
        else:
            users.append(max(1.0, _target(c) * (c.think_s + sum(float(s.demand_s) for s in c.stations))))
    direct = _at_targets(classes, users, opened) or _all_short_at_their_caps(classes, opened)
    if direct is not None:
        return direct
    solution = multiclass.solve(_networks(classes, users), opened)
    previous: dict[int, tuple[float, float]] = {}
    for _ in range(60):
        moved = 0.0
        for i, c in enumerate(classes):
            if c.users is not None:
                continue
            x, target = solution.classes[i].throughput, _target(c)
            cap = _population_cap(c)
            if x <= 0:
                new = cap
            else:
                slope = 1.0
                if i in previous:  # the elasticity d log X / d log n from the last two solves
                    ln_n0, ln_x0 = previous[i]
                    if abs(math.log(users[i]) - ln_n0) > 1e-12:
                        slope = (math.log(x) - ln_x0) / (math.log(users[i]) - ln_n0)
                slope = min(max(slope, 0.02), 1.0)
                previous[i] = (math.log(users[i]), math.log(x))
                new = min(max(users[i] * (target / x) ** (1.0 / slope), 1e-3), cap)
            moved = max(moved, abs(new - users[i]) / users[i])
            users[i] = new
        if moved <= 1e-10:
            break
        solution = multiclass.solve(_networks(classes, users), opened, start=solution)
    return solution


def _targets_overload(classes: Sequence[_Class], opened: Mapping[str, float]) -> bool:
    """The utilisation law: the TPS targets' own load on a shared queue, with the open streams', is a
    floor of its utilisation (per server, each class's own server count: the shared queue has no more) -
    at 1 or more the targets cannot all be carried, whatever the populations."""
    load = dict(opened)
    for c in classes:
        if c.users is not None:
            continue
        for st in c.stations:
            if not st.delay:
                busy = _target(c) * (float(st.demand_s) + float(st.background_s)) / float(st.servers)
                load[st.name] = load.get(st.name, 0.0) + busy
    return any(u >= 1.0 for u in load.values())


def _certainly_misses(inputs: ConsolidatedInputs, evidence: EvidenceBundle, rules: RuleSet) -> bool:
    """Whether the databases together certainly do not hold, without solving them: a TPS target the
    platform cannot carry by the utilisation law misses its throughput check (the verdict a growth
    bisection or a search needs; the figures of how far short it falls need the full evaluation)."""
    active = inputs.active
    if len(active) < 2 and not any(db.clones * db.clone_load_pct for db in active):
        return False  # one database: its own evaluation decides
    alone = {
        db.name: evaluate_design(DesignInputs(db.workload, inputs.platform), evidence, rules, advise=False)
        for db in active
    }
    open_util, _ = _dss_streams(inputs, alone)
    return _targets_overload(_classes(inputs, evidence, rules, []), _open_total(open_util))


def holds_today(inputs: ConsolidatedInputs, evidence: EvidenceBundle, rules: RuleSet) -> bool:
    """The databases together hold at today's load (`evaluate_consolidated`'s verdict is not
    does-not-hold: growth can only make a design that holds today hold until a month)."""
    if _certainly_misses(inputs, evidence, rules):
        return False
    return _evaluate(inputs, evidence, rules).verdict != "does-not-hold"


def _at_targets(
    classes: Sequence[_Class], users: Sequence[float], opened: Mapping[str, float]
) -> multiclass.MultiClassSolution | None:
    """The network with every TPS target's class held at its target and its population solved for in
    the same sweeps (sizing.multiclass, target_throughput): the secant's fixed point in one solve. A
    target whose population would pass its cap is the secant's answer too: that class at the cap (X
    rises with n, so X at the cap falls short of the target), solved again with the others at theirs.
    None where a target saturates a queue, or the sweeps do not settle: the secant then decides."""
    if all(c.users is not None for c in classes) or _targets_overload(classes, opened):
        return None
    capped: set[int] = set()
    for _ in range(len(classes)):
        networks = [
            multiclass.ClassNetwork(c.label, c.stations, c.think_s, n)
            if c.users is not None
            else multiclass.ClassNetwork(c.label, c.stations, c.think_s, _population_cap(c))
            if i in capped
            else multiclass.ClassNetwork(c.label, c.stations, c.think_s, n, _target(c), _population_cap(c))
            for i, (c, n) in enumerate(zip(classes, users, strict=True))
        ]
        try:
            solution = multiclass.solve(networks, opened, max_sweeps=TARGET_SWEEPS)
        except multiclass.TargetUnreachable as unreachable:
            if not unreachable.population:
                return None
            capped.add(next(i for i, net in enumerate(networks) if net.name == unreachable.name))
            continue
        if solution.sweeps >= TARGET_SWEEPS:
            return None
        if any(solution.classes[i].throughput >= _target(classes[i]) for i in capped):
            return None  # a class capped on its way reaches its target at the cap: let the secant decide
        return solution
    return None


def _all_short_at_their_caps(
    classes: Sequence[_Class], opened: Mapping[str, float]
) -> multiclass.MultiClassSolution | None:
    """Where the utilisation law says the targets cannot all be carried: every TPS target's class at
    its population cap. If each then falls short of its target, that is the secant's own end point (X
    rises with n, so each class's population runs to its cap) in one solve instead of the secant's
    several near saturation; None where a class would reach its target (the secant decides)."""
    if not _targets_overload(classes, opened):
        return None
    users = [c.users if c.users is not None else _population_cap(c) for c in classes]
    solution = multiclass.solve(_networks(classes, users), opened)
    short = all(
        c.users is not None or s.throughput < _target(c) * (1 - 1e-6)
        for c, s in zip(classes, solution.classes, strict=True)
    )
    return solution if short else None


# Sweeps the solve at the targets may take before the secant takes over (it converges in tens).
TARGET_SWEEPS = 400
USERS_CAP = 1e7
# A TPS target whose population would wait this many times its SLA (Little's law) misses it whatever
# more users are added: the solve stops raising the population there (a saturated network's sweeps
# at ten million users took seconds, and the answer, "misses", is the same).
SLA_MULTIPLE_CAP = 100.0


def _population_cap(c: _Class) -> float:
    return min(USERS_CAP, max(1.0, _target(c) * (c.think_s + SLA_MULTIPLE_CAP * c.sla_s)))


def _target(c: _Class) -> float:
    return float(c.target_tps or 0.0)


def _oltp_result(
    db: Database,
    classes: Sequence[_Class],
    solution: multiclass.MultiClassSolution,
    alone: DesignEvaluation,
    total: Mapping[str, float],
    catalog_cpu_limit: float,
) -> DatabaseResult:
    """`catalog_cpu_limit`: the catalog's CPU utilisation limit (rule cpu-utilisation-limit), the
    target where the database sets none, as evaluate_design takes it."""
    assert isinstance(alone, OltpEvaluation)
    i = next(k for k, c in enumerate(classes) if c.label == db.name)
    cls, s = classes[i], solution.classes[i]
    w = cls.workload
    if not (s.throughput > 0 and math.isfinite(s.response_s)):
        return _starved(db, alone, solution)
    response_ms = s.response_s * 1000
    latency_ms = s.residence_s.get("storage", 0.0) / cls.read_calls * 1000 if cls.read_calls else 0.0
    alone_response = alone.summary.response_at_design.value
    target_tps = float(w.target_tps) if w.target_tps is not None else None
    reachable = target_tps is None or s.throughput >= target_tps * (1 - 1e-6)
    checks = [
        DatabaseTargetCheck.built(
            target="sla",
            label="Response time (SLA)",
            limit=q(cls.sla_s * 1000, "ms"),
            value=q(response_ms, "ms"),
            met=bool(reachable and response_ms <= cls.sla_s * 1000 * (1 + TOLERANCE)),
        ),
    ]
    if target_tps is not None:
        checks.append(
            DatabaseTargetCheck.built(
                target="throughput",
                label="Throughput",
                limit=q(target_tps, "TPS"),
                value=q(s.throughput, "TPS"),
                met=reachable,
            )
        )
    cpu_pct = total.get("cpu", 0.0) * 100
    cpu_limit = w.max_cpu_pct if w.max_cpu_pct is not None else catalog_cpu_limit
    checks.append(
        DatabaseTargetCheck.built(
            target="max_cpu_pct",
            label="CPU of the RAC nodes (all databases)",
            limit=q(cpu_limit, "%"),
            value=q(cpu_pct, "%"),
            met=bool(cpu_pct <= cpu_limit * (1 + TOLERANCE)),
        )
    )
    if w.max_storage_latency_ms is not None:
        checks.append(
            DatabaseTargetCheck.built(
                target="max_storage_latency_ms",
                label="Storage read latency",
                limit=q(w.max_storage_latency_ms, "ms"),
                value=q(latency_ms, "ms"),
                met=bool(latency_ms <= w.max_storage_latency_ms * (1 + TOLERANCE)),
            )
        )
    missed = [c for c in checks if not c.met]
    change = response_ms - alone_response
    change_pct = change / alone_response * 100 if alone_response > 0 else 0.0
    if not missed:
        statement = (
            f"holds beside the other databases: {number(response_ms)} ms response "
            f"({'+' if change >= 0 else ''}{number(change)} ms against {number(alone_response)} ms alone)"
        )
    else:
        statement = "misses " + "; ".join(
            f"the {c.label[0].lower() + c.label[1:] if not c.label[:2].isupper() else c.label}: {number(c.value.value)} {c.value.unit} against {number(c.limit.value)} {c.limit.unit}"
            for c in missed
        )
    return DatabaseResult.built(
        name=db.name,
        kind="oltp",
        priority=db.priority,
        paused=False,
        verdict="does-not-hold" if missed else "holds",
        users=q(s.users, "users"),
        throughput=q(s.throughput, "TPS"),
        target_throughput=None if target_tps is None else q(target_tps, "TPS"),
        response=q(response_ms, "ms"),
        storage_latency=q(latency_ms, "ms"),
        alone_throughput=alone.summary.design_tps if target_tps is not None else q(alone_tps(alone), "TPS"),
        alone_response=alone.summary.response_at_design,
        response_change=q(change, "ms"),
        response_change_pct=q(change_pct, "%"),
        storage_utilisation=q(s.utilisation.get("storage", 0.0) * 100, "%"),
        cpu_utilisation=q(s.utilisation.get("cpu", 0.0) * 100, "%"),
        checks=checks,
        clones=db.clones,
        clone_load_pct=q(db.clone_load_pct, "%"),
        statement=statement,
    )


def _starved(db: Database, alone: OltpEvaluation, solution: multiclass.MultiClassSolution) -> DatabaseResult:
    """An OLTP database the other databases leave no room for (their scans alone fill a station)."""
    full = [st.name for st in solution.stations if st.open_utilisation >= 1.0]
    where = " and ".join(STATION_LABELS.get(n, n) for n in full) or "the shared stations"
    return DatabaseResult.built(
        name=db.name, kind="oltp", priority=db.priority, paused=False, verdict="does-not-hold",
        throughput=q(0.0, "TPS"), alone_throughput=alone.summary.design_tps,
        alone_response=alone.summary.response_at_design, clones=db.clones,
        clone_load_pct=q(db.clone_load_pct, "%"),
        statement=f"cannot run: the other databases' scans alone take all of the {where}",
    )  # fmt: skip


def alone_tps(ev: OltpEvaluation) -> float:
    return ev.summary.design_tps.value


def _dss_result(
    db: Database,
    alone: DesignEvaluation,
    total: Mapping[str, float],
    shares: Mapping[str, Mapping[str, float]],
    open_util: Mapping[str, Mapping[str, float]],
) -> DatabaseResult:
    """What the storage leaves a DSS database beside the others: its sustained MB/s alone times the
    share of the storage the other databases leave free (and the same on the CPU where it is modelled)."""
    assert isinstance(alone, DssEvaluation)
    w = db.workload
    assert isinstance(w, DssWorkload)
    sustained = alone.summary.sustained_throughput.value
    own = open_util[db.name]
    free = 1.0
    for st, u in own.items():
        others = total.get(st, 0.0) - u
        free = min(free, max(0.0, 1.0 - others))
    available = sustained * free
    target = w.target_throughput_mb_s * (1.0 + db.clones * db.clone_load_pct / 100.0)
    headroom = (available / target - 1.0) * 100 if target > 0 else 0.0
    met = headroom >= w.min_headroom_pct - TOLERANCE * 100
    checks = [
        DatabaseTargetCheck.built(
            target="throughput",
            label="Scan throughput",
            limit=q(target, "MB/s"),
            value=q(available, "MB/s"),
            met=bool(available >= target * (1 - TOLERANCE)),
        ),
        DatabaseTargetCheck.built(
            target="min_headroom_pct",
            label="Headroom",
            limit=q(w.min_headroom_pct, "%"),
            value=q(headroom, "%"),
            met=bool(met),
        ),
    ]
    missed = [c for c in checks if not c.met]
    statement = (
        f"the other databases leave it {number(free * 100)} % of the storage: {number(available)} MB/s "
        f"against {number(target)} MB/s needed"
    )
    return DatabaseResult.built(
        name=db.name,
        kind="dss",
        priority=db.priority,
        paused=False,
        verdict="does-not-hold" if missed else "holds",
        throughput=q(available, "MB/s"),
        target_throughput=q(target, "MB/s"),
        alone_throughput=alone.summary.sustained_throughput,
        headroom_pct=q(headroom, "%"),
        storage_utilisation=q(own.get("storage", 0.0) * 100, "%"),
        cpu_utilisation=q(own["cpu"] * 100, "%") if "cpu" in own else None,
        checks=checks,
        clones=db.clones,
        clone_load_pct=q(db.clone_load_pct, "%"),
        statement=statement,
    )


# --- Capacity ------------------------------------------------------------------------------------


def _clone_rule(rules: RuleSet, slug: str | None) -> Any:
    return next((r for r in rules.rules if r.slug == slug), None) if slug else None


def _consolidated_capacity(inputs: ConsolidatedInputs, rules: RuleSet) -> ConsolidatedCapacity:
    """Each database by its capacity rule (as alone), plus its clones: a clone holds the database's data
    (its size); on the storage it takes what the platform's document states (XtremIO: no new space at
    creation, inline deduplication), or the user's own ratio, else a full copy."""
    platform = inputs.platform
    family = platform_family(platform.family)
    per_db: dict[str, float] = {}
    usable = raw_gb = 0.0
    clones: list[CloneCapacity] = []
    rule = _clone_rule(rules, family.clone_capacity_rule)
    for db in inputs.active:
        _, raw, _ = _capacity(
            db.workload.database_size_gb,
            platform,
            rules,
            getattr(db.workload, "include_backup_overhead", True),
            dss=db.workload.kind == "dss",
        )
        per_db[db.name] = raw.required_gb
        usable, raw_gb = raw.usable_gb, raw.raw_gb
        if not db.clones:
            continue
        logical = db.clones * db.workload.database_size_gb
        if inputs.clone_reduction_ratio is not None:
            physical = logical / inputs.clone_reduction_ratio
            source = f"your own ratio, {number(inputs.clone_reduction_ratio)}:1 (not a document's figure)"
        elif rule is not None:
            new_tb = rule.param("clone_new_physical_capacity") or 0.0
            physical = db.clones * new_tb * 1000.0
            source = (
                f"{DOCUMENTS.get(rule.source.document, rule.source.document)}, {rule.source.locator}: a clone "
                "takes no new space on the SSDs when it is made (what the test/dev copies write later is new "
                "space the document did not measure)"
            )
        else:
            physical = logical
            source = f"full copies: {family.label}'s document states no clone data reduction"
        size = db.workload.database_size_gb
        ratio = (size + logical) / (size + physical) if size + physical > 0 else None
        clones.append(
            CloneCapacity.built(
                database=db.name,
                clones=db.clones,
                logical=q(logical, "GB"),
                physical=q(physical, "GB"),
                ratio=None if ratio is None else q(ratio, "ratio"),
                source=source,
            )
        )
    base = sum(per_db.values())
    required = base + sum(c.physical.value for c in clones)
    without = base + sum(c.logical.value for c in clones)
    fits = required <= usable * (1 + TOLERANCE)
    only_with = fits and clones != [] and without > usable * (1 + TOLERANCE)
    if not fits:
        statement = (
            f"the databases and their clones need {number(required)} GB, the storage gives "
            f"{number(usable)} GB usable"
        )
    elif only_with:
        reduced = [c for c in clones if c.physical.value < c.logical.value]
        detail = "; ".join(
            f"{c.database}'s {c.clones} clone{'s' if c.clones > 1 else ''} at "
            f"{number(c.ratio.value) if c.ratio else '-'}:1 with the database ({c.source})"
            for c in reduced
        )
        statement = (
            f"fits only with the clones' data reduction: {number(required)} GB of {number(usable)} GB usable, "
            f"{number(without)} GB without it; {detail}"
        )
    else:
        statement = f"the databases and their clones need {number(required)} GB of {number(usable)} GB usable"
    return ConsolidatedCapacity.built(
        databases={n: q(v, "GB") for n, v in per_db.items()},
        clones=clones,
        required_without_clone_reduction=q(without, "GB"),
        required=q(required, "GB"),
        usable=q(usable, "GB"),
        raw=q(raw_gb, "GB"),
        fits=fits,
        fits_only_with_clone_reduction=only_with,
        statement=statement,
    )
