"""The SPA's test data is a real evaluation: the committed fixture is what `manage.py write_spa_fixture`
writes now (regenerate it, then fix the frontend tests it moves, when the engine's output changes)."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from designs.spa_fixture import (
    PLATFORMS_FIXTURE,
    SPA_FIXTURE,
    fixture_text,
    platforms_payload,
    quarter_rack_payload,
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
