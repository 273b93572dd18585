"""The SPA's test data is a real evaluation: the committed fixture is what `manage.py write_spa_fixture`
writes now (regenerate it, then fix the frontend tests it moves, when the engine's output changes)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client

from designs.spa_fixture import (
    EQUALLOGIC_FIXTURE,
    NETAPP_FIXTURE,
    PLATFORMS_FIXTURE,
    SEED_DESIGNS_FIXTURE,
    SPA_FIXTURE,
    TPCC_CURVES_FIXTURE,
    disk_payload,
    fixture_text,
    platforms_payload,
    quarter_rack_payload,
    seed_designs_payload,
    tpcc_curves_payload,
)
from designs.tests.conftest import client_for
from sizing.tests.golden.cases import SEED_DESIGNS

pytestmark = pytest.mark.django_db


def test_the_committed_spa_fixture_is_what_the_command_writes(catalog: None) -> None:
    written = fixture_text(quarter_rack_payload())
    committed = SPA_FIXTURE.read_text(encoding="utf-8")
    assert json.loads(committed) == json.loads(written), (
        "frontend fixture drifted: run `manage.py write_spa_fixture` (npm run gen:fixture)"
    )
    assert committed == written


def test_the_committed_platforms_fixture_is_what_the_command_writes() -> None:
    written = fixture_text(platforms_payload())
    committed = PLATFORMS_FIXTURE.read_text(encoding="utf-8")
    assert json.loads(committed) == json.loads(written), (
        "frontend platforms fixture drifted: run `manage.py write_spa_fixture` (npm run gen:fixture)"
    )
    assert committed == written


def test_the_platforms_fixture_is_what_the_endpoint_serves(client: Client) -> None:
    response = client.get("/api/v1/platforms/")
    assert response.status_code == 200
    assert response.json() == platforms_payload()


@pytest.mark.parametrize(
    ("path", "payload"),
    [
        (EQUALLOGIC_FIXTURE, lambda: disk_payload("ps6010xv-6000-users")),
        (NETAPP_FIXTURE, lambda: disk_payload("fas3140-140-users")),
        (TPCC_CURVES_FIXTURE, tpcc_curves_payload),
    ],
    ids=["equallogic", "netapp", "tpcc-curves"],
)
def test_the_committed_disk_fixtures_are_what_the_command_writes(
    catalog: None, path: Any, payload: Any
) -> None:
    written = fixture_text(payload())
    committed = path.read_text(encoding="utf-8")
    assert json.loads(committed) == json.loads(written), (
        f"{path.name} drifted: run `manage.py write_spa_fixture` (npm run gen:fixture)"
    )
    assert committed == written


def test_the_committed_seed_designs_fixture_is_what_the_command_writes() -> None:
    written = fixture_text(seed_designs_payload())
    committed = SEED_DESIGNS_FIXTURE.read_text(encoding="utf-8")
    assert json.loads(committed) == json.loads(written), (
        "frontend/e2e/seed-designs.fixture.json drifted: run `manage.py write_spa_fixture` (npm run gen:fixture)"
    )
    assert committed == written


def test_every_seed_design_is_in_the_e2e_fixture_and_the_api_creates_it(users: dict[str, Any]) -> None:
    entries = seed_designs_payload()
    assert [e["name"] for e in entries] == list(SEED_DESIGNS)
    client = client_for(users["alice"])
    for entry in entries:
        response = client.post("/api/v1/designs/", entry["body"], format="json")
        assert response.status_code == 201, (entry["name"], response.content)
