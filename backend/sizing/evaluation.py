"""The evaluation of a design, as typed objects (pydantic v2 models).

`evaluate_design` (sizing.evaluator) fills these models with raw floats; nothing in the engine rounds. A
number's display precision is part of its type (`Quantity` publishes 4 significant figures, `Quantity5`
5, `Quantity3` 3, `ExactQuantity` the value as stated), and is applied once, by `published()`, the
one function that turns an evaluation into the JSON the API returns. The same models give the JSON
Schema that the OpenAPI document publishes, so the API, the exports and the SPA read one contract.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Annotated, Any, Literal, Self

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    RootModel,
    SerializationInfo,
    SerializerFunctionWrapHandler,
    TypeAdapter,
    field_serializer,
)

from sizing.balance import BalancePoint, BalanceZones
from sizing.balance import Classification as BalanceClassification
from sizing.inputs import DssWorkload, OltpWorkload, Platform
from sizing.notes import Assumption, Flag, RuleRef
from sizing.projection import LoadPoint, Series
from sizing.publish import published_json, same_as_handler
from sizing.units import Quantity, Quantity3, Quantity5, built, published_rows, rounded
from sizing.usl import UslCoefficients
from sizing.version import __version__
from sizing.warnings import Warning

# holds: every target met at the design load and through the growth horizon; holds-until: met today,
# missed within the horizon (targets.months_until_missed says when); does-not-hold: missed today.
Verdict = Literal["holds", "holds-until", "does-not-hold"]


class Section(BaseModel):
    """A part of the evaluation: frozen, and closed (a field not declared here is an error)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    @classmethod
    def built(cls, **fields: Any) -> Self:
        """The section from values the engine has just built and typed itself (quantities from `q`,
        floats, strings, its own sections), without re-running the validator on them: an evaluation
        makes ~40 models. Every field must be given or have a default. The validator stays at the
        boundaries (inputs, a published evaluation read back); test_publishing checks that an
        evaluation built this way publishes exactly what a validated copy of it publishes."""
        return built(cls, fields)


# --- What limits the design (sizing.limits) --------------------------------------------------------


class LimitingResource(Section):
    """The one answer to "what limits this design", shown as is by the editor's tile, the charts'
    captions, the warnings and the proposal. `bottleneck` is the station that saturates first as the
    load grows at the design's own mix (the highest utilisation per unit of throughput); `at_sla_point`
    is the resource in its zone at the SLA point (the balance chart's reading), named apart where it
    differs from the bottleneck."""

    bottleneck: str
    bottleneck_label: str
    # "cpu", "storage" or "cpu and storage" (both in their zones); None where the design has no SLA
    # point (DSS).
    at_sla_point: str | None = None
    statement: str


# --- OLTP ---------------------------------------------------------------------------------------


class OltpSummary(Section):
    users: Quantity5
    design_tps: Quantity
    max_sustained_tps: Quantity
    users_at_max: Quantity5
    sla_response: Quantity
    response_at_design: Quantity
    headroom_pct: Quantity
    bottleneck: str
    balance: BalanceClassification
    # time per foreground I/O (db file sequential read) and utilisations at the design load
    storage_latency_at_design: Quantity
    storage_latency_at_sla: Quantity
    cpu_utilisation_at_design: Quantity
    storage_utilisation_at_design: Quantity
    limits: LimitingResource
    # False when the design load is beyond the most the network processes at saturation (the
    # asymptotic bound): no number of users reaches it, so no chart draws a design point and
    # `response_at_design` is the saturated network's, not a prediction. `design_load_beyond_max_pct`
    # says by how much the load exceeds that maximum.
    design_load_reachable: bool = True
    design_load_beyond_max_pct: Quantity | None = None


class IopsPerUserRule(Section):
    """The Dell IOPS-per-user rule (TPC-C users on PS6010XV); reported on EqualLogic only."""

    iops: Quantity
    iops_per_user: Quantity
    iops_per_user_as_printed: Quantity
    backup_factor: Quantity
    growth_factor: Quantity
    max_users_per_array: Quantity5
    max_users_per_array_as_printed: Quantity5
    arrays_needed: Quantity
    applies_to: str
    rule: RuleRef


class OltpDemand(Section):
    users: Quantity5
    tps: Quantity
    think_time: Quantity
    profile: str  # the workload profile slug (sizing/profiles.py)
    profile_label: str
    ios_per_transaction: Quantity
    reads_per_transaction: Quantity  # foreground I/Os (on the response path)
    writes_per_transaction: Quantity  # background writes (storage load only)
    cpu_per_transaction: Quantity  # core-milliseconds
    iops_model: Quantity
    read_iops: Quantity
    write_iops: Quantity
    iops_rule: IopsPerUserRule | None
    read_pct: Quantity
    block_size: Quantity


class CapacityElement(Section):
    element: str
    label: str
    size: Quantity


