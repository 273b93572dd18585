"""One error path: domain errors map to one status each, and every 4xx the API answers is documented on
its operation with a shape the real error body validates against."""

from __future__ import annotations

from io import StringIO
from pathlib import Path
from typing import Any

import pytest
import yaml
from django.contrib.auth import get_user_model
from django.core.management import call_command
from openapi_schema_validator import OAS30Validator
from rest_framework.test import APIClient

from core import errors
from core.exception_handler import exception_handler

MINI_CATALOG = Path(__file__).resolve().parents[2] / "catalog" / "tests" / "data" / "mini"


@pytest.fixture(scope="module")
def schema() -> dict[str, Any]:
    out = StringIO()
    call_command("spectacular", stdout=out)
    return dict(yaml.safe_load(out.getvalue()))


def _statuses(schema: dict[str, Any], method: str, path: str) -> set[str]:
    return {code for code in schema["paths"][path][method]["responses"] if code.startswith("4")}


@pytest.mark.parametrize(
    ("error", "status", "body"),
    [
        (errors.InvalidInput({"team": ["Not yours."]}), 400, {"team": ["Not yours."]}),
        (
            errors.InvalidInput("Compare 2 to 4 designs."),
            400,
            {"non_field_errors": ["Compare 2 to 4 designs."]},
        ),
        (
            errors.Forbidden("Only the owner may change team."),
            403,
            {"detail": "Only the owner may change team."},
        ),
        (errors.NotFound(), 404, {"detail": "Not found."}),
        (errors.Conflict("Still used by: x"), 409, {"detail": "Still used by: x"}),
        (errors.PreconditionFailed(), 412, {"detail": errors.PreconditionFailed.default_message}),
        (errors.PreconditionRequired(), 428, {"detail": errors.PreconditionRequired.default_message}),
    ],
)
def test_each_domain_error_has_one_status_and_shape(
    error: errors.DomainError, status: int, body: Any
) -> None:
    response = exception_handler(error, {})
    assert response is not None
    assert (response.status_code, response.data) == (status, body)


def test_every_error_code_is_distinct() -> None:
    classes: list[type[errors.DomainError]] = errors.DomainError.__subclasses__()
    assert len(classes) >= 6
    assert len({cls.code for cls in classes}) == len(classes)


# 401: a request that sends a token is judged by it alone (core/authentication.py); only the
# session sign-in reads none. 414: an operation with query parameters (a long query string).
@pytest.mark.parametrize(
    ("method", "path", "expected"),
    [
        ("patch", "/api/v1/designs/{id}/", {"400", "401", "403", "404", "412", "413", "415", "428"}),
        ("post", "/api/v1/designs/{id}/revisions/{number}/restore/", {"400", "401", "403", "404", "412"}),
        ("delete", "/api/v1/designs/{id}/", {"400", "401", "403", "404", "412"}),
        ("get", "/api/v1/designs/{id}/", {"400", "401", "403", "404"}),
        ("post", "/api/v1/designs/", {"400", "401", "403", "413", "415"}),
        ("delete", "/api/v1/parts/{id}/", {"400", "401", "403", "404", "409"}),
        ("get", "/api/v1/parts/", {"400", "401", "414"}),  # public read, filters checked
        ("get", "/api/v1/configurations/{slug}/", {"400", "401", "404"}),
        ("get", "/api/v1/price-books/{id}/", {"400", "401", "403", "404"}),  # prices are for signed-in users
        ("post", "/api/v1/auth/login/", {"400", "403", "413", "415", "429"}),
        ("post", "/api/v1/import/parts/", {"400", "401", "403", "413", "415"}),
        ("post", "/api/v1/designs/{id}/undelete/", {"400", "401", "403", "404", "412"}),
        ("get", "/api/v1/audit/", {"400", "401", "403", "414"}),  # admins only; filters checked
    ],
)
def test_operations_document_the_4xx_they_answer(
    schema: dict[str, Any], method: str, path: str, expected: set[str]
) -> None:
    assert _statuses(schema, method, path) == expected


