"""Reading the catalog API (APIClient against PostgreSQL): lists, filters, search, pagination, 404s."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from catalog.models import Manufacturer, Part

pytestmark = pytest.mark.usefixtures("mini_catalog")


def get(client: APIClient, url: str, status: int = 200) -> Any:
    response = client.get(url)
    assert response.status_code == status, response.content
    return response.json()


def numbers(page: dict[str, Any]) -> list[str]:
    return [p["part_number"] for p in page["results"]]


def test_parts_list_is_paginated_with_typed_specs(api_client: APIClient) -> None:
    page = get(api_client, "/api/v1/parts/?limit=1&ordering=part_number")
    assert page["count"] == 2
    assert page["next"] is not None
    assert numbers(page) == ["7110316"]
    server = page["results"][0]
    assert server["clock_ghz"] == "2.300"  # Decimal as a string
    assert server["manufacturer"] == "oracle"
    assert server["source_document"] == "mini-doc"
    assert server["source_locator"] == "Table 2"
    second = get(api_client, "/api/v1/parts/?limit=1&offset=1&ordering=part_number")
    assert numbers(second) == ["A-100"]


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("kind=server", ["7110316"]),
        ("kind=storage_array", ["A-100"]),
        ("manufacturer=acme", ["A-100"]),
        ("drive_technology=sas_15k", ["A-100"]),
        ("drive_technology=ssd", []),
        ("search=A100", ["A-100"]),
        ("search=7110316", ["7110316"]),
        ("source_document=mini-doc&ordering=-part_number", ["A-100", "7110316"]),
    ],
)
def test_parts_filters_and_search(api_client: APIClient, query: str, expected: list[str]) -> None:
    assert numbers(get(api_client, f"/api/v1/parts/?{query}")) == expected


def test_invalid_filter_value_is_a_400(api_client: APIClient) -> None:
    body = get(api_client, "/api/v1/parts/?kind=spaceship", status=400)
    assert "kind" in body


def test_documents_and_manufacturers_by_slug(api_client: APIClient) -> None:
    document = get(api_client, "/api/v1/documents/mini-doc/")
    assert document["year"] == 2012
    counts = {k: v for k, v in document.items() if k.endswith("_count")}
    assert counts == {
        "part_count": 2,
        "configuration_count": 1,
        "curve_count": 1,
        "point_count": 2,
        "rule_count": 2,
    }
    assert get(api_client, "/api/v1/manufacturers/acme/")["name"] == "Acme Storage"
    get(api_client, "/api/v1/documents/no-such-doc/", status=404)
    get(api_client, "/api/v1/manufacturers/no-such-maker/", status=404)
    get(api_client, "/api/v1/parts/999999/", status=404)


def test_configuration_nested_composition(api_client: APIClient) -> None:
    body = get(api_client, "/api/v1/configurations/acme-a100/")
    assert body["attributes"] == {"raw_capacity": {"value": "9.6", "unit": "TB"}}
    assert [(c["position"], c["part_number"], c["quantity"], c["section"]) for c in body["components"]] == [
        (1, "A-100", 1, "storage"),
        (2, "7110316", 2, "servers"),
    ]
    assert body["components"][1]["source_locator"] == "Table 2"
    assert body["layouts"][0]["name"] == "DATA"
    assert body["layouts"][0]["lun_size_gb"] == "500.000"
    assert body["storage_profiles"][0]["name"] == "Data"
    assert body["parameters"][0] == {
        "position": 1,
        "name": "sga_target",
        "value": "128G",
        "scope": "per node",
        "source_document": "mini-doc",
        "source_locator": "",
    }
    get(api_client, "/api/v1/configurations/no-such-config/", status=404)
    assert get(api_client, "/api/v1/configurations/?platform=equallogic")["count"] == 1
    assert get(api_client, "/api/v1/configurations/?platform=xtremio")["count"] == 0


def test_rules_current_only_by_default(admin_client: APIClient, api_client: APIClient) -> None:
    response = admin_client.post(
        "/api/v1/rules/",
        {
            "slug": "mini-iops-per-user",
            "kind": "demand",
            "title": "IOPS per user (revised)",
            "parameters": {"peak_iops": {"value": "3700", "unit": "IOPS"}},
            "source_document": "mini-doc",
            "source_locator": "Section 4.2",
        },
        format="json",
    )
    assert response.status_code == 201, response.content
    assert response.json()["version"] == 2
    current = get(api_client, "/api/v1/rules/?slug=mini-iops-per-user")
    assert [(r["version"], r["is_current"]) for r in current["results"]] == [(2, True)]
    every = get(api_client, "/api/v1/rules/?slug=mini-iops-per-user&all_versions=true")
    assert [(r["version"], r["is_current"]) for r in every["results"]] == [(2, True), (1, False)]
    assert every["results"][1]["parameters"]["peak_iops"] == {"value": "3600", "unit": "IOPS"}


def test_rules_filters(api_client: APIClient) -> None:
    best = get(api_client, "/api/v1/rules/?kind=best_practice")
    assert [r["slug"] for r in best["results"]] == ["mini-raid10-for-oltp"]
    assert best["results"][0]["check"] == {
        "field": "raid",
        "op": "eq",
        "value": "raid10",
        "when": {"workload_kind": "oltp"},
    }
    # applies_to: the platform's own rules plus the rules for every platform (empty applies_to)
    assert get(api_client, "/api/v1/rules/?applies_to=equallogic")["count"] == 2
    assert get(api_client, "/api/v1/rules/?applies_to=xtremio")["count"] == 1


def test_price_books_need_sign_in(api_client: APIClient, alice_client: APIClient) -> None:
    get(api_client, "/api/v1/price-books/", status=403)
    assert get(alice_client, "/api/v1/price-books/")["count"] == 0


def test_part_list_query_count_does_not_grow_with_rows(
    api_client: APIClient, django_assert_max_num_queries: Any
) -> None:
    maker = Manufacturer.objects.get(slug="acme")
    Part.objects.bulk_create(
        [Part(manufacturer=maker, part_number=f"X-{i}", kind="cable") for i in range(30)]
    )
    # savepoint + count + one joined select + release (ATOMIC_REQUESTS), whatever the row count
    with django_assert_max_num_queries(4):
        get(api_client, "/api/v1/parts/?limit=50")
