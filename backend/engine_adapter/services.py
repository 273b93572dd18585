"""The evaluation service other apps call. The evidence bundle and rule sets are built from the
database once per catalog version (catalog.versioning: one query per request) and shared until the
catalog changes."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict
from typing import Any

from catalog.models import SizingRule
from catalog.versioning import CatalogSnapshot, catalog_snapshot
from core.errors import InvalidInput
from engine_adapter.evidence import build_evidence, build_rules
from sizing import (
    ConsolidatedInputs,
    CostFigure,
    DesignEvaluation,
    EvidenceBundle,
    InputError,
    Platform,
    PriceBookRef,
    Recommendation,
    Reference,
    RuleSet,
    consolidated_inputs_from_dict,
    design_inputs_from_dict,
    evaluate_consolidated,
    evaluate_design,
    published_json,
    recommend,
    validation_report,
    validation_summary,
    workload_from_dict,
)

# Distinct rule pins kept per catalog version (saved designs pin their versions; many pins start over).
_MAX_PINS = 64


def evidence_and_rules(
    rule_versions: dict[str, int] | None = None, snapshot: CatalogSnapshot | None = None
) -> tuple[EvidenceBundle, RuleSet]:
    snapshot = snapshot or catalog_snapshot()
    evidence = snapshot.memo(("evidence",), build_evidence)
    key = ("rules", tuple(sorted((rule_versions or {}).items())))
    rules = snapshot.memo(key, lambda: build_rules(rule_versions))
    snapshot.forget("rules", keep=_MAX_PINS)
    return evidence, rules


def current_rule_versions() -> dict[str, int]:
    """{slug: version} of every current sizing rule (what a new design pins)."""
    return dict(SizingRule.objects.filter(is_current=True).values_list("slug", "version"))


def evaluate_inputs(
    inputs_data: dict[str, Any],
    rule_versions: dict[str, int] | None = None,
    snapshot: CatalogSnapshot | None = None,
) -> DesignEvaluation:
    """Evaluate design inputs (the DesignInputsSerializer JSON shape) with the pinned rule versions (None:
    the current ones) against the catalog's evidence; the typed evaluation (sizing.evaluation).

    Raises sizing.errors.InputError (a ValueError with `.field`) for invalid inputs and
    sizing.errors.EvidenceError when the catalog lacks the measurements this design needs.
    """
    inputs = design_inputs_from_dict(inputs_data)
    evidence, rules = evidence_and_rules(rule_versions, snapshot)
    return evaluate_design(inputs, evidence, rules)


def field_errors(path: str, message: str) -> dict[str, Any]:
    """An engine error path ("databases.1.workload.users") as the API's nested 400 body
    ({"databases": {"1": {"workload": {"users": [message]}}}})."""
    parts = [p for p in path.split(".") if p] or ["non_field_errors"]
    body: dict[str, Any] = {parts[-1]: [message]}
    for part in reversed(parts[:-1]):
        body = {part: body}
    return body


def validate_consolidated(data: Any) -> ConsolidatedInputs:
    """The engine's reading of several databases on a platform; InvalidInput naming the database by
    its position and the field."""
    try:
        return consolidated_inputs_from_dict(data)
    except InputError as exc:
        raise InvalidInput(field_errors(exc.field, exc.message)) from exc


def evaluate_consolidated_design(
    data: Any, rule_versions: dict[str, int] | None = None, snapshot: CatalogSnapshot | None = None
) -> dict[str, Any]:
    """Several databases on one platform evaluated together (sizing.consolidation) with the pinned rule
    versions (None: the current ones): the published JSON. Bad input raises core.errors.InvalidInput
    naming the database by its position and the field; nothing is stored."""
    inputs = validate_consolidated(data)
    evidence, rules = evidence_and_rules(rule_versions, snapshot)
    try:
        evaluation = evaluate_consolidated(inputs, evidence, rules)
    except InputError as exc:
        raise InvalidInput(field_errors(exc.field, exc.message)) from exc
    return published_json(evaluation)


def validation(rule_versions: dict[str, int] | None = None) -> dict[str, Any]:
    """The validation report (rows + summary), computed once per catalog version."""
    snapshot = catalog_snapshot()
    pins = tuple(sorted((rule_versions or {}).items()))

    def build() -> dict[str, Any]:
        evidence, rules = evidence_and_rules(rule_versions, snapshot)
        rows = validation_report(evidence, rules)
        return {"summary": validation_summary(rows), "rows": [r.to_dict() for r in rows]}

    return dict(snapshot.memo(("validation", pins), build))


def recommend_for(
    *,
    workload_data: dict[str, Any],
    resilience: str,
    families: list[str] | None,
    cost: Callable[[dict[str, Any]], CostFigure] | None,
    references: list[tuple[str, str, dict[str, Any]]],
    limit: int,
    price_book: dict[str, Any] | None = None,
    snapshot: CatalogSnapshot | None = None,
) -> Recommendation:
    """The recommender (sizing.recommend) on the catalog's evidence and current rules. `cost` prices a
    platform given as its JSON inputs; `references` are the catalog's reference configurations as
    (slug, name, platform inputs)."""
    evidence, rules = evidence_and_rules(None, snapshot)
    refs = [Reference(slug, name, Platform(**platform)) for slug, name, platform in references]

    def priced(platform: Platform) -> CostFigure:
        assert cost is not None
        return cost({k: v for k, v in asdict(platform).items() if v is not None})

    return recommend(
        workload_from_dict(workload_data), evidence, rules, resilience=resilience,  # type: ignore[arg-type]
        families=families, cost=priced if cost else None, references=refs, limit=limit,
        price_book=PriceBookRef.built(**price_book) if price_book else None,
    )  # fmt: skip
