"""What the API fuzzing drill (scripts/fuzz.sh, schemathesis) found, each pinned by a test:
- a URL no route matches under /api/ (an id that is not an integer) answered Django's HTML 404 page;
- operations a visitor may call without signing in did not say so in the schema (no `{}` security);
- request bodies were documented as form and multipart too, which cannot carry the nested objects,
  lists and nulls the serializers take (a schema-valid form body was refused with 400);
- a body in a format no parser reads answered an undocumented 415;
- a NUL in the query of any operation is a 400 that only operations with checked queries documented;
- a session sign-in without the CSRF token answered Django's HTML 403 page;
- a target of 5e-324 TPS or MB/s (a subnormal float, schema-valid above an exclusive 0) made the
  headroom infinite: the recommender and evaluate answered 500.
"""

from __future__ import annotations

from io import StringIO
from typing import Any

import pytest
import yaml
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import RequestFactory
from openapi_schema_validator import OAS30Validator
from rest_framework.test import APIClient

from core.views import server_error


@pytest.fixture(scope="module")
def schema() -> dict[str, Any]:
    out = StringIO()
    call_command("spectacular", stdout=out)
    return dict(yaml.safe_load(out.getvalue()))


def _assert_documented(schema: dict[str, Any], method: str, path: str, response: Any) -> None:
    documented = schema["paths"][path][method]["responses"][str(response.status_code)]
    assert response["Content-Type"] == "application/json"
    body_schema = documented["content"]["application/json"]["schema"]
    OAS30Validator({**body_schema, "components": schema["components"]}).validate(response.json())


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("method", "url", "path"),
    [
        ("get", "/api/v1/designs/-1.5e-308/", "/api/v1/designs/{id}/"),
        ("delete", "/api/v1/designs/1.5/", "/api/v1/designs/{id}/"),
        ("get", "/api/v1/price-books/1.0/entries/", "/api/v1/price-books/{id}/entries/"),
    ],
)
def test_an_api_url_no_route_matches_is_a_json_404(
    schema: dict[str, Any], method: str, url: str, path: str
) -> None:
    response = getattr(APIClient(), method)(url)
    assert response.status_code == 404
    assert response.json() == {"detail": "Not found."}
    _assert_documented(schema, method, path, response)


@pytest.mark.django_db
def test_outside_the_api_an_unknown_url_keeps_the_html_404() -> None:
    response = APIClient().get("/static/no-such-file.js")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")


def test_a_crash_under_the_api_answers_the_error_shape_in_json() -> None:
    response = server_error(RequestFactory().get("/api/v1/designs/"))
    assert response.status_code == 500
    assert response["Content-Type"] == "application/json"
    assert response.content == b'{"detail": "Server error."}'


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("method", "path", "anonymous_status"),
    [
        ("get", "/api/v1/parts/", 200),
        ("get", "/api/v1/reference-designs/", 200),
        ("post", "/api/v1/designs/", 403),
        ("get", "/api/v1/auth/me/", 200),
    ],
)
def test_security_says_whether_a_visitor_may_call_the_operation(
    schema: dict[str, Any], method: str, path: str, anonymous_status: int
) -> None:
    response = (
        getattr(APIClient(), method)(path, {}, format="json") if method == "post" else APIClient().get(path)
    )
    assert response.status_code == anonymous_status
    security = schema["paths"][path][method]["security"]
    assert ({} in security) == (anonymous_status < 400)


def test_bodies_are_documented_as_json_except_where_a_view_reads_other_formats(
    schema: dict[str, Any],
) -> None:
    media_types = {
        (method, path): set(operation["requestBody"]["content"])
        for path, operations in schema["paths"].items()
        for method, operation in operations.items()
        if "requestBody" in operation
    }
    assert media_types[("post", "/api/v1/designs/")] == {"application/json"}
    assert media_types[("post", "/api/v1/auth/token/")] == {"application/json"}
    # the imports read CSV and uploads as well, and say so
    assert "multipart/form-data" in media_types[("post", "/api/v1/import/parts/")]
    assert "text/csv" in media_types[("post", "/api/v1/import/parts/")]
    # the team's branding takes its logo as a file upload, and says so
    assert media_types[("patch", "/api/v1/teams/{slug}/branding/")] == {
        "application/json",
        "multipart/form-data",
    }
    # an AWR report is a file upload only
    assert media_types[("post", "/api/v1/imports/awr/")] == {"multipart/form-data"}
    assert media_types[("post", "/api/v1/imports/awr/preview/")] == {"multipart/form-data"}
    for (method, path), types in media_types.items():
        if path.startswith("/api/v1/imports/"):
            continue
        if not path.startswith("/api/v1/import/") and not path.endswith("/branding/"):
            assert types == {"application/json"}, (method, path)


