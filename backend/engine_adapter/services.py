"""The evaluation service other apps call. The evidence bundle and rule sets are built from the
database once per catalog version (catalog.versioning: one query per request) and shared until the
catalog changes."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import asdict
from typing import Any

from catalog.models import SizingRule
from catalog.versioning import CatalogSnapshot, catalog_snapshot
from core.errors import InvalidInput
from engine_adapter.evidence import ImportedEvidence, build_evidence, build_rules, overlay_bundle
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
    SizingError,
    consolidated_inputs_from_dict,
    design_inputs_from_dict,
    evaluate_consolidated,
    evaluate_design,
    published,
    published_json,
    recommend,
    validation_report,
    validation_summary,
    workload_from_dict,
)
from sizing.calibration import DELL_ACTIVE_DRIVES
from sizing.families.equallogic_fit import array_curve
from sizing.recommend import recommend_together

# Distinct rule pins kept per catalog version (saved designs pin their versions; many pins start over).
_MAX_PINS = 64
# Distinct evidence sets (a team's chosen imports) whose overlay bundles are kept per catalog version.
_MAX_OVERLAYS = 64

# Reads a team's evidence imports (team id, import ids) -> the ones of that team, in the order asked;
# the imports app registers it (imports.apps), since no app below it may import it.
TeamEvidenceReader = Callable[[int, Sequence[int]], list[ImportedEvidence]]
_team_evidence: TeamEvidenceReader | None = None


def register_team_evidence(reader: TeamEvidenceReader) -> None:
    global _team_evidence
    _team_evidence = reader


def team_evidence(*, team_id: int | None, ids: Sequence[int]) -> list[ImportedEvidence]:
    """The team's evidence imports among `ids` (another team's, or an unknown id, is simply not
    there: the caller tells them apart from none of its own by comparing ids)."""
    if team_id is None or not ids or _team_evidence is None:
        return []
    return _team_evidence(team_id, ids)


def evidence_and_rules(
    rule_versions: dict[str, int] | None = None,
    snapshot: CatalogSnapshot | None = None,
    imports: Sequence[ImportedEvidence] = (),
) -> tuple[EvidenceBundle, RuleSet]:
    """The catalog's evidence (plus `imports`: an overlay) and the pinned rules, memoised per catalog
    version; an overlay per evidence set too (its imports' ids and sha256), so its fits run once."""
    snapshot = snapshot or catalog_snapshot()
    evidence = snapshot.memo(("evidence",), build_evidence)
    key = ("rules", tuple(sorted((rule_versions or {}).items())))
    rules = snapshot.memo(key, lambda: build_rules(rule_versions))
    snapshot.forget("rules", keep=_MAX_PINS)
    if imports:
        base = evidence
        chosen = tuple(sorted(imports, key=lambda i: i.id))
        overlay_key = ("overlay", tuple((i.id, i.sha256) for i in chosen))
        evidence = snapshot.memo(overlay_key, lambda: overlay_bundle(base, chosen))
        snapshot.forget("overlay", keep=_MAX_OVERLAYS)
    return evidence, rules


def current_rule_versions() -> dict[str, int]:
    """{slug: version} of every current sizing rule (what a new design pins)."""
    return dict(SizingRule.objects.filter(is_current=True).values_list("slug", "version"))


def evaluate_inputs(
    inputs_data: dict[str, Any],
    rule_versions: dict[str, int] | None = None,
    snapshot: CatalogSnapshot | None = None,
    imports: Sequence[ImportedEvidence] = (),
) -> DesignEvaluation:
    """Evaluate design inputs (the DesignInputsSerializer JSON shape) with the pinned rule versions (None:
    the current ones) against the catalog's evidence (plus `imports`: the overlay); the typed
    evaluation (sizing.evaluation).

    Raises sizing.errors.InputError (a ValueError with `.field`) for invalid inputs and
    sizing.errors.EvidenceError when the catalog lacks the measurements this design needs.
    """
    inputs = design_inputs_from_dict(inputs_data)
    evidence, rules = evidence_and_rules(rule_versions, snapshot, imports)
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
    data: Any,
    rule_versions: dict[str, int] | None = None,
    snapshot: CatalogSnapshot | None = None,
    imports: Sequence[ImportedEvidence] = (),
) -> dict[str, Any]:
    """Several databases on one platform evaluated together (sizing.consolidation) with the pinned rule
    versions (None: the current ones): the published JSON. Bad input raises core.errors.InvalidInput
    naming the database by its position and the field; nothing is stored."""
    inputs = validate_consolidated(data)
    evidence, rules = evidence_and_rules(rule_versions, snapshot, imports)
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
    return recommend(
        workload_from_dict(workload_data), evidence, rules, resilience=resilience,  # type: ignore[arg-type]
        families=families, cost=_platform_cost(cost), references=_references(references), limit=limit,
        price_book=PriceBookRef.built(**price_book) if price_book else None,
    )  # fmt: skip


