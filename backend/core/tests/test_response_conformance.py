"""Every JSON answer of every GET operation in the OpenAPI schema (plus the evaluate POSTs) is valid
against the schema the API publishes: the contract the frontend's generated types rely on is true
of the real responses, on a real catalog and real designs (schemathesis found the first lies)."""

from __future__ import annotations

import re
from io import StringIO
from typing import Any

import pytest
import yaml
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from jsonschema import validators
from jsonschema._keywords import allOf as all_of
from openapi_schema_validator import OAS30Validator
from rest_framework.test import APIClient

from benchmarks.models import BenchmarkCurve, PointValue
from catalog.models import Configuration, Part, PriceBook, PriceBookEntry, SizingRule
from measurements.tests.awr_builders import Spec, text_report
from measurements.tests.orion_swingbench_builders import swingbench_results
from sizing.tests.golden.cases import SEED_DESIGNS

pytestmark = pytest.mark.django_db

EXPORTS = re.compile(r"/export/|/template/|\.(csv|pdf|xlsx)$")  # files, not JSON
# Read by admins only (alice's answer would be a 403).
ADMIN_ONLY = {"/api/v1/audit/"}
INPUTS = {
    "workload": {"kind": "oltp", "target_tps": 10000, "database_size_gb": 2000},
    "platform": {"family": "oracle-fs1", "storage_model": "FS1-2", "rac_nodes": 2, "arrays": 2},
}


@pytest.fixture
def schema() -> dict[str, Any]:
    out = StringIO()
    call_command("spectacular", stdout=out)
    return dict(yaml.safe_load(out.getvalue()))


@pytest.fixture
def world() -> dict[str, Any]:
    """The seed catalog, the demo users, a design of alice's with two revisions and a share link."""
    call_command("load_catalog", verbosity=0)
    call_command("seed_demo_users", stdout=StringIO())
    alice = get_user_model().objects.get(username="alice")
    client = APIClient()
    client.force_authenticate(alice)
    body = {"name": "Conformance", "reference_configuration": "oracle-fs1-quarter-rack", **INPUTS}
    design = client.post("/api/v1/designs/", body, format="json").json()
    etag = client.get(f"/api/v1/designs/{design['id']}/")["ETag"]
    client.patch(f"/api/v1/designs/{design['id']}/", {"customer": "Bank"}, format="json", HTTP_IF_MATCH=etag)
    link = client.post(f"/api/v1/designs/{design['id']}/share-links/").json()
    other = client.post("/api/v1/designs/", {**body, "name": "Other"}, format="json").json()
    book = PriceBook.objects.create(name="Conformance list", currency="USD", effective_date="2026-01-01")
    entry = PriceBookEntry.objects.create(
        price_book=book, part=Part.objects.earliest("pk"), unit_price="100.00"
    )
    awr = SimpleUploadedFile("awrrpt.txt", text_report(Spec()))
    awr_import = client.post("/api/v1/imports/awr/", {"file": awr}, format="multipart").json()
    system = client.post("/api/v1/imports/systems/", {"name": "Conformance"}, format="json").json()
    runs = [SimpleUploadedFile(f"r{users}.xml", swingbench_results(users=users)) for users in (8, 16)]
    evidence = client.post(
        "/api/v1/imports/evidence/swingbench/",
        {"files": runs, "existing_system": system["id"]},
        format="multipart",
    ).json()
    admin = APIClient()
    admin.force_authenticate(get_user_model().objects.create_user("auditor", is_staff=True))
    return {
        "client": client,
        "admin_client": admin,
        "params": {
            "id": {
                "designs": design["id"],
                "parts": Part.objects.earliest("pk").pk,
                "rules": SizingRule.objects.earliest("pk").pk,
                "price-books": book.pk,
                "price-book-entries": entry.pk,
                "teams": alice.memberships.earliest("pk").team_id,
                "measured-values": PointValue.objects.earliest("pk").pk,
                "audit": design["id"],  # /audit/designs/{id}/
                "imports": awr_import["id"],  # /imports/awr/{id}/
                "imports/systems": system["id"],
                "imports/evidence": evidence["id"],
            },
            "slug": {
                "configurations": Configuration.objects.earliest("pk").slug,
                "reference-designs": "oracle-fs1-half-rack",
                "curves": BenchmarkCurve.objects.earliest("pk").slug,
                "documents": "oracle-fs1-2016",
                "manufacturers": "oracle",
                "teams": alice.memberships.earliest("pk").team.slug,  # /teams/{slug}/branding/
            },
            "number": 1,
            "token": link["token"],
        },
        "query": {"/api/v1/designs/compare/": f"?ids={design['id']},{other['id']}"},
    }


def _all_of_unless_null(validator: Any, subschemas: Any, instance: Any, schema: dict[str, Any]) -> Any:
    # drf-spectacular writes a nullable reference as {allOf: [$ref], nullable: true}, and the
    # consumers (openapi-typescript: `TeamBrief | null`, schemathesis) read it as "or null".
    if instance is None and schema.get("nullable") is True:
        return
    yield from all_of(validator, subschemas, instance, schema)


SpectacularValidator = validators.extend(OAS30Validator, {"allOf": _all_of_unless_null})