def test_every_4xx_in_the_schema_has_a_declared_shape(schema: dict[str, Any]) -> None:
    loose = []
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            for code, response in operation["responses"].items():
                body = response.get("content", {}).get("application/json", {}).get("schema", {})
                # 414 is the HTTP server's (gunicorn, nginx), before the app: text/html, stated as such.
                if code == "414":
                    assert "text/html" in response.get("content", {}), (method, path)
                    continue
                if code.startswith("4") and "$ref" not in body:
                    loose.append(f"{method.upper()} {path} {code}")
    assert loose == []


def _validate(schema: dict[str, Any], method: str, path: str, response: Any) -> None:
    code = str(response.status_code)
    assert code in _statuses(schema, method, path), (method, path, code, response.content[:200])
    documented = schema["paths"][path][method]["responses"][code]["content"]["application/json"]["schema"]
    validator = OAS30Validator({**documented, "components": schema["components"]})
    problems = [f"{list(e.absolute_path)}: {e.message[:200]}" for e in validator.iter_errors(response.json())]
    assert problems == [], (method, path, code, response.json())


@pytest.mark.django_db
def test_real_error_bodies_validate_against_their_documented_shape(schema: dict[str, Any]) -> None:
    call_command("load_catalog", dir=MINI_CATALOG, verbosity=0)
    call_command("seed_demo_users", stdout=StringIO())
    users = get_user_model().objects
    alice, carol = APIClient(), APIClient()
    alice.force_authenticate(users.get(username="alice"))
    carol.force_authenticate(users.get(username="carol"))
    admin = APIClient()
    admin.force_authenticate(users.create_user("admin", password="pw-admin-123", is_staff=True))
    team = alice.get("/api/v1/teams/").json()["results"][0]["id"]
    design = alice.post(
        "/api/v1/designs/",
        {
            "name": "Errors",
            "workload": {"kind": "oltp", "target_tps": 100},
            "platform": {"family": "oracle-fs1", "storage_model": "FS1-2"},
            "team": team,
            "visibility": "team",
        },
        format="json",
    )
    assert design.status_code == 201, design.content
    one = f"/api/v1/designs/{design.json()['id']}/"
    etag = design["ETag"]
    cases = [
        # nested field errors from the engine's input contract
        (
            "post",
            "/api/v1/designs/",
            alice.post("/api/v1/designs/", {"name": "x", "platform": {}}, format="json"),
        ),
        # one entry per row: raised by the service (InvalidInput)
        (
            "patch",
            "/api/v1/designs/{id}/",
            alice.patch(
                one,
                {
                    "bom_overrides": [
                        {"section": "network", "part_number": "NOT-A-PART", "quantity": 1, "reason": "x"}
                    ]
                },
                format="json",
                HTTP_IF_MATCH=etag,
            ),
        ),
        # a body that is not JSON at all
        (
            "post",
            "/api/v1/designs/",
            alice.post("/api/v1/designs/", "{not json", content_type="application/json"),
        ),
        ("get", "/api/v1/designs/{id}/", APIClient().get(one)),
        (
            "patch",
            "/api/v1/designs/{id}/",
            carol.patch(one, {"visibility": "private"}, format="json", HTTP_IF_MATCH=etag),
        ),
        ("get", "/api/v1/designs/{id}/", alice.get("/api/v1/designs/999999/")),
        ("patch", "/api/v1/designs/{id}/", alice.patch(one, {"name": "y"}, format="json")),
        (
            "patch",
            "/api/v1/designs/{id}/",
            alice.patch(one, {"name": "y"}, format="json", HTTP_IF_MATCH='"design-1-v0"'),
        ),
        ("delete", "/api/v1/documents/{slug}/", admin.delete("/api/v1/documents/mini-doc/")),
        (
            "post",
            "/api/v1/import/parts/",
            admin.post("/api/v1/import/parts/", "nonsense", content_type="text/csv"),
        ),
        (
            "post",
            "/api/v1/import/parts/",
            admin.post("/api/v1/import/parts/", "x" * 300_000, content_type="text/csv"),
        ),
    ]
    seen = set()
    for method, path, response in cases:
        _validate(schema, method, path, response)
        seen.add(response.status_code)
    assert seen == {400, 403, 404, 409, 412, 413, 428}
