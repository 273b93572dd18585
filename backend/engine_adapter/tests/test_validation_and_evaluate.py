"""The engine's Django layer on real PostgreSQL with the seed catalog loaded."""

from __future__ import annotations

import io
import json
import statistics
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from rest_framework.test import APIClient

from catalog.models import SizingRule
from engine_adapter import services
from sizing.validation import KEYS


def _evaluate(inputs: dict[str, Any], rule_versions: dict[str, int] | None = None) -> dict[str, Any]:
    return services.evaluate_inputs(inputs, rule_versions).to_dict()


pytestmark = pytest.mark.django_db

FS1_QUARTER = {
    "workload": {"kind": "oltp", "users": 2000},
    "platform": {"family": "oracle-fs1", "storage_model": "FS1-2", "rac_nodes": 2, "cores_per_node": 36,
                 "arrays": 2, "drives_per_enclosure": 13},
}  # fmt: skip


@pytest.fixture
def catalog() -> None:
    call_command("load_catalog", stdout=io.StringIO())


def _json_rows() -> list[dict[str, Any]]:
    out = io.StringIO()
    call_command("validate_model", "--json", stdout=out)
    rows: list[dict[str, Any]] = json.loads(out.getvalue())
    return rows


def test_validate_model_json_and_endpoint_agree(catalog: None, api_client: APIClient) -> None:
    rows = _json_rows()
    assert rows, "the seed catalog has points the model can predict"
    for row in rows:
        assert set(row) == set(KEYS)
        assert row["role"] in ("calibration", "held-out")
        assert isinstance(row["error_pct"], float)
    held = [abs(r["error_pct"]) for r in rows if r["role"] == "held-out" and r["bound"] is None]
    resp = api_client.get("/api/v1/model/validation/")
    assert resp.status_code == 200
    body = resp.json()
    assert body["rows"] == rows
    assert body["summary"]["count"] == len(rows)
    assert body["summary"]["held_out"] == len(held)
    assert body["summary"]["median_abs_held_out_error_pct"] == round(statistics.median(held), 2)
    assert set(body["summary"]["families"]) == {r["family"] for r in rows}


def test_validate_model_text_and_markdown(catalog: None) -> None:
    out = io.StringIO()
    call_command("validate_model", stdout=out)
    assert "held-out rows, median |error|" in out.getvalue()
    md = io.StringIO()
    call_command("validate_model", "--markdown", stdout=md)
    assert md.getvalue().startswith("### ")
    assert "| role | case | source |" in md.getvalue()


def test_evaluate_service_fs1_quarter_rack(catalog: None) -> None:
    result = _evaluate(FS1_QUARTER)
    assert result["summary"]["max_sustained_tps"]["value"] == pytest.approx(25800, rel=0.05)
    assert result["summary"]["sla_response"] == {"value": 20.0, "unit": "ms"}
    assert result["rule_versions"] == services.current_rule_versions()
    json.dumps(result, allow_nan=False)


def test_pinned_rule_versions_and_cache_invalidation(catalog: None) -> None:
    before = _evaluate(FS1_QUARTER)["summary"]["max_sustained_tps"]["value"]
    old = SizingRule.objects.get(slug="swingbench-response-threshold", is_current=True)
    old.is_current = False
    old.save()
    new_params = {**old.parameters, "response_time": {"value": "40", "unit": "ms"}}
    SizingRule.objects.create(
        slug=old.slug, version=old.version + 1, kind=old.kind, title=old.title, applies_to=old.applies_to,
        parameters=new_params, source_document=old.source_document, source_locator=old.source_locator,
    )  # fmt: skip
    assert services.current_rule_versions()[old.slug] == old.version + 1
    relaxed = _evaluate(FS1_QUARTER)  # the catalog changed: the cache must not serve the old rules
    assert relaxed["summary"]["sla_response"]["value"] == 40.0
    assert relaxed["summary"]["max_sustained_tps"]["value"] > before
    pinned = _evaluate(FS1_QUARTER, rule_versions={old.slug: old.version})
    assert pinned["summary"]["sla_response"]["value"] == 20.0
    assert pinned["summary"]["max_sustained_tps"]["value"] == pytest.approx(before)


def test_evaluate_endpoint_validates_fields(catalog: None) -> None:
    """The one evaluate endpoint (designs' /api/v1/evaluate/; /api/v1/model/evaluate/ is gone) answers
    the engine's field messages."""
    client = APIClient()
    user = get_user_model().objects.create_user("engine-tester", password="x-Long-pass-1")
    client.force_authenticate(user)
    bad = {"workload": {"kind": "oltp", "users": -5, "think_time_s": -1},
           "platform": {"family": "equallogic", "storage_model": "X-Brick"}}  # fmt: skip
    resp = client.post("/api/v1/evaluate/", bad, format="json")
    assert resp.status_code == 400
    body = resp.json()
    assert "users" in body["workload"] and "think_time_s" in body["workload"]
    mismatch = {"workload": {"users": 5}, "platform": {"family": "equallogic", "storage_model": "X-Brick"}}
    resp = client.post("/api/v1/evaluate/", mismatch, format="json")
    assert resp.status_code == 400
    assert "belongs to xtremio" in resp.json()["platform"]["storage_model"][0]
    ok = client.post("/api/v1/evaluate/", FS1_QUARTER, format="json")
    assert ok.status_code == 200
    assert ok.json()["evaluation"]["kind"] == "oltp"
    assert client.post("/api/v1/model/evaluate/", FS1_QUARTER, format="json").status_code == 404
