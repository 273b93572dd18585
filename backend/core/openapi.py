"""OpenAPI post-processing: what our serializers always send is marked required in responses.

drf-spectacular marks a response property required only when its serializer field is required for
*input*; a model field with a default (required=False on input) then looks optional in responses
although DRF always writes it. Typed clients generated from the schema (frontend/src/lib/
api-schema.d.ts) would then treat every such field as possibly missing. Request components (named
*Request, split by COMPONENT_SPLIT_REQUEST) keep their input rules; a response property a view may
really leave out is listed in OPTIONAL_RESPONSE_PROPERTIES.
"""

from __future__ import annotations

from typing import Any

# component -> properties that some responses omit on purpose
OPTIONAL_RESPONSE_PROPERTIES: dict[str, set[str]] = {
    # design/revision only when a saved design is evaluated (docs/api.md, "Evaluate")
    "EvaluationResponse": {"design", "revision"},
    # a best-practice check applies everywhere unless it names a `when` condition
    "RuleCheck": {"when"},
}

# components that never carry more than their properties (so a oneOf can tell them apart)
CLOSED_RESPONSE_COMPONENTS = {
    # /auth/me/ answers CurrentUser or AnonymousSession; a user body is not an anonymous one
    "AnonymousSession",
}


def _is_request_component(name: str) -> bool:
    return name.endswith("Request") or name.startswith("Patched")


def require_response_properties(result: dict[str, Any], generator: Any, **kwargs: Any) -> dict[str, Any]:
    schemas = result.get("components", {}).get("schemas", {})
    for name, schema in schemas.items():
        if _is_request_component(name) or schema.get("type") != "object" or "properties" not in schema:
            continue
        optional = OPTIONAL_RESPONSE_PROPERTIES.get(name, set())
        required = [
            prop
            for prop, spec in schema["properties"].items()
            if prop not in optional and not (isinstance(spec, dict) and spec.get("writeOnly"))
        ]
        if required:
            schema["required"] = required
        if name in CLOSED_RESPONSE_COMPONENTS:
            schema["additionalProperties"] = False
    return result
