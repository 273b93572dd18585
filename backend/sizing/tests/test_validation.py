"""The validation report grades what `evaluate` returns, per family, on points it was not fitted to."""

from __future__ import annotations

import dataclasses
import json
import pathlib

import pytest

from sizing import error_bands
from sizing.cases import ValidationCase
from sizing.evaluator import evaluate_design
from sizing.evidence import EvidenceBundle
from sizing.inputs import design_inputs_from_dict
from sizing.platforms import REGISTRY
from sizing.rules import RuleSet
from sizing.validation import (
    KEYS,
    TOLERANCE_PCT,
    ValidationRow,
    _change_columns,
    _error,
    summary,
    to_markdown,
    validation_report,
    with_bands,
)

# The acceptance per family (issues 14, 37): median absolute held-out error, worst, every stated bound.
MEDIAN_PCT, WORST_PCT, MIN_HELD_OUT = 10.0, 30.0, 3


@pytest.fixture(scope="module")
def rows(catalog: tuple[EvidenceBundle, RuleSet]) -> list[ValidationRow]:
    return validation_report(*catalog)


def test_every_row_has_the_published_keys(rows: list[ValidationRow]) -> None:
    assert rows
    for r in rows:
        assert set(r.to_dict()) == set(KEYS)
        assert r.role in ("calibration", "held-out")


def breaches(s: dict[str, object]) -> list[tuple[str, str, object]]:
    """Every threshold a report's summary breaks, per family: (family, threshold, figure)."""
    out: list[tuple[str, str, object]] = []
    for family, f in s["families"].items():  # type: ignore[attr-defined]
        if f["held_out"] < MIN_HELD_OUT:
            out.append((family, f"held-out rows >= {MIN_HELD_OUT}", f["held_out"]))
        if f["median_abs_held_out_error_pct"] is None or f["median_abs_held_out_error_pct"] > MEDIAN_PCT:
            out.append((family, f"median <= {MEDIAN_PCT:g} %", f["median_abs_held_out_error_pct"]))
        # a row of a named known limit is graded and printed, but it is not a figure the model claims
        worst = f["max_abs_without_known_limits_pct"]
        if worst is None or worst > WORST_PCT:
            out.append((family, f"worst <= {WORST_PCT:g} %", worst))
        if f["bounds_held"] != f["bounds"]:
            out.append((family, "every stated bound held", f"{f['bounds_held']} of {f['bounds']}"))
    return out


def test_per_family_held_out_errors(rows: list[ValidationRow]) -> None:
    s = summary(rows)
    # Held-out rows in all (graded by their error or checking a stated bound): issue 14 asks for 80. Every
    # row that shares a run with a fitted point is a calibration row and does not count here.
    assert s["held_out"] + s["bounds"] >= 80
    assert set(REGISTRY) <= set(s["families"])
    worst = {
        f: [
            (r.case, round(r.error_pct, 1))
            for r in rows
            if r.family == f and r.counted and abs(r.error_pct) > WORST_PCT
        ]
        for f in REGISTRY
    }
    assert not breaches(s), (breaches(s), worst, [r.case for r in rows if r.bound_holds is False])


# Issue 37's acceptance, on every prediction made without its measurement (held-out rows and the
# leave-one-test-out predictions of calibration rows): at least 8 per family, median <= 10 %, worst <= 30 %
# (rows of a named known limit aside), every stated bound held on both. The breaches below are what the
# model and its evidence cannot meet yet, each with why (docs/model.md, "Limits of trust"); a new breach
# fails, and so does a listed one that no longer breaks (shorten the list).
MIN_PREDICTIONS = 8
KNOWN_PREDICTION_BREACHES: dict[tuple[str, str], str] = {
    ("oracle-fs1", f"predictions >= {MIN_PREDICTIONS}"): (
        "the document prints two rated Swingbench runs, one nominal IOPS per rack and one AWR report; the AWR "
        "report fixes the per-I/O latency and the per-transaction demands and the quarter rack's nominal IOPS "
        "its storage concurrency, so neither is predictable without itself (3 held out, 4 cross-validated)"
    ),
    ("xtremio", f"predictions >= {MIN_PREDICTIONS}"): (
        "three storage constants are fixed by exactly three SLOB tests: none of them is predictable "
        "without itself (3 held out, 0 cross-validated)"
    ),
    ("equallogic", f"median <= {MEDIAN_PCT:g} %"): (
        "the DSS document's ORION cells and stated gains predicted without their own runs: a cell is "
        "then the other RAID level's (or array's) times a ratio measured elsewhere; the held-out median is 4.2 %"
    ),
    ("equallogic", f"worst <= {WORST_PCT:g} %"): (
        "the same ORION gains: a stated gain near zero (RAID 50 vs RAID 10 random reads, +0.03 %) graded "
        "on the gain itself, and sequential-write cells 31-46 % off without their own run"
    ),
    ("equallogic", "every stated bound held"): (
        "the RAID 50 vs RAID 10 sequential-write and 2- vs 1-array random-read bounds, predicted "
        "without their own ORION runs, and the TPC-H completion-time cut of 'more than 30 %' (-28 % from the "
        "reduced query fit without the 1-array run)"
    ),
    ("netapp", "every stated bound held"): (
        "one PAM latency-cut bound (SGA 22 GB, minimum side: 28 %, 26.2 % without its own summary row)"
    ),
}


