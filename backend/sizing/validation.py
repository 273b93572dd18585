"""The engine against the documents: every row is what `evaluate` returns for a document's own
configuration, beside the figure the document printed.

Each platform family declares its cases (sizing/cases.py) and the observations its calibration is
fitted on. A row whose measurement is among those is a `calibration` row: listed, never counted as
evidence. Every other row is `held-out` and is predicted from evidence that does not contain it:
- "series" rows: the family's held-out points are all removed before the design is evaluated, so
  no held-out point can leak into a calibration;
- "point" rows (look-ups such as an ORION curve): that one point is removed (leave-one-out).
Rows that check a stated bound ("< 1 ms") report whether the prediction lies on the stated side and
are counted apart from the error statistics.

A stated gain or change ("+35 %") is graded on the gain itself: its error is the relative error of the
gain, (predicted - measured) / measured, beside the error in percentage points; the ratio
(1 + predicted) / (1 + measured) is kept as an extra column only (a gain of zero against +35 % is -100 %,
not the -26 % the ratio says).

Every counted row also says whether its measurement lies inside the error band the evaluation
publishes for that kind of figure (sizing.error_bands), and the summary gives the share per family.

Leave-one-test-out cross-validation, beside the split above: each calibration row is predicted once more
by the family refitted on the evidence without the test it reproduces (its observations: every figure
printed for that run), the same way for every family. A calibration row keeps its role (the design's
figure is the calibrated one); its `cv_*` columns are the prediction made without it, or `cv_missing`
says why none can be made (the fit needs that test). The acceptance counts both kinds of prediction per
family: held-out rows and cross-validated calibration rows.
"""

from __future__ import annotations

import json
import math
import statistics
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, replace
from typing import Any, Literal

from sizing import error_bands
from sizing.cases import Kind, ValidationCase
from sizing.errors import SizingError
from sizing.evaluator import evaluate_design
from sizing.evidence import EvidenceBundle
from sizing.inputs import design_inputs_from_dict
from sizing.platforms import REGISTRY
from sizing.rules import RuleSet
from sizing.units import rounded

Role = Literal["calibration", "held-out"]
KEYS = (
    "family", "document", "case", "source", "quantity", "unit", "kind", "measured", "predicted",
    "error_pct", "error_pp", "ratio_error_pct", "role", "bound", "bound_holds", "extrapolated", "band_pct",
    "in_band", "in_held_out_band", "limit", "cv_predicted", "cv_error_pct", "cv_bound_holds", "cv_missing",
)  # fmt: skip
# The acceptance tolerances per kind (issue 14): throughput / IOPS / MB/s / utilisation 15 %,
# latency and response time 25 %.
TOLERANCE_PCT: dict[str, float] = {"throughput": 15.0, "utilisation": 15.0, "latency": 25.0, "ratio": 15.0}


@dataclass(frozen=True)
class ValidationRow:
    family: str
    document: str
    case: str
    source: str
    quantity: str
    unit: str
    kind: Kind
    measured: float
    predicted: float
    # (predicted - measured) / measured; for a stated change, the relative error of the change itself
    error_pct: float
    role: Role
    bound: Literal["upper", "lower"] | None = None
    bound_holds: bool | None = None
    # A stated change only: predicted - measured in percentage points, and the error on the ratio
    # (1 + predicted) / (1 + measured) (an extra column: the thresholds grade `error_pct`).
    error_pp: float | None = None
    ratio_error_pct: float | None = None
    # Any of the row's evaluations reaches beyond the measured configurations (its bands are doubled).
    extrapolated: bool = False
    # Counted rows only (sizing.error_bands): the half-width of the band published for this kind of
    # figure of this family (doubled when extrapolated), and whether the measurement lies inside the
    # band drawn around the prediction; `in_held_out_band`: the same with the band computed from the
    # family's other held-out rows (this row's own error taken out), the honest coverage figure.
    band_pct: float | None = None
    in_band: bool | None = None
    in_held_out_band: bool | None = None
    # A figure the model is known not to reproduce, and why (ValidationCase.limit).
    limit: str | None = None
    # Calibration rows only (leave-one-test-out): the figure predicted by the family refitted without
    # this row's test, its error (graded like `error_pct`), whether a stated bound holds on it; or why
    # no prediction can be made without that test.
    cv_predicted: float | None = None
    cv_error_pct: float | None = None
    cv_bound_holds: bool | None = None
    cv_missing: str | None = None

    @property
    def counted(self) -> bool:
        """A held-out row whose error is a figure (not a bound check)."""
        return self.role == "held-out" and self.bound is None

    @property
    def cross_validated(self) -> bool:
        """A calibration row whose figure was predicted without its test (not a bound check)."""
        return self.role == "calibration" and self.bound is None and self.cv_error_pct is not None

    @property
    def prediction_error_pct(self) -> float | None:
        """The error of a prediction made without this row's measurement: the held-out error, or the
        cross-validated one; None for a bound check or a calibration row without a cross-validation."""
        if self.counted:
            return self.error_pct
        return self.cv_error_pct if self.cross_validated else None

    @property
    def band_kind(self) -> str:
        """Which published band stands for this row's figure: throughput-like or latency."""
        return "throughput" if self.kind in ("throughput", "utilisation", "ratio") else "latency"

    @property
    def band_error_pct(self) -> float:
        """The error a band must cover: a band is drawn around one evaluation's figure, so a stated
        change (two evaluations) is compared on the ratio of the two figures."""
        return self.ratio_error_pct if self.ratio_error_pct is not None else self.error_pct

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["measured"] = rounded(self.measured, 6)
        d["predicted"] = rounded(self.predicted, 6)
        d["error_pct"] = round(self.error_pct, 2)
        for k in ("error_pp", "ratio_error_pct", "band_pct", "cv_error_pct"):
            if d[k] is not None:
                d[k] = round(d[k], 2)
        if self.cv_predicted is not None:
            d["cv_predicted"] = rounded(self.cv_predicted, 6)
        return d


