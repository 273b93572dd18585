"""Soft delete with undo: DELETE moves a design to its owner's trash (revisions, overrides and share
links kept), a trashed design is a 404 on every read path, only its owner lists and restores it within
TRASH_RETENTION_DAYS, and `purge_design_trash` removes for good only what is past that."""

from __future__ import annotations

import io
from datetime import timedelta
from typing import Any

import pytest
from django.core.management import call_command
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from rest_framework.test import APIClient

from accounts.models import Team
from designs.models import Design, DesignBomOverride, DesignRevision, ShareLink
from designs.tests.conftest import client_for, create_design

pytestmark = pytest.mark.django_db

OVERRIDE = {"section": "servers", "part_number": "7110353", "quantity": 48, "reason": "more RAM"}


def _team_design(users: dict[str, Any], **overrides: Any) -> dict[str, Any]:
    team = Team.objects.get(slug="presales-a")
    return create_design(users["alice"], team=team.pk, visibility="team", **overrides)


def _share(client: APIClient, design_id: int) -> str:
    created = client.post(f"/api/v1/designs/{design_id}/share-links/")
    assert created.status_code == 201, created.content
    return str(created.json()["token"])


def _trash(user: Any, design: dict[str, Any]) -> Design:
    response = client_for(user).delete(f"/api/v1/designs/{design['id']}/", HTTP_IF_MATCH=design["etag"])
    assert response.status_code == 204, response.content
    return Design.objects.get(pk=design["id"])


def test_delete_moves_the_design_to_the_trash_and_keeps_revisions_overrides_and_links(
    catalog: None, users: dict[str, Any]
) -> None:
    alice = client_for(users["alice"])
    design = _team_design(users, bom_overrides=[OVERRIDE])
    renamed = alice.patch(
        f"/api/v1/designs/{design['id']}/", {"name": "renamed"}, format="json", HTTP_IF_MATCH=design["etag"]
    ).json()
    kept, revoked = _share(alice, design["id"]), _share(alice, design["id"])
    assert alice.delete(f"/api/v1/designs/{design['id']}/share-links/{revoked}/").status_code == 204

    before = timezone.now()
    stored = _trash(users["alice"], renamed)

    assert stored.deleted_at is not None and before <= stored.deleted_at <= timezone.now()
    assert stored.deleted_by_id == users["alice"].pk
    assert stored.version == renamed["version"] + 1 and stored.name == "renamed"
    revisions = list(DesignRevision.objects.filter(design=stored).order_by("number"))
    assert [r.summary for r in revisions] == ["Created", "Changed name", "Moved to trash"]
    moved = revisions[-1]
    assert moved.author_id == users["alice"].pk
    assert moved.changes == [{"field": "deleted_at", "before": None, "after": stored.deleted_at.isoformat()}]
    assert moved.snapshot == revisions[-2].snapshot  # the content did not change
    assert DesignBomOverride.objects.filter(design=stored).count() == 1
    assert set(ShareLink.objects.filter(design=stored).values_list("token", flat=True)) == {kept, revoked}


def test_delete_with_a_stale_etag_is_412_and_trashes_nothing(users: dict[str, Any]) -> None:
    design = create_design(users["alice"], reference_configuration=None)
    client = client_for(users["alice"])
    client.patch(
        f"/api/v1/designs/{design['id']}/", {"name": "new"}, format="json", HTTP_IF_MATCH=design["etag"]
    )
    response = client.delete(f"/api/v1/designs/{design['id']}/", HTTP_IF_MATCH=design["etag"])
    assert response.status_code == 412
    stored = Design.objects.get(pk=design["id"])
    assert stored.deleted_at is None and stored.version == 2 and stored.revisions.count() == 2


READ_PATHS = [
    ("get", ""),
    ("get", "evaluation/"),
    ("get", "revisions/"),
    ("get", "revisions/1/"),
    ("get", "revisions/1/evaluation/"),
    ("get", "share-links/"),
    ("get", "export/proposal.pdf"),
    ("get", "export/bom.pdf"),
    ("get", "export/bom.csv"),
    ("get", "export/bom.xlsx"),
    ("post", "clone/"),
    ("post", "share-links/"),
    ("post", "revisions/1/restore/"),
    ("patch", ""),
    ("put", ""),
    ("delete", ""),
]