def _platform_cost(
    cost: Callable[[dict[str, Any]], CostFigure] | None,
) -> Callable[[Platform], CostFigure] | None:
    """`cost` (a platform given as its JSON inputs) as the engine calls it (a Platform)."""
    if cost is None:
        return None
    priced = cost
    return lambda platform: priced({k: v for k, v in asdict(platform).items() if v is not None})


def _references(references: list[tuple[str, str, dict[str, Any]]]) -> list[Reference]:
    return [Reference(slug, name, Platform(**platform)) for slug, name, platform in references]


# What the recommender parses several databases against before it searches: the engine reads
# databases on a platform (sizing.consolidation checks each database's kind against the platform's
# storage model), and recommend_together then puts each candidate in its place, so this one is never
# sized. XtremIO X-Brick is measured for OLTP and DSS alike (both of the engine's workload kinds), so no
# database is refused for its kind here; a family that cannot carry a kind is left out by the search.
SEARCH_PLACEHOLDER_PLATFORM: dict[str, Any] = {"family": "xtremio", "storage_model": "X-Brick"}


def recommend_together_for(
    *,
    databases_data: list[dict[str, Any]],
    clone_reduction_ratio: float | None,
    resilience: str,
    families: list[str] | None,
    cost: Callable[[dict[str, Any]], CostFigure] | None,
    references: list[tuple[str, str, dict[str, Any]]],
    limit: int,
    price_book: dict[str, Any] | None = None,
    snapshot: CatalogSnapshot | None = None,
) -> Recommendation:
    """The recommender for several databases together (sizing.recommend.recommend_together): the
    configurations that carry them all, as recommend_for ranks one workload's. `databases_data` is the
    databases as a design stores them; bad input raises core.errors.InvalidInput naming the database
    by its position and the field."""
    inputs = validate_consolidated(
        {
            "platform": SEARCH_PLACEHOLDER_PLATFORM,
            "databases": databases_data,
            "clone_reduction_ratio": clone_reduction_ratio,
        }
    )
    evidence, rules = evidence_and_rules(None, snapshot)
    try:
        return recommend_together(
            inputs, evidence, rules, resilience=resilience,  # type: ignore[arg-type]
            families=families, cost=_platform_cost(cost), references=_references(references), limit=limit,
            price_book=PriceBookRef.built(**price_book) if price_book else None,
        )  # fmt: skip
    except InputError as exc:
        raise InvalidInput(field_errors(exc.field, exc.message)) from exc


# --- the validation of an evidence set (issue 38 point 5) ----------------------------------------------
def _error_pct(predicted: float | None, measured: float) -> float | None:
    if predicted is None or not math.isfinite(predicted) or measured == 0:
        return None
    return round(100.0 * (predicted - measured) / measured, 2)


def _row(evidence: ImportedEvidence, point: Any, at: str, quantity: str, unit: str, measured: float,
         predicted: float | None, note: str = "") -> dict[str, Any]:  # fmt: skip
    return {
        "import": evidence.id,
        "source": point.source.cite(),
        "at": at,
        "quantity": quantity,
        "unit": unit,
        "measured": measured,
        "predicted": None if predicted is None else round(predicted, 4),
        "error_pct": _error_pct(predicted, measured),
        "note": note,
    }


