"""The one display-name map and number format (sizing.display) and the one bottleneck (sizing.limits)."""

from __future__ import annotations

import math
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sizing import display
from sizing.evaluation import OltpEvaluation
from sizing.evaluator import evaluate_design
from sizing.fixtures import load_fixture_dir
from sizing.inputs import design_inputs_from_dict
from sizing.tests.golden.cases import FIXTURES, SEED_DESIGNS


def _significant_figures(text: str) -> int:
    digits = text.replace(",", "").replace("-", "")
    whole, _, fraction = digits.partition(".")
    if fraction:
        return len((whole + fraction).lstrip("0"))
    return len(whole.lstrip("0").rstrip("0")) or 1


def test_numbers_read_as_a_customer_reads_them() -> None:
    assert display.number(34106.2) == "34,110"
    assert display.number(30000.0) == "30,000"
    assert display.number(26030.2) == "26,030"
    assert display.number(38.5) == "38.5"
    assert display.number(12.0) == "12"
    assert display.number(0.0008368) == "0.0008368"
    assert display.number(math.inf) == "—"
    assert display.quantity(80, "%") == "80%"
    assert display.quantity(2.5, "ms") == "2.5 ms"


@given(st.floats(min_value=-1e12, max_value=1e12, allow_nan=False).filter(lambda v: abs(v) > 1e-9))
def test_a_number_never_shows_more_than_four_significant_figures_nor_a_trailing_point_zero(
    value: float,
) -> None:
    text = display.number(value)
    assert _significant_figures(text) <= 4, text
    assert not text.endswith(".0") and not re.search(r"\.\d*0$", text), text
    assert float(text.replace(",", "")) == pytest.approx(value, rel=6e-4)


def test_every_station_family_and_storage_unit_has_words() -> None:
    assert display.station("storage_path") == "Host I/O path to the arrays"
    assert display.station("unheard_of") == "Unheard of"  # never raw code
    assert display.in_sentence("Server CPU") == "server CPU"
    assert display.in_sentence("X-Bricks") == "X-Bricks"
    assert display.storage_units("FS1-2", 3) == "3 drive enclosures"
    assert display.storage_units("X-Brick", 1) == "1 X-Brick"
    assert set(display.FAMILIES) == {"oracle-fs1", "equallogic", "xtremio", "netapp"}


def test_the_bottleneck_is_one_word_in_the_summary_the_statement_and_the_warnings() -> None:
    evidence, rules = load_fixture_dir(FIXTURES)
    differ = 0
    for slug, raw in SEED_DESIGNS.items():
        ev = evaluate_design(design_inputs_from_dict(raw), evidence, rules)
        limits = ev.summary.limits
        assert limits.bottleneck == ev.summary.bottleneck, slug
        assert limits.statement.startswith(f"{display.station(limits.bottleneck)} is the bottleneck"), slug
        for w in ev.warnings:  # no warning names a station by its code
            assert not re.search(r"\b(storage_path|cpu station)\b", w.message), (slug, w.message)
        if ev.kind == "oltp" and "At the SLA point" in limits.statement:
            differ += 1
            assert limits.at_sla_point == "cpu" and limits.bottleneck != "cpu", slug
    assert differ >= 2  # the half rack and the RAID 50 EqualLogic design name both, as such


def test_an_unreachable_design_load_says_so_and_by_how_much() -> None:
    evidence, rules = load_fixture_dir(FIXTURES)
    quarter = SEED_DESIGNS["fs1-quarter-rated-25800-tps"]["platform"]
    ev = evaluate_design(
        design_inputs_from_dict({"workload": {"kind": "oltp", "target_tps": 30000}, "platform": quarter}),
        evidence,
        rules,
    )
    assert isinstance(ev, OltpEvaluation)
    s = ev.summary
    assert s.design_load_reachable is False
    assert s.design_load_beyond_max_pct is not None
    beyond = (30000 / ev.performance.bounds.max_throughput.value - 1) * 100
    assert s.design_load_beyond_max_pct.value == pytest.approx(beyond, rel=1e-3)
    (w,) = [w for w in ev.warnings if w.code == "target-unreachable"]
    assert f"{display.percent(s.design_load_beyond_max_pct.value)} beyond" in w.message
    reachable = evaluate_design(
        design_inputs_from_dict({"workload": {"kind": "oltp", "target_tps": 20000}, "platform": quarter}),
        evidence,
        rules,
    )
    assert isinstance(reachable, OltpEvaluation)
    assert reachable.summary.design_load_reachable is True
    assert reachable.summary.design_load_beyond_max_pct is None


def test_a_capacity_rule_from_another_familys_document_says_so() -> None:
    evidence, rules = load_fixture_dir(FIXTURES)
    for slug, raw in SEED_DESIGNS.items():
        ev = evaluate_design(design_inputs_from_dict(raw), evidence, rules)
        own = raw["platform"]["family"] == "equallogic" and ev.kind == "oltp"
        scope = ev.capacity.rule_scope
        if own:
            assert scope is None, slug
        else:
            assert scope is not None and "Dell EqualLogic OLTP sizing study (2010), Table 7" in scope, slug
            assert "applied to every family" in scope, slug