def prediction_breaches(s: dict[str, object]) -> list[tuple[str, str, object]]:
    """Every acceptance threshold a report's summary breaks per family, over held-out and cross-validated
    predictions together: (family, threshold, figure)."""
    out: list[tuple[str, str, object]] = []
    for family, f in s["families"].items():  # type: ignore[attr-defined]
        if f["predictions"] < MIN_PREDICTIONS:
            out.append((family, f"predictions >= {MIN_PREDICTIONS}", f["predictions"]))
        median = f["median_abs_prediction_error_pct"]
        if median is None or median > MEDIAN_PCT:
            out.append((family, f"median <= {MEDIAN_PCT:g} %", median))
        worst = f["max_abs_prediction_without_known_limits_pct"]
        if worst is None or worst > WORST_PCT:
            out.append((family, f"worst <= {WORST_PCT:g} %", worst))
        if f["bounds_held"] != f["bounds"] or f["cross_validated_bounds_held"] != f["cross_validated_bounds"]:
            held = f["bounds_held"] + f["cross_validated_bounds_held"]
            out.append(
                (family, "every stated bound held", f"{held} of {f['bounds'] + f['cross_validated_bounds']}")
            )
    return out


def test_every_family_meets_the_acceptance_on_its_predictions(rows: list[ValidationRow]) -> None:
    found = {(family, threshold): figure for family, threshold, figure in prediction_breaches(summary(rows))}
    assert set(found) == set(KNOWN_PREDICTION_BREACHES), found


def test_every_calibration_row_is_cross_validated_or_says_why_not(rows: list[ValidationRow]) -> None:
    """Leave-one-test-out is done for every calibration row of every family: a prediction made on the
    evidence without the row's observations, or the reason none can be made; never on a held-out row."""
    for r in rows:
        if r.role == "held-out":
            assert (r.cv_predicted, r.cv_error_pct, r.cv_missing) == (None, None, None)
        else:
            assert (r.cv_predicted is None) == bool(r.cv_missing), r.case
    # some prediction is made in every family with a fit, and it is not the calibrated figure itself
    moved = [r for r in rows if r.cross_validated and abs(r.cv_error_pct - r.error_pct) > 0.5]  # type: ignore[operator]
    assert {r.family for r in moved} >= {"oracle-fs1", "equallogic"}


def test_a_cross_validated_row_is_the_evaluation_without_its_test(
    catalog: tuple[EvidenceBundle, RuleSet], rows: list[ValidationRow]
) -> None:
    """A cross-validated figure is what `evaluate` returns on the evidence without the row's observations
    (the family refitted there), read the way the row reads its figure."""
    evidence, rules = catalog
    r = next(r for r in rows if r.family == "oracle-fs1" and r.cross_validated and "half rack" in r.case)
    family = REGISTRY[r.family]
    case = next(c for c in family.validation_cases(evidence) if c.case == r.case and c.quantity == r.quantity)
    basis = evidence.without(case.keys)
    assert len(basis.observations) < len(evidence.observations)
    evaluations = [evaluate_design(design_inputs_from_dict(d), basis, rules) for d in case.designs]
    assert r.cv_predicted == pytest.approx(case.extract(evaluations), rel=1e-12)
    assert r.cv_predicted != pytest.approx(r.predicted, rel=1e-3)  # the refit moved it