def _error(case: ValidationCase, predicted: float) -> float:
    """The graded error: relative to the measured figure; for a stated change, relative to the change."""
    return (predicted - case.measured) / case.measured * 100.0


def _change_columns(case: ValidationCase, predicted: float) -> tuple[float | None, float | None]:
    """(error in percentage points, error on the ratio 1 + change) for a stated change, else Nones."""
    if case.error != "change":
        return None, None
    ratio = ((1 + predicted / 100.0) / (1 + case.measured / 100.0) - 1) * 100.0
    return predicted - case.measured, ratio


def _bound_holds(case: ValidationCase, predicted: float) -> bool | None:
    if case.bound == "upper":
        return predicted <= case.measured * (1 + 1e-9)
    if case.bound == "lower":
        return predicted >= case.measured * (1 - 1e-9)
    return None


class _Evaluator:
    """Evaluations memoised per (evidence variant, design): many rows read one evaluation."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self._memo: dict[tuple[int, str], Any] = {}
        # bundles without a test, one per (bundle, test): they stay alive while the memo keys on id()
        self._without: dict[tuple[int, frozenset[str]], EvidenceBundle] = {}

    def without(self, evidence: EvidenceBundle, keys: frozenset[str]) -> EvidenceBundle:
        """The bundle minus these observations, made once (its fits are then made once too)."""
        key = (id(evidence), keys)
        if key not in self._without:
            self._without[key] = evidence.without(keys)
        return self._without[key]

    def __call__(
        self, evidence: EvidenceBundle, designs: Sequence[Mapping[str, Any]], storage_test: bool = False
    ) -> list[Any]:
        out = []
        for d in designs:
            key = (id(evidence), json.dumps(d, sort_keys=True))
            if key not in self._memo:
                inputs = design_inputs_from_dict(d, storage_test=storage_test)
                self._memo[key] = evaluate_design(inputs, evidence, self.rules)
            out.append(self._memo[key])
        return out


def validation_report(evidence: EvidenceBundle, rules: RuleSet) -> list[ValidationRow]:
    rows: list[ValidationRow] = []
    evaluate = _Evaluator(rules)
    keep: list[EvidenceBundle] = []  # variants stay alive while the memo keys on their id()
    for family in REGISTRY.values():
        try:
            cases = family.validation_cases(evidence)
            calibrated = family.calibration_keys(evidence)
            runs = family.same_runs(evidence)
        except SizingError:
            continue  # the catalog lacks this family's evidence: nothing to validate there
        role = {id(c): "calibration" if set(c.keys) & calibrated else "held-out" for c in cases}

        def test_keys(c: ValidationCase, runs: Sequence[frozenset[str]] = runs) -> frozenset[str]:
            """The case's test: its observations and every other printing of the same runs."""
            mine = frozenset(c.keys)
            return mine.union(*(r for r in runs if r & mine))

        series_out = {
            k for c in cases if role[id(c)] == "held-out" and c.hold_out == "series" for k in c.keys
        }
        without_series = evidence.without(series_out)
        keep.append(without_series)
        for c in cases:
            if role[id(c)] == "calibration":
                basis = evidence
            elif c.hold_out == "series":
                basis = without_series
            else:
                basis = evidence.without(c.keys)
                keep.append(basis)
            try:
                evaluations = evaluate(basis, c.designs, c.storage_test)
                predicted = float(c.extract(evaluations))
            except SizingError:
                continue  # nothing left to predict it from (e.g. the only point of its curve)
            if not math.isfinite(predicted) or c.measured == 0:
                continue
            cv: dict[str, Any] = {}
            if role[id(c)] == "calibration":
                cv = _cross_validated(c, test_keys(c), evidence, evaluate)
            error_pp, ratio_error = _change_columns(c, predicted)
            rows.append(
                ValidationRow(
                    family=family.slug,
                    document=c.observations[0].source.document if c.observations else family.document,
                    case=c.case,
                    source=c.source,
                    quantity=c.quantity,
                    unit=c.unit,
                    kind=c.kind,
                    measured=c.measured,
                    predicted=predicted,
                    error_pct=_error(c, predicted),
                    role=role[id(c)],  # type: ignore[arg-type]
                    bound=c.bound,
                    bound_holds=_bound_holds(c, predicted),
                    error_pp=error_pp,
                    ratio_error_pct=ratio_error,
                    extrapolated=any(bool(getattr(e, "extrapolated", False)) for e in evaluations),
                    limit=c.limit,
                    **cv,
                )
            )
    return with_bands(rows, error_bands.table())


