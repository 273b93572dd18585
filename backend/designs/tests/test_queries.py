"""The design list does not issue a query per design."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts.models import Team
from designs.tests.conftest import client_for, create_design

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