def test_the_prediction_figures_count_both_kinds() -> None:
    """The acceptance figures pool held-out errors and cross-validated ones; a bound check and a
    calibration row without a cross-validation are in neither."""

    def row(case: str, role: str, **kw: object) -> ValidationRow:
        kw.setdefault("error_pct", 0.0)
        return ValidationRow(
            family="f", document="d", case=case, source="s", quantity="q", unit="u", kind="throughput",
            measured=1.0, predicted=1.0, role=role, **kw,  # type: ignore[arg-type]
        )  # fmt: skip

    rows = [
        row("held", "held-out", error_pct=4.0),
        row("cv", "calibration", cv_predicted=1.2, cv_error_pct=-20.0),
        row("none", "calibration", cv_missing="no fit"),
        row(
            "bound", "calibration", bound="upper", cv_predicted=2.0, cv_error_pct=100.0, cv_bound_holds=False
        ),
    ]
    f = summary(rows)["families"]["f"]
    assert (f["predictions"], f["cross_validated"], f["cross_validation_missing"]) == (2, 1, 1)
    assert f["median_abs_prediction_error_pct"] == 12.0
    assert f["max_abs_prediction_without_known_limits_pct"] == 20.0
    assert (f["cross_validated_bounds"], f["cross_validated_bounds_held"]) == (1, 0)
    assert ("f", "every stated bound held", "0 of 1") in prediction_breaches(summary(rows))


def test_a_broken_threshold_is_caught(rows: list[ValidationRow]) -> None:
    """The check above fails on a report that breaks a threshold: one held-out row made 1,000 % off, one
    stated bound missed."""
    r = next(r for r in rows if r.counted and r.family == "netapp" and r.limit is None)
    worse = [
        x if x is not r else dataclasses.replace(r, error_pct=1000.0) for x in rows if x.family == "netapp"
    ]
    assert ("netapp", f"worst <= {WORST_PCT:g} %", 1000.0) in breaches(summary(worse))
    b = next(r for r in rows if r.role == "held-out" and r.bound is not None)
    missed = [
        x if x is not b else dataclasses.replace(b, bound_holds=False) for x in rows if x.family == b.family
    ]
    assert any(t == "every stated bound held" for _, t, _ in breaches(summary(missed)))


def test_only_a_named_known_limit_is_beyond_the_worst_threshold(rows: list[ValidationRow]) -> None:
    """A held-out row beyond the worst-error threshold is a known limit of the model, and docs/model.md's
    Limits of trust names each such limit word for word; a limit row is still graded and counted."""
    beyond = [r for r in rows if r.counted and abs(r.error_pct) > WORST_PCT]
    assert [r.case for r in beyond if r.limit is None] == []
    docs = (pathlib.Path(__file__).resolve().parents[3] / "docs" / "model.md").read_text(encoding="utf-8")
    trust = docs[docs.index("Limits of trust\n") :]
    for limit in sorted({r.limit for r in rows if r.limit}):
        assert " ".join(limit.split()) in " ".join(trust.split()), limit
    s = summary(rows)
    for family, f in s["families"].items():
        limited = [abs(r.error_pct) for r in rows if r.family == family and r.counted and r.limit]
        assert f["known_limits"] == len(limited)
        assert f["max_abs_held_out_error_pct"] >= max(limited, default=0.0) - 0.01  # still counted
    # and a limit row made 1,000 % off breaks nothing, where the same row without its limit does
    r = next(r for r in rows if r.counted and r.limit)
    mine = [x for x in rows if x.family == r.family]
    worse = [x if x is not r else dataclasses.replace(r, error_pct=1000.0) for x in mine]
    assert not any(t.startswith("worst") for _, t, _ in breaches(summary(worse)))
    bare = [x if x is not r else dataclasses.replace(r, error_pct=1000.0, limit=None) for x in mine]
    assert any(t.startswith("worst") for _, t, _ in breaches(summary(bare)))


def _change_case(measured: float) -> ValidationCase:
    return ValidationCase(
        "a stated gain", (), "change_pct", "%", measured, (), lambda e: 0.0, "ratio", error="change"
    )


def test_a_stated_change_is_graded_on_the_change_itself() -> None:
    """A gain of zero against a stated +35 % is 100 % off (the ratio 1 / 1.35 said -26 %); +18.5 % against
    +35 % is -47 %, -16.5 points, and -12.2 % only on the ratio column."""
    case = _change_case(35.0)
    assert _error(case, 0.0) == pytest.approx(-100.0)
    assert _error(case, 18.5) == pytest.approx((18.5 - 35) / 35 * 100)
    pp, ratio = _change_columns(case, 18.5)
    assert pp == pytest.approx(-16.5)
    assert ratio == pytest.approx((1.185 / 1.35 - 1) * 100)
    assert _change_columns(dataclasses.replace(case, error="relative"), 18.5) == (None, None)