def _at_users(inputs_data: dict[str, Any], users: float) -> dict[str, Any]:
    """The design's inputs with its load set to a measured run's users (a TPS target dropped)."""
    workload = {k: v for k, v in inputs_data["workload"].items() if k != "target_tps"}
    workload["users"] = max(round(users), 1)
    return {**inputs_data, "workload": workload}


def imported_point_checks(
    inputs_data: dict[str, Any],
    rule_versions: dict[str, int] | None,
    snapshot: CatalogSnapshot | None,
    imports: Sequence[ImportedEvidence],
    recalibrated: bool,
) -> list[dict[str, Any]]:
    """Every imported point with what the design's model predicts there: a Swingbench run's TPS and
    response at its users (the design evaluated at that load), an ORION point's IOPS at its latency (the
    fitted array curve of that storage model, where the family has one). `recalibrated`: on the overlay
    (the design's own evaluation), else on the catalog's evidence alone."""
    evidence, rules = evidence_and_rules(rule_versions, snapshot, imports if recalibrated else ())
    oltp = inputs_data["workload"].get("kind", "oltp") == "oltp"
    rows: list[dict[str, Any]] = []
    for imported in imports:
        for point in imported.points:
            if imported.kind == "swingbench":
                users = float(point.cond("users"))
                tps, response = point.value("tps"), point.value("response_time")
                predicted_tps = predicted_ms = None
                note = ""
                if not oltp:
                    note = "a DSS design has no users: not predicted"
                else:
                    try:
                        summary = published(
                            evaluate_design(
                                design_inputs_from_dict(_at_users(inputs_data, users)), evidence, rules
                            )
                        )["summary"]
                        predicted_tps = summary["design_tps"]["value"]
                        predicted_ms = summary["response_at_design"]["value"]
                    except (InputError, ValueError) as exc:  # the engine's refusal of that load, in its words
                        note = f"not predicted: {exc}"
                at = f"{users:g} users"
                if tps is not None:
                    rows.append(_row(imported, point, at, "tps", "TPS", tps, predicted_tps, note))
                if response is not None:
                    rows.append(
                        _row(imported, point, at, "response_time", "ms", response, predicted_ms, note)
                    )
            elif point.value("iops") is not None:
                latency = float(point.cond("latency_ms"))
                block, read = float(point.cond("block_size_kb")), float(point.cond("read_pct"))
                predicted, note = _orion_iops(evidence, rules, imported, latency, block, read)
                at = (
                    f"{block:g} KB, {read:g} % read, {latency:g} ms ({point.cond('outstanding')} outstanding)"
                )
                rows.append(
                    _row(imported, point, at, "iops", "IOPS", point.value("iops") or 0.0, predicted, note)
                )
            elif point.value("throughput") is not None:
                block = float(point.cond("block_size_kb"))
                at = f"{block:g} KB {point.cond('io_pattern')}, {point.cond('outstanding')} outstanding"
                rows.append(
                    _row(imported, point, at, "throughput", "MB/s", point.value("throughput") or 0.0, None,
                         "not predicted: no family model gives MB/s at an outstanding large-I/O count")
                )  # fmt: skip
    return rows


def _orion_iops(
    evidence: EvidenceBundle, rules: RuleSet, imported: ImportedEvidence, latency_ms: float, block_kb: float,
    read_pct: float,
) -> tuple[float | None, str]:  # fmt: skip
    """The IOPS the fitted array curve of the import's storage model gives at that latency: the one
    family whose model is an ORION IOPS-latency curve per array (EqualLogic); None elsewhere, said."""
    model = imported.storage_model
    # the arrays with a fitted ORION curve are the ones whose active drives the catalog knows
    if model not in DELL_ACTIVE_DRIVES:
        family = imported.family or "no known family"
        return (
            None,
            f"not predicted: the {family} model has no ORION IOPS-latency curve for {model or 'this storage'}",
        )
    try:
        curve = array_curve(evidence, rules, model)
    except SizingError as exc:
        return None, f"not predicted: {exc}"
    return curve.iops_at(latency_ms / 1000.0, block_kb, read_pct), ""
