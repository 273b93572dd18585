"""Bad input from an admin is a 400 with field messages, never a 500 and never half-written: values
that only a database constraint would catch are validated first."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from catalog.tests.conftest import catalog_row_counts

pytestmark = pytest.mark.usefixtures("mini_catalog")

CASES: list[tuple[str, Any, str]] = [
    ("/api/v1/documents/", {"slug": "d", "title": "t", "publisher": "p", "year": 1200}, "year"),
    (
        "/api/v1/parts/",
        {"manufacturer": "acme", "part_number": "Z", "kind": "cable", "cores": 2**40},
        "cores",
    ),
    ("/api/v1/parts/", {"manufacturer": "acme", "part_number": "", "kind": "cable"}, "part_number"),
    (
        "/api/v1/parts/",
        {"manufacturer": "acme", "part_number": "Z", "kind": "cable", "raid_levels": "raid10"},
        "raid_levels",
    ),
    ("/api/v1/price-book-entries/", {"price_book": 1, "part": 1, "unit_price": "-1.00"}, "unit_price"),
    (
        "/api/v1/configurations/",
        {
            "slug": "c",
            "name": "c",
            "platform": "server",
            "role": "reference",
            "source_document": "mini-doc",
            "attributes": {"x": {"value": "1", "unit": "parsecs"}},
        },
        "attributes",
    ),
    (
        "/api/v1/configurations/",
        {
            "slug": "c",
            "name": "c",
            "platform": "server",
            "role": "reference",
            "source_document": "mini-doc",
            "attributes": [1, 2],
        },
        "attributes",
    ),
    (
        "/api/v1/rules/",
        {
            "slug": "r",
            "kind": "best_practice",
            "title": "t",
            "source_document": "mini-doc",
            "source_locator": "S1",
        },
        "check",
    ),
    (
        "/api/v1/rules/",
        {
            "slug": "r",
            "kind": "threshold",
            "title": "t",
            "source_document": "mini-doc",
            "check": {"field": "raid", "op": "approximately", "value": 1},
        },
        "check",
    ),
    (
        "/api/v1/rules/",
        {"slug": "r", "kind": "threshold", "title": "t", "source_document": "mini-doc", "check": ["raid"]},
        "check",
    ),
    (
        "/api/v1/curves/",
        {
            "slug": "c",
            "title": "t",
            "configuration": "acme-a100",
            "tool": "orion",
            "source_document": "mini-doc",
            "read_pct": 150,
        },
        "read_pct",
    ),
    ("/api/v1/price-books/", {"name": "n", "currency": "usd", "effective_date": "soon"}, "effective_date"),
]


@pytest.mark.parametrize(("url", "body", "field"), CASES, ids=[f"{u} {f}" for u, _, f in CASES])
def test_admin_bad_input_is_a_400_naming_the_field(
    admin_client: APIClient, url: str, body: Any, field: str
) -> None:
    before = catalog_row_counts()
    response = admin_client.post(url, body, format="json")
    assert response.status_code == 400, response.content
    assert field in response.json()
    assert catalog_row_counts() == before


JUNK_IMPORTS: list[tuple[str, Any]] = [
    ("/api/v1/import/curves/", [{"slug": "j", "points": [{"position": "first", "values": []}]}]),
    (
        "/api/v1/import/curves/",
        [{"slug": "j", "colour": "red", "points": [{"position": 2**40, "values": {}}]}],
    ),
    (
        "/api/v1/import/curves/",
        [
            {
                "slug": "j",
                "points": [
                    {
                        "values": [{"quantity": ["x"], "value": {}, "unit": 5}],
                        "source_document": ["x"],
                        "source_locator": "L" * 300,
                    }
                ],
            }
        ],
    ),
    ("/api/v1/import/curves/", 42),
    (
        "/api/v1/import/parts/",
        [{"manufacturer": "acme", "part_number": "Q", "kind": "cable", "cores": {"a": 1}}],
    ),
    ("/api/v1/import/parts/", [None, "x"]),
    (
        "/api/v1/import/price-books/",
        {"name": "n", "currency": "USD", "effective_date": "2026-01-01", "entries": [7]},
    ),
]


@pytest.mark.parametrize(("url", "body"), JUNK_IMPORTS)
def test_junk_imports_are_400s(admin_client: APIClient, url: str, body: Any) -> None:
    before = catalog_row_counts()
    response = admin_client.post(url, body, format="json")
    assert response.status_code == 400, response.content
    assert response.json()["errors"]
    assert all(set(e) == {"row", "field", "message"} for e in response.json()["errors"])
    assert catalog_row_counts() == before
