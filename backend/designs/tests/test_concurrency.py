"""Optimistic locking: ETag on GET, If-Match on PATCH/PUT (428 missing, 412 stale, nothing changed),
and two racing writers with the same ETag: exactly one wins, 50 times over, with no lost update."""

from __future__ import annotations

import threading
from functools import partial
from typing import Any

import pytest
from django.db import connection

from designs.models import Design, DesignRevision
from designs.tests.conftest import client_for, create_design

RACES = 50


@pytest.mark.django_db
def test_get_returns_the_version_etag(users: dict[str, Any]) -> None:
    design = create_design(users["alice"], reference_configuration=None)
    response = client_for(users["alice"]).get(f"/api/v1/designs/{design['id']}/")
    assert response.status_code == 200
    assert response["ETag"] == f'"design-{design["id"]}-v1"' == response.json()["etag"]


@pytest.mark.django_db
@pytest.mark.parametrize("method", ["patch", "put"])
def test_write_without_if_match_is_428_and_changes_nothing(users: dict[str, Any], method: str) -> None:
    design = create_design(users["alice"], reference_configuration=None)
    client = client_for(users["alice"])
    body = {**{k: design[k] for k in ("workload", "platform")}, "name": "renamed"}
    response = getattr(client, method)(f"/api/v1/designs/{design['id']}/", body, format="json")
    assert response.status_code == 428
    stored = Design.objects.get(pk=design["id"])
    assert (stored.name, stored.version, stored.revisions.count()) == ("Bank core OLTP", 1, 1)


@pytest.mark.django_db
@pytest.mark.parametrize("if_match", ['"design-1-v0"', '"design-999999-v1"'])
def test_stale_or_foreign_etag_is_412_and_changes_nothing(users: dict[str, Any], if_match: str) -> None:
    design = create_design(users["alice"], reference_configuration=None)
    client = client_for(users["alice"])
    first = client.patch(
        f"/api/v1/designs/{design['id']}/", {"name": "first"}, format="json", HTTP_IF_MATCH=design["etag"]
    )
    assert first.status_code == 200 and first["ETag"] == f'"design-{design["id"]}-v2"'
    stale = client.patch(
        f"/api/v1/designs/{design['id']}/", {"name": "stale"}, format="json", HTTP_IF_MATCH=design["etag"]
    )
    assert stale.status_code == 412
    other = client.patch(
        f"/api/v1/designs/{design['id']}/", {"name": "x"}, format="json", HTTP_IF_MATCH=if_match
    )
    assert other.status_code == 412
    stored = Design.objects.get(pk=design["id"])
    assert (stored.name, stored.version, stored.revisions.count()) == ("first", 2, 2)


@pytest.mark.django_db(transaction=True)
def test_two_racing_writers_with_the_same_etag_exactly_one_wins(users: dict[str, Any]) -> None:
    design = create_design(users["alice"], reference_configuration=None)
    url = f"/api/v1/designs/{design['id']}/"
    winners: list[str] = []
    for race in range(RACES):
        etag = client_for(users["alice"]).get(url)["ETag"]
        barrier = threading.Barrier(2)
        results: dict[str, int] = {}

        def write(
            user: str,
            name: str,
            etag: str = etag,
            barrier: threading.Barrier = barrier,
            results: dict[str, int] = results,
        ) -> None:
            try:
                client = client_for(users[user])
                barrier.wait()
                response = client.patch(url, {"name": name}, format="json", HTTP_IF_MATCH=etag)
                results[name] = response.status_code
            finally:
                connection.close()  # each thread has its own connection

        threads = [
            threading.Thread(target=write, args=("alice", f"alice {race}")),
            threading.Thread(target=write, args=("alice", f"alice again {race}")),
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(results.values()) == [200, 412], (race, results)
        winners.append(next(name for name, status in results.items() if status == 200))

    stored = Design.objects.get(pk=design["id"])
    assert stored.version == 1 + RACES
    assert stored.name == winners[-1]
    # The history holds exactly the successful writes, in order, each with its author.
    revisions = list(DesignRevision.objects.filter(design=stored).order_by("number"))
    assert [r.number for r in revisions] == list(range(1, RACES + 2))
    assert [r.snapshot["name"] for r in revisions[1:]] == winners
    assert all(r.author_id == users["alice"].pk for r in revisions)


def _race(calls: list[tuple[str, Any]]) -> list[tuple[str, int]]:
    """Run the calls (label, fn returning a response) at once, each thread on its own connection."""
    barrier = threading.Barrier(len(calls))
    results: list[tuple[str, int]] = []

    def run(label: str, call: Any) -> None:
        try:
            barrier.wait()
            results.append((label, call().status_code))
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=call) for call in calls]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


@pytest.mark.django_db(transaction=True)
def test_ten_concurrent_deletes_with_one_etag_one_204_the_rest_404_or_412(users: dict[str, Any]) -> None:
    design = create_design(users["alice"], reference_configuration=None)
    url = f"/api/v1/designs/{design['id']}/"
    clients = [client_for(users["alice"]) for _ in range(10)]
    results = _race(
        [(f"delete {i}", partial(c.delete, url, HTTP_IF_MATCH=design["etag"])) for i, c in enumerate(clients)]
    )
    statuses = sorted(status for _, status in results)
    assert statuses.count(204) == 1, statuses
    assert set(statuses) <= {204, 404, 412}, statuses
    # In the trash once, with one "Moved to trash" revision.
    stored = Design.objects.get(pk=design["id"])
    assert stored.deleted_at is not None and stored.version == 2
    assert DesignRevision.objects.filter(design=stored, summary="Moved to trash").count() == 1


