"""The catalog endpoints appear in the OpenAPI document (/api/schema/) with examples."""

from __future__ import annotations

from typing import Any

import pytest
import yaml
from rest_framework.test import APIClient

CATALOG_PATHS = [
    "/api/v1/documents/",
    "/api/v1/manufacturers/",
    "/api/v1/parts/",
    "/api/v1/parts/export/",
    "/api/v1/price-books/",
    "/api/v1/price-books/{id}/entries/",
    "/api/v1/price-books/{id}/export/",
    "/api/v1/configurations/",
    "/api/v1/configurations/{slug}/",
    "/api/v1/rules/",
    "/api/v1/curves/",
    "/api/v1/curves/{slug}/",
    "/api/v1/curves/{slug}/export/",
    "/api/v1/import/parts/",
    "/api/v1/import/price-books/",
    "/api/v1/import/curves/",
]
EXAMPLED = [
    ("/api/v1/parts/", "get"),
    ("/api/v1/parts/{id}/", "get"),
    ("/api/v1/configurations/{slug}/", "get"),
    ("/api/v1/rules/", "get"),
    ("/api/v1/curves/{slug}/", "get"),
    ("/api/v1/documents/", "get"),
    ("/api/v1/import/curves/", "post"),
]


@pytest.fixture(scope="module")
def schema(django_db_blocker: Any) -> dict[str, Any]:
    with django_db_blocker.unblock():
        response = APIClient().get("/api/schema/")
    assert response.status_code == 200
    document: dict[str, Any] = yaml.safe_load(response.content)
    return document


@pytest.mark.parametrize("path", CATALOG_PATHS)
def test_catalog_path_is_documented(schema: dict[str, Any], path: str) -> None:
    assert path in schema["paths"]


@pytest.mark.parametrize(("path", "method"), EXAMPLED)
def test_operation_has_a_response_example(schema: dict[str, Any], path: str, method: str) -> None:
    responses = schema["paths"][path][method]["responses"]
    examples = [
        name
        for response in responses.values()
        for media in response.get("content", {}).values()
        for name in media.get("examples", {})
    ]
    assert examples, f"{method.upper()} {path} has no example"


def test_rule_list_documents_all_versions(schema: dict[str, Any]) -> None:
    names = {p["name"] for p in schema["paths"]["/api/v1/rules/"]["get"]["parameters"]}
    assert {"all_versions", "kind", "slug", "applies_to", "limit", "offset"} <= names


def test_every_reference_resolves(schema: dict[str, Any]) -> None:
    """Every $ref resolves; the RAID-level and platform lists carry their full enum."""
    text = yaml.safe_dump(schema)
    components = schema["components"]["schemas"]
    assert components["RaidLevelList"]["items"]["enum"][:2] == ["raid0", "raid1"]
    assert "oracle-fs1" in components["PlatformList"]["items"]["enum"]
    refs = {
        line.split("#/components/schemas/")[1].strip("'\" ") for line in text.splitlines() if "$ref" in line
    }
    assert refs <= set(components)
