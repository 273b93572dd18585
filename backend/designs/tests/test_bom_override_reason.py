"""A BOM override carries its reason: the API refuses a line without one (field-level 400, nothing
written), and lines from before the rule (rows the migration filled, revisions a restore brings
back) read UNRECORDED_REASON rather than a blank."""

from __future__ import annotations

import importlib
from typing import Any

import pytest
from django.apps import apps

from designs.models import UNRECORDED_REASON, Design, DesignBomOverride, DesignRevision
from designs.tests.conftest import client_for, create_design, design_payload

LINE = {"section": "servers", "part_number": "7110353", "quantity": 96}


def _stored_lines(design_id: int) -> list[tuple[str, int, str]]:
    return list(
        DesignBomOverride.objects.filter(design_id=design_id)
        .order_by("position")
        .values_list("part_number", "quantity", "reason")
    )


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (LINE, "This field is required."),
        ({**LINE, "reason": ""}, "This field may not be blank."),
        ({**LINE, "reason": "   "}, "This field may not be blank."),
    ],
)
def test_a_new_design_with_an_override_without_a_reason_is_400_and_not_created(
    catalog: None, users: dict[str, Any], line: dict[str, Any], message: str
) -> None:
    kept = {"section": "storage", "part_number": "7110316", "quantity": 3, "reason": "spare shelf"}
    response = client_for(users["alice"]).post(
        "/api/v1/designs/", design_payload(bom_overrides=[kept, line]), format="json"
    )
    assert response.status_code == 400, response.content
    # Line-level messages, keyed by the line's index (DRF's shape for a nested list).
    assert response.json()["bom_overrides"] == {"1": {"reason": [message]}}
    assert not Design.objects.exists()
    assert not DesignBomOverride.objects.exists()


def test_an_update_with_a_blank_reason_is_400_and_changes_nothing(
    catalog: None, users: dict[str, Any]
) -> None:
    alice = users["alice"]
    design = create_design(alice, bom_overrides=[{**LINE, "reason": "more memory per node"}])
    response = client_for(alice).patch(
        f"/api/v1/designs/{design['id']}/",
        {"name": "renamed", "bom_overrides": [{**LINE, "quantity": 48, "reason": " "}]},
        format="json",
        HTTP_IF_MATCH=design["etag"],
    )
    assert response.status_code == 400, response.content
    assert response.json()["bom_overrides"] == {"0": {"reason": ["This field may not be blank."]}}
    stored = Design.objects.get(pk=design["id"])
    assert (stored.name, stored.version) == (design["name"], 1)
    assert _stored_lines(design["id"]) == [("7110353", 96, "more memory per node")]
    assert DesignRevision.objects.filter(design_id=design["id"]).count() == 1


def test_a_what_if_evaluation_of_an_override_without_a_reason_is_400(
    catalog: None, users: dict[str, Any]
) -> None:
    body = {
        k: v for k, v in design_payload().items() if k in ("workload", "platform", "reference_configuration")
    }
    client = client_for(users["alice"])
    refused = client.post("/api/v1/evaluate/", {**body, "bom_overrides": [LINE]}, format="json")
    assert refused.status_code == 400, refused.content
    assert refused.json()["bom_overrides"] == {"0": {"reason": ["This field is required."]}}
    accepted = client.post(
        "/api/v1/evaluate/", {**body, "bom_overrides": [{**LINE, "reason": "more memory"}]}, format="json"
    )
    assert accepted.status_code == 200, accepted.content


def test_a_reason_is_stored_trimmed(catalog: None, users: dict[str, Any]) -> None:
    design = create_design(users["alice"], bom_overrides=[{**LINE, "reason": "  more memory  "}])
    assert _stored_lines(design["id"]) == [("7110353", 96, "more memory")]
    assert design["bom_overrides"][0]["reason"] == "more memory"


def test_restoring_a_revision_saved_without_a_reason_says_it_was_not_recorded(
    catalog: None, users: dict[str, Any]
) -> None:
    alice = users["alice"]
    design = create_design(alice, bom_overrides=[{**LINE, "reason": "more memory"}])
    # Revision 1 as one written before reasons were required stored it: the line with a blank reason.
    first = DesignRevision.objects.get(design_id=design["id"], number=1)
    first.snapshot = {
        **first.snapshot,
        "bom_overrides": [{**first.snapshot["bom_overrides"][0], "reason": ""}],
    }
    first.save(update_fields=["snapshot"])
    renamed = client_for(alice).patch(
        f"/api/v1/designs/{design['id']}/", {"name": "v2"}, format="json", HTTP_IF_MATCH=design["etag"]
    )
    assert renamed.status_code == 200, renamed.content

    restored = client_for(alice).post(f"/api/v1/designs/{design['id']}/revisions/1/restore/")
    assert restored.status_code == 200, restored.content
    assert _stored_lines(design["id"]) == [("7110353", 96, UNRECORDED_REASON)]
    # ... and the design saves again as the editor sends it back, reason included.
    again = client_for(alice).patch(
        f"/api/v1/designs/{design['id']}/",
        {"bom_overrides": restored.json()["bom_overrides"]},
        format="json",
        HTTP_IF_MATCH=restored.json()["etag"],
    )
    assert again.status_code == 200, again.content


def test_the_migration_fills_blank_reasons_and_leaves_given_ones(
    catalog: None, users: dict[str, Any]
) -> None:
    design = create_design(
        users["alice"],
        bom_overrides=[
            {**LINE, "reason": "more memory"},
            {"section": "storage", "part_number": "7110316", "quantity": 3, "reason": "spare"},
        ],
    )
    # Rows as the API wrote them before reasons were required: a blank and a whitespace-only reason.
    DesignBomOverride.objects.filter(design_id=design["id"], part_number="7110353").update(reason="")
    DesignBomOverride.objects.filter(design_id=design["id"], part_number="7110316").update(reason="  ")
    migration = importlib.import_module("designs.migrations.0005_bom_override_reason_required")
    migration.fill_missing_reasons(apps, None)
    assert _stored_lines(design["id"]) == [
        ("7110353", 96, UNRECORDED_REASON),
        ("7110316", 3, UNRECORDED_REASON),
    ]
    assert migration.UNRECORDED_REASON == UNRECORDED_REASON
