"""Permissions, by scenario: each role on one team-shared design, private designs (404 for everyone but
the owner), owner-only fields through PATCH and restore. test_permission_matrix.py asserts the full
matrix cell by cell (every export, links, compare, admin)."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from accounts.choices import TeamRole
from accounts.models import Team
from accounts.services import membership_set
from designs.models import Design
from designs.tests.conftest import client_for, create_design

pytestmark = pytest.mark.django_db

# action -> expected status per actor. "ok" marks the success status of that action.
MATRIX: dict[str, dict[str, int]] = {
    #              owner         editor        viewer      manager      other team   anonymous
    "get":        {"alice": 200, "carol": 200, "bob": 200, "erin": 200, "dave": 404, "anonymous": 403},
    "evaluation": {"alice": 200, "carol": 200, "bob": 200, "erin": 200, "dave": 404, "anonymous": 403},
    "revisions":  {"alice": 200, "carol": 200, "bob": 200, "erin": 200, "dave": 404, "anonymous": 403},
    # Exports are the manager's job; a viewer reads without exporting, nor cloning to export the copy.
    "export_pdf": {"alice": 200, "carol": 200, "bob": 403, "erin": 200, "dave": 404, "anonymous": 403},
    "export_csv": {"alice": 200, "carol": 200, "bob": 403, "erin": 200, "dave": 404, "anonymous": 403},
    "share":      {"alice": 201, "carol": 201, "bob": 403, "erin": 403, "dave": 404, "anonymous": 403},
    "clone":      {"alice": 201, "carol": 201, "bob": 403, "erin": 201, "dave": 404, "anonymous": 403},
    "update":     {"alice": 200, "carol": 200, "bob": 403, "erin": 403, "dave": 404, "anonymous": 403},
    "restore":    {"alice": 200, "carol": 200, "bob": 403, "erin": 403, "dave": 404, "anonymous": 403},
    "delete":     {"alice": 204, "carol": 403, "bob": 403, "erin": 403, "dave": 404, "anonymous": 403},
}  # fmt: skip
ACTORS = ["alice", "carol", "bob", "erin", "dave", "anonymous"]


def _act(client: APIClient, action: str, design: dict[str, Any]) -> int:
    base = f"/api/v1/designs/{design['id']}/"
    if_match = {"HTTP_IF_MATCH": design["etag"]}
    calls = {
        "get": lambda: client.get(base),
        "evaluation": lambda: client.get(base + "evaluation/"),
        "revisions": lambda: client.get(base + "revisions/"),
        "export_pdf": lambda: client.get(base + "export/proposal.pdf"),
        "export_csv": lambda: client.get(base + "export/bom.csv"),
        "share": lambda: client.post(base + "share-links/"),
        "clone": lambda: client.post(base + "clone/"),
        "update": lambda: client.patch(base, {"name": "changed"}, format="json", **if_match),
        "restore": lambda: client.post(base + "revisions/1/restore/"),
        "delete": lambda: client.delete(base),
    }
    return int(calls[action]().status_code)


def _team_design(users: dict[str, Any]) -> dict[str, Any]:
    team = Team.objects.get(slug="presales-a")
    return create_design(users["alice"], team=team.pk, visibility="team")


@pytest.mark.parametrize("actor", ACTORS)
def test_permission_matrix_on_a_team_design(catalog: None, users: dict[str, Any], actor: str) -> None:
    client = client_for(users.get(actor))
    for action, expected in MATRIX.items():
        design = _team_design(users)  # fresh each time: update/delete must not affect the next action
        before = Design.objects.get(pk=design["id"])
        status = _act(client, action, design)
        assert status == expected[actor], f"{actor} {action}: {status}"
        after = Design.objects.filter(pk=design["id"]).first()
        if expected[actor] >= 400:
            assert after is not None and after.version == before.version and after.name == before.name


@pytest.mark.parametrize("actor", ACTORS)
def test_list_shows_own_and_team_designs_only(catalog: None, users: dict[str, Any], actor: str) -> None:
    team_design = _team_design(users)
    private = create_design(users["alice"], name="alice private")
    dave_private = create_design(users["dave"], name="dave private")
    response = client_for(users.get(actor)).get("/api/v1/designs/")
    if actor == "anonymous":
        assert response.status_code == 403
        return
    ids = {row["id"] for row in response.json()["results"]}
    expected = {
        "alice": {team_design["id"], private["id"]},
        "carol": {team_design["id"]},
        "bob": {team_design["id"]},
        "erin": {team_design["id"]},
        "dave": {dave_private["id"]},
    }[actor]
    assert ids == expected


@pytest.mark.parametrize("actor", ["carol", "bob", "erin", "dave"])
def test_private_design_is_404_for_everyone_but_the_owner(
    catalog: None, users: dict[str, Any], actor: str
) -> None:
    design = create_design(users["alice"], team=Team.objects.get(slug="presales-a").pk, visibility="private")
    client = client_for(users[actor])
    for action in MATRIX:
        assert _act(client, action, design) == 404, action
    export = client.get(f"/api/v1/designs/{design['id']}/export/proposal.pdf")
    assert export.status_code == 404
    compare = client.get(f"/api/v1/designs/compare/?ids={design['id']},{design['id'] + 1000}")
    assert compare.status_code == 404


def test_export_urls_are_404_for_another_team(catalog: None, users: dict[str, Any]) -> None:
    design = _team_design(users)
    for suffix in ("proposal.pdf", "bom.csv", "bom.xlsx"):
        response = client_for(users["dave"]).get(f"/api/v1/designs/{design['id']}/export/{suffix}")
        assert response.status_code == 404, suffix


def test_editor_may_not_change_sharing(catalog: None, users: dict[str, Any]) -> None:
    design = _team_design(users)
    response = client_for(users["carol"]).patch(
        f"/api/v1/designs/{design['id']}/",
        {"visibility": "private"},
        format="json",
        HTTP_IF_MATCH=design["etag"],
    )
    assert response.status_code == 403
    assert Design.objects.get(pk=design["id"]).visibility == "team"


def test_team_must_be_one_of_mine(catalog: None, users: dict[str, Any]) -> None:
    response = client_for(users["dave"]).post(
        "/api/v1/designs/",
        {
            "name": "x",
            "workload": {"kind": "oltp", "target_tps": 100},
            "platform": {"family": "oracle-fs1", "storage_model": "FS1-2"},
            "team": Team.objects.get(slug="presales-a").pk,
            "visibility": "team",
        },
        format="json",
    )
    assert response.status_code == 400
    assert "team" in response.json()
    assert not Design.objects.exists()


def test_owner_cannot_share_with_a_team_she_is_not_in(catalog: None, users: dict[str, Any]) -> None:
    design = _team_design(users)
    other = Team.objects.get(slug="presales-b")
    response = client_for(users["alice"]).patch(
        f"/api/v1/designs/{design['id']}/", {"team": other.pk}, format="json", HTTP_IF_MATCH=design["etag"]
    )
    assert response.status_code == 400 and "team" in response.json()
    assert client_for(users["dave"]).get(f"/api/v1/designs/{design['id']}/").status_code == 404


def _restore(user: Any, design_id: int, number: int) -> Any:
    return client_for(user).post(f"/api/v1/designs/{design_id}/revisions/{number}/restore/")


def test_editor_restoring_a_revision_of_another_team_is_403(catalog: None, users: dict[str, Any]) -> None:
    # carol edits in both teams, so she can see the design before and after the move.
    team_b = Team.objects.get(slug="presales-b")
    for name in ("alice", "carol"):
        membership_set(user_id=users[name].pk, team=team_b, role=TeamRole.EDITOR)
    design = _team_design(users)  # revision 1: Presales A
    moved = client_for(users["alice"]).patch(
        f"/api/v1/designs/{design['id']}/", {"team": team_b.pk}, format="json", HTTP_IF_MATCH=design["etag"]
    )
    assert moved.status_code == 200, moved.content  # revision 2: Presales B, by the owner

    response = _restore(users["carol"], design["id"], 1)

    assert response.status_code == 403, response.content
    assert "team" in response.json()["detail"]
    stored = Design.objects.get(pk=design["id"])
    assert (stored.team_id, stored.version, stored.revisions.count()) == (team_b.pk, 2, 2)


def test_editor_restoring_a_private_revision_is_403(catalog: None, users: dict[str, Any]) -> None:
    design = create_design(users["alice"], team=Team.objects.get(slug="presales-a").pk, visibility="private")
    shared = client_for(users["alice"]).patch(
        f"/api/v1/designs/{design['id']}/",
        {"visibility": "team"},
        format="json",
        HTTP_IF_MATCH=design["etag"],
    )
    assert shared.status_code == 200, shared.content

    response = _restore(users["carol"], design["id"], 1)

    assert response.status_code == 403, response.content
    assert "visibility" in response.json()["detail"]
    stored = Design.objects.get(pk=design["id"])
    assert (stored.visibility, stored.version, stored.revisions.count()) == ("team", 2, 2)


def test_editor_may_restore_content_and_owner_may_restore_sharing(
    catalog: None, users: dict[str, Any]
) -> None:
    design = create_design(users["alice"], team=Team.objects.get(slug="presales-a").pk, visibility="private")
    etag = client_for(users["alice"]).get(f"/api/v1/designs/{design['id']}/")["ETag"]
    client_for(users["alice"]).patch(
        f"/api/v1/designs/{design['id']}/", {"visibility": "team"}, format="json", HTTP_IF_MATCH=etag
    )
    etag = client_for(users["carol"]).get(f"/api/v1/designs/{design['id']}/")["ETag"]
    client_for(users["carol"]).patch(
        f"/api/v1/designs/{design['id']}/", {"name": "renamed"}, format="json", HTTP_IF_MATCH=etag
    )

    by_editor = _restore(users["carol"], design["id"], 2)  # same sharing, older name
    assert by_editor.status_code == 200, by_editor.content
    assert (by_editor.json()["name"], by_editor.json()["visibility"]) == ("Bank core OLTP", "team")
    by_owner = _restore(users["alice"], design["id"], 1)  # back to private: the owner's call
    assert by_owner.status_code == 200, by_owner.content
    assert by_owner.json()["visibility"] == "private"
