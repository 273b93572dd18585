"""Only admins change the catalog: non-admin and anonymous writes are refused, admin writes work and
are recorded in the change history."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from catalog.models import Part, PriceBook, SizingRule
from catalog.tests.conftest import catalog_row_counts

pytestmark = pytest.mark.usefixtures("mini_catalog")

NEW_PART = {"manufacturer": "acme", "part_number": "A-200", "kind": "drive", "description": "600 GB 15K SAS"}
NEW_RULE = {
    "slug": "new-rule",
    "kind": "threshold",
    "title": "CPU ceiling",
    "parameters": {"cpu_utilisation": {"value": "80", "unit": "%"}},
    "source_document": "mini-doc",
    "source_locator": "Section 6",
}

WRITES: list[tuple[str, str, dict[str, Any]]] = [
    ("post", "/api/v1/parts/", NEW_PART),
    ("patch", "/api/v1/manufacturers/acme/", {"name": "Renamed"}),
    ("delete", "/api/v1/documents/mini-doc/", {}),
    (
        "post",
        "/api/v1/configurations/",
        {"slug": "x", "name": "x", "platform": "server", "role": "reference"},
    ),
    ("patch", "/api/v1/configurations/acme-a100/", {"name": "Renamed"}),
    ("post", "/api/v1/rules/", NEW_RULE),
    ("post", "/api/v1/price-books/", {"name": "List", "currency": "USD", "effective_date": "2026-01-01"}),
    ("patch", "/api/v1/curves/mini-orion/", {"title": "Renamed"}),
    ("post", "/api/v1/import/parts/", {"parts": [NEW_PART]}),
    ("post", "/api/v1/import/curves/", {"curves": []}),
]


@pytest.mark.parametrize(("method", "url", "body"), WRITES, ids=[f"{m} {u}" for m, u, _ in WRITES])
def test_non_admin_write_is_forbidden(
    alice_client: APIClient, api_client: APIClient, method: str, url: str, body: dict[str, Any]
) -> None:
    before = catalog_row_counts()
    response = getattr(alice_client, method)(url, body, format="json")
    assert response.status_code == 403, response.content
    anonymous = getattr(api_client, method)(url, body, format="json")
    assert anonymous.status_code in {401, 403}
    assert catalog_row_counts() == before


def test_admin_creates_part_with_history(admin_client: APIClient, admin_user: Any) -> None:
    response = admin_client.post("/api/v1/parts/", NEW_PART, format="json")
    assert response.status_code == 201, response.content
    part = Part.objects.get(part_number="A-200")
    assert part.from_fixtures is False
    record = part.history.get()
    assert record.history_type == "+"
    assert record.history_user == admin_user


def test_admin_update_and_delete(admin_client: APIClient) -> None:
    response = admin_client.patch("/api/v1/configurations/acme-a100/", {"name": "Renamed"}, format="json")
    assert response.status_code == 200, response.content
    assert response.json()["name"] == "Renamed"
    part = admin_client.post("/api/v1/parts/", NEW_PART, format="json").json()
    assert admin_client.delete(f"/api/v1/parts/{part['id']}/").status_code == 204
    # A part used in a configuration is protected: a 409 that says by what, never a 500.
    used = Part.objects.get(part_number="A-100")
    refused = admin_client.delete(f"/api/v1/parts/{used.pk}/")
    assert refused.status_code == 409
    assert "acme-a100" in refused.json()["detail"]
    assert Part.objects.filter(pk=used.pk).exists()
    assert admin_client.delete("/api/v1/documents/mini-doc/").status_code == 409


def test_bad_admin_input_is_a_field_level_400(admin_client: APIClient) -> None:
    before = catalog_row_counts()
    response = admin_client.post(
        "/api/v1/parts/",
        {**NEW_PART, "manufacturer": "nobody", "clock_ghz": "-1", "raid_levels": ["raid99"]},
        format="json",
    )
    assert response.status_code == 400
    body = response.json()
    assert set(body) == {"manufacturer", "clock_ghz", "raid_levels"}
    duplicate = admin_client.post("/api/v1/parts/", {**NEW_PART, "part_number": "A-100"}, format="json")
    assert duplicate.status_code == 400
    bad_rule = admin_client.post(
        "/api/v1/rules/", {**NEW_RULE, "parameters": {"x": {"value": "1", "unit": "furlongs"}}}, format="json"
    )
    assert bad_rule.status_code == 400
    assert "parameters" in bad_rule.json()
    assert catalog_row_counts() == before


def test_price_book_versions(admin_client: APIClient, admin_user: Any) -> None:
    body = {"name": "List", "currency": "EUR", "effective_date": "2026-01-01"}
    first = admin_client.post("/api/v1/price-books/", body, format="json")
    second = admin_client.post("/api/v1/price-books/", body, format="json")
    assert first.status_code == second.status_code == 201
    assert (first.json()["version"], second.json()["version"]) == (1, 2)
    books = PriceBook.objects.order_by("version")
    assert [(b.version, b.is_active, b.imported_by) for b in books] == [
        (1, False, admin_user),
        (2, True, admin_user),
    ]
    bad = admin_client.post("/api/v1/price-books/", {**body, "currency": "euro"}, format="json")
    assert bad.status_code == 400
    assert "currency" in bad.json()


def test_rules_cannot_be_edited_in_place(admin_client: APIClient) -> None:
    rule = SizingRule.objects.get(slug="mini-iops-per-user")
    response = admin_client.patch(f"/api/v1/rules/{rule.pk}/", {"title": "x"}, format="json")
    assert response.status_code == 405


def test_a_new_document_answers_with_its_citation_counts(admin_client: APIClient) -> None:
    body = {"slug": "new-doc", "title": "A new whitepaper", "publisher": "Acme", "year": 2020}
    response = admin_client.post("/api/v1/documents/", body, format="json")
    assert response.status_code == 201, response.content
    counts = {key: value for key, value in response.json().items() if key.endswith("_count")}
    assert counts == {
        "part_count": 0,
        "configuration_count": 0,
        "curve_count": 0,
        "point_count": 0,
        "rule_count": 0,
    }


def test_a_rule_check_applies_when_design_facts_equal_scalars(admin_client: APIClient) -> None:
    """`when` conditions are compared for equality with design facts: a list or an object is refused."""
    rule = {**NEW_RULE, "kind": "best_practice", "severity": "warning"}
    check = {"field": "raid", "op": "eq", "value": "raid10"}
    bad = admin_client.post(
        "/api/v1/rules/", {**rule, "check": {**check, "when": {"workload_kind": ["oltp"]}}}, format="json"
    )
    assert bad.status_code == 400
    assert bad.json() == {"check": {"when": {"workload_kind": ["must be a string, a number or a boolean"]}}}
    good = admin_client.post(
        "/api/v1/rules/",
        {**rule, "check": {**check, "when": {"workload_kind": "oltp", "arrays": 1}}},
        format="json",
    )
    assert good.status_code == 201, good.content
    assert good.json()["check"]["when"] == {"workload_kind": "oltp", "arrays": 1}