def _cross_validated(
    c: ValidationCase,
    test: frozenset[str],
    evidence: EvidenceBundle,
    evaluate: _Evaluator,
) -> dict[str, Any]:
    """A calibration row predicted by its family refitted without the row's test (`test`: its
    observations and the other printings of the same runs; leave-one-test-out): the `cv_*` columns.
    The rows of one test share one bundle without it (one refit, evaluations memoised on it)."""
    basis = evaluate.without(evidence, test)
    try:
        predicted = float(c.extract(evaluate(basis, c.designs, c.storage_test)))
    except SizingError as exc:
        return {"cv_missing": f"no prediction without this test: {exc}"}
    if not math.isfinite(predicted):
        return {"cv_missing": "the fit without this test gives no finite figure"}
    return {
        "cv_predicted": predicted,
        "cv_error_pct": _error(c, predicted),
        "cv_bound_holds": _bound_holds(c, predicted),
    }


def _inside(r: ValidationRow, half_width_pct: float) -> bool:
    """The measurement lies inside the band of half-width `half_width_pct` around the prediction (a
    stated change: the measured ratio 1 + change inside the band around the predicted ratio)."""
    measured, predicted = r.measured, r.predicted
    if r.ratio_error_pct is not None:
        measured, predicted = 1 + r.measured / 100.0, 1 + r.predicted / 100.0
    h = half_width_pct * (error_bands.EXTRAPOLATION_FACTOR if r.extrapolated else 1.0) / 100.0
    lo, hi = sorted((predicted * (1 - h), predicted * (1 + h)))
    return lo * (1 - 1e-9) <= measured <= hi * (1 + 1e-9)


def with_bands(rows: Sequence[ValidationRow], published: Mapping[str, Any]) -> list[ValidationRow]:
    """The rows with their band columns: the published band (`published`, the error-band table) and the
    band the family's other held-out rows give (this row left out, as a new design's band is made
    from rows that do not contain it)."""
    counted = [r for r in rows if r.counted]
    out: list[ValidationRow] = []
    for r in rows:
        if not r.counted:
            out.append(replace(r, band_pct=None, in_band=None, in_held_out_band=None))
            continue
        pct, _ = error_bands.half_width_in(published, r.family, r.band_kind)
        others = error_bands.table_from_rows([o for o in counted if o is not r])
        loo, _ = error_bands.half_width_in(others, r.family, r.band_kind)
        factor = error_bands.EXTRAPOLATION_FACTOR if r.extrapolated else 1.0
        out.append(
            replace(r, band_pct=pct * factor, in_band=_inside(r, pct), in_held_out_band=_inside(r, loo))
        )
    return out


def _share(flags: Sequence[bool | None]) -> float | None:
    return round(100.0 * sum(1 for f in flags if f) / len(flags), 1) if flags else None


