from __future__ import annotations

import statistics

from sizing.evidence import EvidenceBundle
from sizing.rules import RuleSet
from sizing.validation import KEYS, summary, to_markdown, validation_report


def test_report_rows_and_median_held_out_error(seed: tuple[EvidenceBundle, RuleSet]) -> None:
    rows = validation_report(*seed)
    assert len(rows) >= 20
    for r in rows:
        assert set(r.to_dict()) == set(KEYS)
    held = [abs(r.held_out_error_pct) for r in rows]
    assert statistics.median(held) <= 10.0
    s = summary(rows)
    assert s["count"] == len(rows)
    assert s["median_abs_held_out_error_pct"] == round(statistics.median(held), 2)


def test_held_out_is_a_real_test(seed: tuple[EvidenceBundle, RuleSet]) -> None:
    rows = validation_report(*seed)
    fs1 = [r for r in rows if r.case.startswith("Swingbench")]
    assert len(fs1) == 2
    # rated points are calibration inputs: ~0 in sample, a real error when held out
    for r in fs1:
        assert abs(r.error_pct) < 0.5
        assert abs(r.held_out_error_pct) > 1.0
    tpcc = [r for r in rows if "maximum sustained TPS" in r.case and r.quantity == "tps"]
    assert {round(r.measured, 2) for r in tpcc} == {294.5, 348.61}


def test_markdown_table(seed: tuple[EvidenceBundle, RuleSet]) -> None:
    md = to_markdown(validation_report(*seed))
    assert md.splitlines()[0].startswith("| case | source |")
    assert "median absolute held-out error" in md
