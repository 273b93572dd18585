"""The engine's typed results (pydantic models) as OpenAPI 3.0 components.

drf-spectacular's own pydantic contrib emits pydantic's JSON Schema (draft 2020-12) unchanged: `const`,
`{"type": "null"}` alternatives and titles, which an OpenAPI 3.0 document cannot carry. This extension
(priority above the contrib's) asks pydantic for the schema through a generator that writes 3.0's
`nullable` and `enum` (wrapped in allOf) instead, names every engine component `Engine...` (no clash with the API's own
serializers) and closes each object (`additionalProperties: false`): the engine publishes nothing it
does not declare.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.extensions import OpenApiSerializerExtension
from drf_spectacular.plumbing import ResolvedComponent
from pydantic import BaseModel
from pydantic.json_schema import GenerateJsonSchema, JsonSchemaValue
from pydantic_core import core_schema

PREFIX = "Engine"
REF_TEMPLATE = "#/components/schemas/{model}"


class OpenApi30Schema(GenerateJsonSchema):
    """pydantic's JSON Schema, written in OpenAPI 3.0's dialect."""

    def nullable_schema(self, schema: core_schema.NullableSchema) -> JsonSchemaValue:
        inner = self.generate_inner(schema["schema"])
        if "$ref" in inner:
            return {"allOf": [inner], "nullable": True}
        return {**inner, "nullable": True}

    def literal_schema(self, schema: core_schema.LiteralSchema) -> JsonSchemaValue:
        out = super().literal_schema(schema)
        if "const" in out:
            out["enum"] = [out.pop("const")]
        # Wrapped: drf-spectacular's enum hook would otherwise pull every inline enum out into a
        # component named after the property, and the engine's `kind` (oltp | dss) and `balance`
        # enums collide with the API's own under those names.
        return {"allOf": [out]}

    def normalize_name(self, name: str) -> str:
        name = super().normalize_name(name)
        return name if name.startswith(PREFIX) else PREFIX + name

    def field_title_should_be_set(self, schema: Any) -> bool:
        return False


def _closed(schema: dict[str, Any]) -> dict[str, Any]:
    schema.pop("title", None)
    if schema.get("type") == "object" and "properties" in schema:
        schema.setdefault("additionalProperties", False)
    return schema


def component_schemas(model: type[BaseModel]) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
    """The model's own schema and the components it refers to (by name)."""
    schema = model.model_json_schema(
        ref_template=REF_TEMPLATE, schema_generator=OpenApi30Schema, mode="validation"
    )
    # validation mode: the shape is the same in both directions, and a field's JSON serialiser (the
    # echoed inputs keep the numbers as typed) does not blur its declared type
    definitions = {name: _closed(sub) for name, sub in schema.pop("$defs", {}).items()}
    return _closed(schema), definitions


class EngineModelExtension(OpenApiSerializerExtension):
    """Use an engine model (pydantic) where a serializer is expected: extend_schema(responses=Model),
    or extend_schema_field(Model) on a serializer field."""

    target_class = "pydantic.BaseModel"
    match_subclasses = True
    priority = 1

    def get_name(self, auto_schema: Any, direction: Any) -> str:
        name: str = self.target.__name__
        return name if name.startswith(PREFIX) else PREFIX + name

    def map_serializer(self, auto_schema: Any, direction: Any) -> dict[str, Any]:
        schema, definitions = component_schemas(self.target)
        for name, sub_schema in definitions.items():
            component = ResolvedComponent(
                name=name, type=ResolvedComponent.SCHEMA, object=name, schema=sub_schema
            )
            auto_schema.registry.register_on_missing(component)
        return schema
