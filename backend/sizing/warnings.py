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
    for rule in rules.best_practices():
        ok = check_rule(rule, facts)
        if ok is None:
            continue
        fields.add(str((rule.check or {}).get("field")))
        if not ok:
            sev = cast(Severity, rule.severity if rule.severity in SEVERITIES else "warning")
            out.append(
                Warning(
                    "best-practice",
                    sev,
                    f"{rule.title} (design has {rule.check.get('field')}="  # type: ignore[union-attr]
                    f"{facts.get(str((rule.check or {}).get('field')))})",
                    rule_ref(rule),
                )
            )
    return out, fields


def extrapolation_warnings(flags: list[Flag]) -> list[Warning]:
    return [Warning("extrapolation", "warning", f.message, None) for f in flags]
