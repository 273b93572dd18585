"""The one adapter between designs and the performance engine's Django layer (performance app).

Validation of the workload + platform JSON and the evaluation itself belong to the engine; designs only
stores what the engine accepted and pins the rule versions it was sized with.
"""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from performance.serializers import DesignInputsSerializer
from performance.services import current_rule_versions as engine_current_rule_versions
from performance.services import evaluate as engine_evaluate


def validate_design_inputs(*, workload: Any, platform: Any) -> dict[str, Any]:
    """The engine's validated {"workload", "platform"} (plain JSON, what a design stores); a DRF
    ValidationError with the engine's field messages when the inputs are not valid."""
    serializer = DesignInputsSerializer(data={"workload": workload, "platform": platform})
    if not serializer.is_valid():
        raise serializers.ValidationError(serializer.errors)
    return dict(serializer.validated_data)


def current_rule_versions() -> dict[str, int]:
    """{slug: version} of every current sizing rule (what a new design pins)."""
    return dict(engine_current_rule_versions())


def evaluate(*, inputs: dict[str, Any], rule_versions: dict[str, int] | None) -> dict[str, Any]:
    return dict(engine_evaluate(inputs, rule_versions=rule_versions))