def _stats(rows: Sequence[ValidationRow]) -> dict[str, Any]:
    held = [abs(r.error_pct) for r in rows if r.counted]
    bounds = [r for r in rows if r.role == "held-out" and r.bound is not None]
    banded = [r for r in rows if r.counted and r.in_band is not None]
    unlimited = [abs(r.error_pct) for r in rows if r.counted and r.limit is None]
    return {
        "held_out": len(held),
        "calibration": sum(1 for r in rows if r.role == "calibration"),
        "median_abs_held_out_error_pct": round(statistics.median(held), 2) if held else None,
        "max_abs_held_out_error_pct": round(max(held), 2) if held else None,
        "within_tolerance_held_out": sum(
            1 for r in rows if r.counted and abs(r.error_pct) <= TOLERANCE_PCT[r.kind]
        ),
        "bounds": len(bounds),
        "bounds_held": sum(1 for r in bounds if r.bound_holds),
        # the worst-error threshold is on the rows whose figure the model claims to reproduce
        "known_limits": sum(1 for r in rows if r.counted and r.limit is not None),
        "max_abs_without_known_limits_pct": round(max(unlimited), 2) if unlimited else None,
        **_cross_validation_stats(rows),
        "band_rate_pct": error_bands.STATED_COVERAGE_PCT,
        "band_coverage_pct": _share([r.in_band for r in banded]),
        "held_out_band_coverage_pct": _share([r.in_held_out_band for r in banded]),
    }


def _cross_validation_stats(rows: Sequence[ValidationRow]) -> dict[str, Any]:
    """Leave-one-test-out figures, and the acceptance figures over every prediction made without its
    measurement (held-out rows and cross-validated calibration rows)."""
    cv = [abs(r.cv_error_pct) for r in rows if r.cross_validated and r.cv_error_pct is not None]
    cv_bounds = [
        r for r in rows if r.role == "calibration" and r.bound is not None and r.cv_bound_holds is not None
    ]
    errors = [(abs(e), r.limit) for r in rows if (e := r.prediction_error_pct) is not None]
    unlimited = [e for e, limit in errors if limit is None]
    return {
        "cross_validated": len(cv),
        "cross_validation_missing": sum(1 for r in rows if r.role == "calibration" and r.cv_missing),
        "median_abs_cross_validated_error_pct": round(statistics.median(cv), 2) if cv else None,
        "max_abs_cross_validated_error_pct": round(max(cv), 2) if cv else None,
        "cross_validated_bounds": len(cv_bounds),
        "cross_validated_bounds_held": sum(1 for r in cv_bounds if r.cv_bound_holds),
        "predictions": len(errors),
        "median_abs_prediction_error_pct": round(statistics.median([e for e, _ in errors]), 2)
        if errors
        else None,
        "max_abs_prediction_without_known_limits_pct": round(max(unlimited), 2) if unlimited else None,
    }


def summary(rows: Sequence[ValidationRow]) -> dict[str, Any]:
    """Overall and per family: held-out count, median and worst absolute held-out error (bound checks
    and calibration rows listed, never counted as held out)."""
    families = {f: _stats([r for r in rows if r.family == f]) for f in dict.fromkeys(r.family for r in rows)}
    return {"count": len(rows), **_stats(rows), "families": families}


def _coverage_words(s: Mapping[str, Any]) -> str:
    if s["band_coverage_pct"] is None:
        return "no held-out row to check a band on"
    return (
        f"{s['band_coverage_pct']:g} % of held-out rows inside their published band "
        f"({s['held_out_band_coverage_pct']:g} % with the band from the other rows; stated rate "
        f"{s['band_rate_pct']:g} %)"
    )


def _limits_words(s: Mapping[str, Any]) -> str:
    if not s["known_limits"]:
        return ""
    return (
        f" ({s['max_abs_without_known_limits_pct']} % without the {s['known_limits']} rows of a known limit "
        "of the model, each named below and in docs/model.md)"
    )


def _cross_validation_words(s: Mapping[str, Any]) -> str:
    bounds = (
        f", {s['cross_validated_bounds_held']} of {s['cross_validated_bounds']} stated bounds held"
        if s["cross_validated_bounds"]
        else ""
    )
    cv = (
        f"median absolute error {s['median_abs_cross_validated_error_pct']} %, worst "
        f"{s['max_abs_cross_validated_error_pct']} %"
        if s["cross_validated"]
        else "no figure"
    )
    return (
        f"Leave-one-test-out: {s['cross_validated']} calibration rows predicted without their own test ({cv}"
        f"{bounds}); {s['cross_validation_missing']} cannot be predicted without it. Every prediction made "
        f"without its measurement (held out or cross-validated): {s['predictions']}, median absolute error "
        f"{s['median_abs_prediction_error_pct']} %, worst {s['max_abs_prediction_without_known_limits_pct']} % "
        "without the rows of a known limit."
    )


