"""Workload demand: the Dell IOPS-per-user rule, users <-> TPS, capacity per database element, raw
capacity through RAID and spares, and the growth horizon."""

from __future__ import annotations

import math
from dataclasses import dataclass

from sizing.errors import InputError
from sizing.families.base import StorageGeometry
from sizing.platforms import storage_model as platform_storage_model
from sizing.rules import Rule, RuleSet


@dataclass(frozen=True)
class IopsPerUser:
    ratio: float  # exact measured ratio, IOPS per user
    ratio_rounded: float  # as printed in the document (two decimals)
    backup_factor: float  # 1 + backup overhead (1.0 when switched off)
    growth_factor: float  # 1 + growth overhead (1.0 when switched off)
    peak_iops: float
    rule: Rule

    @property
    def factor(self) -> float:
        return self.backup_factor * self.growth_factor

    def iops(self, users: float, *, rounded: bool = False) -> float:
        return users * (self.ratio_rounded if rounded else self.ratio) * self.factor

    def max_users_per_array(self, *, rounded: bool = False) -> float:
        return self.peak_iops / ((self.ratio_rounded if rounded else self.ratio) * self.factor)

    def arrays_needed(self, users: float) -> int:
        return max(1, math.ceil(self.iops(users) / self.peak_iops - 1e-12))


def iops_per_user(rules: RuleSet, *, backup: bool = True, growth: bool = True) -> IopsPerUser:
    """Dell Section 4.2: IOPS per user = peak IOPS / users at peak (3600 / 6900), times 1.1 for
    backup and 1.2 for growth. The document prints the ratio as 0.52; we keep the exact quotient."""
    peak, rule = rules.param("dell-iops-per-user", "peak_iops")
    users, _ = rules.param("dell-iops-per-user", "users_at_peak")
    b, _ = rules.param("dell-iops-per-user", "backup_overhead", "fraction")
    g, _ = rules.param("dell-iops-per-user", "growth_overhead", "fraction")
    ratio = peak / users
    return IopsPerUser(
        ratio=ratio,
        ratio_rounded=round(ratio, 2),
        backup_factor=1.0 + b if backup else 1.0,
        growth_factor=1.0 + g if growth else 1.0,
        peak_iops=peak,
        rule=rule,
    )


def tps_from_users(users: float, think_s: float, response_s: float) -> float:
    """Interactive response time law: X = N / (R + Z)."""
    if users < 0 or think_s + response_s <= 0:
        raise InputError("workload.users", "needs users >= 0 and a positive cycle time")
    return users / (think_s + response_s)


def users_from_tps(tps: float, think_s: float, response_s: float) -> float:
    """N = X (R + Z)."""
    if tps < 0 or think_s + response_s <= 0:
        raise InputError("workload.target_tps", "needs TPS >= 0 and a positive cycle time")
    return tps * (think_s + response_s)


CAPACITY_ELEMENTS = ("data", "temp", "system_undo", "redo", "archive", "backup")
ELEMENT_LABELS = {
    "data": "Database files",
    "temp": "Temporary tablespace",
    "system_undo": "SYSTEM/UNDO tablespace",
    "redo": "REDO logs",
    "archive": "Archive logs",
    "backup": "Backup",
}


@dataclass(frozen=True)
class CapacityBreakdown:
    elements: tuple[tuple[str, float], ...]  # (element, GB)
    rule: Rule

    @property
    def total_gb(self) -> float:
        return sum(gb for _, gb in self.elements)


def capacity_breakdown(
    database_size_gb: float, rules: RuleSet, *, include_backup: bool = True
) -> CapacityBreakdown:
    """Dell Table 7: space per element as a multiple of the database size (100 GB -> 435 GB)."""
    if not (math.isfinite(database_size_gb) and database_size_gb > 0):
        raise InputError("workload.database_size_gb", "must be positive")
    out = []
    rule = rules.get("dell-oltp-capacity")
    for name in CAPACITY_ELEMENTS:
        mult, rule = rules.param("dell-oltp-capacity", name)
        if name == "backup" and not include_backup:
            mult = 0.0
        out.append((name, database_size_gb * mult))
    return CapacityBreakdown(tuple(out), rule)


