"""Warnings and best-practice checks; each cites the rule (slug, version, source) it comes from."""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping
from typing import Any, Literal, cast, get_args

from pydantic.dataclasses import dataclass

from sizing.notes import Flag, RuleRef, rule_ref
from sizing.rules import Rule, RuleSet

Severity = Literal["info", "warning", "critical"]
SEVERITIES = get_args(Severity)


@dataclass(frozen=True)
class Warning:
    code: str
    severity: Severity
    message: str
    rule: RuleRef | None  # the rule it comes from (None: the model's own check)


_SEVERITIES = frozenset(SEVERITIES)


def warning(code: str, severity: Severity, message: str, rule: RuleRef | None) -> Warning:
    """`Warning(code, severity, message, rule)`, built without re-running pydantic's validator when the
    fields are what it would check them to be (as sizing.notes.assumption builds an Assumption)."""
    if (
        type(code) is str
        and type(severity) is str
        and severity in _SEVERITIES
        and type(message) is str
        and (rule is None or type(rule) is RuleRef)
    ):
        out = _new(Warning)
        out.__dict__.update(code=code, severity=severity, message=message, rule=rule)
        return out
    return Warning(code, severity, message, rule)


_new = object.__new__


OPS: dict[str, Callable[[Any, Any], bool]] = {
    "eq": operator.eq,
    "ne": operator.ne,
    "lt": operator.lt,
    "lte": operator.le,
    "gt": operator.gt,
    "gte": operator.ge,
    "in": lambda a, b: a in b,
}


def check_rule(rule: Rule, facts: Mapping[str, Any]) -> bool | None:
    """True when the design satisfies the rule's check; None when it does not apply."""
    check = rule.check or {}
    if rule.applies_to and facts.get("family") not in rule.applies_to:
        return None
    for k, v in (check.get("when") or {}).items():
        if facts.get(k) != v:
            return None
    value = facts.get(str(check.get("field")))
    op = OPS.get(str(check.get("op")))
    if value is None or op is None:
        return None
    try:
        return bool(op(value, check.get("value")))
    except TypeError:
        return None


def best_practice_warnings(rules: RuleSet, facts: Mapping[str, Any]) -> tuple[list[Warning], set[str]]:
    """Catalog best-practice rules with a machine-checkable condition; returns the fields checked."""
    out = []
    fields: set[str] = set()
    family = facts.get("family")
    # the rules that leave the family out (check_rule: None) are not asked
    candidates = (
        rules.best_practices_for(family) if isinstance(family, str | None) else rules.best_practices()
    )
    for rule in candidates:
        ok = check_rule(rule, facts)
        if ok is None:
            continue
        fields.add(str((rule.check or {}).get("field")))
        if not ok:
            sev = cast(Severity, rule.severity if rule.severity in SEVERITIES else "warning")
            field = str((rule.check or {}).get("field"))
            message = f"{rule.title}: {design_has(field, facts.get(field))}"
            out.append(warning("best-practice", sev, message, rule_ref(rule)))
    return out, fields


# How a checked design fact reads in a sentence ("this design uses RAID 50"), not as code (raid=raid50).
VALUE_WORDS: dict[object, str] = {
    "raid10": "RAID 10", "raid50": "RAID 50", "raid5": "RAID 5", "raid6": "RAID 6", "raid_dp": "RAID-DP",
    "xdp": "XDP", "mirrored": "mirroring", "sas_15k": "15K SAS drives", "sas_10k": "10K SAS drives",
    "ssd": "SSDs", "sata": "SATA drives", "external": "external redundancy", "normal": "normal redundancy",
    "high": "high redundancy",
}  # fmt: skip
FIELD_PHRASES: dict[str, str] = {
    "raid": "this design uses {v}",
    "data_raid": "the data volumes use {v}",
    "asm_volumes": "this design has {v} ASM volumes in the data disk group",
    "users": "this design puts {v} users on it",
    "drive_technology": "this design uses {v}",
    "asm_redundancy": "the ASM disk groups use {v}",
    "pam": "this design has {v}",
    "rac_nodes": "this design has {v} RAC nodes",
    "arrays": "this design has {v} storage units",
    "cores_per_node": "this design has {v} cores per RAC node",
    "memory_gb_per_node": "this design has {v} GB of memory per RAC node",
    "thin_provisioning": "thin provisioning is {v} in this design",
}  # fmt: skip


def design_has(field: str, value: object) -> str:
    """The design's value of a checked fact, in words."""
    if field == "pam":
        words = "a PAM" if value else "no PAM"
    elif field == "thin_provisioning":
        words = "on" if value else "off"
    elif isinstance(value, bool):
        words = "yes" if value else "no"
    elif isinstance(value, int | float):
        words = f"{value:,.0f}" if float(value).is_integer() else f"{value:,.3g}"
    else:
        words = VALUE_WORDS.get(value, str(value).replace("_", " "))
    phrase = FIELD_PHRASES.get(field)
    if phrase is None:
        return f"this design has {field.replace('_', ' ')} {words}"
    return phrase.format(v=words)


def extrapolation_warnings(flags: list[Flag]) -> list[Warning]:
    return [warning("extrapolation", "warning", f.message, None) for f in flags]
