"""Design inputs: a workload (OLTP or DSS) and a platform, validated on construction.

Hard limits here reject input that makes no physical sense (negative users, zero think time, a
storage model of another family). Input that is valid but beyond the measured evidence (a block
size or array count nobody measured) is accepted and flagged as extrapolation by the evaluation.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, fields
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

MAX_USERS = 1_000_000
MAX_TPS = 1_000_000.0
MAX_NODES = 16
MAX_ARRAYS = 16


def _finite(field_name: str, value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise InputError(field_name, "must be a number")
    x = float(value)
    if not math.isfinite(x):
        raise InputError(field_name, "must be a finite number")
    return x


def _range(field_name: str, value: Any, lo: float, hi: float, *, lo_open: bool = False) -> float:
    x = _finite(field_name, value)
    if x < lo or (lo_open and x == lo) or x > hi:
        bound = f"greater than {lo:g}" if lo_open else f"at least {lo:g}"
        raise InputError(field_name, f"must be {bound} and at most {hi:g} (got {x:g})")
    return x


def _int_range(field_name: str, value: Any, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        else:
            raise InputError(field_name, "must be a whole number")
    if value < lo or value > hi:
        raise InputError(field_name, f"must be between {lo} and {hi} (got {value})")
    return int(value)


@dataclass(frozen=True)
class OltpWorkload:
    """OLTP demand. Give `users` or `target_tps` (exactly one)."""

    users: int | None = None
    target_tps: float | None = None
    think_time_s: float | None = None  # None: the think time calibrated for the platform's benchmark
    database_size_gb: float = 100.0
    read_pct: float = 70.0
    block_size_kb: float = 8.0
    sla_response_ms: float | None = None  # None: the platform's benchmark threshold
    user_growth_pct_per_year: float = 0.0
    data_growth_pct_per_year: float = 0.0
    horizon_years: int = 3
    include_backup_overhead: bool = True
    include_growth_overhead: bool = True
    kind: Literal["oltp"] = "oltp"

    def __post_init__(self) -> None:
        p = "workload."
        if (self.users is None) == (self.target_tps is None):
            raise InputError(p + "users", "give either users or target_tps (exactly one)")
        if self.users is not None:
            _int_range(p + "users", self.users, 1, MAX_USERS)
        if self.target_tps is not None:
            _range(p + "target_tps", self.target_tps, 0.0, MAX_TPS, lo_open=True)
        if self.think_time_s is not None:
            _range(p + "think_time_s", self.think_time_s, 0.0, 3600.0, lo_open=True)
        _range(p + "database_size_gb", self.database_size_gb, 0.0, 10_000_000.0, lo_open=True)
        _range(p + "read_pct", self.read_pct, 0.0, 100.0)
        _range(p + "block_size_kb", self.block_size_kb, 2.0, 1024.0)
        if self.sla_response_ms is not None:
            _range(p + "sla_response_ms", self.sla_response_ms, 0.0, 600_000.0, lo_open=True)
        _range(p + "user_growth_pct_per_year", self.user_growth_pct_per_year, -50.0, 500.0)
        _range(p + "data_growth_pct_per_year", self.data_growth_pct_per_year, -50.0, 500.0)
        _int_range(p + "horizon_years", self.horizon_years, 0, 20)


@dataclass(frozen=True)
class DssWorkload:
    """DSS demand: a scan throughput target and concurrent query streams."""

    target_throughput_mb_s: float
    block_size_kb: float = 1024.0
    io_pattern: str = "random"
    query_streams: int = 1
    database_size_gb: float = 1000.0
    data_growth_pct_per_year: float = 0.0
    horizon_years: int = 3
    kind: Literal["dss"] = "dss"

    def __post_init__(self) -> None:
        p = "workload."
        _range(p + "target_throughput_mb_s", self.target_throughput_mb_s, 0.0, 1_000_000.0, lo_open=True)
        _range(p + "block_size_kb", self.block_size_kb, 2.0, 4096.0)
        if self.io_pattern not in IO_PATTERNS:
            raise InputError(p + "io_pattern", f"must be one of {', '.join(IO_PATTERNS)}")
        _int_range(p + "query_streams", self.query_streams, 1, 1000)
        _range(p + "database_size_gb", self.database_size_gb, 0.0, 10_000_000.0, lo_open=True)
        _range(p + "data_growth_pct_per_year", self.data_growth_pct_per_year, -50.0, 500.0)
        _int_range(p + "horizon_years", self.horizon_years, 0, 20)


Workload = OltpWorkload | DssWorkload


@dataclass(frozen=True)
class Platform:
    """Servers and storage. `arrays` counts EqualLogic arrays, X-Bricks, FS1-2 drive enclosures or
    NetApp controllers (an FAS3140 HA pair is 2)."""

    family: str
    storage_model: str
    rac_nodes: int = 2
    cores_per_node: int | None = None  # None: the family's measured server (DEFAULT_SERVER)
    memory_gb_per_node: float | None = None
    arrays: int = 1
    drives_per_enclosure: int | None = None
    raid: str | None = None  # None: the family's default (RAID 10, mirrored, XDP, RAID-DP)
    asm_volumes: int = 4
    pam: bool = False
    thin_provisioning: bool = False
    dedup_ratio: float | None = None  # opt-in data reduction (XtremIO); None: none assumed
    reference: str | None = None

    def __post_init__(self) -> None:
        p = "platform."
        if self.family not in FAMILIES:
            raise InputError(p + "family", f"must be one of {', '.join(FAMILIES)}")
        if self.storage_model not in STORAGE_MODELS:
            raise InputError(p + "storage_model", f"must be one of {', '.join(STORAGE_MODELS)}")
        if STORAGE_MODELS[self.storage_model] != self.family:
            raise InputError(
                p + "storage_model", f"{self.storage_model} belongs to {STORAGE_MODELS[self.storage_model]}"
            )
        _int_range(p + "rac_nodes", self.rac_nodes, 1, MAX_NODES)
        server = DEFAULT_SERVER[self.family]
        # Resolved here so every reader (model, sweep, checks, the echoed inputs) sees one number.
        if self.cores_per_node is None:
            object.__setattr__(self, "cores_per_node", server.cores_per_node)
        if self.memory_gb_per_node is None:
            object.__setattr__(self, "memory_gb_per_node", server.memory_gb_per_node)
        _int_range(p + "cores_per_node", self.cores_per_node, 1, 512)
        _range(p + "memory_gb_per_node", self.memory_gb_per_node, 0.0, 65536.0, lo_open=True)
        _int_range(p + "arrays", self.arrays, 1, MAX_ARRAYS)
        if self.drives_per_enclosure is not None:
            _int_range(p + "drives_per_enclosure", self.drives_per_enclosure, 1, 24)
        if self.raid is not None and self.raid not in RAID_BY_FAMILY[self.family]:
            allowed = ", ".join(RAID_BY_FAMILY[self.family])
            raise InputError(p + "raid", f"{self.family} offers {allowed}")
        _int_range(p + "asm_volumes", self.asm_volumes, 1, 64)
        family = REGISTRY[self.family]
        if self.pam and not family.pam_option:
            raise InputError(p + "pam", "the Performance Acceleration Module is a NetApp option")
        if (self.thin_provisioning or self.dedup_ratio is not None) and not family.data_reduction_option:
            raise InputError(
                p + "dedup_ratio", "thin provisioning / dedup ratios are modelled for XtremIO only"
            )
        if self.dedup_ratio is not None:
            _range(p + "dedup_ratio", self.dedup_ratio, 1.0, 20.0)

    @property
    def raid_level(self) -> str:
        return self.raid or DEFAULT_RAID[self.family]

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
    extra: Mapping[str, Any] = field(default_factory=dict)

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
    try:
        return cls(**kwargs)
    except TypeError as exc:  # a required field is missing
        raise InputError(prefix.rstrip("."), str(exc)) from exc


def design_inputs_from_dict(data: Mapping[str, Any]) -> DesignInputs:
    """Parse the JSON shape {"workload": {"kind": "oltp"|"dss", ...}, "platform": {...}}."""
    if not isinstance(data, Mapping):
        raise InputError("inputs", "must be an object")
    workload_data = data.get("workload")
    platform_data = data.get("platform")
    if workload_data is None:
        raise InputError("workload", "required")
    if platform_data is None:
        raise InputError("platform", "required")
    kind = workload_data.get("kind", "oltp") if isinstance(workload_data, Mapping) else None
    if kind not in ("oltp", "dss"):
        raise InputError("workload.kind", "must be oltp or dss")
    workload = _build(OltpWorkload if kind == "oltp" else DssWorkload, workload_data, "workload.")
    platform = _build(Platform, platform_data, "platform.")
    return DesignInputs(workload=workload, platform=platform)