@pytest.mark.parametrize("actor", ["alice", "carol", "bob"])
def test_a_trashed_design_is_404_on_every_path_for_its_owner_and_team(
    catalog: None, users: dict[str, Any], actor: str
) -> None:
    design = _team_design(users)
    other = _team_design(users, name="still here")
    token = _share(client_for(users["alice"]), design["id"])
    trashed = _trash(users["alice"], design)
    client = client_for(users[actor])
    base = f"/api/v1/designs/{design['id']}/"
    if_match = {"HTTP_IF_MATCH": trashed.etag}
    body = {"name": "x", "workload": design["workload"], "platform": design["platform"]}
    for method, suffix in READ_PATHS:
        if method == "get":
            response = client.get(base + suffix)
        else:
            response = getattr(client, method)(base + suffix, body, format="json", **if_match)
        assert response.status_code == 404, (actor, method, suffix, response.status_code)
    listed = client.get("/api/v1/designs/").json()
    assert [row["id"] for row in listed["results"]] == [other["id"]] and listed["count"] == 1
    compare = client.get(f"/api/v1/designs/compare/?ids={other['id']},{design['id']}")
    assert compare.status_code == 404
    assert APIClient().get(f"/api/v1/shared/{token}/").status_code == 404
    # Nothing was written on the way: the design is as it was trashed.
    stored = Design.objects.get(pk=design["id"])
    assert (stored.version, stored.name, stored.revisions.count()) == (trashed.version, "Bank core OLTP", 2)
    assert ShareLink.objects.filter(design=stored).count() == 1


def test_undelete_brings_it_back_with_its_history_and_only_the_links_not_revoked(
    catalog: None, users: dict[str, Any]
) -> None:
    alice = client_for(users["alice"])
    design = _team_design(users)
    kept, revoked = _share(alice, design["id"]), _share(alice, design["id"])
    assert alice.delete(f"/api/v1/designs/{design['id']}/share-links/{revoked}/").status_code == 204
    trashed = _trash(users["alice"], design)
    assert trashed.deleted_at is not None

    response = alice.post(f"/api/v1/designs/{design['id']}/undelete/", HTTP_IF_MATCH=trashed.etag)
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["id"] == design["id"] and body["version"] == trashed.version + 1 and body["revision"] == 3
    assert response["ETag"] == body["etag"] == f'"design-{design["id"]}-v{trashed.version + 1}"'
    stored = Design.objects.get(pk=design["id"])
    assert stored.deleted_at is None and stored.deleted_by is None

    revisions = alice.get(f"/api/v1/designs/{design['id']}/revisions/").json()["results"]
    assert [r["summary"] for r in revisions] == ["Restored from trash", "Moved to trash", "Created"]
    assert revisions[0]["changes"] == [
        {"field": "deleted_at", "before": trashed.deleted_at.isoformat(), "after": None}
    ]
    assert revisions[0]["author"]["username"] == "alice"
    anonymous = APIClient()
    assert anonymous.get(f"/api/v1/shared/{kept}/").status_code == 200
    assert anonymous.get(f"/api/v1/shared/{revoked}/").status_code == 404
    assert client_for(users["carol"]).get(f"/api/v1/designs/{design['id']}/").status_code == 200
    # It is out of the trash: a second undo finds nothing.
    assert alice.post(f"/api/v1/designs/{design['id']}/undelete/").status_code == 404


@pytest.mark.parametrize(
    ("actor", "expected"),
    [("alice", 200), ("carol", 404), ("bob", 404), ("dave", 404), ("anonymous", 403)],
)
def test_only_the_owner_may_undelete(users: dict[str, Any], actor: str, expected: int) -> None:
    """carol is an editor and bob a viewer of the team the design was shared with; dave is in
    another team; anonymous is refused as on every other designs endpoint."""
    design = _team_design(users, reference_configuration=None)
    trashed = _trash(users["alice"], design)
    client = client_for(users.get(actor))
    response = client.post(f"/api/v1/designs/{design['id']}/undelete/")
    assert response.status_code == expected, response.content
    stored = Design.objects.get(pk=design["id"])
    if expected == 200:
        assert stored.deleted_at is None and stored.version == trashed.version + 1
    else:
        assert stored.deleted_at == trashed.deleted_at and stored.version == trashed.version
        assert stored.revisions.count() == 2


def test_undelete_checks_if_match_and_unknown_or_live_designs_are_404(users: dict[str, Any]) -> None:
    alice = client_for(users["alice"])
    design = create_design(users["alice"], reference_configuration=None)
    url = f"/api/v1/designs/{design['id']}/undelete/"
    assert alice.post(url).status_code == 404  # live, not in the trash
    trashed = _trash(users["alice"], design)
    assert alice.post(url, HTTP_IF_MATCH=design["etag"]).status_code == 412  # the version before the delete
    assert alice.post(url, HTTP_IF_MATCH="garbage").status_code == 400  # not an ETag at all
    assert Design.objects.get(pk=design["id"]).deleted_at == trashed.deleted_at
    assert alice.post("/api/v1/designs/999999/undelete/").status_code == 404
    assert alice.post(url, HTTP_IF_MATCH=trashed.etag).status_code == 200


