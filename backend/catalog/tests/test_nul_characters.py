"""A NUL character (U+0000) anywhere in a request is a 400 with a message, never a 500: PostgreSQL
text cannot hold it, so it must not reach a query (found by schemathesis in a slug lookup)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from catalog.models import Configuration, Part
from core.nul import MESSAGE

pytestmark = pytest.mark.usefixtures("mini_catalog")


@pytest.mark.parametrize(
    "url", ["/api/v1/documents/mini%00doc/", "/api/v1/parts/?search=a%00b", "/api/v1/parts/?x%00=1"]
)
def test_nul_in_the_url_is_refused(api_client: APIClient, url: str) -> None:
    response = api_client.get(url)
    assert response.status_code == 400
    assert response.json() == {"detail": MESSAGE}


def test_nul_in_a_json_body_is_refused_and_nothing_is_written(admin_client: APIClient) -> None:
    before = Configuration.objects.count()
    body = {"slug": "x", "name": "x", "platform": "server", "role": "reference", "source_document": "\x00doc"}
    response = admin_client.post("/api/v1/configurations/", body, format="json")
    assert response.status_code == 400
    assert response.json() == {"detail": MESSAGE}
    assert Configuration.objects.count() == before


def test_nul_in_a_form_body_is_refused(admin_client: APIClient) -> None:
    response = admin_client.post(
        "/api/v1/rules/", {"slug": "r", "source_document": "a\x00"}, format="multipart"
    )
    assert response.status_code == 400


@pytest.mark.parametrize(
    ("body", "content_type"),
    [
        (
            '{"parts": [{"manufacturer": "acme", "part_number": "N\\u0000", "kind": "drive"}]}',
            "application/json",
        ),
        ("manufacturer,part_number,kind\nacme,N\x00,drive\n", "text/csv"),
        ("{not json", "application/json"),
    ],
)
def test_imports_answer_bad_bodies_in_their_error_shape(
    admin_client: APIClient, body: str, content_type: str
) -> None:
    before = Part.objects.count()
    response = admin_client.generic("POST", "/api/v1/import/parts/", body, content_type=content_type)
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert errors and errors[0]["row"] == 0 and errors[0]["field"] == "file"
    assert Part.objects.count() == before
