"""Request bodies are bounded at the parsers: nesting depth and size. A body past a bound is refused in
the API's error shape (400 / 413 JSON, never a 500 or an HTML page), quickly, with nothing written.

Issue 17, findings 2 (deeply nested JSON answered 500, anonymously too) and 7 (imports had no size
limit; the JSON size error came back as an HTML page)."""

from __future__ import annotations

import time
from io import StringIO
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import override_settings
from rest_framework.test import APIClient

from catalog.models import Part
from core.parsers import MAX_JSON_DEPTH
from designs.models import Design


def _nested_dicts(depth: int) -> str:
    return '{"a": ' * depth + "1" + "}" * depth


def _nested_lists(depth: int) -> str:
    return "[" * depth + "]" * depth


@pytest.fixture
def alice_client(db: None) -> APIClient:
    call_command("seed_demo_users", stdout=StringIO())
    client = APIClient()
    client.force_authenticate(get_user_model().objects.get(username="alice"))
    return client


@pytest.fixture
def admin_client(db: None) -> APIClient:
    client = APIClient()
    client.force_authenticate(get_user_model().objects.create_user("root", password="x", is_staff=True))
    return client


def _assert_refused_in_the_error_shape(response: Any, status: int = 400) -> None:
    assert response.status_code == status, response.content[:300]
    assert response["Content-Type"].startswith("application/json")
    body = response.json()
    assert isinstance(body, dict) and isinstance(body.get("detail"), str), body


@pytest.mark.django_db
@pytest.mark.parametrize(
    "body",
    [
        # The probes of the issue: 1.2 KB nested 600 deep, dicts and lists.
        '{"username": ' + _nested_dicts(600) + ', "password": "x"}',
        _nested_lists(1000),
        _nested_lists(100_000),  # deeper than the JSON decoder's own recursion limit
    ],
)
def test_deeply_nested_json_to_the_token_endpoint_is_400_anonymously(body: str) -> None:
    response = APIClient().generic("POST", "/api/v1/auth/token/", body, content_type="application/json")
    _assert_refused_in_the_error_shape(response)


@pytest.mark.django_db
def test_deeply_nested_json_to_evaluate_is_400(alice_client: APIClient) -> None:
    body = '{"workload": ' + _nested_lists(1000) + ', "platform": {}}'
    response = alice_client.generic("POST", "/api/v1/evaluate/", body, content_type="application/json")
    _assert_refused_in_the_error_shape(response)


@pytest.mark.django_db
def test_deeply_nested_json_to_designs_is_400_and_nothing_is_written(alice_client: APIClient) -> None:
    body = '{"name": "deep", "workload": ' + _nested_dicts(500) + ', "platform": {}}'
    response = alice_client.generic("POST", "/api/v1/designs/", body, content_type="application/json")
    _assert_refused_in_the_error_shape(response)
    assert Design.objects.count() == 0


@pytest.mark.django_db
def test_json_at_the_depth_bound_is_still_parsed(alice_client: APIClient) -> None:
    # MAX_JSON_DEPTH levels are fine (the serializer then says what is wrong), one more is not.
    at_bound = '{"name": "x", "workload": ' + _nested_dicts(MAX_JSON_DEPTH - 1) + "}"
    response = alice_client.generic("POST", "/api/v1/designs/", at_bound, content_type="application/json")
    assert response.status_code == 400 and "detail" not in response.json()  # field errors: it was parsed
    beyond = '{"name": "x", "workload": ' + _nested_dicts(MAX_JSON_DEPTH) + "}"
    response = alice_client.generic("POST", "/api/v1/designs/", beyond, content_type="application/json")
    _assert_refused_in_the_error_shape(response)


@pytest.mark.django_db
def test_deeply_nested_json_import_is_refused_in_the_import_error_shape(admin_client: APIClient) -> None:
    body = '{"parts": ' + _nested_lists(5000) + "}"
    response = admin_client.generic("POST", "/api/v1/import/parts/", body, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "file"
    assert Part.objects.count() == 0


# ---------------------------------------------------------------------------------------------- size
def _big_csv(size: int) -> str:
    header = "manufacturer,part_number,kind\n"
    row = "acme,P-{:09d},drive\n"
    rows = [row.format(i) for i in range(size // len(row.format(0)) + 1)]
    return header + "".join(rows)


@pytest.mark.django_db
@pytest.mark.parametrize("content_type", ["text/csv", "application/json"])
def test_a_too_large_import_body_is_413_json_quickly(admin_client: APIClient, content_type: str) -> None:
    text = _big_csv(10 * 1024 * 1024)
    if content_type == "application/json":
        text = '{"parts": [' + ",".join(['{"part_number": "P"}'] * (len(text) // 20)) + "]}"
    started = time.monotonic()
    response = admin_client.generic("POST", "/api/v1/import/parts/", text, content_type=content_type)
    elapsed = time.monotonic() - started
    _assert_refused_in_the_error_shape(response, 413)
    assert elapsed < 5, elapsed
    assert Part.objects.count() == 0


@pytest.mark.django_db
def test_a_too_large_multipart_import_is_413_json_quickly(admin_client: APIClient) -> None:
    upload = StringIO(_big_csv(10 * 1024 * 1024))
    upload.name = "parts.csv"
    started = time.monotonic()
    response = admin_client.post("/api/v1/import/parts/", {"file": upload}, format="multipart")
    elapsed = time.monotonic() - started
    _assert_refused_in_the_error_shape(response, 413)
    assert elapsed < 5, elapsed
    assert Part.objects.count() == 0


@pytest.mark.django_db
def test_a_too_large_json_body_is_413_json_not_an_html_page(alice_client: APIClient) -> None:
    body = '{"name": "' + "x" * (3 * 1024 * 1024) + '"}'
    response = alice_client.generic("POST", "/api/v1/designs/", body, content_type="application/json")
    _assert_refused_in_the_error_shape(response, 413)
    assert Design.objects.count() == 0


@pytest.mark.django_db
@override_settings(DATA_UPLOAD_MAX_MEMORY_SIZE=1000)
def test_the_size_bound_follows_the_setting(alice_client: APIClient) -> None:
    body = '{"name": "' + "x" * 2000 + '"}'
    response = alice_client.generic("POST", "/api/v1/evaluate/", body, content_type="application/json")
    _assert_refused_in_the_error_shape(response, 413)


@pytest.mark.django_db
@override_settings(IMPORT_MAX_ROWS=10)
@pytest.mark.parametrize("content_type", ["text/csv", "application/json"])
def test_an_import_with_too_many_rows_is_413_before_any_row_is_checked(
    admin_client: APIClient, content_type: str
) -> None:
    if content_type == "text/csv":
        body = "manufacturer,part_number,kind\n" + "".join(f"acme,P-{i},drive\n" for i in range(11))
    else:
        body = '{"parts": [' + ",".join(['{"part_number": "P"}'] * 11) + "]}"
    response = admin_client.generic("POST", "/api/v1/import/parts/", body, content_type=content_type)
    _assert_refused_in_the_error_shape(response, 413)
    assert "10 rows" in response.json()["detail"]
    assert Part.objects.count() == 0
