"""The shape of a platform family: its facts (storage models, RAID levels, the measured server,
reference configurations) and its behaviour hooks (how its performance model is built, how its BOM is
made). One module per family in this package fills it in; `sizing.platforms` collects them.

No module here imports `sizing.inputs` at run time: inputs validate against the registry, so the
registry must not depend on them (the hooks receive already-validated inputs).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from sizing import mva
from sizing.cases import CasesHook, KeysHook, RunsHook, no_cases, no_keys, no_runs
from sizing.evidence import Estimate, EvidenceBundle
from sizing.notes import Assumption, Flag, assumption, flag
from sizing.rules import RuleSet
from sizing.units import q

if TYPE_CHECKING:
    from sizing.bom import Bom, BomPlatform, CatalogPart, ReferenceDesign
    from sizing.calibration import Constant
    from sizing.inputs import OltpWorkload, Platform

WorkloadKind = Literal["oltp", "dss"]
# Catalog part kinds that are one storage unit each in most families' reference configurations.
ARRAY_PART_KINDS: tuple[str, ...] = ("drive_enclosure", "storage_array", "xbrick")
# What one unit of `Platform.arrays` is for a storage model.
ArrayUnit = Literal["array", "x_brick", "drive_enclosure", "controller"]
# One unit of each kind in words, as a sentence names it ("3 drive enclosures").
ARRAY_UNIT_WORDS: dict[str, str] = {
    "array": "array", "x_brick": "X-Brick", "drive_enclosure": "drive enclosure", "controller": "controller",
}  # fmt: skip


@dataclass(frozen=True)
class ServerDefault:
    """The database server a family's documents measured: a design that leaves cores or memory per
    node empty gets these, so the model's CPU station and the BOM describe the same server."""

    server: str
    cores_per_node: int
    memory_gb_per_node: float
    source: str


@dataclass(frozen=True)
class StorageGeometry:
    """Drives per array (or enclosure / X-Brick / controller) and what RAID leaves usable."""

    drives: int
    drive_gb: float
    hot_spares: int
    usable_fraction: float  # of the non-spare drives, after RAID
    source: str


@dataclass(frozen=True)
class StorageModel:
    """One storage model of a family, as its document describes it."""

    name: str  # the designation designs use ("PS6010XV", "X-Brick")
    label: str
    drive_technology: str  # catalog DriveTechnology value
    workload_kinds: tuple[WorkloadKind, ...]
    array_unit: ArrayUnit
    array_unit_label: str  # what `arrays` counts, in words
    geometry: StorageGeometry
    # Seed fixtures name no storage model on configurations and curves: the model is read from their
    # slug / name / title with this pattern (first match in the text wins, see platforms.storage_model_of).
    name_pattern: str
    # Drives per enclosure a design may choose (FS1-2: 13 or 19); None: fixed by the model.
    enclosure_drive_options: tuple[int, ...] | None = None
    # The ORION IOPS curve that stands for this model: its own, or a sibling's scaled by active drives
    # (PS6110XV: the PS6010XV's); None: no ORION IOPS curve applies.
    orion_iops_curve: str | None = None
    # A document states the usable capacity per unit (rule slug with usable_capacity and the unit count
    # it is for): the stated figure wins over the drive arithmetic.
    stated_usable_capacity_rule: str | None = None
    # The Dell IOPS-per-user rule gives this model's per-array user limit (dell-ps6010xv-array-limit).
    iops_per_user_rule_array: bool = False

    @property
    def array_unit_word(self) -> str:
        return ARRAY_UNIT_WORDS[self.array_unit]

    @property
    def ssd(self) -> bool:
        return self.drive_technology == "ssd"

    def geometry_for(self, drives_per_enclosure: int | None) -> StorageGeometry:
        if self.enclosure_drive_options and drives_per_enclosure:
            g = self.geometry
            return StorageGeometry(
                drives_per_enclosure, g.drive_gb, g.hot_spares, g.usable_fraction, g.source
            )
        return self.geometry


