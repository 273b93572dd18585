"""Refactors change no number at the API either: the full `POST /api/v1/evaluate/` payload (engine
evaluation + BOM + assumptions + rule versions) of every seed design (sizing/tests/golden/cases.py),
compared to the last digit with designs/tests/golden/evaluate_payloads.json, written before the seam
refactor. A deliberate change regenerates it (WRITE_API_GOLDEN=1 pytest this file) in its own commit."""

from __future__ import annotations

import json
import os
import pathlib
from typing import Any

import pytest

from designs.tests.conftest import client_for
from sizing.tests.golden.cases import SEED_DESIGNS, canonical_json
from sizing.tests.test_golden import _diff

pytestmark = pytest.mark.django_db

API_GOLDEN = pathlib.Path(__file__).with_name("golden") / "evaluate_payloads.json"


def _payloads(user: Any) -> dict[str, Any]:
    client = client_for(user)
    out = {}
    for name, inputs in SEED_DESIGNS.items():
        response = client.post("/api/v1/evaluate/", inputs, format="json")
        assert response.status_code == 200, (name, response.content[:300])
        out[name] = response.json()
    return out


def test_every_seed_design_answers_the_golden_payload(catalog: None, users: dict[str, Any]) -> None:
    actual = json.loads(canonical_json(_payloads(users["bob"])))
    if os.environ.get("WRITE_API_GOLDEN") == "1":
        API_GOLDEN.write_text(canonical_json(actual), encoding="utf-8")
    golden = json.loads(API_GOLDEN.read_text(encoding="utf-8"))
    assert set(golden) == set(SEED_DESIGNS)
    differences = _diff(golden, actual)
    assert not differences, f"{len(differences)} values differ from the API golden file:\n" + "\n".join(
        differences[:40]
    )