def _cross_validation_cell(r: ValidationRow) -> str:
    if r.role != "calibration":
        return ""
    if r.cv_missing:
        return f"none ({r.cv_missing})"
    if r.cv_predicted is None:
        return ""
    d = r.to_dict()
    if r.bound is not None:
        return f"{d['cv_predicted']:g} (bound {'held' if r.cv_bound_holds else 'MISSED'})"
    return f"{d['cv_predicted']:g} ({d['cv_error_pct']:+.2f} %)"


def to_markdown(rows: Sequence[ValidationRow]) -> str:
    lines: list[str] = []
    for family in dict.fromkeys(r.family for r in rows):
        mine = [r for r in rows if r.family == family]
        s = _stats(mine)
        lines += [
            f"### {REGISTRY[family].label if family in REGISTRY else family}",
            "",
            f"{s['held_out']} held-out rows: median absolute error {s['median_abs_held_out_error_pct']} %, "
            f"worst {s['max_abs_held_out_error_pct']} %{_limits_words(s)}; {s['bounds_held']} of {s['bounds']} "
            f"stated bounds held; {_coverage_words(s)}; {s['calibration']} calibration rows (not evidence).",
            "",
            _cross_validation_words(s),
            "",
            "| role | case | source | quantity | measured | predicted | error % | change error (pp / on 1 + change) | in band | without its test (leave-one-test-out) |",
            "| --- | --- | --- | --- | ---: | ---: | ---: | ---: | --- | ---: |",
        ]
        for r in sorted(mine, key=lambda r: (r.role != "held-out", -abs(r.error_pct))):
            d = r.to_dict()
            err = f"{d['error_pct']:+.2f}"
            if r.bound is not None:
                side = "<=" if r.bound == "upper" else ">="
                err = f"{side} bound {'held' if r.bound_holds else 'MISSED'}"
            change = (
                "" if d["error_pp"] is None else f"{d['error_pp']:+.2f} pp / {d['ratio_error_pct']:+.2f} %"
            )
            band = "" if r.in_band is None else f"{'yes' if r.in_band else 'NO'} (±{d['band_pct']:g} %)"
            case = r.case if r.limit is None else f"{r.case} - *known limit: {r.limit}*"
            lines.append(
                f"| {r.role} | {case} | {r.source} | {r.quantity} ({r.unit}) | {d['measured']:g} | "
                f"{d['predicted']:g} | {err} | {change} | {band} | {_cross_validation_cell(r)} |"
            )
        lines.append("")
    s = summary(rows)
    lines.append(
        f"All families: {s['held_out']} held-out rows, median absolute error {s['median_abs_held_out_error_pct']} % "
        f"(worst {s['max_abs_held_out_error_pct']} %); {_coverage_words(s)}; {s['calibration']} calibration rows. "
        + _cross_validation_words(s)
    )
    return "\n".join(lines)


def cross_validation_table(rows: Sequence[ValidationRow]) -> str:
    """Per family, leave-one-test-out beside the acceptance figures over every prediction (docs/model.md,
    Limits of trust)."""
    lines = [
        "| family | cross-validated (of its calibration rows) | median / worst abs. error | cannot be predicted "
        "without their own test | stated bounds held, cross-validated | every prediction: count, median, worst "
        "without known limits |",
        "| --- | ---: | --- | ---: | --- | --- |",
    ]
    for family in dict.fromkeys(r.family for r in rows):
        x = _stats([r for r in rows if r.family == family])
        errors = (
            f"{x['median_abs_cross_validated_error_pct']:g} % / {x['max_abs_cross_validated_error_pct']:g} %"
            if x["cross_validated"]
            else "-"
        )
        bounds = (
            f"{x['cross_validated_bounds_held']} of {x['cross_validated_bounds']}"
            if x["cross_validated_bounds"]
            else "none"
        )
        worst = x["max_abs_prediction_without_known_limits_pct"]
        lines.append(
            f"| {REGISTRY[family].label if family in REGISTRY else family} | {x['cross_validated']} of "
            f"{x['calibration']} | {errors} | {x['cross_validation_missing']} | {bounds} | {x['predictions']}, "
            f"{x['median_abs_prediction_error_pct']:g} %, {worst:g} % |"
        )
    return "\n".join(lines)