def test_change_rows_carry_the_gain_error_and_the_ratio_beside_it(rows: list[ValidationRow]) -> None:
    change = [r for r in rows if r.error_pp is not None]
    assert len(change) >= 10
    for r in change:
        assert r.error_pct == pytest.approx((r.predicted - r.measured) / r.measured * 100)
        assert r.error_pp == pytest.approx(r.predicted - r.measured)
        assert r.ratio_error_pct == pytest.approx(
            ((1 + r.predicted / 100) / (1 + r.measured / 100) - 1) * 100
        )
        d = r.to_dict()
        assert r.error_pp is not None and r.ratio_error_pct is not None
        assert d["error_pp"] == round(r.error_pp, 2) and d["ratio_error_pct"] == round(r.ratio_error_pct, 2)
    # the statistics grade the gain: a held-out gain row counts with its gain error
    s = summary(change)
    held = [abs(r.error_pct) for r in change if r.counted]
    assert s["max_abs_held_out_error_pct"] == round(max(held), 2)
    assert all(
        r.error_pp is None and r.ratio_error_pct is None for r in rows if r.unit != "%" and r.kind != "ratio"
    )


def test_band_coverage_holds_the_stated_rate_per_family(rows: list[ValidationRow]) -> None:
    """Per family, the share of held-out rows whose measurement lies inside the band the evaluation
    publishes for that figure is at least the band's stated rate - with the band as published and with
    the band each row would get from the family's other held-out rows."""
    s = summary(rows)
    for family in REGISTRY:
        f = s["families"][family]
        assert f["band_rate_pct"] == error_bands.STATED_COVERAGE_PCT
        assert f["band_coverage_pct"] is not None, family
        outside = [(r.case, r.measured, round(r.predicted, 3), r.band_pct) for r in rows
                   if r.family == family and r.counted and not r.in_held_out_band]  # fmt: skip
        assert f["band_coverage_pct"] >= f["band_rate_pct"], (family, f, outside)
        assert f["held_out_band_coverage_pct"] >= f["band_rate_pct"], (family, f, outside)
    assert all(r.in_band is None and r.band_pct is None for r in rows if not r.counted)


def test_band_membership_is_the_published_interval(rows: list[ValidationRow]) -> None:
    """A row is inside its band when the measurement lies in predicted x (1 +/- half-width); a narrower
    table turns rows out of it, and a row's held-out band never reads its own error."""
    r = next(
        r for r in rows if r.counted and r.error_pp is None and abs(r.error_pct) > 1 and not r.extrapolated
    )
    pct, _ = error_bands.half_width_in(error_bands.table(), r.family, r.band_kind)
    assert r.band_pct == pytest.approx(pct)
    assert r.in_band == (abs(r.measured - r.predicted) <= pct / 100 * r.predicted * (1 + 1e-9))
    narrow = {f: {k: {"worst_pct": 0.01, "count": 100} for k in ("throughput", "latency")} for f in REGISTRY}
    assert not any(x.in_band for x in with_bands([r], narrow))
    worst = max(
        (x for x in rows if x.counted and x.family == "equallogic"), key=lambda x: abs(x.band_error_pct)
    )
    others = error_bands.table_from_rows([x for x in rows if x.counted and x is not worst])
    loo, _ = error_bands.half_width_in(others, worst.family, worst.band_kind)
    assert loo <= abs(worst.band_error_pct) or loo == error_bands.NO_EVIDENCE_PCT


def test_too_few_rows_do_not_back_the_stated_rate() -> None:
    """The worst of n held-out errors covers the next with probability n / (n + 1): under 9 rows the band
    is at least the acceptance ceiling."""
    few = {"f": {"throughput": {"worst_pct": 7.0, "count": error_bands.MIN_ROWS_FOR_RATE - 1}}}
    enough = {"f": {"throughput": {"worst_pct": 7.0, "count": error_bands.MIN_ROWS_FOR_RATE}}}
    assert error_bands.half_width_in(few, "f", "throughput")[0] == error_bands.NO_EVIDENCE_PCT
    assert error_bands.half_width_in(enough, "f", "throughput")[0] == 7.0
    assert error_bands.half_width_in(enough, "f", "latency")[0] == 7.0  # the family's other kind
    assert error_bands.half_width_in({}, "f", "latency")[0] == error_bands.NO_EVIDENCE_PCT


