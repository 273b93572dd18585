"""The proposal of a design on its team's own measurements (issue 38 point 5), through the real API
on PostgreSQL and read back with pdftotext: a design that names its team's ORION import and calibrates
on it has a section "Calibrated on your measurements" with the import by name, the projection on the
published evidence beside the one with the team's measurements and the difference, each imported point
against the model and the error-band sentence; one that names it without calibrating says "Your
measurements against the model"; a design that names no import has no such section."""

from __future__ import annotations

from typing import Any

import pytest

from designs.tests.conftest import catalog, client_for, users  # noqa: F401 (fixtures)
from imports.tests.conftest import EVIDENCE
from imports.tests.test_overlay import IOPS, PS6010XV, WORKLOAD, _design, _team, _team_a_evidence
from reports.mapping import EVIDENCE_CALIBRATED, EVIDENCE_COMPARED, EVIDENCE_FIGURES
from reports.tests.readback import pdftotext, rows_with
from reports.text import fmt_number

pytestmark = pytest.mark.django_db

DESIGNS = "/api/v1/designs/"


def _proposal(user: Any, design: dict[str, Any]) -> str:
    response = client_for(user).get(f"{DESIGNS}{design['id']}/export/proposal.pdf")
    assert response.status_code == 200, response.content
    return pdftotext(response.content)


def _overlay(user: Any, design: dict[str, Any]) -> dict[str, Any]:
    response = client_for(user).get(f"{DESIGNS}{design['id']}/evaluation/")
    assert response.status_code == 200, response.content
    return dict(response.json()["evidence_overlay"])


def _printed(quantity: dict[str, Any]) -> str:
    return f"{fmt_number(float(quantity['value']))} {quantity['unit']}"


def test_the_proposal_shows_the_projection_on_the_teams_measurements(catalog, users) -> None:  # noqa: F811
    alice = users["alice"]
    orion_id, _ = _team_a_evidence(users)
    name = client_for(alice).get(f"{EVIDENCE}{orion_id}/").json()["name"]
    calibrated = _design(alice, _team(alice), evidence_imports=[orion_id], calibrate_on_evidence=True)
    overlay = _overlay(alice, calibrated)
    assert overlay["recalibrated"] is True
    text = _proposal(alice, calibrated)
    flat = " ".join(text.split())

    assert EVIDENCE_CALIBRATED in text and EVIDENCE_COMPARED not in text
    assert rows_with(text, name, "ORION storage test")
    assert "The sizing model is calibrated on it" in flat
    # Both projections side by side with the difference, units on every figure.
    assert rows_with(text, "Published evidence alone", "With your measurements", "Difference")
    before, after = overlay["baseline"]["max_sustained_tps"], overlay["headline"]["max_sustained_tps"]
    change = overlay["difference"]["max_sustained_tps"]
    assert before != after
    sign = "+" if change["value"] > 0 else ""
    (row,) = rows_with(text, EVIDENCE_FIGURES["max_sustained_tps"], _printed(before), _printed(after))
    assert f"{sign}{fmt_number(change['value'])} TPS" in row
    assert rows_with(
        text, EVIDENCE_FIGURES["response_at_design"], _printed(overlay["headline"]["response_at_design"])
    )
    # Every imported point against the model: measured, projected and the error.
    assert "Your measured points against the model" in text
    for point in overlay["validation"]["rows"]:
        (row,) = rows_with(
            text, f"{fmt_number(point['measured'])} IOPS", f"{fmt_number(point['predicted'])} IOPS"
        )
        assert "%" in row
    assert len(overlay["validation"]["rows"]) == len(IOPS)
    assert "they were not recalculated with your measurements" in flat
    # Written for the customer: no payload keys or engineering notes.
    for raw in ("calibrate_on_evidence", "error_bands.json", "recalibrated", "outstanding)"):
        assert raw not in flat

    # The proposal of the same inputs unsaved (POST, as the editor exports them) has the section too.
    unsaved = client_for(alice).post(
        f"{DESIGNS}{calibrated['id']}/export/proposal.pdf",
        {
            "workload": WORKLOAD,
            "platform": PS6010XV,
            "evidence_imports": [orion_id],
            "calibrate_on_evidence": True,
        },
        format="json",
    )
    assert unsaved.status_code == 200, unsaved.content
    unsaved_text = pdftotext(unsaved.content)
    assert EVIDENCE_CALIBRATED in unsaved_text and rows_with(unsaved_text, name, "ORION storage test")
    assert rows_with(unsaved_text, EVIDENCE_FIGURES["max_sustained_tps"], _printed(before), _printed(after))

    # Named but not calibrated on: the measurements against the model, no second projection.
    compared = _design(alice, _team(alice), evidence_imports=[orion_id])
    text = _proposal(alice, compared)
    assert EVIDENCE_COMPARED in text and EVIDENCE_CALIBRATED not in text
    assert rows_with(text, name, "ORION storage test")
    assert "Published evidence alone" not in text
    assert "which the model was not calibrated on" in " ".join(text.split())

    # A design that names no import has no such section.
    plain = _design(alice, _team(alice))
    text = _proposal(alice, plain)
    assert EVIDENCE_CALIBRATED not in text and EVIDENCE_COMPARED not in text
    assert not rows_with(text, name, "ORION storage test") and "Your measured points" not in text
    assert "your own measurements" not in text.lower()
