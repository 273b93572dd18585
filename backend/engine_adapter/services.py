"""The evaluation service other apps call. The evidence bundle and rule sets are built from the
database once per process and rebuilt when the catalog changes (a cheap fingerprint query)."""

from __future__ import annotations

import threading
from typing import Any

from django.db.models import Count, Max

from benchmarks.models import BenchmarkCurve, MeasuredPoint, PointValue
from catalog.models import Configuration, SizingRule
from engine_adapter.evidence import build_evidence, build_rules
from sizing import (
    DesignEvaluation,
    EvidenceBundle,
    RuleSet,
    design_inputs_from_dict,
    evaluate_design,
    validation_report,
    validation_summary,
)

_lock = threading.Lock()
_cache: dict[str, Any] = {"fingerprint": None, "evidence": None, "rules": {}}


def catalog_fingerprint() -> tuple[Any, ...]:
    """Changes whenever a row is added, removed or edited (history rows count edits)."""
    parts: list[Any] = []
    for model in (BenchmarkCurve, MeasuredPoint, PointValue, Configuration, SizingRule):
        agg = model.objects.aggregate(n=Count("pk"), top=Max("pk"))
        parts += [agg["n"], agg["top"]]
    for model in (BenchmarkCurve, Configuration, SizingRule):
        parts.append(model.history.aggregate(top=Max("history_id"))["top"])
    return tuple(parts)


def _current() -> tuple[tuple[Any, ...], EvidenceBundle]:
    fp = catalog_fingerprint()
    with _lock:
        if _cache["fingerprint"] != fp or _cache["evidence"] is None:
            _cache["evidence"] = build_evidence()
            _cache["rules"] = {}
            _cache["fingerprint"] = fp
        return fp, _cache["evidence"]


def evidence_and_rules(rule_versions: dict[str, int] | None = None) -> tuple[EvidenceBundle, RuleSet]:
    _, evidence = _current()
    key = tuple(sorted((rule_versions or {}).items()))
    with _lock:
        rules = _cache["rules"].get(key)
        if rules is None:
            if len(_cache["rules"]) >= 64:  # many distinct pins: start over rather than grow
                _cache["rules"].clear()
            rules = build_rules(rule_versions)
            _cache["rules"][key] = rules
    return evidence, rules


def current_rule_versions() -> dict[str, int]:
    """{slug: version} of every current sizing rule (what a new design pins)."""
    return dict(SizingRule.objects.filter(is_current=True).values_list("slug", "version"))


def evaluate_inputs(
    inputs_data: dict[str, Any], rule_versions: dict[str, int] | None = None
) -> DesignEvaluation:
    """Evaluate design inputs (the DesignInputsSerializer JSON shape) with the pinned rule versions (None:
    the current ones) against the catalog's evidence; the typed evaluation (sizing.evaluation).

    Raises sizing.errors.InputError (a ValueError with `.field`) for invalid inputs and
    sizing.errors.EvidenceError when the catalog lacks the measurements this design needs.
    """
    inputs = design_inputs_from_dict(inputs_data)
    evidence, rules = evidence_and_rules(rule_versions)
    return evaluate_design(inputs, evidence, rules)


def validation(rule_versions: dict[str, int] | None = None) -> dict[str, Any]:
    """The validation report (rows + summary), computed once per catalog state."""
    fp, _ = _current()
    key = ("validation", fp, tuple(sorted((rule_versions or {}).items())))
    with _lock:
        cached = _cache.get("validation")
        if cached is not None and cached[0] == key:
            return dict(cached[1])
    evidence, rules = evidence_and_rules(rule_versions)
    rows = validation_report(evidence, rules)
    report = {"summary": validation_summary(rows), "rows": [r.to_dict() for r in rows]}
    with _lock:
        _cache["validation"] = (key, report)
    return report