class Capacity(Section):
    elements: list[CapacityElement]
    total: Quantity
    after_data_reduction: Quantity
    dedup_ratio: Quantity
    usable: Quantity
    raw: Quantity
    raid: str
    raid_efficiency: Quantity
    raid_note: str
    hot_spares_per_unit: Quantity
    asm_redundancy: str
    fits: bool
    rule: RuleRef
    hardware_source: str
    # Where the capacity rule comes from another family's document: that it is applied here anyway,
    # and why (None where the rule is the platform's own document's).
    rule_scope: str | None = None


class OltpStorage(Section):
    iops_capacity: Quantity
    tps_capacity: Quantity
    basis: str
    sources: list[str]
    notes: list[str]


class Station(Section):
    """A queueing station (CPU, storage) at the design load and at the SLA point."""

    name: str
    servers: Quantity
    demand: Quantity
    utilisation_at_design: Quantity
    residence_at_design: Quantity
    utilisation_at_sla: Quantity
    residence_at_sla: Quantity


class OperatingPoint(Section):
    users: Quantity5
    tps: Quantity
    response: Quantity


class Bounds(Section):
    """Asymptotic bounds of the closed network."""

    throughput_upper: Quantity
    max_throughput: Quantity
    response_lower: Quantity
    knee_users: Quantity5


class Performance(Section):
    stations: list[Station]
    at_design: OperatingPoint
    at_sla: OperatingPoint
    bounds: Bounds
    bottleneck: str
    headroom_pct: Quantity


# The chart points are ~200 of the ~300 numbers an evaluation publishes: their JSON is built in one
# vectorised rounding (units.published_rows, equal to the per-field serializers bit for bit) instead of
# one Python call per number. `published_per_field` is the reference the tests hold them to.
PER_FIELD = "per_field"


def _per_field(info: SerializationInfo) -> bool:
    return bool(info.context and info.context.get(PER_FIELD))


class Balance(Section):
    points: list[BalancePoint]
    at_sla: BalancePoint
    zones: BalanceZones
    classification: BalanceClassification

    @field_serializer("points", mode="wrap", when_used="json")
    @same_as_handler
    def _points_published(
        self, points: list[BalancePoint], handler: SerializerFunctionWrapHandler, info: SerializationInfo
    ) -> Any:
        return handler(points) if _per_field(info) else published_rows(BalancePoint, points)


class Projection(Section):
    sla: Quantity
    series: list[Series]

    @field_serializer("series", mode="wrap", when_used="json")
    @same_as_handler
    def _series_published(
        self, series: list[Series], handler: SerializerFunctionWrapHandler, info: SerializationInfo
    ) -> Any:
        if _per_field(info):
            return handler(series)
        # every series' points in one rounding, then each series as Series publishes it
        points = published_rows(LoadPoint, [p for s in series for p in s.points])
        out, start = [], 0
        for s in series:
            end = start + len(s.points)
            out.append(
                {
                    "rac_nodes": s.rac_nodes,
                    "points": points[start:end],
                    "max_sustained_tps": {
                        "value": rounded(s.max_sustained_tps.value),
                        "unit": s.max_sustained_tps.unit,
                    },
                    "users_at_max": {"value": rounded(s.users_at_max.value, 5), "unit": s.users_at_max.unit},
                    "bottleneck": s.bottleneck,
                }
            )
            start = end
        return out


class OltpGrowth(Section):
    horizon: Quantity
    user_growth_per_year: Quantity
    data_growth_per_year: Quantity
    # None: not within the horizon
    years_until_users_exceed_sla: Quantity3 | None
    years_until_iops_exceed_storage: Quantity3 | None
    years_until_capacity_full: Quantity3 | None


class UslUnavailable(Section):
    available: Literal[False]
    reason: str


class UslSection(Section):
    """USL fit over a measured load series of the platform (a second opinion)."""

    available: Literal[True]
    curve: str
    quantity: str
    fit: UslCoefficients
    sources: list[str]


# --- DSS ----------------------------------------------------------------------------------------


class DssSummary(Section):
    target_throughput: Quantity
    # What the query streams sustain on RAC (the TPC-H-fitted query network), else the storage's
    # large-I/O figure where the family has no query runs (XtremIO).
    sustained_throughput: Quantity
    headroom_pct: Quantity
    storage_utilisation: Quantity  # the target's share of what the storage gives the database
    bottleneck: str
    limits: LimitingResource
    # The run's maximum MB/s (the TPC-H runs' maximum-to-average ratio); None without a query model.
    peak_throughput: Quantity | None = None
    # At most this CPU on the RAC nodes: all host time per MB counted as CPU, one core per reader.
    cpu_utilisation_upper: Quantity | None = None


class DssStorage(Section):
    throughput_capacity: Quantity  # the storage's large-I/O MB/s for the design's I/O (ORION)
    basis: str
    sources: list[str]
    notes: list[str]
    # What the database's large reads reach at saturation on it (TPC-H storage ratio x ORION figure).
    database_capacity: Quantity | None = None


