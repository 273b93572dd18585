"""The words and numbers a reader sees for the engine's values: one map and one number format, used by
the engine's own messages, the reports (proposal PDF, exports) and the SPA, which reads the same map
from frontend/src/lib/display-names.generated.ts (written from this module by `make display-names`;
the lint step fails when the two differ).

Why one map: a station, a drive type or a family written three ways ("storage_path", "Storage path",
"the host path") reads as three things; the proposal and the screen must say the same word."""

from __future__ import annotations

import math
from decimal import ROUND_HALF_UP, Decimal

from sizing.families.base import ARRAY_UNIT_WORDS
from sizing.platforms import RAID_LABELS, REGISTRY

# The queueing stations of the engine's networks (sizing/oltp_network.py, the families' fits).
STATIONS: dict[str, str] = {
    "cpu": "Server CPU",
    "storage": "Storage",
    # EqualLogic: the host side of the ASM volumes (sizing/families/equallogic_fit.py)
    "storage_path": "Host I/O path to the arrays",
    "network": "Network",
    "net": "Network",
    "disk": "Disks",
    "host": "Host processing",
    "other": "Other server time",
    "think": "Think time",
}

# The balance chart's reading at the SLA point (sizing.balance.classify).
BALANCE: dict[str, str] = {
    "cpu-bound": "CPU-bound",
    "storage-bound": "Storage-bound",
    "balanced": "Balanced",
}

VERDICTS: dict[str, str] = {"holds": "Holds", "holds-until": "Holds until", "does-not-hold": "Does not hold"}

# Drive technologies (the catalog's DriveTechnology values, and NetApp's FC disks).
DRIVES: dict[str, str] = {
    "ssd": "SSD",
    "sas_15k": "15K SAS",
    "sas_10k": "10K SAS",
    "sas_7k2": "7.2K SAS",
    "sata_7k2": "7.2K SATA",
    "nl_sas": "Near-line SAS",
    "fc_15k": "15K FC",
    "sata": "SATA",
}

FAMILIES: dict[str, str] = {slug: f.label for slug, f in REGISTRY.items()}

# What a design's `arrays` counts, per storage model: (one, several).
STORAGE_UNITS: dict[str, tuple[str, str]] = {
    m.name: (ARRAY_UNIT_WORDS[m.array_unit], _plural)
    for f in REGISTRY.values()
    for m in f.storage_models
    for _plural in (ARRAY_UNIT_WORDS[m.array_unit] + "s",)
}

# The seed documents as a customer reads their names (the catalog holds their full titles).
DOCUMENTS: dict[str, str] = {
    "dell-equallogic-oltp-2010": "the Dell EqualLogic OLTP sizing study (2010)",
    "dell-equallogic-dss-2012": "the Dell EqualLogic PS6110XV DSS baseline (2012)",
    "emc-xtremio-2014": "the EMC XtremIO Oracle consolidation study (2014)",
    "netapp-pam-2009": "the NetApp PAM Oracle OLTP characterization (2009)",
    "oracle-fs1-2016": "the Oracle FS1-2 RAC reference architecture (2016)",
    "oracle-licensing": "Oracle's core factor table and price list",
}

# The reference configurations the families' own texts name (their reference_configurations), as the
# catalog names them, less the node count the texts give beside them.
CONFIGURATIONS: dict[str, str] = {
    "oracle-fs1-quarter-rack": "Oracle FS1-2 quarter rack",
    "oracle-fs1-half-rack": "Oracle FS1-2 half rack",
    "xtremio-two-xbrick-cluster": "EMC XtremIO two-X-Brick cluster",
}

# The catalog rules the engine's own texts name by slug (the catalog holds their full titles).
RULES: dict[str, str] = {"xtremio-linear-scaling": "XtremIO linear scaling"}

WORKLOAD_KINDS: dict[str, str] = {"oltp": "OLTP", "dss": "DSS (data warehouse)"}
IO_PATTERNS: dict[str, str] = {"random": "Random", "sequential": "Sequential"}
RAID: dict[str, str] = {**RAID_LABELS, "raid0": "RAID 0", "concat": "Concatenated"}


def station(name: str) -> str:
    """A station in words; an unknown one with its underscores as spaces (never raw code)."""
    return STATIONS.get(name) or name.replace("_", " ").capitalize()


def in_sentence(label: str) -> str:
    """A label inside a sentence: "Server CPU" -> "server CPU", "X-Bricks" and "CPU" unchanged."""
    return label[0].lower() + label[1:] if len(label) > 1 and label[1].islower() else label


def storage_units(storage_model: str, count: float) -> str:
    """ "3 drive enclosures", "1 X-Brick": the count with the storage model's own unit word."""
    one, several = STORAGE_UNITS.get(storage_model, ("storage unit", "storage units"))
    return f"{number(count)} {one if count == 1 else several}"


def _significant(value: float, figures: int) -> Decimal:
    """`value` rounded half away from zero to `figures` significant figures, as a Decimal."""
    if value == 0:
        return Decimal(0)
    exponent = math.floor(math.log10(abs(value)))
    quantum = Decimal(1).scaleb(exponent - figures + 1)
    return Decimal(repr(value)).quantize(quantum, rounding=ROUND_HALF_UP)


def number(value: float, figures: int = 4) -> str:
    """A number as a customer reads it: at most `figures` significant figures, thousands grouped,
    no trailing zeros after the point, no ".0" on a whole number ("34,110", "38.5", "0.8368", "3")."""
    if not math.isfinite(value):
        return "—"
    rounded = _significant(float(value), figures)
    if rounded == rounded.to_integral_value():
        return f"{int(rounded):,}"
    text = f"{rounded:,f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def quantity(value: float, unit: str, figures: int = 4) -> str:
    """ "34,110 TPS", "80 %" -> "80%": a number with its unit."""
    if unit == "%":
        return f"{number(value, figures)}%"
    return f"{number(value, figures)} {unit}".rstrip()


def percent(value: float) -> str:
    """A share or a change in percent, to whole percents from 10 and two significant figures below."""
    return f"{number(value, 2 if abs(value) < 10 else 3)}%"


def typescript() -> str:
    """The map as the SPA's module (frontend/src/lib/display-names.generated.ts)."""
    import json

    maps = {
        "STATIONS": STATIONS,
        "BALANCE": BALANCE,
        "VERDICTS": VERDICTS,
        "DRIVES": DRIVES,
        "FAMILIES": FAMILIES,
        "STORAGE_UNITS": {k: list(v) for k, v in STORAGE_UNITS.items()},
        "WORKLOAD_KINDS": WORKLOAD_KINDS,
        "IO_PATTERNS": IO_PATTERNS,
        "RAID": RAID,
        "DOCUMENTS": DOCUMENTS,
        "CONFIGURATIONS": CONFIGURATIONS,
        "RULES": RULES,
    }
    lines = [
        "// Generated from backend/sizing/display.py by `make display-names`: do not edit by hand.",
        "// The words a reader sees for the engine's values, the same as the proposal PDF prints.",
        "",
    ]
    for name, values in maps.items():
        kind = "readonly [string, string]" if name == "STORAGE_UNITS" else "string"
        body = json.dumps(values, indent=2, ensure_ascii=False)
        lines.append(f"export const {name}: Readonly<Record<string, {kind}>> = {body};")
        lines.append("")
    return "\n".join(lines)