def _url(path: str, params: dict[str, Any]) -> str:
    collection = path.split("/")[3]
    nested = "/".join(path.split("/")[3:5])  # imports/systems, imports/evidence

    def value(match: re.Match[str]) -> str:
        name = match.group(1)
        known = params[name]
        if not isinstance(known, dict):
            return str(known)
        return str(known[nested] if nested in known else known[collection])

    return re.sub(r"\{(\w+)\}", value, path)


def _check(schema: dict[str, Any], path: str, method: str, response: Any) -> None:
    assert response.status_code in (200, 201), (method, path, response.status_code, response.content[:300])
    documented = schema["paths"][path][method]["responses"][str(response.status_code)]
    body_schema = documented["content"]["application/json"]["schema"]
    validator = SpectacularValidator({**body_schema, "components": schema["components"]})
    errors = sorted(validator.iter_errors(response.json()), key=lambda e: list(e.absolute_path))
    assert not errors, f"{method.upper()} {path}: " + "; ".join(
        f"{list(e.absolute_path)}: {e.message[:200]}" for e in errors[:5]
    )


def test_every_json_get_answers_as_documented(schema: dict[str, Any], world: dict[str, Any]) -> None:
    checked = []
    for path, operations in schema["paths"].items():
        if "get" not in operations or EXPORTS.search(path):
            continue
        url = _url(path, world["params"]) + world["query"].get(path, "")
        client = world["admin_client"] if path in ADMIN_ONLY else world["client"]
        _check(schema, path, "get", client.get(url))
        checked.append(path)
    assert len(checked) >= 30, checked  # the whole read API, not a sample


def test_the_anonymous_session_answers_as_documented(schema: dict[str, Any]) -> None:
    _check(schema, "/api/v1/auth/me/", "get", APIClient().get("/api/v1/auth/me/"))


def test_evaluations_answer_as_documented(schema: dict[str, Any], world: dict[str, Any]) -> None:
    _check(
        schema, "/api/v1/evaluate/", "post", world["client"].post("/api/v1/evaluate/", INPUTS, format="json")
    )


def _errors(schema: dict[str, Any], path: str, method: str, body: Any, status: str = "200") -> list[str]:
    documented = schema["paths"][path][method]["responses"][status]["content"]["application/json"]["schema"]
    validator = SpectacularValidator({**documented, "components": schema["components"]})
    return [f"{list(e.absolute_path)}: {e.message[:200]}" for e in validator.iter_errors(body)]


def test_every_family_and_kind_evaluates_as_documented_saved_and_unsaved(
    schema: dict[str, Any], world: dict[str, Any]
) -> None:
    """Every field of the evaluation (engine half included: closed objects, so a field the schema does
    not publish fails) of every seed design: each family and storage model, OLTP and DSS, NetApp with
    and without PAM; unsaved (POST /evaluate/), saved (GET /designs/{id}/evaluation/) and shared."""
    client = world["client"]
    saved = "/api/v1/designs/{id}/evaluation/"
    kinds = set()
    for name, inputs in SEED_DESIGNS.items():
        unsaved = client.post("/api/v1/evaluate/", inputs, format="json")
        assert unsaved.status_code == 200, (name, unsaved.content[:300])
        assert not _errors(schema, "/api/v1/evaluate/", "post", unsaved.json()), name
        design = client.post("/api/v1/designs/", {"name": name, **inputs}, format="json")
        assert design.status_code == 201, (name, design.content[:300])
        answer = client.get(saved.format(id=design.json()["id"]))
        assert answer.status_code == 200, (name, answer.content[:300])
        assert not _errors(schema, saved, "get", answer.json()), (
            name,
            _errors(schema, saved, "get", answer.json()),
        )
        kinds.add(
            (inputs["platform"]["storage_model"], inputs["workload"]["kind"], inputs["platform"].get("pam"))
        )
        link = client.post(f"/api/v1/designs/{design.json()['id']}/share-links/").json()
        shared = APIClient().get(f"/api/v1/shared/{link['token']}/")
        assert not _errors(schema, "/api/v1/shared/{token}/", "get", shared.json()), name
    assert {("FS1-2", "oltp", None), ("PS6010XV", "oltp", None), ("PS6010S", "oltp", None),
            ("PS6110XV", "dss", None), ("X-Brick", "oltp", None), ("X-Brick", "dss", None),
            ("FAS3140", "oltp", None), ("FAS3140", "oltp", True)} <= kinds  # fmt: skip


def test_an_unpublished_engine_field_fails_the_check(schema: dict[str, Any], world: dict[str, Any]) -> None:
    """The check is strict: one field the schema does not declare, anywhere in the engine's answer, fails."""
    body = world["client"].post("/api/v1/evaluate/", INPUTS, format="json").json()
    assert not _errors(schema, "/api/v1/evaluate/", "post", body)
    body["evaluation"]["performance"]["bounds"]["new_bound"] = {"value": 1.0, "unit": "TPS"}
    body["evaluation"]["balance"]["points"][0]["queue"] = 3.0
    errors = _errors(schema, "/api/v1/evaluate/", "post", body)
    assert errors and all("new_bound" in e or "queue" in e for e in errors), errors