def test_past_the_retention_it_can_no_longer_be_restored(users: dict[str, Any], settings: Any) -> None:
    settings.TRASH_RETENTION_DAYS = 30
    alice = client_for(users["alice"])
    design = create_design(users["alice"], reference_configuration=None)
    _trash(users["alice"], design)
    Design.objects.filter(pk=design["id"]).update(deleted_at=timezone.now() - timedelta(days=30, minutes=1))
    assert alice.post(f"/api/v1/designs/{design['id']}/undelete/").status_code == 404
    assert alice.get("/api/v1/designs/trash/").json()["count"] == 0
    assert Design.objects.get(pk=design["id"]).deleted_at is not None


def test_the_trash_lists_only_the_callers_own_trashed_designs(users: dict[str, Any], settings: Any) -> None:
    settings.TRASH_RETENTION_DAYS = 7
    team_design = _team_design(users, reference_configuration=None, name="team design")
    private = create_design(users["alice"], reference_configuration=None, name="alice private")
    create_design(users["alice"], reference_configuration=None, name="alice live")
    carols = create_design(users["carol"], reference_configuration=None, name="carol's")
    _trash(users["alice"], team_design)
    trashed_private = _trash(users["alice"], private)
    _trash(users["carol"], carols)

    response = client_for(users["alice"]).get("/api/v1/designs/trash/")
    assert response.status_code == 200
    page = response.json()
    assert page["count"] == 2
    assert [row["name"] for row in page["results"]] == ["alice private", "team design"]  # latest first
    row = page["results"][0]
    deleted_at = parse_datetime(row["deleted_at"])
    assert deleted_at is not None and deleted_at == trashed_private.deleted_at
    assert parse_datetime(row["purge_after"]) == deleted_at + timedelta(days=7)
    assert row["deleted_by"] == {"id": users["alice"].pk, "username": "alice"}
    # The list row's fields are there too.
    assert row["my_role"] == "owner" and row["etag"] == trashed_private.etag and row["revision"] == 2

    # carol edits the team design but did not delete it: her trash holds only her own design.
    assert [
        r["name"] for r in client_for(users["carol"]).get("/api/v1/designs/trash/").json()["results"]
    ] == ["carol's"]
    assert client_for(users["dave"]).get("/api/v1/designs/trash/").json() == {
        "count": 0,
        "next": None,
        "previous": None,
        "results": [],
    }
    assert APIClient().get("/api/v1/designs/trash/").status_code == 403
    paged = client_for(users["alice"]).get("/api/v1/designs/trash/?limit=1").json()
    assert paged["count"] == 2 and len(paged["results"]) == 1 and paged["next"]


def test_purge_removes_only_designs_past_the_retention(users: dict[str, Any], settings: Any) -> None:
    settings.TRASH_RETENTION_DAYS = 30
    alice = client_for(users["alice"])
    expired = create_design(users["alice"], reference_configuration=None, name="expired")
    recent = create_design(users["alice"], reference_configuration=None, name="recent")
    live = create_design(users["alice"], reference_configuration=None, name="live")
    _share(alice, expired["id"])
    _trash(users["alice"], expired)
    _trash(users["alice"], recent)
    now = timezone.now()
    Design.objects.filter(pk=expired["id"]).update(deleted_at=now - timedelta(days=31))
    Design.objects.filter(pk=recent["id"]).update(deleted_at=now - timedelta(days=29))

    out = io.StringIO()
    call_command("purge_design_trash", "--dry-run", stdout=out)
    assert out.getvalue().strip() == (
        "would delete 1 designs, 2 revisions, 0 bom overrides, 1 share links (trashed more than 30 days ago)"
    )
    assert Design.objects.filter(pk=expired["id"]).exists()

    out = io.StringIO()
    call_command("purge_design_trash", stdout=out)
    assert out.getvalue().startswith("deleted 1 designs, 2 revisions, 0 bom overrides, 1 share links")
    assert not Design.objects.filter(pk=expired["id"]).exists()
    assert not DesignRevision.objects.filter(design_id=expired["id"]).exists()
    assert not ShareLink.objects.filter(design_id=expired["id"]).exists()
    assert set(Design.objects.values_list("name", flat=True)) == {"recent", "live"}
    assert DesignRevision.objects.filter(design_id=recent["id"]).count() == 2
    # The recent one can still be restored; the live one was never touched.
    assert alice.post(f"/api/v1/designs/{recent['id']}/undelete/").status_code == 200
    assert Design.objects.get(pk=live["id"]).version == 1

    out = io.StringIO()
    call_command("purge_design_trash", stdout=out)
    assert out.getvalue().startswith("deleted 0 designs, 0 revisions")
