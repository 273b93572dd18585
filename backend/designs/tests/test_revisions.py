"""Revisions: one per successful save with author and a summary of what changed; restore as a new
revision whose evaluation equals the restored one's; pinned rule versions keep old designs stable."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import transaction

from catalog.models import SizingRule
from designs.models import Design
from designs.tests.conftest import client_for, create_design

pytestmark = pytest.mark.django_db


def _patch(user: Any, design_id: int, body: dict[str, Any]) -> dict[str, Any]:
    client = client_for(user)
    etag = client.get(f"/api/v1/designs/{design_id}/")["ETag"]
    response = client.patch(f"/api/v1/designs/{design_id}/", body, format="json", HTTP_IF_MATCH=etag)
    assert response.status_code == 200, response.content
    return dict(response.json())


def _evaluation(user: Any, design_id: int) -> dict[str, Any]:
    response = client_for(user).get(f"/api/v1/designs/{design_id}/evaluation/")
    assert response.status_code == 200, response.content
    body = dict(response.json())
    # What the design evaluates to; the revision counter is bookkeeping, not the evaluation.
    return {key: body[key] for key in ("evaluation", "bom", "assumptions", "rule_versions")}


def test_every_save_is_one_revision_with_author_and_changed_fields(
    catalog: None, users: dict[str, Any]
) -> None:
    alice = users["alice"]
    design = create_design(alice)
    _patch(alice, design["id"], {"name": "Renamed", "customer": "Other Bank"})
    _patch(alice, design["id"], {"platform": {**design["platform"], "rac_nodes": 3}})
    response = client_for(alice).get(f"/api/v1/designs/{design['id']}/revisions/")
    assert response.status_code == 200
    revisions = response.json()["results"]
    assert [r["number"] for r in revisions] == [3, 2, 1]
    assert [r["summary"] for r in revisions] == ["Changed platform", "Changed name, customer", "Created"]
    assert revisions[1]["changes"] == [
        {"field": "name", "before": "Bank core OLTP", "after": "Renamed"},
        {"field": "customer", "before": "Example Bank", "after": "Other Bank"},
    ]
    assert {r["author"]["username"] for r in revisions} == {"alice"}
    assert revisions[0]["snapshot"]["platform"]["rac_nodes"] == 3
    # The one trail of the design: each revision says when, newest first.
    created = [r["created"] for r in revisions]
    assert all(created) and created == sorted(created, reverse=True)
    assert not hasattr(Design, "history")  # no second change log next to the revisions


def test_the_authors_note_heads_the_revision_summary_and_is_not_stored_on_the_design(
    catalog: None, users: dict[str, Any]
) -> None:
    alice = users["alice"]
    design = create_design(alice)
    body = {"platform": {**design["platform"], "rac_nodes": 3}, "summary": "  Third node for month-end  "}
    saved = _patch(alice, design["id"], body)
    assert "summary" not in saved
    _patch(alice, design["id"], {"summary": "Reviewed with the DBA team"})
    revisions = client_for(alice).get(f"/api/v1/designs/{design['id']}/revisions/").json()["results"]
    assert [r["summary"] for r in revisions] == [
        "Reviewed with the DBA team (saved without changes)",
        "Third node for month-end (changed platform)",
        "Created",
    ]
    assert [r["changes"] for r in revisions][1][0]["field"] == "platform"
    client = client_for(alice)
    etag = client.get(f"/api/v1/designs/{design['id']}/")["ETag"]
    too_long = client.patch(
        f"/api/v1/designs/{design['id']}/", {"summary": "x" * 301}, format="json", HTTP_IF_MATCH=etag
    )
    assert too_long.status_code == 400 and "summary" in too_long.json()
    assert len(client.get(f"/api/v1/designs/{design['id']}/revisions/").json()["results"]) == 3


def test_restore_revision_k_evaluates_like_revision_k(catalog: None, users: dict[str, Any]) -> None:
    alice = users["alice"]
    design = create_design(alice)
    first = _evaluation(alice, design["id"])
    _patch(alice, design["id"], {"platform": {**design["platform"], "rac_nodes": 4, "arrays": 3}})
    _patch(
        alice,
        design["id"],
        {
            "workload": {**design["workload"], "target_tps": 20000},
            "bom_overrides": [
                {"section": "servers", "part_number": "7110353", "quantity": 96, "reason": "more memory"}
            ],
        },
    )
    changed = _evaluation(alice, design["id"])
    assert changed != first
    revision_1 = client_for(alice).get(f"/api/v1/designs/{design['id']}/revisions/1/evaluation/")
    assert revision_1.status_code == 200
    assert {k: revision_1.json()[k] for k in first} == first

    response = client_for(alice).post(f"/api/v1/designs/{design['id']}/revisions/1/restore/")
    assert response.status_code == 200, response.content
    assert response.json()["revision"] == 4 and response.json()["version"] == 4
    assert _evaluation(alice, design["id"]) == first
    latest = client_for(alice).get(f"/api/v1/designs/{design['id']}/revisions/").json()["results"][0]
    assert (latest["number"], latest["restored_from"], latest["summary"]) == (4, 1, "Restored revision 1")
    assert client_for(alice).post(f"/api/v1/designs/{design['id']}/revisions/99/restore/").status_code == 404
    assert client_for(alice).get(f"/api/v1/designs/{design['id']}/revisions/2/").json()["number"] == 2
    assert (
        client_for(users["dave"]).get(f"/api/v1/designs/{design['id']}/revisions/1/evaluation/").status_code
        == 404
    )


def test_restore_with_a_stale_if_match_is_412(catalog: None, users: dict[str, Any]) -> None:
    alice = users["alice"]
    design = create_design(alice)
    _patch(alice, design["id"], {"name": "v2"})
    response = client_for(alice).post(
        f"/api/v1/designs/{design['id']}/revisions/1/restore/", HTTP_IF_MATCH=design["etag"]
    )
    assert response.status_code == 412
    assert Design.objects.get(pk=design["id"]).name == "v2"


def _new_rule_version(slug: str, **parameters: Any) -> SizingRule:
    with transaction.atomic():
        old = SizingRule.objects.get(slug=slug, is_current=True)
        SizingRule.objects.filter(pk=old.pk).update(is_current=False)
        return SizingRule.objects.create(
            slug=slug,
            version=old.version + 1,
            kind=old.kind,
            title=old.title,
            applies_to=old.applies_to,
            parameters={**old.parameters, **parameters},
            severity=old.severity,
            source_document=old.source_document,
            source_locator=old.source_locator,
            is_current=True,
        )


def test_a_design_keeps_its_rule_versions_after_a_rule_changes(catalog: None, users: dict[str, Any]) -> None:
    alice = users["alice"]
    old_design = create_design(alice)
    before = _evaluation(alice, old_design["id"])
    assert old_design["rule_versions"]["swingbench-response-threshold"] == 1

    _new_rule_version("swingbench-response-threshold", response_time={"value": "10", "unit": "ms"})

    assert _evaluation(alice, old_design["id"]) == before
    new_design = create_design(alice, name="after the rule change")
    assert new_design["rule_versions"]["swingbench-response-threshold"] == 2
    assert _evaluation(alice, new_design["id"])["evaluation"] != before["evaluation"]
