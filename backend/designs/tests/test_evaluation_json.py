"""The evaluation endpoints write their JSON with core.renderers.EvaluationJSONRenderer (orjson): for
every seed design, `POST /evaluate/` and a saved design's evaluation answer the bytes DRF's own
renderer writes for the same payload, and the browsable API still answers."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.renderers import JSONRenderer

from designs.tests.conftest import client_for, create_design
from sizing.tests.golden.cases import SEED_DESIGNS

pytestmark = pytest.mark.django_db


def test_every_seed_evaluation_is_the_json_drf_would_write(catalog: None, users: dict[str, Any]) -> None:
    client = client_for(users["alice"])
    for name, inputs in SEED_DESIGNS.items():
        response = client.post("/api/v1/evaluate/", inputs, format="json")
        assert response.status_code == 200, (name, response.content[:300])
        assert response.accepted_renderer.__class__.__name__ == "EvaluationJSONRenderer"
        assert response.content == JSONRenderer().render(response.data), name


def test_a_saved_design_s_evaluation_too(catalog: None, users: dict[str, Any]) -> None:
    client = client_for(users["alice"])
    design = create_design(users["alice"])
    for url in (
        f"/api/v1/designs/{design['id']}/evaluation/?rules=current",
        f"/api/v1/designs/{design['id']}/revisions/1/evaluation/",
    ):
        response = client.get(url)
        assert response.status_code == 200, (url, response.content[:300])
        assert response.accepted_renderer.__class__.__name__ == "EvaluationJSONRenderer"
        assert response.content == JSONRenderer().render(response.data), url


def test_errors_and_the_browsable_api_still_answer(catalog: None, users: dict[str, Any]) -> None:
    client = client_for(users["alice"])
    bad = client.post("/api/v1/evaluate/", {"workload": {"kind": "oltp", "users": -5}}, format="json")
    assert bad.status_code == 400
    assert bad.content == JSONRenderer().render(bad.data)
    page = client.get(
        f"/api/v1/designs/{create_design(users['alice'])['id']}/evaluation/", HTTP_ACCEPT="text/html"
    )
    assert page.status_code == 200
    assert page["Content-Type"].startswith("text/html")
