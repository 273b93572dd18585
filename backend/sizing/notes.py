"""Assumptions, extrapolation flags and rule references carried by every output."""

from __future__ import annotations

from pydantic.dataclasses import dataclass

from sizing.rules import Rule
from sizing.units import Quantity

_new = object.__new__


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
    """The reference to a rule, made once per rule (a frozen rule set's rules are cited by every
    evaluation) and kept on it."""
    ref: RuleRef | None = rule.__dict__.get("_ref")
    if ref is None:
        ref = RuleRef(rule.slug, rule.version, rule.source.cite(), rule.from_catalog)
        object.__setattr__(rule, "_ref", ref)
    return ref


def assumption(key: str, text: str, source: str, value: Quantity | None = None) -> Assumption:
    """`Assumption(key, text, source, value)`, built without re-running pydantic's validator when the
    fields are what it would check them to be (strings, a Quantity or None: a model build notes ~20)."""
    if (
        type(key) is str
        and type(text) is str
        and type(source) is str
        and (value is None or type(value) is Quantity)
    ):
        out = _new(Assumption)
        out.__dict__.update(key=key, text=text, source=source, value=value)
        return out
    return Assumption(key, text, source, value)


def flag(field: str, message: str) -> Flag:
    """`Flag(field, message)`, built as `assumption` builds an Assumption."""
    if type(field) is str and type(message) is str:
        out = _new(Flag)
        out.__dict__.update(field=field, message=message)
        return out
    return Flag(field, message)