@dataclass(frozen=True)
class WorkloadProfile:
    """The benchmark load a document measured (TPC-C, Swingbench OrderEntry, SLOB, OET, TPC-H) or the
    user's own (AWR-like figures): what one transaction is, what it costs, how long users think. The
    constants behind it are `Constant`s with their derivation and sources (model assumptions)."""

    slug: str
    label: str
    tool: str  # fixture vocabulary (benchmark_factory_tpcc, swingbench_orderentry, slob, oet, custom)
    document: str  # the seed document that ran it ("" for the user's own workload)
    think_s: float
    sla_s: float
    source: str  # citation of the profile as a whole


@dataclass(frozen=True)
class ProfileFit:
    """A workload profile's per-transaction constants, fitted on the document that ran it (or read
    from the user's AWR figures). CPU is in core-seconds on `server`, the server it was measured on."""

    profile: WorkloadProfile
    family: str  # the family whose document measured it ("" for the user's own)
    server: str
    read_pct: float  # measured read share of the I/O
    block_size_kb: float
    reads_per_tx: float  # foreground I/Os per transaction
    writes_per_tx: float  # background writes per transaction
    cpu_s_per_tx: float
    other_s: float = 0.0  # delay per transaction outside CPU and storage
    warehouses: float | None = None  # the schema size it was measured at (order-entry loads)
    sga_gb: float | None = None  # SGA per instance it was measured at
    constants: tuple[Constant, ...] = ()


@dataclass(frozen=True)
class PlatformModel:
    """The closed queueing network of one design, per transaction of its workload profile.

    Stations: CPU (cores x RAC nodes, `cpu_demand_s` core-seconds per transaction), storage (a
    multi-server queue: `read_service_s` per foreground I/O at light load - the device's fixed latency
    - and `storage_concurrency` servers, so it saturates at concurrency / service IOPS; background
    writes load it without the transaction waiting for them) and an optional pure delay `other_s`
    (waits outside CPU and storage: commit, cluster, network)."""

    # The stations the storage units (`Platform.arrays`) change; every other station, the think time
    # and the SLA are the same whatever their count (sizing/tests/test_remedies.py holds every family
    # to it).
    storage_stations: ClassVar[frozenset[str]] = frozenset({"storage"})

    family: str
    think_s: float
    sla_s: float
    reads_per_tx: float  # foreground I/Os per transaction (on the response path)
    storage_estimate: Estimate  # IOPS within the document's latency limit (the storage section)
    read_service_s: float  # storage time per foreground I/O at light load
    storage_concurrency: float  # servers of the storage station
    cpu_demand_s: float  # CPU-seconds per transaction
    cores_per_node: int
    ssd: bool
    assumptions: tuple[Assumption, ...]
    flags: tuple[Flag, ...]
    profile: WorkloadProfile | None = None
    writes_per_tx: float = 0.0  # background writes per transaction (DBWR), storage load only
    write_service_s: float = 0.0  # storage time per background write
    other_s: float = 0.0  # pure delay per transaction outside CPU and storage
    # Foreground I/Os per transaction at a RAC node count, relative to the design's (a larger
    # aggregate buffer cache with more nodes reads less); None: independent of the node count.
    node_read_factor: Callable[[int], float] | None = None
    rac_nodes: int = 0  # the design's node count (the one reads_per_tx is for)
    read_pct: float = 70.0  # the design's read share (as given or the profile's)
    # Foreground reads a transaction keeps in flight at once (Oracle's db file parallel read submits a
    # batch; Little's law: in flight = IOPS x latency / waiting sessions): the response path holds
    # reads / reads_in_flight service times, the rest of the reads' device time loads the storage
    # like background writes. 1: one read at a time.
    reads_in_flight: float = 1.0
    # Foreground read waits per transaction (a db file parallel read is one wait for many blocks):
    # the storage latency is published per wait, as AWR averages it. None: one wait per read.
    read_calls_per_tx: float | None = None

    @property
    def ios_per_tx(self) -> float:
        return self.reads_per_tx + self.writes_per_tx

    @property
    def storage_iops(self) -> float:
        """IOPS the storage sustains within its latency limit (as the document states or the model
        derives it)."""
        return self.storage_estimate.value

    @property
    def storage_tps(self) -> float:
        return self.storage_iops / self.ios_per_tx

    @property
    def read_calls(self) -> float:
        """Foreground read waits per transaction (the storage latency is per wait)."""
        return self.reads_per_tx if self.read_calls_per_tx is None else self.read_calls_per_tx

    def reads_at(self, rac_nodes: int) -> float:
        if self.node_read_factor is None or not self.rac_nodes:
            return self.reads_per_tx
        return self.reads_per_tx * self.node_read_factor(rac_nodes) / self.node_read_factor(self.rac_nodes)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "stations" in cls.__dict__:  # a family's own network: kept per node count like the base's
            cls.stations = _kept_per_node_count(cls.__dict__["stations"])  # type: ignore[method-assign,assignment]

    def stations(self, rac_nodes: int) -> tuple[mva.Station, ...]:
        return self.network(rac_nodes, self.cpu_demand_s, self.other_s)

    def network(self, rac_nodes: int, cpu_demand_s: float, other_s: float) -> tuple[mva.Station, ...]:
        """The stations at `rac_nodes` with these CPU and other-delay demands per transaction."""
        reads_s = self.reads_at(rac_nodes) * self.read_service_s
        waited_s = reads_s / self.reads_in_flight
        out: tuple[mva.Station, ...] = (
            mva.Station("cpu", cpu_demand_s, rac_nodes * self.cores_per_node),
            mva.Station(
                "storage",
                waited_s,
                self.storage_concurrency,
                background_s=(reads_s - waited_s) + self.writes_per_tx * self.write_service_s,
            ),
        )
        if other_s > 0:
            out = (*out, mva.Station("other", other_s, delay=True))
        return out


