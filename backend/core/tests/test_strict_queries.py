"""Query parameters the API cannot use are a 400 naming the parameter, never silently ignored
(found by schemathesis's negative-data check; issue 17: bad input is refused):
- paging: `limit`/`offset` that are not whole numbers in range (core.pagination);
- filters: an empty value for any filter but free text (core.filters), a value outside the choices;
- exports: `as` other than json or csv.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from core.filters import BOOLEAN_MESSAGE, EMPTY_VALUE_MESSAGE

pytestmark = pytest.mark.django_db


@pytest.fixture
def client() -> APIClient:
    user = get_user_model().objects.create_user("fuzz-editor", password="x-long-enough-pass-1")
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.mark.parametrize(
    ("query", "parameter"),
    [
        ("limit=x", "limit"),
        ("limit=0", "limit"),
        ("limit=-5", "limit"),
        ("limit=1.5", "limit"),
        ("limit=", "limit"),
        ("offset=-1", "offset"),
        ("offset=x", "offset"),
    ],
)
def test_a_limit_or_offset_that_is_not_a_whole_number_in_range_is_a_400(
    client: APIClient, query: str, parameter: str
) -> None:
    for path in ("/api/v1/teams/", "/api/v1/designs/", "/api/v1/parts/"):
        response = client.get(f"{path}?{query}")
        assert response.status_code == 400, (path, query)
        assert list(response.json()) == [parameter]


def test_paging_parameters_in_range_still_page(client: APIClient) -> None:
    response = client.get("/api/v1/parts/?limit=1&offset=0")
    assert response.status_code == 200
    assert response.json()["results"] == []


@pytest.mark.parametrize(
    ("path", "parameter"),
    [
        ("/api/v1/configurations/?platform=", "platform"),  # a declared ChoiceFilter
        ("/api/v1/documents/?year=", "year"),  # a number
        ("/api/v1/designs/?status=", "status"),  # generated from filterset_fields
        ("/api/v1/designs/?team=", "team"),  # an id
        ("/api/v1/price-books/?is_active=", "is_active"),  # a boolean
        ("/api/v1/reference-designs/?platform=", "platform"),
    ],
)
def test_an_empty_filter_value_is_a_400_naming_it(client: APIClient, path: str, parameter: str) -> None:
    response = client.get(path)
    assert response.status_code == 400, path
    assert response.json() == {parameter: [EMPTY_VALUE_MESSAGE]}


def test_a_filter_value_outside_the_choices_is_a_400_and_free_text_may_be_empty(client: APIClient) -> None:
    response = client.get("/api/v1/configurations/?platform=nope")
    assert response.status_code == 400
    assert list(response.json()) == ["platform"]
    assert client.get("/api/v1/parts/?part_number=").status_code == 200
    assert client.get("/api/v1/configurations/?platform=xtremio").status_code == 200


@pytest.mark.parametrize("fmt", ["AAA", "", "CSV"])
def test_an_export_format_other_than_json_or_csv_is_a_400(client: APIClient, fmt: str) -> None:
    response = client.get(f"/api/v1/parts/export/?as={fmt}")
    assert response.status_code == 400
    assert list(response.json()) == ["as"]


def test_the_export_formats_still_answer(client: APIClient) -> None:
    assert client.get("/api/v1/parts/export/?as=csv")["Content-Type"].startswith("text/csv")
    assert client.get("/api/v1/parts/export/").json() == []


@pytest.mark.parametrize(
    ("value", "status"), [("true", 200), ("false", 200), ("1", 200), ("maybe", 400), ("", 400)]
)
def test_all_versions_is_a_boolean_or_a_400(client: APIClient, value: str, status: int) -> None:
    response = client.get(f"/api/v1/rules/?all_versions={value}")
    assert response.status_code == status
    if status == 400:
        assert list(response.json()) == ["all_versions"]


@pytest.mark.parametrize(
    ("value", "status"), [("true", 200), ("false", 200), ("0", 200), ("null", 400), ("maybe", 400)]
)
def test_a_boolean_filter_is_true_or_false_or_a_400(client: APIClient, value: str, status: int) -> None:
    response = client.get(f"/api/v1/price-books/?is_active={value}")
    assert response.status_code == status
    if status == 400:
        assert response.json() == {"is_active": [BOOLEAN_MESSAGE]}


@pytest.mark.parametrize(
    ("query", "parameter"),
    [
        ("cursor=", "cursor"),  # DRF reads an empty optional query value as "not sent"
        ("actor=", "actor"),
        ("object_id=-3", "object_id"),
    ],
)
def test_the_audit_feed_refuses_empty_or_out_of_range_filters(query: str, parameter: str) -> None:
    admin = get_user_model().objects.create_user("fuzz-admin", password="x-long-enough-pass-1", is_staff=True)
    client = APIClient()
    client.force_authenticate(admin)
    response = client.get(f"/api/v1/audit/?{query}")
    assert response.status_code == 400, response.content
    assert list(response.json()) == [parameter]


@pytest.mark.parametrize("query", ["position=1.5", "position=-1", "position="])
def test_a_measured_point_position_is_a_whole_number(client: APIClient, query: str) -> None:
    response = client.get(f"/api/v1/measured-values/?{query}")
    assert response.status_code == 400, response.content
    assert list(response.json()) == ["position"]
