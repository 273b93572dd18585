"""The racing drill on one design: an update, a delete and a restore of revision 1, all naming the
same ETag, race a share-link create and the revoke of an existing link. Exactly one of the three
ETag-guarded writes wins; the others are told 412 (stale) or 404 (the design went); nobody gets a 500;
what is stored is whole: revision numbers 1..n without gaps, the design's version equal to its last
revision number, its BOM overrides those of its last revision.

Written against the API's contract (status codes, what GET answers afterwards), not row absence: a
deleted design may be kept in a trash, but it is no longer readable, nor through its share links.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from functools import partial
from typing import Any

import pytest
from django.db import connection
from rest_framework.test import APIClient

from designs.models import Design, DesignBomOverride, DesignRevision
from designs.tests.conftest import client_for, create_design

RACES = 15
GUARDED = ("update", "delete", "restore")


def race(calls: dict[str, Callable[[], Any]]) -> dict[str, int]:
    """Start the calls together (a barrier), each thread on its own database connection. The test
    client re-raises a view's unhandled exception: that is the server's 500, recorded as such."""
    barrier = threading.Barrier(len(calls))
    results: dict[str, int] = {}

    def run(label: str, call: Callable[[], Any]) -> None:
        try:
            barrier.wait()
            results[label] = call().status_code
        except Exception:
            results[label] = 500
            raise
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=item) for item in calls.items()]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def override(part_number: str) -> list[dict[str, Any]]:
    return [
        {"section": "storage", "part_number": part_number, "quantity": 2, "description": "x", "reason": "r"}
    ]


def assert_whole(design_id: int) -> None:
    """Nothing half-written: contiguous revisions, version == last revision, overrides as revised."""
    design = Design._base_manager.get(pk=design_id)
    numbers = list(
        DesignRevision.objects.filter(design_id=design_id).order_by("number").values_list("number", flat=True)
    )
    assert numbers == list(range(1, len(numbers) + 1)), numbers
    assert design.version == numbers[-1], (design.version, numbers)
    last = DesignRevision.objects.get(design_id=design_id, number=numbers[-1])
    stored = [
        {"section": o.section, "part_number": o.part_number, "quantity": o.quantity}
        for o in DesignBomOverride.objects.filter(design_id=design_id).order_by("position")
    ]
    revised = [
        {k: line[k] for k in ("section", "part_number", "quantity")}
        for line in last.snapshot["bom_overrides"]
    ]
    assert stored == revised


@pytest.mark.django_db(transaction=True)
def test_update_delete_restore_share_and_revoke_racing_on_one_etag(
    catalog: None, users: dict[str, Any]
) -> None:
    wins: dict[str, int] = dict.fromkeys(GUARDED, 0)
    for attempt in range(RACES):
        alice = client_for(users["alice"])
        team = users["alice"].memberships.get().team_id
        design = create_design(
            users["alice"],
            reference_configuration=None,
            team=team,
            visibility="team",
            bom_overrides=override("REV-1"),
        )
        url = f"/api/v1/designs/{design['id']}/"
        second = alice.patch(
            url, {"bom_overrides": override("REV-2")}, format="json", HTTP_IF_MATCH=design["etag"]
        )
        assert second.status_code == 200
        etag = second["ETag"]
        old_link = alice.post(f"{url}share-links/").json()["token"]

        results = race(
            {
                "update": partial(
                    client_for(users["alice"]).patch,
                    url,
                    {"name": "updated", "bom_overrides": override("UPDATED")},
                    format="json",
                    HTTP_IF_MATCH=etag,
                ),
                "delete": partial(client_for(users["alice"]).delete, url, HTTP_IF_MATCH=etag),
                "restore": partial(
                    client_for(users["alice"]).post, f"{url}revisions/1/restore/", HTTP_IF_MATCH=etag
                ),
                "share": partial(client_for(users["alice"]).post, f"{url}share-links/"),
                "revoke": partial(client_for(users["alice"]).delete, f"{url}share-links/{old_link}/"),
            }
        )
        context = (attempt, results)
        assert 500 not in results.values(), context
        winners = [w for w in GUARDED if results[w] == (204 if w == "delete" else 200)]
        assert len(winners) == 1, context
        assert all(results[w] in (404, 409, 412) for w in GUARDED if w not in winners), context
        assert results["share"] in (201, 404), context
        assert results["revoke"] in (204, 404), context
        wins[winners[0]] += 1

        after = alice.get(url)
        anonymous = APIClient()
        assert anonymous.get(f"/api/v1/shared/{old_link}/").status_code == 404, context
        if winners == ["delete"]:
            assert after.status_code == 404, context
            assert alice.get(f"{url}share-links/").status_code == 404, context
        else:
            assert after.status_code == 200, context
            assert after.json()["version"] == 3, context
            assert_whole(design["id"])
            expected = {"update": "UPDATED", "restore": "REV-1"}[winners[0]]
            assert [line["part_number"] for line in after.json()["bom_overrides"]] == [expected], context
            assert results["revoke"] == 204, context  # the design stayed: the revoke had nothing to lose to
            if results["share"] == 201:
                links = alice.get(f"{url}share-links/").json()["results"]
                assert (
                    len(links) == 1
                    and anonymous.get(f"/api/v1/shared/{links[0]['token']}/").status_code == 200
                )
    print(f"\nracing drill: {RACES} races of update/delete/restore/share/revoke on one ETag, winners {wins}")


SHARE_RACES = 20


@pytest.mark.django_db(transaction=True)
def test_a_share_link_created_or_revoked_while_the_design_is_deleted_is_never_a_500(
    users: dict[str, Any],
) -> None:
    """Was: the link created after the DELETE's check named a deleted design (IntegrityError at commit,
    500), and a revoke whose link the DELETE's cascade removed found no row to update (500)."""
    for attempt in range(SHARE_RACES):
        design = create_design(users["alice"], reference_configuration=None)
        url = f"/api/v1/designs/{design['id']}/"
        link = client_for(users["alice"]).post(f"{url}share-links/").json()["token"]
        results = race(
            {
                "delete": partial(client_for(users["alice"]).delete, url, HTTP_IF_MATCH=design["etag"]),
                "share": partial(client_for(users["alice"]).post, f"{url}share-links/"),
                "revoke": partial(client_for(users["alice"]).delete, f"{url}share-links/{link}/"),
            }
        )
        assert results["delete"] == 204, (attempt, results)
        assert results["share"] in (201, 404), (attempt, results)
        assert results["revoke"] in (204, 404), (attempt, results)
        assert client_for(users["alice"]).get(url).status_code == 404
        assert APIClient().get(f"/api/v1/shared/{link}/").status_code == 404


@pytest.mark.django_db(transaction=True)
def test_two_racing_revokes_of_one_link_one_204_the_other_404(users: dict[str, Any]) -> None:
    design = create_design(users["alice"], reference_configuration=None)
    url = f"/api/v1/designs/{design['id']}/share-links/"
    for attempt in range(10):
        link = client_for(users["alice"]).post(url).json()["token"]
        results = race(
            {f"revoke {i}": partial(client_for(users["alice"]).delete, f"{url}{link}/") for i in range(2)}
        )
        assert sorted(results.values()) == [204, 404], (attempt, results)
