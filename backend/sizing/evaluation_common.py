"""What the OLTP and the DSS evaluation share: the verdict's tolerance, the capacity section, the
error-band and margin warnings, and the design as facts for the catalog's best-practice checks."""

from __future__ import annotations

from typing import Any

from sizing import demand, remedies
from sizing.display import DOCUMENTS, number
from sizing.evaluation import (
    Band,
    Capacity,
    CapacityElement,
)
from sizing.inputs import DesignInputs, Platform
from sizing.notes import rule_ref
from sizing.platforms import platform_family, storage_model
from sizing.rules import RuleSet
from sizing.units import Quantity, q
from sizing.warnings import Warning, warning

# A computed value within this relative margin of its limit counts as at the limit: the solvers
# converge to 1e-10 relative in X and the SLA point to ~1e-9 in R, so a verdict never turns on less.
TOLERANCE = 1e-6


def _band_warnings(bands: list[Band]) -> list[Warning]:
    """One note when the bands are doubled for a design beyond the measured configurations."""
    widened = [b for b in bands if b.widened]
    if not widened:
        return []
    text = ", ".join(f"{b.label} +/-{b.half_width.value:.0f} %" for b in widened)
    return [
        warning(
            "band-widened", "info", f"beyond the measured configurations the error bands double: {text}", None
        )
    ]


def _margin_warnings(headroom_pct: float, band: Band, what: str) -> list[Warning]:
    """A design that holds with less headroom than the model's own error on `what` may not hold: it
    says so rather than reading "holds, no warnings" (a design at its rated point has 0 % headroom)."""
    width = band.half_width.value
    if headroom_pct >= width:
        return []
    if headroom_pct <= 0:
        message = f"no headroom: the design load is all {what} (the model's error on it is +/-{width:.0f} %)"
    else:
        message = (
            f"headroom {headroom_pct:.1f} % is inside the model's +/-{width:.0f} % error on {what}: "
            "the design may not hold"
        )
    return [warning("thin-headroom", "warning", message, None)]


def design_facts(inputs: DesignInputs) -> dict[str, Any]:
    """The design as flat facts for the catalog's best-practice checks ({field, op, value, when}).
    A rule naming a field the design does not carry (e.g. NFS mount options) is not evaluated."""
    p = inputs.platform
    return {
        "family": p.family, "storage_model": p.storage_model, "raid": p.raid_level, "data_raid": p.raid_level,
        "asm_volumes": p.asm_volumes, "asm_redundancy": "external", "rac_nodes": p.rac_nodes, "arrays": p.arrays,
        "workload_kind": inputs.workload.kind, "pam": p.pam, "drive_technology": storage_model(p.storage_model).drive_technology,
        "cores_per_node": p.node_cores, "memory_gb_per_node": p.node_memory_gb,
        "thin_provisioning": p.thin_provisioning,
    }  # fmt: skip


def _rule_scope(rule_document: str, locator: str, platform: Platform, dss: bool) -> str | None:
    """The capacity rule applied outside the document that states it, said as such: only the Dell
    OLTP study gives space per database element, so its multiples size every family (and DSS)."""
    family = platform_family(platform.family)
    if rule_document == family.document and not dss:
        return None
    source = DOCUMENTS.get(rule_document, rule_document) + (f", {locator}" if locator else "")
    where = "a DSS database too" if dss else f"{family.label}, whose own document states no such rule"
    return (
        f"capacity multiples (space for data, temp, undo, redo, archive and backup as multiples of the "
        f"database size) from {source}, applied to every family and here to {where}"
    )


def _capacity(
    size_gb: float, platform: Platform, rules: RuleSet, include_backup: bool, *, dss: bool = False
) -> tuple[Capacity, demand.RawCapacity, demand.CapacityBreakdown]:
    """Database elements (data, temp, redo, archive, backup) -> usable -> raw capacity of the arrays."""
    breakdown = demand.capacity_breakdown(size_gb, rules, include_backup=include_backup)
    raw = demand.raw_capacity(
        breakdown.total_gb,
        platform.storage_model,
        platform.raid_level,
        platform.arrays,
        platform.drives_per_enclosure,
        platform.dedup_ratio if platform.thin_provisioning or platform.dedup_ratio else None,
        demand.stated_usable_gb_per_unit(platform.storage_model, rules),
    )
    section = Capacity.built(
        elements=[
            CapacityElement.built(element=name, label=demand.ELEMENT_LABELS[name], size=q(gb, "GB"))
            for name, gb in breakdown.elements
        ],
        total=q(breakdown.total_gb, "GB"),
        after_data_reduction=q(raw.required_gb, "GB"),
        dedup_ratio=q(raw.dedup_ratio, "ratio"),
        usable=q(raw.usable_gb, "GB"),
        raw=q(raw.raw_gb, "GB"),
        raid=platform.raid_level,
        raid_efficiency=q(raw.raid_efficiency, "fraction"),
        raid_note=raw.raid_note,
        hot_spares_per_unit=q(raw.geometry.hot_spares, "count"),
        asm_redundancy="external",
        fits=raw.fits,
        rule=rule_ref(breakdown.rule),
        hardware_source=raw.geometry.source,
        rule_scope=_rule_scope(breakdown.rule.source.document, breakdown.rule.source.locator, platform, dss),
    )
    return section, raw, breakdown


def _capacity_message(raw: demand.RawCapacity, platform: Platform) -> str:
    fix = remedies.arrays_for_capacity(raw, platform)
    cure = (
        f"{fix.words(platform)} give {number(fix.result)} GB"
        if fix
        else f"more than {remedies.MAX_ARRAYS} {storage_model(platform.storage_model).array_unit_word}s: larger "
        "drives, data reduction or a second system"
    )
    current = remedies.Remedy("arrays", platform.arrays, raw.usable_gb).words(platform)
    give = "gives" if platform.arrays == 1 else "give"
    return f"needs {number(raw.required_gb)} GB, {current} {give} {number(raw.usable_gb)} GB usable: {cure}"


def _years(value: float | None) -> Quantity | None:
    return None if value is None else q(value, "years")
