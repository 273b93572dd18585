"""Clone into one's own space; read-only share links (no auth) that stop working once revoked."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from accounts.models import Team
from designs.models import Design, DesignRevision
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
    response = client_for(users["bob"]).post(f"/api/v1/designs/{design['id']}/clone/")
    assert response.status_code == 201, response.content
    clone = response.json()
    assert clone["id"] != design["id"]
    assert clone["owner"]["username"] == "bob"
    assert (clone["visibility"], clone["team"], clone["status"]) == ("private", None, "draft")
    assert clone["name"] == "Bank core OLTP (copy)"
    for key in ("workload", "platform", "reference_configuration", "rule_versions", "bom_overrides"):
        assert clone[key] == design[key], key
    assert clone["my_role"] == "owner" and clone["revision"] == 1
    assert (
        DesignRevision.objects.get(design_id=clone["id"]).summary
        == f"Cloned from design {design['id']} revision 1"
    )
    # Bob can edit his clone, and the original is untouched.
    edit = client_for(users["bob"]).patch(
        f"/api/v1/designs/{clone['id']}/", {"name": "bob's"}, format="json", HTTP_IF_MATCH=clone["etag"]
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
    assert [link["token"] for link in owner.get(f"/api/v1/designs/{design['id']}/share-links/").json()] == [
        token
    ]

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
