"""Assumptions, extrapolation flags and rule references carried by every output."""

from __future__ import annotations

from pydantic.dataclasses import dataclass

from sizing.rules import Rule
from sizing.units import Quantity


@dataclass(frozen=True)
class Assumption:
    key: str
    text: str
    source: str
    value: Quantity | None = None


@dataclass(frozen=True)
class Flag:
    """Something the evidence does not cover: the number is an extrapolation."""

    field: str
    message: str


@dataclass(frozen=True)
class RuleRef:
    """Which sizing rule (and version) a figure or a warning comes from."""

    slug: str
    version: int
    source: str
    from_catalog: bool


def rule_ref(rule: Rule) -> RuleRef:
    return RuleRef(rule.slug, rule.version, rule.source.cite(), rule.from_catalog)