class QueryStreams(Section):
    query_streams: Quantity
    per_stream: Quantity
    full_scan_time_per_stream: Quantity
    concurrent_readers: Quantity | None = None  # query streams x RAC nodes (the query network's population)
    # Each stream running the measured TPC-H set (22 queries), at the sustained MB/s.
    completion_time_estimate: Quantity | None = None


class DssGrowth(Section):
    horizon: Quantity
    data_growth_per_year: Quantity
    years_until_capacity_full: Quantity3 | None


# --- the evaluation -----------------------------------------------------------------------------


class OltpInputs(Section):
    """The inputs as the engine read them (defaults resolved)."""

    workload: OltpWorkload
    platform: Platform


class DssInputs(Section):
    workload: DssWorkload
    platform: Platform


class Band(Section):
    """How far a projection can be trusted: value +/- its family's worst held-out error of that kind
    (sizing/error_bands.py), doubled when the design reaches beyond the measured configurations."""

    quantity: str  # the summary field it bands (max_sustained_tps, response_at_design, ...)
    label: str
    value: Quantity
    low: Quantity
    high: Quantity
    half_width: Quantity  # % of the value
    basis: str
    widened: bool


class TargetCheck(Section):
    """One target the design must meet (sizing.verdict), at the design load and through its growth."""

    target: Literal["sla", "headroom", "cpu", "storage_latency", "capacity", "throughput"]
    label: str
    value: Quantity
    limit: Quantity
    met: bool
    source: str  # where the limit comes from: the input, the catalog's rule, the platform's benchmark
    # The first month of the growth horizon in which the target is missed (0: missed today; None: not
    # within the horizon).
    months_until_missed: int | None


class Targets(Section):
    checks: list[TargetCheck]
    horizon_months: int
    # The first month any target is missed within the horizon, and which (None: none is).
    months_until_missed: int | None
    first_missed: str | None


def _fields(obj: Any) -> dict[str, Any]:
    """A flat dataclass as a dict, field by field (the inputs hold scalars only: `asdict`'s deep copy
    is not needed)."""
    names = _FIELD_NAMES.get(type(obj))
    if names is None:
        names = _FIELD_NAMES[type(obj)] = tuple(f.name for f in fields(obj))
    return {name: getattr(obj, name) for name in names}


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}  # (dataclasses.fields filters every field on each call)


class _Evaluation(Section):
    engine_version: str = __version__
    verdict: Verdict
    warnings: list[Warning]
    extrapolated: bool
    extrapolation: list[Flag]
    assumptions: list[Assumption]
    rule_versions: dict[str, int]
    bands: list[Band]
    targets: Targets

    @field_serializer("inputs", check_fields=False)
    def _inputs_as_given(self, inputs: OltpInputs | DssInputs) -> dict[str, Any]:
        # echoed as given: a whole number the user typed stays whole in the JSON
        return {"workload": _fields(inputs.workload), "platform": _fields(inputs.platform)}

    def to_dict(self) -> dict[str, Any]:
        return published(self)


class OltpEvaluation(_Evaluation):
    kind: Literal["oltp"]
    inputs: OltpInputs
    summary: OltpSummary
    demand: OltpDemand
    capacity: Capacity
    storage: OltpStorage
    performance: Performance
    balance: Balance
    projection: Projection
    growth: OltpGrowth
    usl: UslSection | UslUnavailable


class DssEvaluation(_Evaluation):
    kind: Literal["dss"]
    inputs: DssInputs
    summary: DssSummary
    storage: DssStorage
    streams: QueryStreams
    capacity: Capacity
    growth: DssGrowth


DesignEvaluation = OltpEvaluation | DssEvaluation
Evaluation = Annotated[DesignEvaluation, Field(discriminator="kind")]
_EVALUATION: TypeAdapter[DesignEvaluation] = TypeAdapter(Evaluation)


class EngineEvaluation(RootModel[Evaluation]):
    """The engine's evaluation of a design, OLTP or DSS (told apart by `kind`): what the API publishes
    (its JSON Schema is the OpenAPI component of the same name)."""


def published(evaluation: _Evaluation) -> dict[str, Any]:
    """The evaluation as the JSON the API returns: the one place where numbers are rounded (each to
    the precision its type declares)."""
    return published_json(evaluation)


def published_per_field(evaluation: _Evaluation) -> dict[str, Any]:
    """`published` with every number through its own field's serializer (no vectorised chart points):
    the reference `published` must equal to the last byte (sizing/tests/test_units.py)."""
    return evaluation.model_dump(mode="json", by_alias=True, context={PER_FIELD: True})


def as_printed(evaluation: DesignEvaluation) -> DesignEvaluation:
    """The evaluation with every number as published (rounded): what the exports print, so that a
    document and the API never disagree in the last digit."""
    return _EVALUATION.validate_python(published(evaluation))


def evaluation_from_json(data: Any) -> DesignEvaluation:
    """Read a published evaluation back (validated)."""
    return _EVALUATION.validate_python(data)
