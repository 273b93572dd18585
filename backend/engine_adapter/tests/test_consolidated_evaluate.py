"""POST /api/v1/evaluate/consolidated/ on real PostgreSQL with the seed catalog (issue 40): several
databases on one platform, evaluated together; bad input is a 400 naming the database and the field,
and nothing is written."""

from __future__ import annotations

import io
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from rest_framework.test import APIClient

from designs.models import Design, DesignRevision

pytestmark = pytest.mark.django_db

URL = "/api/v1/evaluate/consolidated/"
XTREMIO = {"family": "xtremio", "storage_model": "X-Brick", "rac_nodes": 4, "arrays": 2}
OLTP = {
    "kind": "oltp",
    "users": 64,
    "read_pct": 75,
    "database_size_gb": 1000,
    "include_backup_overhead": False,
}
DW = {"kind": "dss", "target_throughput_mb_s": 2000, "database_size_gb": 1000}


@pytest.fixture
def client(db: None) -> APIClient:
    call_command("load_catalog", stdout=io.StringIO())
    user = get_user_model().objects.create_user("architect", password="a long passphrase 123")
    api = APIClient()
    api.force_authenticate(user)
    return api


def post(client: APIClient, body: Any) -> Any:
    return client.post(URL, body, format="json")


def test_two_databases_evaluated_together(client: APIClient) -> None:
    alone = post(client, {"platform": XTREMIO, "databases": [{"name": "OLTP", "workload": OLTP}]})
    assert alone.status_code == 200, alone.content
    together = post(
        client,
        {
            "platform": XTREMIO,
            "databases": [{"name": "OLTP", "workload": OLTP}, {"name": "DW", "workload": DW}],
        },
    )
    assert together.status_code == 200, together.content
    body = together.json()
    assert body["kind"] == "consolidated" and body["validated"] is False
    assert "no document measured" in body["not_validated_reason"]
    oltp = next(d for d in body["databases"] if d["name"] == "OLTP")
    dw = next(d for d in body["databases"] if d["name"] == "DW")
    alone_oltp = alone.json()["databases"][0]
    assert oltp["response"]["unit"] == "ms"
    assert oltp["response"]["value"] > alone_oltp["response"]["value"]
    assert oltp["response_change"]["value"] > 0
    assert dw["throughput"]["unit"] == "MB/s"
    # one database is today's evaluation, carried as it is
    assert alone.json()["single"]["kind"] == "oltp"
    assert body["single"] is None


def test_the_single_database_is_what_evaluate_returns(client: APIClient) -> None:
    workload = {"kind": "oltp", "users": 1000}
    fs1 = {"family": "oracle-fs1", "storage_model": "FS1-2", "rac_nodes": 2, "cores_per_node": 36, "arrays": 2,
           "drives_per_enclosure": 13}  # fmt: skip
    one = post(client, {"platform": fs1, "databases": [{"name": "Core", "workload": workload}]}).json()
    evaluate = client.post("/api/v1/evaluate/", {"workload": workload, "platform": fs1}, format="json").json()
    assert one["single"]["summary"] == evaluate["evaluation"]["summary"]
    assert one["verdict"] == evaluate["evaluation"]["verdict"]


@pytest.mark.parametrize(
    ("databases", "error"),
    [
        ([{"name": "A"}], {"databases": {"0": {"workload": ["required: every database needs a workload"]}}}),
        (
            [{"name": "A", "workload": OLTP}, {"name": "A", "workload": OLTP}],
            {"databases": {"1": {"name": ["is the name of database 0 too: each database needs its own"]}}},
        ),
        (
            [{"name": "A", "workload": OLTP, "clones": -1}],
            {"databases": {"0": {"clones": ["must be between 0 and 20"]}}},
        ),
        (
            [{"name": f"D{i}", "workload": OLTP} for i in range(9)],
            {"databases": ["at most 8 databases in one design"]},
        ),
        (
            [{"name": "A", "workload": {"kind": "oltp", "users": -5}}],
            {"databases": {"0": {"workload": {"users": ["must be between 1 and 1000000"]}}}},
        ),
    ],
)
def test_bad_input_is_a_400_naming_the_database_and_the_field(
    client: APIClient, databases: list[Any], error: dict[str, Any]
) -> None:
    designs, events = Design.objects.count(), DesignRevision.objects.count()
    response = post(client, {"platform": XTREMIO, "databases": databases})
    assert response.status_code == 400
    assert response.json() == error
    assert (Design.objects.count(), DesignRevision.objects.count()) == (designs, events)


def test_a_bad_platform_and_an_anonymous_caller(client: APIClient) -> None:
    response = post(
        client, {"platform": {**XTREMIO, "arrays": 0}, "databases": [{"name": "A", "workload": OLTP}]}
    )
    assert response.status_code == 400
    assert response.json() == {"platform": {"arrays": ["must be between 1 and 16"]}}
    assert APIClient().post(URL, {"platform": XTREMIO, "databases": []}, format="json").status_code in (
        401,
        403,
    )
