"""The validation report grades what `evaluate` returns, per family, on points it was not fitted to."""

from __future__ import annotations

import json

import pytest

from sizing.evaluator import evaluate_design
from sizing.evidence import EvidenceBundle
from sizing.inputs import design_inputs_from_dict
from sizing.platforms import REGISTRY
from sizing.rules import RuleSet
from sizing.validation import KEYS, TOLERANCE_PCT, ValidationRow, summary, to_markdown, validation_report


@pytest.fixture(scope="module")
def rows(catalog: tuple[EvidenceBundle, RuleSet]) -> list[ValidationRow]:
    return validation_report(*catalog)


def test_every_row_has_the_published_keys(rows: list[ValidationRow]) -> None:
    assert rows
    for r in rows:
        assert set(r.to_dict()) == set(KEYS)
        assert r.role in ("calibration", "held-out")


def test_per_family_held_out_errors(rows: list[ValidationRow]) -> None:
    s = summary(rows)
    # Held-out rows in all (graded by their error or checking a stated bound): issue 14 asks for 80. Every
    # row that shares a run with a fitted point is a calibration row and does not count here.
    assert s["held_out"] + s["bounds"] >= 80
    for family in REGISTRY:
        f = s["families"][family]
        assert f["held_out"] >= 3, family
        assert f["median_abs_held_out_error_pct"] <= 10.0, (family, f)
        assert f["max_abs_held_out_error_pct"] <= 30.0, (family, f)
        assert f["bounds_held"] == f["bounds"], (family, [r for r in rows if r.bound_holds is False])


def test_calibration_rows_are_listed_but_not_counted(rows: list[ValidationRow]) -> None:
    s = summary(rows)
    calibration = [r for r in rows if r.role == "calibration"]
    assert calibration, "every family lists what it was fitted on"
    assert s["calibration"] == len(calibration)
    assert s["held_out"] == sum(1 for r in rows if r.counted)
    assert not any(r.counted for r in calibration)


def test_series_held_out_points_never_reach_a_calibration(catalog: tuple[EvidenceBundle, RuleSet]) -> None:
    """A family's calibration reads only the points it declares: evaluating its held-out designs with or
    without the held-out measurements in the evidence gives the same figures."""
    evidence, rules = catalog
    for family in REGISTRY.values():
        cases = family.validation_cases(evidence)
        calibrated = family.calibration_keys(evidence)
        series = [c for c in cases if c.hold_out == "series" and not set(c.keys) & calibrated]
        without = evidence.without({k for c in series for k in c.keys})
        for c in series:
            full = [evaluate_design(design_inputs_from_dict(d), evidence, rules) for d in c.designs]
            held = [evaluate_design(design_inputs_from_dict(d), without, rules) for d in c.designs]
            assert c.extract(full) == pytest.approx(c.extract(held), rel=1e-9), (family.slug, c.case)


def test_rows_are_within_their_kind_tolerance_or_named(rows: list[ValidationRow]) -> None:
    """Held-out rows beyond their kind's tolerance are few and visible (the report sorts them first)."""
    over = [r for r in rows if r.counted and abs(r.error_pct) > TOLERANCE_PCT[r.kind]]
    assert len(over) <= max(3, len([r for r in rows if r.counted]) // 10), [
        (r.case, round(r.error_pct, 1)) for r in over
    ]


def test_markdown_groups_by_family(rows: list[ValidationRow]) -> None:
    md = to_markdown(rows)
    for family in REGISTRY.values():
        assert f"### {family.label}" in md
    assert "held-out rows" in md
    json.dumps([r.to_dict() for r in rows])


def test_error_band_table_is_the_reports(rows: list[ValidationRow]) -> None:
    """The bands every evaluation carries come from this report: regenerate with
    `python -m sizing.error_bands --write` when the model or the catalog changes."""
    from sizing import error_bands

    assert error_bands.table() == error_bands.table_from_rows(rows)