DELETE_PATCH_RACES = 20


@pytest.mark.django_db(transaction=True)
def test_a_delete_racing_a_patch_on_one_etag_has_exactly_one_winner(users: dict[str, Any]) -> None:
    """Was: 500 (IntegrityError at commit: the PATCH's revision named a deleted design) in 33 of 60
    trials, and once a lost update (the PATCH told 200, then a stale DELETE removed the design)."""
    for race in range(DELETE_PATCH_RACES):
        design = create_design(users["alice"], reference_configuration=None)
        url = f"/api/v1/designs/{design['id']}/"
        patch = partial(
            client_for(users["alice"]).patch,
            url,
            {"name": "kept"},
            format="json",
            HTTP_IF_MATCH=design["etag"],
        )
        delete = partial(client_for(users["alice"]).delete, url, HTTP_IF_MATCH=design["etag"])
        results = dict(_race([("patch", patch), ("delete", delete)]))
        stored = Design.objects.filter(pk=design["id"]).first()
        if results["patch"] == 200:
            # The PATCH won: the stale DELETE was refused and the update is there.
            assert results["delete"] == 412, (race, results)
            assert stored is not None and stored.name == "kept" and stored.version == 2
            assert DesignRevision.objects.filter(design=stored).count() == 2
        else:
            assert (results["delete"], results["patch"]) in {(204, 412), (204, 404)}, (race, results)
            # Moved to the trash unchanged: the PATCH wrote nothing, the revisions are kept.
            assert stored is not None and stored.deleted_at is not None
            assert stored.name == "Bank core OLTP" and stored.version == 2
            summaries = list(
                DesignRevision.objects.filter(design=stored)
                .order_by("number")
                .values_list("summary", flat=True)
            )
            assert summaries == ["Created", "Moved to trash"], (race, summaries)


TRASH_RACES = 10


@pytest.mark.django_db(transaction=True)
def test_a_delete_racing_an_undelete_and_a_patch_on_one_etag_has_exactly_one_winner(
    users: dict[str, Any],
) -> None:
    """A live design at version v: DELETE, PATCH and undelete all name v. The DELETE or the PATCH
    wins (the undelete finds nothing in the trash, or a newer version there); then, in the trash at
    version w: undelete, DELETE and PATCH all name w, and only the undelete can win. Never a 500."""
    for race in range(TRASH_RACES):
        design = create_design(users["alice"], reference_configuration=None)
        url = f"/api/v1/designs/{design['id']}/"
        alice = [client_for(users["alice"]) for _ in range(3)]

        def calls(etag: str, alice: list[Any] = alice, url: str = url) -> list[tuple[str, Any]]:
            return [
                ("delete", partial(alice[0].delete, url, HTTP_IF_MATCH=etag)),
                ("patch", partial(alice[1].patch, url, {"name": "kept"}, format="json", HTTP_IF_MATCH=etag)),
                ("undelete", partial(alice[2].post, url + "undelete/", HTTP_IF_MATCH=etag)),
            ]

        live = dict(_race(calls(design["etag"])))
        stored = Design.objects.get(pk=design["id"])
        assert stored.version == 2, (race, live)
        if live["patch"] == 200:
            assert live["delete"] == 412 and live["undelete"] == 404, (race, live)
            assert stored.deleted_at is None and stored.name == "kept"
            continue
        assert live["delete"] == 204 and live["patch"] in {404, 412}, (race, live)
        assert live["undelete"] in {404, 412}, (race, live)
        assert stored.deleted_at is not None and stored.name == "Bank core OLTP"

        trashed = dict(_race(calls(stored.etag)))
        # The losers find it in the trash (404) or already back at a newer version (412).
        assert trashed["undelete"] == 200, (race, trashed)
        assert trashed["delete"] in {404, 412} and trashed["patch"] in {404, 412}, (race, trashed)
        stored = Design.objects.get(pk=design["id"])
        assert stored.deleted_at is None and stored.version == 3 and stored.name == "Bank core OLTP"
        summaries = list(
            DesignRevision.objects.filter(design=stored).order_by("number").values_list("summary", flat=True)
        )
        assert summaries == ["Created", "Moved to trash", "Restored from trash"], (race, summaries)


@pytest.mark.django_db(transaction=True)
def test_racing_undeletes_with_one_etag_one_200_the_rest_404_or_412(users: dict[str, Any]) -> None:
    design = create_design(users["alice"], reference_configuration=None)
    url = f"/api/v1/designs/{design['id']}/"
    assert client_for(users["alice"]).delete(url).status_code == 204
    etag = Design.objects.get(pk=design["id"]).etag
    clients = [client_for(users["alice"]) for _ in range(6)]
    results = _race(
        [
            (f"undelete {i}", partial(c.post, url + "undelete/", HTTP_IF_MATCH=etag))
            for i, c in enumerate(clients)
        ]
    )
    statuses = sorted(status for _, status in results)
    assert statuses.count(200) == 1 and set(statuses) <= {200, 404, 412}, statuses
    stored = Design.objects.get(pk=design["id"])
    assert stored.deleted_at is None and stored.version == 3
    assert DesignRevision.objects.filter(design=stored, summary="Restored from trash").count() == 1
