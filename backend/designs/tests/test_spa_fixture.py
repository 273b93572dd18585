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
    SPA_FIXTURE,
    TPCC_CURVES_FIXTURE,
    disk_payload,
    fixture_text,
    platforms_payload,
    quarter_rack_payload,
    tpcc_curves_payload,
)

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
