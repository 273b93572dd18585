"""The global audit feed: catalog and evidence changes with who and before/after, admins only."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from benchmarks.models import MeasuredPoint, PointValue
from catalog.models import ConfigurationComponent, ConfigurationParameter, StorageProfile
from catalog.tests.conftest import catalog_row_counts

FEED = "/api/v1/audit/"


def feed(client: APIClient, **params: Any) -> list[dict[str, Any]]:
    response = client.get(FEED, params)
    assert response.status_code == 200, response.content
    return list(response.json()["results"])


def max_iops(position: int) -> PointValue:
    return PointValue.objects.get(
        point__curve__slug="mini-orion", point__position=position, quantity="max_iops"
    )


def test_a_measured_value_patched_through_the_api_shows_who_and_before_after(
    mini_catalog: Any, admin_client: APIClient
) -> None:
    value = max_iops(1)
    response = admin_client.patch(f"/api/v1/measured-values/{value.pk}/", {"value": "4900.5"}, format="json")
    assert response.status_code == 200, response.content
    assert response.json() == {
        "id": value.pk,
        "curve": "mini-orion",
        "position": 1,
        "quantity": "max_iops",
        "value": "4900.500000",
        "unit": "IOPS",
    }

    entries = feed(admin_client, object_type="measured value", object_id=value.pk)
    latest = entries[0]
    assert latest["action"] == "changed"
    assert latest["actor"] == "admin"
    assert latest["object_type"] == "measured value"
    assert latest["object_id"] == str(value.pk)
    assert latest["object_label"] == "max_iops of mini-orion point 1"
    assert latest["changes"] == [{"field": "value", "before": "4857.000000", "after": "4900.500000"}]
    # Below it, the row's creation by the seed loader: no user, the loader's reason.
    assert [(e["action"], e["actor"], e["summary"]) for e in entries[1:]] == [
        ("created", None, "load_catalog")
    ]


def test_measured_value_writes_are_validated_and_admin_only(
    mini_catalog: Any, admin_client: APIClient, alice_client: APIClient
) -> None:
    value = max_iops(1)
    url = f"/api/v1/measured-values/{value.pk}/"
    before = catalog_row_counts()
    assert alice_client.patch(url, {"value": "1"}, format="json").status_code == 403
    negative = admin_client.patch(url, {"value": "-1"}, format="json")
    assert negative.status_code == 400 and "value" in negative.json()
    wrong_unit = admin_client.patch(url, {"unit": "ms"}, format="json")
    assert wrong_unit.status_code == 400 and "unit" in wrong_unit.json()
    assert (
        admin_client.patch("/api/v1/measured-values/999999/", {"value": "1"}, format="json").status_code
        == 404
    )
    # Nothing written, not even a history row.
    assert catalog_row_counts() == before
    assert max_iops(1).value == Decimal("4857")


def test_a_configuration_child_edited_in_the_admin_is_in_the_feed(
    mini_catalog: Any, admin_client: APIClient
) -> None:
    superuser = get_user_model().objects.create_superuser("root", password="pw-root-123")
    component = ConfigurationComponent.objects.get(configuration__slug="acme-a100", quantity=2)
    browser = Client()
    browser.force_login(superuser)
    response = browser.post(
        f"/admin/catalog/configurationcomponent/{component.pk}/change/",
        {
            "position": component.position,
            "source_document": component.source_document_id or "",
            "source_locator": component.source_locator,
            "configuration": component.configuration_id,
            "part": component.part_id,
            "quantity": 3,
            "section": component.section,
        },
    )
    assert response.status_code == 302, response.content

    latest = feed(admin_client, object_type="configuration component")[0]
    assert (latest["actor"], latest["action"], latest["object_id"]) == ("root", "changed", str(component.pk))
    assert latest["object_label"] == f"acme-a100 line {component.position}"
    assert latest["changes"] == [{"field": "quantity", "before": 2, "after": 3}]


def test_the_seed_loader_records_one_created_row_per_child_it_bulk_creates(mini_catalog: Any) -> None:
    for model in (ConfigurationComponent, ConfigurationParameter, StorageProfile, MeasuredPoint, PointValue):
        history = model.history.model.objects
        assert history.filter(history_type="+", history_change_reason="load_catalog").count() == (
            model.objects.count()
        ), model


def test_a_curve_import_records_its_points_and_values_with_the_importer(
    mini_catalog: Any, admin_client: APIClient, api_client: APIClient
) -> None:
    curve = api_client.get("/api/v1/curves/mini-orion/export/").json()
    curve["slug"] = "mini-orion-again"
    assert admin_client.post("/api/v1/import/curves/", [curve], format="json").status_code == 201
    values = feed(admin_client, object_type="measured value", actor="admin")
    points = feed(admin_client, object_type="measured point", actor="admin")
    assert len(values) == 3 and len(points) == 2
    assert {e["action"] for e in values + points} == {"created"}
    assert {"field": "quantity", "before": None, "after": "max_iops"} in values[0]["changes"] + values[1][
        "changes"
    ]


@pytest.mark.parametrize("who", ["alice", "anonymous"])
def test_only_admins_read_the_feed(
    mini_catalog: Any, alice_client: APIClient, api_client: APIClient, who: str
) -> None:
    client = alice_client if who == "alice" else api_client
    response = client.get(FEED)
    assert response.status_code in ({403} if who == "alice" else {401, 403})


def test_filters(mini_catalog: Any, admin_client: APIClient) -> None:
    value = max_iops(2)
    assert (
        admin_client.patch(
            f"/api/v1/measured-values/{value.pk}/", {"value": "4000"}, format="json"
        ).status_code
        == 200
    )

    by_admin = feed(admin_client, actor="admin")
    assert [(e["object_type"], e["object_id"]) for e in by_admin] == [("measured value", str(value.pk))]
    assert feed(admin_client, actor="nobody") == []

    parts = feed(admin_client, object_type="part", limit=200)
    assert parts and {e["object_type"] for e in parts} == {"part"}

    later = (timezone.now() + timedelta(hours=1)).isoformat()
    assert feed(admin_client, since=later) == []
    everything = feed(admin_client, limit=200)
    assert feed(admin_client, until=later, limit=200) == everything
    assert feed(admin_client, until=everything[-1]["at"], since=everything[-1]["at"])[-1] == everything[-1]

    for bad in (
        {"object_type": "spaceship"},
        {"since": "yesterday"},
        {"object_id": "x"},
        {"cursor": "%%%"},
        {"limit": 0},
    ):
        response = admin_client.get(FEED, bad)
        assert response.status_code == 400, bad
        assert set(bad) <= set(response.json()), response.json()
    reversed_window = admin_client.get(FEED, {"since": later, "until": everything[-1]["at"]})
    assert reversed_window.status_code == 400 and "until" in reversed_window.json()


def test_pages_follow_each_other_without_gaps_or_repeats(mini_catalog: Any, admin_client: APIClient) -> None:
    everything = feed(admin_client, limit=200)
    assert 15 < len(everything) < 200
    assert [e["at"] for e in everything] == sorted((e["at"] for e in everything), reverse=True)
    walked: list[dict[str, Any]] = []
    params: dict[str, Any] = {"limit": 7}
    while True:
        body = admin_client.get(FEED, params).json()
        walked += body["results"]
        if body["next_cursor"] is None:
            assert body["next"] is None
            break
        assert f"cursor={body['next_cursor']}" in body["next"]
        params["cursor"] = body["next_cursor"]
    assert [e["id"] for e in walked] == [e["id"] for e in everything]


def test_the_feed_costs_a_bounded_number_of_queries(
    mini_catalog: Any, admin_client: APIClient, django_assert_max_num_queries: Any
) -> None:
    for value in PointValue.objects.all():
        for step in range(3):
            admin_client.patch(
                f"/api/v1/measured-values/{value.pk}/", {"value": str(100 + step)}, format="json"
            )
    # 16 history sources x 2 (rows, rows before), 7 parent-name lookups, revisions, 2 share-link reads.
    with django_assert_max_num_queries(42):
        entries = feed(admin_client, limit=200)
    assert sum(e["action"] == "changed" for e in entries) >= 9
