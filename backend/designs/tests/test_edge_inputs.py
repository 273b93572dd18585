"""Odd identifiers and query strings get 400/404, never a server error."""

from __future__ import annotations

from typing import Any

import pytest

from designs.tests.conftest import client_for, create_design

pytestmark = pytest.mark.django_db

HUGE = str(2**70)


def test_huge_and_malformed_ids_are_404_or_400(users: dict[str, Any]) -> None:
    design = create_design(users["alice"], reference_configuration=None)
    client = client_for(users["alice"])
    assert client.get(f"/api/v1/designs/{HUGE}/").status_code == 404
    assert client.get("/api/v1/designs/abc/").status_code == 404
    assert client.get(f"/api/v1/designs/{HUGE}/evaluation/").status_code == 404
    assert client.post(f"/api/v1/designs/{design['id']}/revisions/{HUGE}/restore/").status_code == 404
    assert client.get(f"/api/v1/designs/compare/?ids={design['id']},{HUGE}").status_code == 404
    assert client.get("/api/v1/designs/?team=abc").status_code == 400
    assert client.get(f"/api/v1/designs/?owner={HUGE}").status_code in (200, 400)
    assert client.get("/api/v1/shared/" + "x" * 500 + "/").status_code == 404
    assert client.delete(f"/api/v1/designs/{design['id']}/share-links/nope/").status_code == 404


def test_nul_characters_are_refused_not_stored(users: dict[str, Any]) -> None:
    client = client_for(users["alice"])
    response = client.post(
        "/api/v1/designs/",
        {
            "name": "bad\x00name",
            "workload": {"kind": "oltp", "target_tps": 100},
            "platform": {"family": "oracle-fs1", "storage_model": "FS1-2", "reference": "x\x00"},
        },
        format="json",
    )
    assert response.status_code == 400


@pytest.mark.django_db
@pytest.mark.parametrize("header", ["*", "garbage", '"part-1-v1"', ""])
def test_an_if_match_that_is_not_a_design_etag_is_a_400_naming_it(
    catalog: None, users: dict[str, Any], header: str
) -> None:
    """`If-Match: *` would overwrite whatever is there; this API's writes name the version they read
    (found by schemathesis: it was a 412 saying someone else had saved)."""
    design = create_design(users["alice"])
    client = client_for(users["alice"])
    response = client.patch(
        f"/api/v1/designs/{design['id']}/", {"name": "x"}, format="json", HTTP_IF_MATCH=header
    )
    assert response.status_code == 400, response.content
    assert list(response.json()) == ["If-Match"]
    assert client.get(f"/api/v1/designs/{design['id']}/").json()["version"] == 1
    # A restore's If-Match is optional, but one sent empty or malformed is still refused.
    restore = client.post(f"/api/v1/designs/{design['id']}/revisions/1/restore/", HTTP_IF_MATCH=header)
    assert restore.status_code == 400, restore.content