# The networks of a model, kept on the (immutable) model per node count: an evaluation asks for the
# same few node counts ~15 times (curves, checks, searches). Keyed by the defining function too, as a
# family's `stations` calls the base's through super().
KEPT_STATIONS = "_stations_at"


def _kept_per_node_count(
    build: Callable[[Any, int], tuple[mva.Station, ...]],
) -> Callable[[Any, int], tuple[mva.Station, ...]]:
    @functools.wraps(build)
    def stations(self: Any, rac_nodes: int) -> tuple[mva.Station, ...]:
        kept: dict[tuple[object, int], tuple[mva.Station, ...]] | None = self.__dict__.get(KEPT_STATIONS)
        if kept is None:
            kept = {}
            object.__setattr__(self, KEPT_STATIONS, kept)
        key = (build, rac_nodes)
        found = kept.get(key)
        if found is None:
            found = kept[key] = build(self, rac_nodes)
        return found

    return stations


PlatformModel.stations = _kept_per_node_count(PlatformModel.stations)  # type: ignore[method-assign,assignment]


@dataclass
class ModelBuild:
    """What a family's model hook works with: the validated OLTP workload and platform, the evidence,
    and the assumption / flag lists it appends to (in the order they are shown)."""

    workload: OltpWorkload
    platform: Platform
    storage: StorageModel  # the registry's entry for platform.storage_model
    evidence: EvidenceBundle
    rules: RuleSet
    assumptions: list[Assumption] = field(default_factory=list)
    flags: list[Flag] = field(default_factory=list)
    # The workload profile the design runs (resolved by sizing.model.build_model; None only for a
    # family that predates profiles).
    profile_fit: ProfileFit | None = None

    @property
    def read_pct(self) -> float:
        """The design's read share: as given, else the profile's measured one (70 % without one)."""
        if self.workload.read_pct is not None:
            return self.workload.read_pct
        return self.profile_fit.read_pct if self.profile_fit else 70.0

    @property
    def think_s(self) -> float:
        if self.workload.think_time_s is not None:
            return self.workload.think_time_s
        assert self.profile_fit is not None
        return self.profile_fit.profile.think_s

    @property
    def sla_s(self) -> float:
        if self.workload.sla_response_ms is not None:
            return self.workload.sla_response_ms / 1000.0
        assert self.profile_fit is not None
        return self.profile_fit.profile.sla_s

    def note(self, name: str, text: str, source: str, value: float | None = None, unit: str = "") -> None:
        self.assumptions.append(assumption(name, text, source, q(value, unit) if value is not None else None))

    def const(self, c: Constant) -> None:
        self.assumptions.append(c.assumption())

    def flag(self, field_name: str, text: str) -> None:
        self.flags.append(flag(field_name, text))


