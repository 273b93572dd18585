"""Serializer fields whose OpenAPI schema says more than drf-spectacular can infer."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers


@extend_schema_field({"type": "object", "additionalProperties": {}})
class JSONObjectField(serializers.JSONField):
    """A JSON object (not any JSON value): the shape is documented where it is validated."""


@extend_schema_field(
    {
        "type": "object",
        "additionalProperties": {
            "oneOf": [{"type": "string"}, {"type": "number"}, {"type": "boolean"}],
            "nullable": True,
        },
    }
)
class ScalarMapField(serializers.JSONField):
    """A JSON object of named scalars (a measured point's conditions: queue depth, block size ...)."""
