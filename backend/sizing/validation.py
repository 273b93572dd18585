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
"""

from __future__ import annotations

import json
import math
import statistics
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any, Literal

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
    "error_pct", "role", "bound", "bound_holds",
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
    error_pct: float  # (predicted - measured) / measured; for a stated change, on the ratio 1 + change
    role: Role
    bound: Literal["upper", "lower"] | None = None
    bound_holds: bool | None = None

    @property
    def counted(self) -> bool:
        """A held-out row whose error is a figure (not a bound check)."""
        return self.role == "held-out" and self.bound is None

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["measured"] = rounded(self.measured, 6)
        d["predicted"] = rounded(self.predicted, 6)
        d["error_pct"] = round(self.error_pct, 2)
        return d


def _error(case: ValidationCase, predicted: float) -> float:
    if case.error == "change":
        return ((1 + predicted / 100.0) / (1 + case.measured / 100.0) - 1) * 100.0
    return (predicted - case.measured) / case.measured * 100.0


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
        except SizingError:
            continue  # the catalog lacks this family's evidence: nothing to validate there
        role = {id(c): "calibration" if set(c.keys) & calibrated else "held-out" for c in cases}
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
                predicted = float(c.extract(evaluate(basis, c.designs, c.storage_test)))
            except SizingError:
                continue  # nothing left to predict it from (e.g. the only point of its curve)
            if not math.isfinite(predicted) or c.measured == 0:
                continue
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
                )
            )
    return rows


def _stats(rows: Sequence[ValidationRow]) -> dict[str, Any]:
    held = [abs(r.error_pct) for r in rows if r.counted]
    bounds = [r for r in rows if r.role == "held-out" and r.bound is not None]
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
    }


def summary(rows: Sequence[ValidationRow]) -> dict[str, Any]:
    """Overall and per family: held-out count, median and worst absolute held-out error (bound checks
    and calibration rows listed, never counted as held out)."""
    families = {f: _stats([r for r in rows if r.family == f]) for f in dict.fromkeys(r.family for r in rows)}
    return {"count": len(rows), **_stats(rows), "families": families}


def to_markdown(rows: Sequence[ValidationRow]) -> str:
    lines: list[str] = []
    for family in dict.fromkeys(r.family for r in rows):
        mine = [r for r in rows if r.family == family]
        s = _stats(mine)
        lines += [
            f"### {REGISTRY[family].label if family in REGISTRY else family}",
            "",
            f"{s['held_out']} held-out rows: median absolute error {s['median_abs_held_out_error_pct']} %, "
            f"worst {s['max_abs_held_out_error_pct']} %; {s['bounds_held']} of {s['bounds']} stated bounds held; "
            f"{s['calibration']} calibration rows (not evidence).",
            "",
            "| role | case | source | quantity | measured | predicted | error % |",
            "| --- | --- | --- | --- | ---: | ---: | ---: |",
        ]
        for r in sorted(mine, key=lambda r: (r.role != "held-out", -abs(r.error_pct))):
            d = r.to_dict()
            err = f"{d['error_pct']:+.2f}"
            if r.bound is not None:
                side = "<=" if r.bound == "upper" else ">="
                err = f"{side} bound {'held' if r.bound_holds else 'MISSED'}"
            lines.append(
                f"| {r.role} | {r.case} | {r.source} | {r.quantity} ({r.unit}) | {d['measured']:g} | "
                f"{d['predicted']:g} | {err} |"
            )
        lines.append("")
    s = summary(rows)
    lines.append(
        f"All families: {s['held_out']} held-out rows, median absolute error {s['median_abs_held_out_error_pct']} % "
        f"(worst {s['max_abs_held_out_error_pct']} %); {s['calibration']} calibration rows."
    )
    return "\n".join(lines)
