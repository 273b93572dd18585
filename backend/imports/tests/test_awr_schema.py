"""The imports API answers as its OpenAPI schema says (the SPA's generated types rely on it)."""

from __future__ import annotations

from io import StringIO
from typing import Any

import pytest
import yaml
from django.core.management import call_command
from jsonschema import validators
from jsonschema._keywords import allOf as all_of
from openapi_schema_validator import OAS30Validator

from imports.tests.conftest import AWR, PREVIEW, as_user, upload
from measurements.tests.awr_builders import RacSpec, Spec, html_report, rac_global_html, text_report

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def schema() -> dict[str, Any]:
    out = StringIO()
    call_command("spectacular", stdout=out)
    return dict(yaml.safe_load(out.getvalue()))


def _all_of_unless_null(validator: Any, subschemas: Any, instance: Any, schema: dict[str, Any]) -> Any:
    # A nullable reference is {allOf: [$ref], nullable: true} (as core/tests/test_response_conformance).
    if instance is None and schema.get("nullable") is True:
        return
    yield from all_of(validator, subschemas, instance, schema)


Validator = validators.extend(OAS30Validator, {"allOf": _all_of_unless_null})


def _check(schema: dict[str, Any], path: str, method: str, response: Any) -> None:
    documented = schema["paths"][path][method]["responses"][str(response.status_code)]
    body_schema = documented["content"]["application/json"]["schema"]
    validator = Validator({**body_schema, "components": schema["components"]})
    errors = [f"{list(e.absolute_path)}: {e.message[:200]}" for e in validator.iter_errors(response.json())]
    assert not errors, (method, path, response.status_code, errors[:5])


@pytest.mark.parametrize(
    "data",
    [
        text_report(Spec()),
        html_report(Spec(style="11.2.0.3", read_requests_per_s=None, write_requests_per_s=None)),
        rac_global_html(RacSpec()),
    ],
    ids=["text-19c", "html-11.2.0.3", "rac-global"],
)
def test_every_answer_as_documented(schema, users, data):
    alice = as_user(users, "alice")
    _check(schema, "/api/v1/imports/awr/preview/", "post", upload(alice, data, path=PREVIEW))
    created = upload(alice, data)
    assert created.status_code == 201
    _check(schema, "/api/v1/imports/awr/", "post", created)
    again = upload(alice, data)
    assert again.status_code == 200
    _check(schema, "/api/v1/imports/awr/", "post", again)
    _check(schema, "/api/v1/imports/awr/", "get", alice.get(AWR))
    detail = f"{AWR}{created.json()['id']}/"
    _check(schema, "/api/v1/imports/awr/{id}/", "get", alice.get(detail))
    workload = alice.get(detail + "workload/")
    assert workload.status_code == 200, workload.content
    _check(schema, "/api/v1/imports/awr/{id}/workload/", "get", workload)


def test_refusals_as_documented(schema, users):
    alice = as_user(users, "alice")
    refused = upload(alice, b"not a report\n")
    assert refused.status_code == 400
    _check(schema, "/api/v1/imports/awr/", "post", refused)
    saved = upload(alice, text_report(Spec(transactions_per_s=0.0))).json()
    zero = alice.get(f"{AWR}{saved['id']}/workload/")
    assert zero.status_code == 400
    _check(schema, "/api/v1/imports/awr/{id}/workload/", "get", zero)
