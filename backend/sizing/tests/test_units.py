"""Quantities and chart points built on the fast path are the ones pydantic's validator would build,
and what the validator refuses is still refused with its error."""

from __future__ import annotations

import math

import pytest
from pydantic import TypeAdapter, ValidationError

from sizing.balance import BalancePoint
from sizing.notes import RuleRef
from sizing.projection import LoadPoint
from sizing.units import Quantity, finite_floats, q, rounded
from sizing.warnings import Warning, warning


def test_q_builds_the_quantity_the_validator_builds() -> None:
    fast = q(3, "ms")
    slow = Quantity(3.0, "ms")
    assert fast == slow
    assert type(fast.value) is float
    adapter = TypeAdapter(Quantity)
    assert adapter.dump_python(fast, mode="json") == adapter.dump_python(slow, mode="json")


@pytest.mark.parametrize(("value", "unit"), [(math.nan, "ms"), (math.inf, "TPS"), (1.0, "furlongs")])
def test_q_refuses_what_the_validator_refuses(value: float, unit: str) -> None:
    with pytest.raises(ValidationError):
        q(value, unit)


def test_chart_points_on_the_fast_path_equal_validated_ones() -> None:
    assert finite_floats(LoadPoint, 10.0, 2.5, 7.0) == LoadPoint(10.0, 2.5, 7.0)
    assert finite_floats(BalancePoint, 1.0, 2.0, 3.0, 4.0) == BalancePoint(1.0, 2.0, 3.0, 4.0)


@pytest.mark.parametrize("rule", [None, RuleRef("cpu-utilisation-limit", 2, "a document, Table 1", False)])
def test_a_warning_on_the_fast_path_is_the_one_the_validator_builds(rule: RuleRef | None) -> None:
    fast = warning("cpu-above-limit", "warning", "CPU at 91% at the SLA point", rule)
    slow = Warning("cpu-above-limit", "warning", "CPU at 91% at the SLA point", rule)
    assert fast == slow
    adapter = TypeAdapter(Warning)
    assert adapter.dump_python(fast, mode="json") == adapter.dump_python(slow, mode="json")


@pytest.mark.parametrize(
    ("code", "severity", "rule"),
    [("sla-missed", "fatal", None), (3, "critical", None), ("sla-missed", "critical", "a rule")],
)
def test_a_warning_the_validator_refuses_is_refused(code: object, severity: str, rule: object) -> None:
    with pytest.raises(ValidationError):
        warning(code, severity, "message", rule)  # type: ignore[arg-type]


def test_a_non_finite_chart_point_is_left_to_the_validator_and_never_published() -> None:
    point = finite_floats(LoadPoint, 10.0, math.nan, 7.0)  # validated: Float4 lets NaN through
    assert math.isnan(point.tps)
    with pytest.raises(ValueError, match="non-finite"):
        rounded(point.tps)


@pytest.mark.parametrize(
    ("x", "digits", "expected"),
    [
        (123456.7, 4, 123457.0),
        (0.000123456, 4, 0.0001235),
        (-2.34567, 3, -2.35),
        (0.0, 4, 0.0),
        (99.995, 4, 100.0),
    ],
)
def test_rounded_keeps_significant_figures_and_whole_numbers(x: float, digits: int, expected: float) -> None:
    assert rounded(x, digits) == expected
