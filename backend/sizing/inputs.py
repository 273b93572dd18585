"""Design inputs: a workload (OLTP or DSS) and a platform, validated on construction.

Hard limits here reject input that makes no physical sense (negative users, zero think time, a
storage model of another family). Input that is valid but beyond the measured evidence (a block
size or array count nobody measured) is accepted and flagged as extrapolation by the evaluation.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import MISSING, asdict, dataclass, fields, replace
from typing import Any, Literal

from sizing.errors import InputError
from sizing.platforms import REGISTRY, ServerDefault

# The platform vocabulary, read from the family registry (sizing/platforms.py, sizing/families/).
FAMILIES: tuple[str, ...] = tuple(REGISTRY)
# storage model -> platform family
STORAGE_MODELS: dict[str, str] = {m.name: f.slug for f in REGISTRY.values() for m in f.storage_models}
# RAID levels (fixture vocabulary) each family offers, and the one a design gets when it names none.
RAID_BY_FAMILY: dict[str, tuple[str, ...]] = {f.slug: f.raid_levels for f in REGISTRY.values()}
DEFAULT_RAID: dict[str, str] = {f.slug: f.default_raid for f in REGISTRY.values()}
DEFAULT_SERVER: dict[str, ServerDefault] = {f.slug: f.default_server for f in REGISTRY.values()}
IO_PATTERNS = ("random", "sequential")

# Workload profiles: each family's own benchmark (sizing/families/), or the user's own figures.
CUSTOM_PROFILE = "custom"
PROFILES: tuple[str, ...] = (
    *dict.fromkeys(f.profile for f in REGISTRY.values() if f.profile),
    CUSTOM_PROFILE,
)

RAID_LEVELS: tuple[str, ...] = tuple(dict.fromkeys(r for f in REGISTRY.values() for r in f.raid_levels))
WORKLOAD_KINDS = ("oltp", "dss")


# --- The input contract -------------------------------------------------------------------------------
# Every workload and platform input is declared once below: type, default, bounds, choices, unit. The
# dataclasses take their defaults from it, their checks read it, and the API's serializers and the
# published OpenAPI schema are generated from it (engine_adapter/serializers.py), so a bound and its
# message are the same wherever an input is checked. Cross-field rules (users or target_tps, a storage
# model of the family, family-only options) stay in the dataclasses' checks.

FieldType = Literal["integer", "number", "boolean", "string"]


def format_number(x: float) -> str:
    """A number as JavaScript's String(n) prints it (the SPA says the same words): 1024.0 -> "1024",
    10000000.0 -> "10000000", 2.5 -> "2.5"."""
    if isinstance(x, float) and x.is_integer():
        return str(int(x))
    return repr(x) if isinstance(x, float) else str(x)


@dataclass(frozen=True)
class InputField:
    """One input of the contract. Without a default, a field is `required` or nullable (None: the
    engine resolves it from the platform's evidence)."""

    name: str
    type: FieldType
    help: str
    unit: str = ""
    default: Any = None
    required: bool = False
    nullable: bool = False
    minimum: float | None = None
    maximum: float | None = None
    exclusive_minimum: bool = False  # minimum itself is not allowed
    choices: tuple[str, ...] | None = None
    max_length: int | None = None
    # The only numbers a number field takes (Oracle's block sizes): published as an enum on the number.
    allowed: tuple[float, ...] | None = None

    @property
    def allowed_message(self) -> str:
        return "must be one of " + ", ".join(format_number(v) for v in self.allowed or ())

    @property
    def range_message(self) -> str:
        lo, hi = format_number(self.minimum or 0), format_number(self.maximum or 0)
        if self.exclusive_minimum:
            return f"must be greater than {lo} and at most {hi}"
        return f"must be between {lo} and {hi}"

    def check(self, value: Any, path: str) -> Any:
        """`value` unchanged when it keeps the contract, else InputError(path, message). None passes
        for a nullable field (the engine resolves it)."""
        if value is None:
            if self.nullable:
                return None
            raise InputError(path, "must not be null")
        if self.type == "boolean":
            if not isinstance(value, bool):
                raise InputError(path, "must be true or false")
            return value
        if self.type == "string":
            if not isinstance(value, str):
                raise InputError(path, "must be a string")
            if self.choices is not None and value not in self.choices:
                raise InputError(path, f"must be one of {', '.join(self.choices)}")
            if self.max_length is not None and len(value) > self.max_length:
                raise InputError(path, f"must be at most {self.max_length} characters")
            return value
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise InputError(path, "must be a number")
        if not math.isfinite(value):
            raise InputError(path, "must be a finite number")
        if self.type == "integer" and isinstance(value, float) and not value.is_integer():
            raise InputError(path, "must be a whole number")
        lo, hi = self.minimum, self.maximum
        if (lo is not None and (value < lo or (self.exclusive_minimum and value == lo))) or (
            hi is not None and value > hi
        ):
            raise InputError(path, self.range_message)
        if self.allowed is not None and value not in self.allowed:
            raise InputError(path, self.allowed_message)
        return value


def _fields(*declared: InputField) -> dict[str, InputField]:
    return {f.name: f for f in declared}


# DB_BLOCK_SIZE values Oracle Database accepts. DSS scan sizes (multiblock reads) are not blocks.
ORACLE_BLOCK_SIZES_KB: tuple[float, ...] = (2.0, 4.0, 8.0, 16.0, 32.0)
# The lowest response-time threshold a design may ask: no transaction responds faster than a flash
# read (a few hundred microseconds), so a sub-millisecond SLA cannot be met by any platform here.
SLA_FLOOR_MS = 1.0

_GROWTH = {"type": "number", "unit": "%/year", "default": 0.0, "minimum": -50.0, "maximum": 500.0}
_HORIZON = InputField(
    "horizon_years", "integer", "Years of growth the design must absorb", "years", 3, minimum=0, maximum=20
)

# Targets a design must meet besides the SLA response (sizing.verdict): each one missed at the design
# load, or within the growth horizon, keeps the design from holding.
_MAX_CPU = InputField(
    "max_cpu_pct", "number",
    "Target: the most CPU % of the RAC nodes at the design load; empty = the catalog's CPU limit (80 %)",
    "%", nullable=True, minimum=0.0, maximum=100.0, exclusive_minimum=True)  # fmt: skip
_MAX_LATENCY = InputField(
    "max_storage_latency_ms", "number",
    "Target: the most storage read latency (db file sequential read) at the design load; empty = none "
    "besides the SLA", "ms", nullable=True, minimum=0.0, maximum=600_000.0, exclusive_minimum=True)  # fmt: skip
_MIN_HEADROOM = InputField(
    "min_headroom_pct", "number", "Target: the least headroom over the design load", "%", 0.0,
    minimum=0.0, maximum=1000.0)  # fmt: skip

OLTP_FIELDS: dict[str, InputField] = _fields(
    InputField("users", "integer", "Concurrent users; give users or target_tps (exactly one)", "users",
               nullable=True, minimum=1, maximum=1_000_000),
    # a thousandth of a transaction per second at least: below it no figure divided by the target is finite
    # (the fuzzer sent 5e-324: the headroom overflowed)
    InputField("target_tps", "number", "Transactions per second; give users or target_tps (exactly one)", "TPS",
               nullable=True, minimum=0.001, maximum=1_000_000.0),
    InputField("profile", "string",
               "Workload profile: a document's benchmark load, or custom (your own AWR figures); "
               "empty = the platform family's own benchmark", nullable=True, choices=PROFILES),
    InputField("think_time_s", "number",
               "Seconds between a user's transactions (0: a closed loop with no think time, as SLOB); "
               "empty = the profile's calibrated think time", "s",
               nullable=True, minimum=0.0, maximum=3600.0),
    InputField("database_size_gb", "number", "Database size today", "GB", 100.0,
               minimum=0.0, maximum=10_000_000.0, exclusive_minimum=True),
    InputField("read_pct", "number", "Share of reads in the I/O mix; empty = the profile's measured mix", "%",
               nullable=True, minimum=0.0, maximum=100.0),
    InputField("block_size_kb", "number", "Database block size (DB_BLOCK_SIZE: Oracle allows 2, 4, 8, 16 or 32 KB)",
               "KB", 8.0, allowed=ORACLE_BLOCK_SIZES_KB),
    InputField("sla_response_ms", "number",
               "Response time threshold, at least 1 ms (a transaction cannot respond faster than one flash "
               "read); empty = the platform's benchmark threshold (2 s TPC-C, 20 ms Swingbench)",
               "ms", nullable=True, minimum=SLA_FLOOR_MS, maximum=600_000.0),
    _MAX_CPU,
    _MAX_LATENCY,
    _MIN_HEADROOM,
    InputField("user_growth_pct_per_year", help="Yearly growth of the users", **_GROWTH),  # type: ignore[arg-type]
    InputField("data_growth_pct_per_year", help="Yearly growth of the data", **_GROWTH),  # type: ignore[arg-type]
    _HORIZON,
    InputField("include_backup_overhead", "boolean", "Size the capacity for backups (flash recovery area)",
               default=True),
    InputField("include_growth_overhead", "boolean", "Size the capacity for the growth horizon", default=True),
    InputField("warehouses", "integer",
               "Order-entry schema size in warehouses (TPC-C, OET); empty = the profile's measured schema",
               "warehouses", nullable=True, minimum=1, maximum=1_000_000),
    InputField("sga_gb", "number", "SGA (buffer cache) per RAC instance; empty = the profile's measured SGA",
               "GB", nullable=True, minimum=0.0, maximum=100_000.0, exclusive_minimum=True),
    # The user's own workload (profile custom), as an AWR load profile reads: per second of DB time.
    InputField("tx_per_s", "number", "Custom profile: transactions per second measured (AWR)", "TPS",
               nullable=True, minimum=0.0, maximum=10_000_000.0, exclusive_minimum=True),
    InputField("reads_per_s", "number", "Custom profile: physical reads per second (AWR)", "IOPS",
               nullable=True, minimum=0.0, maximum=100_000_000.0),
    InputField("writes_per_s", "number", "Custom profile: physical writes per second, DBWR + LGWR (AWR)",
               "IOPS", nullable=True, minimum=0.0, maximum=100_000_000.0),
    InputField("db_cpu_s_per_s", "number", "Custom profile: DB CPU seconds per second (AWR)", "s/s",
               nullable=True, minimum=0.0, maximum=100_000.0),
    InputField("redo_mb_per_s", "number",
               "Custom profile: redo per second (AWR redo size); loads the storage as block-size writes", "MB/s",
               nullable=True, minimum=0.0, maximum=100_000.0),
)  # fmt: skip
# An ORION storage test's load: any I/O size from 2 KB to 1 MB (ORION's small and large I/O).
STORAGE_TEST_FIELDS: dict[str, InputField] = {
    **OLTP_FIELDS,
    "block_size_kb": replace(OLTP_FIELDS["block_size_kb"], allowed=None, minimum=2.0, maximum=1024.0),
}
CUSTOM_PROFILE_FIELDS = ("tx_per_s", "reads_per_s", "writes_per_s", "db_cpu_s_per_s", "redo_mb_per_s")

DSS_FIELDS: dict[str, InputField] = _fields(
    InputField("target_throughput_mb_s", "number", "Scan throughput the warehouse needs", "MB/s", required=True,
               minimum=0.001, maximum=1_000_000.0),  # as target_tps: a floor that keeps the ratios finite
    InputField("block_size_kb", "number", "Scan I/O size", "KB", 1024.0, minimum=2.0, maximum=4096.0),
    InputField("io_pattern", "string", "Large I/O pattern of the scans", default="random",
               choices=("random", "sequential")),
    InputField("query_streams", "integer", "Concurrent query streams (the DSS document ran five TPC-H users)", "count", 5, minimum=1, maximum=1000),
    InputField("read_pct", "number", "Share of reads in the large I/O (100: scans and queries, 0: data loads)", "%",
               100.0, minimum=0.0, maximum=100.0),
    InputField("orion_mode", "string",
               "How the large I/O spreads over the volumes, as ORION runs it: raid0 = striped as Oracle ASM "
               "does (a database), concat = one volume after another", default="raid0",
               choices=("raid0", "concat")),
    InputField("database_size_gb", "number", "Database size today", "GB", 1000.0,
               minimum=0.0, maximum=10_000_000.0, exclusive_minimum=True),
    _MIN_HEADROOM,
    InputField("data_growth_pct_per_year", help="Yearly growth of the data", **_GROWTH),  # type: ignore[arg-type]
    _HORIZON,
)  # fmt: skip

PLATFORM_FIELDS: dict[str, InputField] = _fields(
    InputField("family", "string", "Platform family", required=True, choices=FAMILIES),
    InputField("storage_model", "string", "Storage model of the family", required=True,
               choices=tuple(STORAGE_MODELS)),
    InputField("rac_nodes", "integer", "Oracle RAC nodes", "count", 2, minimum=1, maximum=16),
    InputField("cores_per_node", "integer", "Cores per RAC node; empty = the family's measured server", "count",
               nullable=True, minimum=1, maximum=512),
    InputField("memory_gb_per_node", "number", "Memory per RAC node; empty = the family's measured server", "GB",
               nullable=True, minimum=0.0, maximum=65536.0, exclusive_minimum=True),
    InputField("arrays", "integer", "EqualLogic arrays, X-Bricks, FS1-2 drive enclosures or NetApp controllers",
               "count", 1, minimum=1, maximum=16),
    InputField("drives_per_enclosure", "integer", "SSDs per FS1-2 drive enclosure; empty = 13", "count",
               nullable=True, minimum=1, maximum=24),
    InputField("raid", "string", "RAID level; empty = the family's default", nullable=True, choices=RAID_LEVELS),
    InputField("asm_volumes", "integer", "ASM volumes (LUNs) of the data disk group", "count", 4,
               minimum=1, maximum=64),
    InputField("pam", "boolean", "NetApp Performance Acceleration Module", default=False),
    InputField("thin_provisioning", "boolean", "XtremIO thin provisioning", default=False),
    InputField("dedup_ratio", "number", "XtremIO data reduction ratio; empty = none assumed", "ratio",
               nullable=True, minimum=1.0, maximum=20.0),
    InputField("reference", "string", "Reference configuration the design starts from (catalog slug)",
               nullable=True, max_length=80),
)  # fmt: skip

# Defaults the Django side applies when it reads a stored design (designs/evaluation.py).
DEFAULT_RAC_NODES: int = PLATFORM_FIELDS["rac_nodes"].default
DEFAULT_ARRAYS: int = PLATFORM_FIELDS["arrays"].default


def _check_all(obj: Any, declared: Mapping[str, InputField], prefix: str) -> None:
    """Check every declared field of a dataclass instance against the contract."""
    for spec in declared.values():
        spec.check(getattr(obj, spec.name), prefix + spec.name)


def _default(declared: Mapping[str, InputField], name: str) -> Any:
    return declared[name].default


@dataclass(frozen=True)
class OltpWorkload:
    """OLTP demand. Give `users` or `target_tps` (exactly one)."""

    users: int | None = None
    target_tps: float | None = None
    think_time_s: float | None = None  # None: the think time calibrated for the profile
    database_size_gb: float = _default(OLTP_FIELDS, "database_size_gb")
    read_pct: float | None = None  # None: the profile's measured read share
    block_size_kb: float = _default(OLTP_FIELDS, "block_size_kb")
    sla_response_ms: float | None = None  # None: the platform's benchmark threshold
    max_cpu_pct: float | None = None  # None: the catalog's CPU limit (balance zones)
    max_storage_latency_ms: float | None = None  # None: no latency target besides the SLA
    min_headroom_pct: float = _default(OLTP_FIELDS, "min_headroom_pct")
    user_growth_pct_per_year: float = _default(OLTP_FIELDS, "user_growth_pct_per_year")
    data_growth_pct_per_year: float = _default(OLTP_FIELDS, "data_growth_pct_per_year")
    horizon_years: int = _default(OLTP_FIELDS, "horizon_years")
    include_backup_overhead: bool = _default(OLTP_FIELDS, "include_backup_overhead")
    include_growth_overhead: bool = _default(OLTP_FIELDS, "include_growth_overhead")
    profile: str | None = None  # None: the platform family's own benchmark profile
    warehouses: int | None = None
    sga_gb: float | None = None
    tx_per_s: float | None = None
    reads_per_s: float | None = None
    writes_per_s: float | None = None
    db_cpu_s_per_s: float | None = None
    redo_mb_per_s: float | None = None
    kind: Literal["oltp"] = "oltp"

    _contract = OLTP_FIELDS  # not a field (no annotation): what __post_init__ checks

    def __post_init__(self) -> None:
        if (self.users is None) == (self.target_tps is None):
            raise InputError("workload.users", "give either users or target_tps (exactly one)")
        _check_all(self, self._contract, "workload.")
        if self.profile == CUSTOM_PROFILE:
            for name in ("tx_per_s", "reads_per_s", "db_cpu_s_per_s"):
                if getattr(self, name) is None:
                    raise InputError(f"workload.{name}", "is required for the custom profile")
        else:
            for name in CUSTOM_PROFILE_FIELDS:
                if getattr(self, name) is not None:
                    raise InputError(f"workload.{name}", "applies to the custom profile only")


@dataclass(frozen=True)
class StorageTestLoad(OltpWorkload):
    """An ORION run (a storage test tool, not a database) as a load: its I/O sizes are the tool's (64 KB),
    not Oracle block sizes. Only the validation of ORION measurements builds one; the API cannot."""

    _contract = STORAGE_TEST_FIELDS


@dataclass(frozen=True)
class DssWorkload:
    """DSS demand: a scan throughput target and concurrent query streams."""

    target_throughput_mb_s: float
    block_size_kb: float = _default(DSS_FIELDS, "block_size_kb")
    io_pattern: str = _default(DSS_FIELDS, "io_pattern")
    query_streams: int = _default(DSS_FIELDS, "query_streams")
    read_pct: float = _default(DSS_FIELDS, "read_pct")
    orion_mode: str = _default(DSS_FIELDS, "orion_mode")
    database_size_gb: float = _default(DSS_FIELDS, "database_size_gb")
    min_headroom_pct: float = _default(DSS_FIELDS, "min_headroom_pct")
    data_growth_pct_per_year: float = _default(DSS_FIELDS, "data_growth_pct_per_year")
    horizon_years: int = _default(DSS_FIELDS, "horizon_years")
    kind: Literal["dss"] = "dss"

    def __post_init__(self) -> None:
        _check_all(self, DSS_FIELDS, "workload.")


Workload = OltpWorkload | DssWorkload


def grown_workload(workload: Workload, years: float | None = None) -> Workload:
    """The workload after `years` of its stated growth (None: its whole horizon): users or TPS and data
    by their yearly rates, compounded (as the growth checks count them, sizing.verdict.months_until)."""
    years = workload.horizon_years if years is None else years
    data = (1 + workload.data_growth_pct_per_year / 100.0) ** years
    if isinstance(workload, OltpWorkload):
        load = (1 + workload.user_growth_pct_per_year / 100.0) ** years
        users = None if workload.users is None else max(1, math.ceil(workload.users * load))
        tps = None if workload.target_tps is None else workload.target_tps * load
        return replace(
            workload, users=users, target_tps=tps, database_size_gb=workload.database_size_gb * data
        )
    return replace(workload, database_size_gb=workload.database_size_gb * data)


@dataclass(frozen=True)
class Platform:
    """Servers and storage. `arrays` counts what the storage model's registry entry says: EqualLogic
    arrays, X-Bricks, FS1-2 drive enclosures or NetApp controllers (an FAS3140 HA pair is 2)."""

    family: str
    storage_model: str
    rac_nodes: int = _default(PLATFORM_FIELDS, "rac_nodes")
    cores_per_node: int | None = None  # None: the family's measured server (DEFAULT_SERVER)
    memory_gb_per_node: float | None = None
    arrays: int = _default(PLATFORM_FIELDS, "arrays")
    drives_per_enclosure: int | None = None
    raid: str | None = None  # None: the family's default (RAID 10, mirrored, XDP, RAID-DP)
    asm_volumes: int = _default(PLATFORM_FIELDS, "asm_volumes")
    pam: bool = _default(PLATFORM_FIELDS, "pam")
    thin_provisioning: bool = _default(PLATFORM_FIELDS, "thin_provisioning")
    dedup_ratio: float | None = None  # opt-in data reduction (XtremIO); None: none assumed
    reference: str | None = None

    def __post_init__(self) -> None:
        p = "platform."
        PLATFORM_FIELDS["family"].check(self.family, p + "family")
        PLATFORM_FIELDS["storage_model"].check(self.storage_model, p + "storage_model")
        if STORAGE_MODELS[self.storage_model] != self.family:
            raise InputError(
                p + "storage_model", f"{self.storage_model} belongs to {STORAGE_MODELS[self.storage_model]}"
            )
        family = REGISTRY[self.family]
        server = family.default_server
        # Resolved here so every reader (model, sweep, checks, the echoed inputs) sees one number.
        if self.cores_per_node is None:
            object.__setattr__(self, "cores_per_node", server.cores_per_node)
        if self.memory_gb_per_node is None:
            object.__setattr__(self, "memory_gb_per_node", server.memory_gb_per_node)
        _check_all(self, PLATFORM_FIELDS, p)
        if self.raid is not None and self.raid not in family.raid_levels:
            raise InputError(p + "raid", f"{self.family} offers {', '.join(family.raid_levels)}")
        if self.pam and not family.pam_option:
            raise InputError(p + "pam", "the Performance Acceleration Module is a NetApp option")
        if (self.thin_provisioning or self.dedup_ratio is not None) and not family.data_reduction_option:
            raise InputError(
                p + "dedup_ratio", "thin provisioning / dedup ratios are modelled for XtremIO only"
            )

    @property
    def raid_level(self) -> str:
        return self.raid or REGISTRY[self.family].default_raid

    @property
    def node_cores(self) -> int:
        """Cores per RAC node (the family's measured server unless the design says otherwise)."""
        assert self.cores_per_node is not None  # resolved in __post_init__
        return self.cores_per_node

    @property
    def node_memory_gb(self) -> float:
        assert self.memory_gb_per_node is not None  # resolved in __post_init__
        return self.memory_gb_per_node

    @property
    def total_cores(self) -> int:
        return self.rac_nodes * self.node_cores


@dataclass(frozen=True)
class DesignInputs:
    workload: Workload
    platform: Platform

    def to_dict(self) -> dict[str, Any]:
        return {"workload": asdict(self.workload), "platform": asdict(self.platform)}


def _build(cls: type, data: Mapping[str, Any], prefix: str) -> Any:
    if not isinstance(data, Mapping):
        raise InputError(prefix.rstrip("."), "must be an object")
    names = {f.name for f in fields(cls) if f.name != "kind"}
    unknown = sorted(set(data) - names - {"kind"})
    if unknown:
        raise InputError(prefix + unknown[0], "unknown field")
    kwargs = {k: v for k, v in data.items() if k in names}
    # a required field left out is that field's error, in words (not the constructor's TypeError)
    missing = [
        f.name
        for f in fields(cls)
        if f.name not in kwargs and f.name != "kind" and f.default is MISSING and f.default_factory is MISSING
    ]
    if missing:
        raise InputError(prefix + missing[0], "required")
    return cls(**kwargs)


def design_inputs_from_dict(data: Mapping[str, Any], *, storage_test: bool = False) -> DesignInputs:
    """Parse the JSON shape {"workload": {"kind": "oltp"|"dss", ...}, "platform": {...}}. `storage_test`:
    an ORION run's load (any I/O size), for the validation of ORION measurements only."""
    if not isinstance(data, Mapping):
        raise InputError("inputs", "must be an object")
    workload_data = data.get("workload")
    platform_data = data.get("platform")
    if workload_data is None:
        raise InputError("workload", "required")
    if platform_data is None:
        raise InputError("platform", "required")
    kind = workload_data.get("kind", "oltp") if isinstance(workload_data, Mapping) else None
    if kind not in WORKLOAD_KINDS:
        raise InputError("workload.kind", f"must be one of {', '.join(WORKLOAD_KINDS)}")
    if kind == "oltp":
        workload = _build(StorageTestLoad if storage_test else OltpWorkload, workload_data, "workload.")
    else:
        workload = _build(DssWorkload, workload_data, "workload.")
    platform = _build(Platform, platform_data, "platform.")
    return DesignInputs(workload=workload, platform=platform)


def workload_from_dict(data: Mapping[str, Any]) -> Workload:
    """A workload alone, from the JSON shape {"kind": "oltp"|"dss", ...} (what the recommender takes)."""
    if not isinstance(data, Mapping):
        raise InputError("workload", "must be an object")
    kind = data.get("kind", "oltp")
    if kind not in WORKLOAD_KINDS:
        raise InputError("workload.kind", f"must be one of {', '.join(WORKLOAD_KINDS)}")
    workload: Workload = _build(OltpWorkload if kind == "oltp" else DssWorkload, data, "workload.")
    return workload
