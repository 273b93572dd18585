"""The design list does not issue a query per design; reading one design reads it once."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts.models import Team
from designs.tests.conftest import client_for, create_design, queries_of

pytestmark = pytest.mark.django_db


def _list_queries(user: Any) -> int:
    with CaptureQueriesContext(connection) as queries:
        response = client_for(user).get("/api/v1/designs/")
    assert response.status_code == 200
    return len(queries)


def test_list_query_count_does_not_grow_with_designs(users: dict[str, Any]) -> None:
    team = Team.objects.get(slug="presales-a").pk
    for i in range(2):
        create_design(
            users["alice"], name=f"d{i}", team=team, visibility="team", reference_configuration=None
        )
    few = _list_queries(users["bob"])
    for i in range(2, 12):
        create_design(
            users["alice"], name=f"d{i}", team=team, visibility="team", reference_configuration=None
        )
    many = _list_queries(users["bob"])
    assert many == few
    body = client_for(users["bob"]).get("/api/v1/designs/").json()
    assert body["count"] == 12 and {row["my_role"] for row in body["results"]} == {"viewer"}


def test_reading_a_design_reads_it_and_its_overrides_once(users: dict[str, Any]) -> None:
    """GET /designs/{id}/ (the editor's first request): who is calling (session, user), the design and
    its BOM overrides; not the design a second time."""
    design = create_design(users["alice"], name="read once", reference_configuration=None)
    client = client_for(users["alice"])
    with CaptureQueriesContext(connection) as queries:
        response = client.get(f"/api/v1/designs/{design['id']}/")
    assert response.status_code == 200 and response.json()["id"] == design["id"]
    assert response["ETag"] == f'"design-{design["id"]}-v{design["version"]}"'
    sql = queries_of(queries)
    reads = [q for q in sql if 'FROM "designs_design"' in q]
    assert len(reads) == 1, "\n".join(sql)
    assert len([q for q in sql if 'FROM "designs_designbomoverride"' in q]) == 1, "\n".join(sql)
