"""Clone into one's own space; read-only share links (no auth) that stop working once revoked."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from accounts.models import Team
from designs.models import Design, DesignRevision, ShareLink
from designs.tests.conftest import client_for, create_design

pytestmark = pytest.mark.django_db


def test_clone_is_a_private_draft_owned_by_the_caller(catalog: None, users: dict[str, Any]) -> None:
    team = Team.objects.get(slug="presales-a")
    design = create_design(
        users["alice"],
        team=team.pk,
        visibility="team",
        status="proposed",
        bom_overrides=[
            {"section": "servers", "part_number": "7110353", "quantity": 48, "reason": "more RAM"}
        ],
    )
    # A viewer may not clone (the copy would be hers to export); the manager, who exports, may.
    refused = client_for(users["bob"]).post(f"/api/v1/designs/{design['id']}/clone/")
    assert refused.status_code == 403, refused.content
    response = client_for(users["erin"]).post(f"/api/v1/designs/{design['id']}/clone/")
    assert response.status_code == 201, response.content
    clone = response.json()
    assert clone["id"] != design["id"]
    assert clone["owner"]["username"] == "erin"
    assert (clone["visibility"], clone["team"], clone["status"]) == ("private", None, "draft")
    assert clone["name"] == "Bank core OLTP (copy)"
    for key in ("workload", "platform", "reference_configuration", "rule_versions", "bom_overrides"):
        assert clone[key] == design[key], key
    assert clone["my_role"] == "owner" and clone["revision"] == 1
    assert (
        DesignRevision.objects.get(design_id=clone["id"]).summary
        == f"Cloned from design {design['id']} revision 1"
    )
    # Erin can edit her clone, and the original is untouched.
    edit = client_for(users["erin"]).patch(
        f"/api/v1/designs/{clone['id']}/", {"name": "erin's"}, format="json", HTTP_IF_MATCH=clone["etag"]
    )
    assert edit.status_code == 200
    assert Design.objects.get(pk=design["id"]).name == "Bank core OLTP"


def test_share_link_reads_without_auth_until_revoked(catalog: None, users: dict[str, Any]) -> None:
    design = create_design(users["alice"])
    owner = client_for(users["alice"])
    created = owner.post(f"/api/v1/designs/{design['id']}/share-links/")
    assert created.status_code == 201
    token = created.json()["token"]
    assert created.json()["url"] == f"/api/v1/shared/{token}/"
    listed = owner.get(f"/api/v1/designs/{design['id']}/share-links/").json()["results"]
    assert [link["token"] for link in listed] == [token]

    anonymous = APIClient()
    shared = anonymous.get(f"/api/v1/shared/{token}/")
    assert shared.status_code == 200, shared.content
    body = shared.json()
    assert body["design"]["name"] == "Bank core OLTP"
    assert body["evaluation"]["bom"]["lines"]
    assert "owner" in body["design"] and body["design"]["owner"] == "alice"
    # Read-only: the token grants no write.
    assert anonymous.patch(f"/api/v1/shared/{token}/", {"name": "x"}, format="json").status_code == 405
    assert anonymous.get(f"/api/v1/designs/{design['id']}/").status_code == 403

    # Someone from another team cannot revoke it (cannot see the design at all).
    assert (
        client_for(users["dave"]).delete(f"/api/v1/designs/{design['id']}/share-links/{token}/").status_code
        == 404
    )
    assert owner.delete(f"/api/v1/designs/{design['id']}/share-links/{token}/").status_code == 204
    assert anonymous.get(f"/api/v1/shared/{token}/").status_code == 404
    assert owner.delete(f"/api/v1/designs/{design['id']}/share-links/{token}/").status_code == 404
    assert anonymous.get("/api/v1/shared/not-a-token/").status_code == 404


def test_deleting_a_design_kills_its_share_links(catalog: None, users: dict[str, Any]) -> None:
    design = create_design(users["alice"])
    owner = client_for(users["alice"])
    token = owner.post(f"/api/v1/designs/{design['id']}/share-links/").json()["token"]
    assert owner.delete(f"/api/v1/designs/{design['id']}/").status_code == 204
    assert APIClient().get(f"/api/v1/shared/{token}/").status_code == 404


def _share(owner: APIClient, design_id: int) -> str:
    created = owner.post(f"/api/v1/designs/{design_id}/share-links/")
    assert created.status_code == 201, created.content
    return str(created.json()["token"])


def test_a_share_link_stops_working_when_the_owner_makes_the_design_private(
    catalog: None, users: dict[str, Any]
) -> None:
    """Was: after the owner made the design private, anonymous visitors still read it through the
    link, BOM prices included (issue 17, finding 6)."""
    team = Team.objects.get(slug="presales-a")
    design = create_design(users["alice"], team=team.pk, visibility="team")
    owner = client_for(users["alice"])
    token = _share(owner, design["id"])
    anonymous = APIClient()
    assert anonymous.get(f"/api/v1/shared/{token}/").status_code == 200

    private = owner.patch(
        f"/api/v1/designs/{design['id']}/",
        {"visibility": "private"},
        format="json",
        HTTP_IF_MATCH=design["etag"],
    )
    assert private.status_code == 200, private.content
    assert anonymous.get(f"/api/v1/shared/{token}/").status_code == 404
    assert owner.get(f"/api/v1/designs/{design['id']}/share-links/").json()["results"] == []
    assert ShareLink.objects.get(token=token).revoked_at is not None  # kept, for the record
    # Sharing with the team again does not bring the old link back.
    again = owner.patch(
        f"/api/v1/designs/{design['id']}/",
        {"visibility": "team"},
        format="json",
        HTTP_IF_MATCH=private["ETag"],
    )
    assert again.status_code == 200
    assert anonymous.get(f"/api/v1/shared/{token}/").status_code == 404


def test_restoring_a_private_revision_ends_the_share_links_too(catalog: None, users: dict[str, Any]) -> None:
    team = Team.objects.get(slug="presales-a")
    design = create_design(users["alice"])  # revision 1: private
    owner = client_for(users["alice"])
    shared = owner.patch(
        f"/api/v1/designs/{design['id']}/",
        {"team": team.pk, "visibility": "team"},
        format="json",
        HTTP_IF_MATCH=design["etag"],
    )
    assert shared.status_code == 200
    token = _share(owner, design["id"])
    restored = owner.post(
        f"/api/v1/designs/{design['id']}/revisions/1/restore/", HTTP_IF_MATCH=shared["ETag"]
    )
    assert restored.status_code == 200 and restored.json()["visibility"] == "private"
    assert APIClient().get(f"/api/v1/shared/{token}/").status_code == 404


def test_the_share_links_list_is_paginated(catalog: None, users: dict[str, Any]) -> None:
    design = create_design(users["alice"])
    owner = client_for(users["alice"])
    tokens = {_share(owner, design["id"]) for _ in range(3)}
    page = owner.get(f"/api/v1/designs/{design['id']}/share-links/?limit=2").json()
    assert page["count"] == 3 and len(page["results"]) == 2 and page["next"]
    rest = owner.get(page["next"]).json()
    assert {link["token"] for link in page["results"] + rest["results"]} == tokens


def test_anonymous_share_link_reads_are_throttled(
    catalog: None, users: dict[str, Any], throttle_rates: Any
) -> None:
    """Each anonymous read runs a full evaluation: a client gets `share-link` reads a minute, then 429."""
    throttle_rates(**{"share-link": "2/min"})
    design = create_design(users["alice"])
    token = _share(client_for(users["alice"]), design["id"])
    anonymous = APIClient()
    assert [anonymous.get(f"/api/v1/shared/{token}/").status_code for _ in range(2)] == [200, 200]
    throttled = anonymous.get(f"/api/v1/shared/{token}/")
    assert throttled.status_code == 429
    assert "detail" in throttled.json() and int(throttled["Retry-After"]) > 0
    # Another address has its own allowance.
    assert anonymous.get(f"/api/v1/shared/{token}/", REMOTE_ADDR="10.9.9.9").status_code == 200
