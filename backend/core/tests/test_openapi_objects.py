"""No bare object in the published contract: every schema of type object in backend/openapi.yaml
declares its properties, or is a documented map (additionalProperties gives the value type). The
typed clients (frontend/src/lib/api-schema.d.ts) get `Record<string, unknown>` from a bare object,
which is a type in name only."""

from __future__ import annotations

import pathlib
from collections.abc import Iterator
from typing import Any

import yaml

OPENAPI = pathlib.Path(__file__).resolve().parents[2] / "openapi.yaml"


def _objects(node: Any, path: str) -> Iterator[tuple[str, dict[str, Any]]]:
    if isinstance(node, dict):
        if node.get("type") == "object" or "additionalProperties" in node:
            yield path, node
        for key, value in node.items():
            yield from _objects(value, f"{path}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _objects(value, f"{path}/{i}")


def _is_typed(schema: dict[str, Any]) -> bool:
    if schema.get("properties"):
        return True
    value = schema.get("additionalProperties")
    # a map documents its value type ({} or true would be "anything")
    return isinstance(value, dict) and bool(value)


def bare_objects(document: dict[str, Any]) -> list[str]:
    found = []
    for section in ("paths", "components"):
        for path, schema in _objects(document.get(section, {}), f"#/{section}"):
            if not _is_typed(schema):
                found.append(path)
    return found


def test_no_bare_object_in_any_request_or_response() -> None:
    document = yaml.safe_load(OPENAPI.read_text(encoding="utf-8"))
    assert any("EngineEvaluation" in name for name in document["components"]["schemas"])
    # nothing is exempt: every object declares its properties, or a map its value type
    bare = bare_objects(document)
    assert not bare, "objects without declared properties or a map's value type:\n" + "\n".join(bare)


def test_the_walk_finds_a_bare_object() -> None:
    document = {"components": {"schemas": {"A": {"type": "object", "properties": {
        "free": {"type": "object", "additionalProperties": {}},
        "map": {"type": "object", "additionalProperties": {"type": "integer"}},
        "nested": {"type": "array", "items": {"type": "object"}},
    }}}}}  # fmt: skip
    assert bare_objects(document) == [
        "#/components/schemas/A/properties/free",
        "#/components/schemas/A/properties/nested/items",
    ]
