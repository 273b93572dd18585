"""A design's trail: its revisions and share-link events, for whoever may see the design."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from accounts.models import Team
from designs.tests.conftest import client_for, create_design


def trail(client: APIClient, design_id: int, **params: Any) -> Any:
    return client.get(f"/api/v1/audit/designs/{design_id}/", params)


@pytest.fixture
def team_design(catalog: None, users: dict[str, Any]) -> dict[str, Any]:
    """alice's design shared with Presales A; renamed once, shared by a link that was then revoked."""
    design = create_design(users["alice"], team=Team.objects.get(slug="presales-a").pk, visibility="team")
    alice = client_for(users["alice"])
    renamed = alice.patch(
        f"/api/v1/designs/{design['id']}/",
        {"name": "Bank core OLTP v2"},
        format="json",
        HTTP_IF_MATCH=design["etag"],
    )
    assert renamed.status_code == 200, renamed.content
    link = alice.post(f"/api/v1/designs/{design['id']}/share-links/")
    assert link.status_code == 201
    assert (
        alice.delete(f"/api/v1/designs/{design['id']}/share-links/{link.json()['token']}/").status_code == 204
    )
    return design


def test_a_team_viewer_sees_revisions_and_share_events_newest_first(
    team_design: dict[str, Any], users: dict[str, Any]
) -> None:
    response = trail(client_for(users["bob"]), team_design["id"])
    assert response.status_code == 200, response.content
    entries = response.json()["results"]
    assert [(e["action"], e["actor"]) for e in entries] == [
        ("revoked", None),
        ("shared", "alice"),
        ("changed", "alice"),
        ("created", "alice"),
    ]
    assert {e["object_type"] for e in entries} == {"design"}
    assert {e["object_id"] for e in entries} == {str(team_design["id"])}
    assert entries[2]["changes"] == [
        {"field": "name", "before": "Bank core OLTP", "after": "Bank core OLTP v2"}
    ]
    assert entries[2]["summary"].startswith("Revision 2")
    # The link's token is a secret: the trail names the link by its id only.
    token_free = str(entries[:2])
    assert "token" not in token_free


def test_the_trail_is_404_for_another_team_and_refused_to_anonymous(
    team_design: dict[str, Any], users: dict[str, Any]
) -> None:
    assert trail(client_for(users["dave"]), team_design["id"]).status_code == 404
    assert trail(client_for(None), team_design["id"]).status_code in (401, 403)
    assert trail(client_for(users["alice"]), 987654).status_code == 404


def test_a_private_design_trail_is_the_owners_only(catalog: None, users: dict[str, Any]) -> None:
    design = create_design(users["alice"])
    assert trail(client_for(users["bob"]), design["id"]).status_code == 404
    assert [e["action"] for e in trail(client_for(users["alice"]), design["id"]).json()["results"]] == [
        "created"
    ]


def test_the_global_feed_has_design_events_too(team_design: dict[str, Any], users: dict[str, Any]) -> None:
    admin = get_user_model().objects.create_user("auditor", password="pw-auditor-123", is_staff=True)
    body = client_for(admin).get("/api/v1/audit/", {"object_type": "design", "object_id": team_design["id"]})
    assert [e["action"] for e in body.json()["results"]] == ["revoked", "shared", "changed", "created"]
    by_alice = client_for(admin).get("/api/v1/audit/", {"object_type": "design", "actor": "alice"}).json()
    assert {e["action"] for e in by_alice["results"]} == {"shared", "changed", "created"}


def test_a_trail_pages_by_cursor(team_design: dict[str, Any], users: dict[str, Any]) -> None:
    bob = client_for(users["bob"])
    first = trail(bob, team_design["id"], limit=3).json()
    assert len(first["results"]) == 3 and first["next_cursor"]
    rest = trail(bob, team_design["id"], limit=3, cursor=first["next_cursor"]).json()
    assert [e["action"] for e in rest["results"]] == ["created"] and rest["next_cursor"] is None
    assert trail(bob, team_design["id"], cursor="bm90LWEtY3Vyc29y").status_code == 400
