"""Query-count baselines on the real seed catalog: list endpoints with nested rows prefetch them, so the
number of queries does not grow with the number of curves, points or components."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

pytestmark = pytest.mark.usefixtures("loaded_catalog")

# ATOMIC_REQUESTS adds a savepoint and its release to each request; the rest is count + select + one
# query per prefetched relation.
BASELINES = [
    ("/api/v1/curves/?limit=100", 2 + 2 + 2),  # curves (+configuration, document), points, values
    ("/api/v1/configurations/?limit=100", 2 + 2 + 4),  # components, layouts, profiles, parameters
    ("/api/v1/parts/?limit=100", 2 + 2),
    ("/api/v1/rules/?limit=100&all_versions=true", 2 + 2),
    ("/api/v1/documents/", 2 + 2),
]


@pytest.mark.parametrize(("url", "queries"), BASELINES)
def test_list_query_count(
    api_client: APIClient, django_assert_max_num_queries: Any, url: str, queries: int
) -> None:
    with django_assert_max_num_queries(queries):
        response = api_client.get(url)
    assert response.status_code == 200
    assert response.json()["count"] > 1  # the seed catalog is there, so the baseline means something
