"""Out-of-range paging parameters give a bounded page, never a server error (found by schemathesis:
`?limit=1595077755628283429388288` overflowed PostgreSQL's bigint). Malformed ones are a 400:
core/tests/test_strict_queries.py."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from core.pagination import MAX_PAGE_SIZE

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "query",
    ["limit=1595077755628283429388288", "offset=1595077755628283429388288"],
)
def test_huge_paging_parameters_are_bounded(query: str) -> None:
    call_command("seed_demo_users", verbosity=0)
    client = APIClient()
    assert client.login(username="alice", password="dbsizer-demo")
    for path in ("/api/v1/teams/", "/api/v1/designs/", "/api/v1/parts/"):
        response = client.get(f"{path}?{query}")
        assert response.status_code == 200, (path, response.content[:200])
        assert len(response.json()["results"]) <= MAX_PAGE_SIZE
