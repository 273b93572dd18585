"""POST /api/v1/recommend/ with `databases` (issue 40): a platform that carries every database together,
on real PostgreSQL. The answer is the engine's (recommend_together) for the same request; one running
database is the one-workload answer; bad databases are a 400 naming the database and the field, as a
design's are, and nothing is written; a price book ranks by cost."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
import yaml

from catalog.versioning import catalog_snapshot
from core.tests.test_response_conformance import SpectacularValidator
from designs.models import Design, DesignRevision
from designs.recommend import _references
from designs.tests.conftest import client_for
from designs.tests.pricing import array_parts, price_book_with
from engine_adapter import engine

pytestmark = pytest.mark.django_db

OLTP = {"kind": "oltp", "target_tps": 60000, "read_pct": 75, "database_size_gb": 1000}
DW = {"kind": "dss", "target_throughput_mb_s": 2000, "database_size_gb": 1000}
# the DW database named first but of lower priority: the answer lists the databases by priority
TWO = [{"name": "DW", "workload": DW, "priority": 2}, {"name": "OLTP", "workload": OLTP, "priority": 1}]
# XtremIO alone keeps each search to one family (the request's `families`)
XTREMIO_ONLY = {"families": ["xtremio"]}


def recommend(user: Any, body: dict[str, Any]) -> Any:
    return client_for(user).post("/api/v1/recommend/", body, format="json")


def test_two_databases_are_carried_together_and_agree_with_the_engine(
    catalog: None, users: dict[str, Any]
) -> None:
    response = recommend(users["alice"], {"databases": TWO, **XTREMIO_ONLY})
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["kind"] == "consolidated"
    assert body["databases"] == ["OLTP", "DW"]
    assert body["ranking"] == "size" and body["price_book"] is None
    assert body["candidates"], body["message"]
    for candidate in body["candidates"]:
        assert candidate["family"] == "xtremio"
        assert [d["name"] for d in candidate["databases"]] == ["OLTP", "DW"]
        assert [d["kind"] for d in candidate["databases"]] == ["oltp", "dss"]
        assert candidate["verdict"] != "does-not-hold"
    # the same search called on the engine directly (through the adapter, as the service does)
    direct = engine.published_recommendation(
        engine.recommend_together_for(
            databases_data=engine.validate_recommended_databases(databases=TWO),
            clone_reduction_ratio=None,
            resilience="none",
            families=["xtremio"],
            cost=None,
            references=_references(catalog_snapshot()),
            limit=20,
        )
    )
    assert body["candidates"] == direct["candidates"]
    assert body["message"] == direct["message"]
    # and it is the published response (backend/openapi.yaml), databases and their rows included
    schema = yaml.safe_load((Path(__file__).parents[2] / "openapi.yaml").read_text())
    documented = schema["paths"]["/api/v1/recommend/"]["post"]["responses"]["200"]["content"]
    validator = SpectacularValidator(
        {**documented["application/json"]["schema"], "components": schema["components"]}
    )
    assert [e.message for e in validator.iter_errors(body)] == []
    # a design of the first candidate's platform and the request's databases evaluates to its verdict
    first = body["candidates"][0]
    client = client_for(users["alice"])
    created = client.post(
        "/api/v1/designs/",
        {
            "name": first["label"],
            "team": users["alice"].memberships.first().team_id,
            "platform": {k: v for k, v in first["platform"].items() if v is not None},
            "databases": TWO,
            "price_book": None,
        },
        format="json",
    )
    assert created.status_code == 201, created.json()
    evaluation = client.get(f"/api/v1/designs/{created.json()['id']}/evaluation/").json()
    assert evaluation["consolidation"]["verdict"] == first["verdict"]


def test_one_running_database_is_the_one_workload_answer(catalog: None, users: dict[str, Any]) -> None:
    paused = [{"name": "DW", "workload": DW, "paused": True}, {"name": "OLTP", "workload": OLTP}]
    together = recommend(users["alice"], {"databases": paused, **XTREMIO_ONLY})
    alone = recommend(users["alice"], {"workload": OLTP, **XTREMIO_ONLY})
    assert together.status_code == 200 and alone.status_code == 200, together.json()
    assert together.json()["kind"] == "oltp"
    assert together.content == alone.content


@pytest.mark.parametrize(
    ("databases", "error"),
    [
        (
            [{"name": "A"}, {"name": "B", "workload": DW}],
            {"databases": {"0": {"workload": ["required: every database needs a workload"]}}},
        ),
        (
            [{"name": "A", "workload": OLTP}, {"name": "a", "workload": DW}],
            {"databases": {"1": {"name": ["is the name of database 0 too: each database needs its own"]}}},
        ),
        (
            [{"name": "A", "workload": OLTP}, {"name": "B", "workload": DW, "clones": -1}],
            {"databases": {"1": {"clones": ["must be between 0 and 20"]}}},
        ),
        (
            [{"name": "A", "workload": {**OLTP, "read_pct": 150}}],
            {"databases": {"0": {"workload": {"read_pct": ["must be between 0 and 100"]}}}},
        ),
        (
            [{"name": f"D{i}", "workload": OLTP} for i in range(9)],
            {"databases": ["at most 8 databases in one design"]},
        ),
        (
            [{"name": "A", "workload": OLTP, "paused": True}, {"name": "B", "workload": DW, "paused": True}],
            {"databases": ["every database is paused: at least one must run"]},
        ),
        ("two", {"databases": ["must be a list of databases (objects)"]}),
    ],
)
def test_bad_databases_are_a_400_as_a_designs_and_nothing_is_written(
    catalog: None, users: dict[str, Any], databases: Any, error: dict[str, Any]
) -> None:
    before = (Design.objects.count(), DesignRevision.objects.count())
    response = recommend(users["alice"], {"databases": databases, **XTREMIO_ONLY})
    assert response.status_code == 400
    assert response.json() == error
    # a design given the same databases is refused with the same body
    team = users["alice"].memberships.first().team_id
    platform = {"family": "xtremio", "storage_model": "X-Brick"}
    design = client_for(users["alice"]).post(
        "/api/v1/designs/",
        {"name": "Same", "team": team, "platform": platform, "databases": databases, "price_book": None},
        format="json",
    )
    assert design.status_code == 400 and design.json() == error
    assert (Design.objects.count(), DesignRevision.objects.count()) == before


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"workload": OLTP, "databases": TWO}, "databases"),
        ({"databases": []}, "workload"),
        ({"databases": None}, "workload"),
        ({"workload": OLTP, "clone_reduction_ratio": 4}, "clone_reduction_ratio"),
        ({"databases": TWO, "clone_reduction_ratio": 0.5}, "clone_reduction_ratio"),
    ],
)
def test_a_workload_or_databases_exactly_once(
    catalog: None, users: dict[str, Any], body: dict[str, Any], field: str
) -> None:
    response = recommend(users["alice"], {**body, **XTREMIO_ONLY})
    assert response.status_code == 400
    assert list(response.json()) == [field], response.json()


def test_a_price_book_decides_which_configuration_carries_them_first(
    catalog: None, users: dict[str, Any]
) -> None:
    """EqualLogic (several storage models take OLTP and DSS): at one price for every part the cheapest
    is one PS6110XV array; with the PS6110XV's own parts dear, another model ranks first."""
    small = [
        {"name": "OLTP", "workload": {"kind": "oltp", "users": 6000}},
        {"name": "DW", "workload": {"kind": "dss", "target_throughput_mb_s": 200, "database_size_gb": 500}},
    ]
    dear_parts = array_parts("PS6110XV", 1) - array_parts("PS6010XV", 2)
    flat, dear_6110 = price_book_with("Flat", set()), price_book_with("PS6110XV dear", dear_parts)
    firsts = []
    for book in (flat, dear_6110):
        response = recommend(
            users["alice"], {"databases": small, "families": ["equallogic"], "price_book": book.pk}
        )
        assert response.status_code == 200, response.json()
        body = response.json()
        assert body["kind"] == "consolidated" and body["ranking"] == "cost"
        assert body["price_book"]["id"] == book.pk and body["currency"] == "EUR"
        rows = body["candidates"]
        assert all(c["verdict"] == "holds" and c["cost"]["currency"] == "EUR" for c in rows)
        amounts = [Decimal(c["cost"]["amount"]) for c in rows]
        assert amounts == sorted(amounts)
        firsts.append(rows[0]["platform"]["storage_model"])
    assert firsts[0] == "PS6110XV" and firsts[1] != "PS6110XV"