BomRule = Callable[["BomPlatform", "ReferenceDesign | None", "Sequence[CatalogPart]"], "Bom"]


@dataclass(frozen=True)
class UnitFailure:
    """What "one storage unit down" is on a family (the recommender's N+1 node and unit policy): the
    event, how many of `Platform.arrays` the degraded evaluation loses, and where that comes from
    (`assumption`: the document does not quantify it)."""

    event: str
    units_lost: int
    source: str
    assumption: bool = True


@dataclass(frozen=True)
class PlatformFamily:
    slug: str
    label: str
    vendor: str  # the maker's name a document puts before the storage model ("Oracle" FS1-2)
    storage_models: tuple[StorageModel, ...]
    raid_levels: tuple[str, ...]  # fixture vocabulary, the design's choices
    default_raid: str
    default_server: ServerDefault
    # Catalog configuration slugs (seed fixtures): the reference designs a design can name as its
    # reference_configuration, and the measured test systems a BOM falls back to without one.
    reference_configurations: tuple[str, ...]
    measured_systems: tuple[str, ...]
    # The RAID level the family's IOPS were measured at (None: not RAID-dependent in the model).
    measured_raid: str | None
    build_model: Callable[[ModelBuild], PlatformModel]
    bom_rule: BomRule
    # Options only this family's hardware has.
    pam_option: bool = False  # NetApp Performance Acceleration Module
    # The Dell TPC-C rules (IOPS per user, ASM volumes) were measured on this family's arrays and apply
    # to its designs only (Benchmark Factory users at 19 s think time).
    dell_tpcc_rules: bool = False
    data_reduction_option: bool = False  # thin provisioning / dedup ratio (XtremIO)
    document: str = ""  # the seed document the family's facts come from
    # The catalog part kinds whose quantities in a reference configuration count its units of
    # `Platform.arrays` (when the configuration states no count).
    array_part_kinds: tuple[str, ...] = ARRAY_PART_KINDS
    # The validation rows of the family's documents (sizing/cases.py) and the observation keys its
    # calibration is fitted on (those rows are `calibration`, the others held out).
    validation_cases: CasesHook = no_cases
    calibration_keys: KeysHook = no_keys
    # The observations that print one test in several places (sizing.cases.RunsHook): leave-one-test-out
    # cross-validation removes them together.
    same_runs: RunsHook = no_runs
    # The benchmark load the family's document ran (a workload profile slug) and how its constants
    # are fitted on that document; designs on other families may name it (flagged as transferred).
    profile: str = ""
    profile_label: str = ""  # the profile in words, as a select offers it
    fit_profile: Callable[[EvidenceBundle, RuleSet], ProfileFit] | None = None
    unit_failure: UnitFailure | None = None
    # Consolidation (sizing.consolidation): how the databases of one design share this family's
    # platform, in words (the stations shared by name are the queues; each database keeps its delays),
    # whether their schemas share one cache (each database's reads then taken at the combined schema),
    # and the catalog rule that states what a test/dev clone adds in physical capacity (None: a clone
    # is a full copy unless the user enters a reduction ratio of their own).
    sharing: str = ""
    shared_cache: bool = False
    clone_capacity_rule: str | None = None

    @property
    def workload_kinds(self) -> tuple[WorkloadKind, ...]:
        kinds = {k for m in self.storage_models for k in m.workload_kinds}
        return tuple(k for k in ("oltp", "dss") if k in kinds)

    @property
    def only_storage_model(self) -> str | None:
        """The storage model of a family that has one (a reference configuration of it needs no
        guessing); None when the family has several."""
        return self.storage_models[0].name if len(self.storage_models) == 1 else None

    def model(self, name: str) -> StorageModel:
        return next(m for m in self.storage_models if m.name == name)