def test_printed_responses_are_values_beside_their_bound(rows: list[ValidationRow]) -> None:
    """Each TPC-C run's printed response (its last load step within 2 s) is graded as a latency value,
    and the 2 s bound it states is kept beside it."""
    bounds = [r for r in rows if r.family == "equallogic" and "within the 2 s threshold" in r.case]
    values = [r for r in rows if r.family == "equallogic" and "(last load step within 2 s)" in r.case]
    assert bounds and len(values) == len(bounds)
    for r in values:
        assert r.kind == "latency" and r.bound is None and r.unit == "s" and r.measured < 2.0
        assert any(b.source == r.source and b.bound == "upper" and b.measured == 2.0 for b in bounds)


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
    """Held-out rows beyond their kind's tolerance are few and visible (the report sorts them first); the
    rows of a named known limit are counted apart (test_only_a_named_known_limit_...)."""
    over = [r for r in rows if r.counted and r.limit is None and abs(r.error_pct) > TOLERANCE_PCT[r.kind]]
    assert len(over) <= max(3, len([r for r in rows if r.counted]) // 10), [
        (r.case, round(r.error_pct, 1)) for r in over
    ]


def test_markdown_groups_by_family(rows: list[ValidationRow]) -> None:
    md = to_markdown(rows)
    for family in REGISTRY.values():
        assert f"### {family.label}" in md
    assert "held-out rows" in md
    assert "inside their published band" in md and "pp /" in md
    json.dumps([r.to_dict() for r in rows])


def test_error_band_table_is_the_reports(rows: list[ValidationRow]) -> None:
    """The bands every evaluation carries come from this report: regenerate with
    `python -m sizing.error_bands --write` when the model or the catalog changes."""
    from sizing import error_bands

    assert error_bands.table() == error_bands.table_from_rows(rows)


def test_a_test_printed_in_several_places_is_left_out_whole(
    catalog: tuple[EvidenceBundle, RuleSet], rows: list[ValidationRow]
) -> None:
    """Leave-one-test-out removes every printing of the row's run: the Conclusion's "about 26,000 TPS"
    is not predicted from Table 1's 25,800 (the same run), nor Table 6's test 5 from Table 5's test 2."""
    evidence, _ = catalog
    keys = {o.key for o in evidence.observations}
    for slug, family in REGISTRY.items():
        for run in family.same_runs(evidence):
            assert len(run) > 1 and run <= keys, (slug, sorted(run))
    fs1 = [set(r) for r in REGISTRY["oracle-fs1"].same_runs(evidence)]
    assert any(
        {"oracle-fs1-2016-swingbench-20ms-quarter-rack#0", "oracle-fs1-2016-swingbench-20ms-quarter-rack#1"}
        <= r
        for r in fs1
    )
    dell = [set(r) for r in REGISTRY["equallogic"].same_runs(evidence)]
    assert any({"dell-oltp-2010-tpcc-volumes#1", "dell-oltp-2010-tpcc-memory#4"} <= r for r in dell)
    # the Conclusion's restatement is predicted as Table 1's run is, by the fit without either (the
    # reduced fit), not read off Table 1's 25,800 (-0.8 %, when only the restatement was left out)
    about = next(r for r in rows if r.family == "oracle-fs1" and "about 26,000" in r.case)
    table1 = next(r for r in rows if r.family == "oracle-fs1" and r.case.endswith("Swingbench TPS at 20 ms")
                  and "quarter" in r.case)  # fmt: skip
    assert about.role == table1.role == "calibration"
    assert about.cv_predicted == pytest.approx(table1.cv_predicted, rel=1e-12)
    assert abs(about.cv_predicted - 25_800) / 25_800 > 0.05  # type: ignore[operator]
    table6 = next(
        r for r in rows if r.family == "equallogic" and r.case.startswith("TPC-C TPS at 6,900 users, Table 6")
    )
    assert table6.cv_missing


def test_the_docs_tables_are_the_reports(rows: list[ValidationRow]) -> None:
    """docs/model.md prints the report's own tables (section 7 and the cross-validation table of
    section 9); regenerate with `python -m sizing.tests.docs_tables --write`."""
    from sizing.tests import docs_tables

    text = docs_tables.MODEL_DOC.read_text(encoding="utf-8")
    for name, make in docs_tables.MARKERS.items():
        assert docs_tables.section(text, name) == make(rows), f"docs/model.md {name} is stale"
