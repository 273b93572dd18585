"""The one adapter between the Django apps and the sizing engine.

Django code reaches `sizing` through this package only (this module for the other apps; evidence.py,
serializers.py and services.py inside it), and this package imports the engine's public API
(`from sizing import ...`). What passes the seam: design inputs as JSON in, the typed evaluation
(sizing.evaluation) out, published as JSON once (`published`); the BOM rules and their types; the
engine's errors.
"""

from __future__ import annotations

from typing import Any

from pydantic import TypeAdapter

from core.errors import InvalidInput
from engine_adapter.serializers import DesignInputsSerializer
from engine_adapter.services import (
    SEARCH_PLACEHOLDER_PLATFORM,
    current_rule_versions,
    evaluate_consolidated_design,
    evaluate_inputs,
    recommend_for,
    recommend_together_for,
    validate_consolidated,
    validation,
)
from sizing import (
    ARRAY_PART_KINDS,
    DEFAULT_ARRAYS,
    DEFAULT_RAC_NODES,
    PLATFORM_FAMILIES,
    RESILIENCE,
    Assumption,
    ConsolidatedEvaluation,
    CostFigure,
    DesignEvaluation,
    EngineEvaluation,
    EvidenceError,
    InputError,
    Recommendation,
    evaluation_from_json,
    published,
    published_json,
)
from sizing import bom as bom_rules
from sizing.inputs import CUSTOM_PROFILE, CUSTOM_PROFILE_FIELDS, OLTP_FIELDS

__all__ = [
    "ARRAY_PART_KINDS",
    "CUSTOM_PROFILE",
    "CUSTOM_PROFILE_FIELDS",
    "DEFAULT_ARRAYS",
    "DEFAULT_RAC_NODES",
    "OLTP_WORKLOAD_FIELDS",
    "PLATFORM_FAMILIES",
    "RESILIENCE",
    "Assumption",
    "ConsolidatedEvaluation",
    "CostFigure",
    "DesignEvaluation",
    "EngineEvaluation",
    "EvidenceError",
    "InputError",
    "Recommendation",
    "assumptions_from_json",
    "bom_rules",
    "current_rule_versions",
    "evaluate_consolidated_design",
    "evaluate_inputs",
    "evaluation_from_json",
    "published",
    "published_recommendation",
    "recommend_for",
    "recommend_together_for",
    "validate_databases",
    "validate_design_inputs",
    "validate_recommended_databases",
    "validation",
]


# The OLTP workload's field names as the design API accepts them (the custom profile's among them):
# what an imported measurement may fill in (imports.workload).
OLTP_WORKLOAD_FIELDS: tuple[str, ...] = tuple(OLTP_FIELDS)

_ASSUMPTIONS = TypeAdapter(list[Assumption])


def published_recommendation(recommendation: Recommendation) -> dict[str, Any]:
    """The recommendation as the API returns it (numbers rounded as an evaluation's are)."""
    return published_json(recommendation)


def assumptions_from_json(data: Any) -> list[Assumption]:
    """Assumptions as published (the engine's and the BOM's), read back typed."""
    return _ASSUMPTIONS.validate_python(data)


def validate_databases(
    *, databases: Any, platform: Any, clone_reduction_ratio: Any = None
) -> list[dict[str, Any]]:
    """A design's databases as the engine accepted them (plain JSON, each workload as a design stores
    it); [] stays []. InvalidInput naming the database by position and the field."""
    if databases is None or databases == []:
        return []
    validate_consolidated(
        {"platform": platform, "databases": databases, "clone_reduction_ratio": clone_reduction_ratio}
    )
    out = []
    for db in databases:
        stored = validate_design_inputs(workload=db["workload"], platform=platform)["workload"]
        out.append(
            {
                **{k: v for k, v in db.items() if k != "workload"},
                "name": db["name"].strip(),
                "workload": stored,
            }
        )
    return out


def validate_recommended_databases(
    *, databases: Any, clone_reduction_ratio: Any = None
) -> list[dict[str, Any]]:
    """Databases to recommend a platform for, checked as a design's are (validate_databases: the same
    messages at the same `databases.<n>.<field>` paths), on the search's placeholder platform."""
    return validate_databases(
        databases=databases, platform=SEARCH_PLACEHOLDER_PLATFORM, clone_reduction_ratio=clone_reduction_ratio
    )


def validate_design_inputs(*, workload: Any, platform: Any) -> dict[str, Any]:
    """The engine's validated {"workload", "platform"} (plain JSON, what a design stores); InvalidInput
    with the engine's field messages when the inputs are not valid."""
    serializer = DesignInputsSerializer(data={"workload": workload, "platform": platform})
    if not serializer.is_valid():
        raise InvalidInput(serializer.errors)
    return dict(serializer.validated_data)