@pytest.mark.django_db
def test_a_body_no_parser_reads_is_a_documented_415(schema: dict[str, Any]) -> None:
    user = get_user_model().objects.create_user("fuzz-editor", password="x-long-enough-pass-1")
    client = APIClient()
    client.force_authenticate(user)
    response = client.post("/api/v1/designs/", "name: x", content_type="text/plain")
    assert response.status_code == 415
    _assert_documented(schema, "post", "/api/v1/designs/", response)
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            if "requestBody" in operation:
                assert "415" in operation["responses"], (method, path)


@pytest.mark.django_db
def test_a_nul_in_any_query_is_a_documented_400(schema: dict[str, Any]) -> None:
    response = APIClient().get("/api/v1/reference-designs/?x=%00")
    assert response.status_code == 400
    _assert_documented(schema, "get", "/api/v1/reference-designs/", response)
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            assert "400" in operation["responses"], (method, path)


@pytest.mark.django_db
def test_a_sign_in_without_the_csrf_token_is_a_json_403(schema: dict[str, Any]) -> None:
    client = APIClient(enforce_csrf_checks=True)
    response = client.post("/api/v1/auth/login/", {"username": "x", "password": "y"}, format="json")
    assert response.status_code == 403
    assert response.json()["detail"].startswith("CSRF Failed")
    _assert_documented(schema, "post", "/api/v1/auth/login/", response)


@pytest.mark.django_db
def test_a_wrong_token_is_refused_even_with_a_session_cookie() -> None:
    # schemathesis signed in once (the login operation set a session cookie), then sent a garbled
    # token: the session answered for it. Explicit credentials are judged alone.
    get_user_model().objects.create_user("fuzz-editor", password="x-long-enough-pass-1")
    client = APIClient()
    assert client.login(username="fuzz-editor", password="x-long-enough-pass-1")
    assert client.get("/api/v1/teams/").status_code == 200  # the session alone still signs in
    for path in ("/api/v1/teams/", "/api/v1/designs/", "/api/v1/price-books/", "/api/v1/auth/me/"):
        response = client.get(path, HTTP_AUTHORIZATION="Token not-a-real-token")
        assert response.status_code == 401, path
        assert response["WWW-Authenticate"] == "Token"
        assert response.json() == {"detail": "Invalid token."}


@pytest.mark.django_db
def test_a_right_token_signs_in_and_anonymous_refusals_stay_403(schema: dict[str, Any]) -> None:
    get_user_model().objects.create_user("fuzz-editor", password="x-long-enough-pass-1")
    token = (
        APIClient()
        .post("/api/v1/auth/token/", {"username": "fuzz-editor", "password": "x-long-enough-pass-1"})
        .json()["token"]
    )
    response = APIClient().get("/api/v1/auth/me/", HTTP_AUTHORIZATION=f"Token {token}")
    assert response.json()["username"] == "fuzz-editor"
    assert APIClient().post("/api/v1/designs/", {}, format="json").status_code == 403
    # every operation that reads a token documents its 401
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            if any("knoxApiToken" in s for s in operation.get("security", [])):
                assert "401" in operation["responses"], (method, path)


@pytest.mark.django_db
def test_a_sign_in_body_that_is_not_json_is_a_documented_400(schema: dict[str, Any]) -> None:
    response = APIClient().post("/api/v1/auth/token/", "\x00", content_type="application/json")
    assert response.status_code == 400
    assert response.json()["detail"].startswith("JSON parse error")
    _assert_documented(schema, "post", "/api/v1/auth/token/", response)


@pytest.mark.django_db
@pytest.mark.parametrize(
    "workload",
    [
        {"kind": "dss", "target_throughput_mb_s": 5e-324, "database_size_gb": 100},
        {"kind": "oltp", "target_tps": 5e-324},
    ],
)
@pytest.mark.parametrize("url", ["/api/v1/recommend/", "/api/v1/evaluate/"])
def test_a_vanishing_target_is_a_field_400_not_a_500(
    schema: dict[str, Any], workload: dict[str, Any], url: str
) -> None:
    get_user_model().objects.create_user("fuzz-target", password="x-long-enough-pass-1")
    client = APIClient()
    client.login(username="fuzz-target", password="x-long-enough-pass-1")
    body: dict[str, Any] = {"workload": workload, "families": ["equallogic"]}
    if url.endswith("evaluate/"):
        body = {"workload": workload, "platform": {"family": "equallogic", "storage_model": "PS6110XV"}}
    response = client.post(url, body, format="json")
    assert response.status_code == 400, response.content
    field = "target_tps" if workload["kind"] == "oltp" else "target_throughput_mb_s"
    assert field in response.json()["workload"]
    _assert_documented(schema, "post", url, response)