# RAID efficiency of the non-spare drives. Mirroring halves; parity groups lose one (or two) drives
# per group. Group widths are the vendors' defaults as far as the documents state them.
RAID_EFFICIENCY: dict[str, tuple[float, str]] = {
    "raid10": (0.5, "mirrored pairs"),
    "mirrored": (0.5, "Oracle FS 'Mirrored' profile (Table 6)"),
    "raid50": (6 / 7, "two RAID 5 sets of 7 drives: 1 parity each"),
    "raid5": (6 / 7, "RAID 5 set of 7 drives"),
    "single_parity": (6 / 7, "Oracle FS 'Single parity' profile, assumed 6+1"),
    "raid6": (12 / 14, "RAID 6 across 14 drives: 2 parity"),
    "double_parity": (10 / 12, "Oracle FS 'Double parity' profile, assumed 10+2"),
    "raid_dp": (14 / 16, "NetApp RAID-DP group of 16: 2 parity"),
    "xdp": (23 / 25, "XtremIO XDP: 23+2 across the X-Brick's 25 SSDs"),
}


def stated_usable_gb_per_unit(storage_model: str, rules: RuleSet) -> float | None:
    """Usable GB per array / X-Brick where a document states it (XtremIO: 14.94 TB for two X-Bricks);
    None where the drive arithmetic applies."""
    slug = platform_storage_model(storage_model).stated_usable_capacity_rule
    if slug is None:
        return None
    usable_gb, _ = rules.param(slug, "usable_capacity", "GB")
    units, _ = rules.param(slug, "xbricks")
    return usable_gb / units


def storage_geometry(storage_model: str, drives_per_enclosure: int | None) -> StorageGeometry:
    """Per array/enclosure/X-Brick/controller hardware as the documents give it (the registry's)."""
    return platform_storage_model(storage_model).geometry_for(drives_per_enclosure)


@dataclass(frozen=True)
class RawCapacity:
    required_gb: float
    usable_gb: float  # what the chosen arrays provide after RAID and spares
    raw_gb: float
    raid_efficiency: float
    raid_note: str
    dedup_ratio: float
    geometry: StorageGeometry

    @property
    def fits(self) -> bool:
        return self.usable_gb >= self.required_gb


def raw_capacity(
    required_gb: float,
    storage_model: str,
    raid: str,
    arrays: int,
    drives_per_enclosure: int | None,
    dedup_ratio: float | None,
    stated_usable_gb_per_unit: float | None = None,
) -> RawCapacity:
    """ASM external redundancy: the array's RAID is the only protection, so no extra copy. Where a
    document states the usable capacity per unit (XtremIO: 14.94 TB for two X-Bricks, less than XDP
    alone leaves), the stated figure wins over the drive arithmetic."""
    geo = storage_geometry(storage_model, drives_per_enclosure)
    eff, note = RAID_EFFICIENCY[raid]
    raw = geo.drives * geo.drive_gb * arrays
    usable = (geo.drives - geo.hot_spares) * geo.drive_gb * eff * geo.usable_fraction * arrays
    if stated_usable_gb_per_unit is not None:
        usable = stated_usable_gb_per_unit * arrays
        note = f"{note}; usable as stated by the document, {stated_usable_gb_per_unit:,.0f} GB per unit"
    ratio = dedup_ratio or 1.0
    return RawCapacity(required_gb / ratio, usable, raw, eff, note, ratio, geo)


def years_until(current: float, limit: float, growth_pct: float, horizon: int) -> float | None:
    """Years until `current` growing at growth_pct a year reaches `limit` (None: not within horizon;
    0 when already over)."""
    if current >= limit:
        return 0.0
    rate = math.log1p(growth_pct / 100.0)
    if growth_pct <= 0 or current <= 0 or rate <= 0:
        return None
    t = math.log(limit / current) / rate
    return t if t <= horizon else None
