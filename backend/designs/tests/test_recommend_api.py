"""POST /api/v1/recommend/ (issue 36): ranking follows the price book, bad input is a 400 with field
messages and writes nothing, an unknown price book is a 404, and a design created from a candidate
evaluates to the candidate's figures."""

from __future__ import annotations

from typing import Any

import pytest

from designs.models import Design
from designs.tests.conftest import client_for
from designs.tests.pricing import array_parts, price_book_with

EQL_6000 = {"workload": {"kind": "oltp", "users": 6000}, "families": ["equallogic"], "limit": 50}


def _first(rows: list[dict[str, Any]], model: str, units: int) -> int:
    return next(
        k for k, c in enumerate(rows) if c["platform"]["storage_model"] == model and c["units"] == units
    )


def test_the_price_book_decides_which_ranks_first(catalog: None, users: dict[str, Any]) -> None:
    xv, s = array_parts("PS6010XV", 2), array_parts("PS6010S", 1)
    dear_ssd = price_book_with("SSD dear", s - xv)
    dear_sas = price_book_with("SAS dear", xv - s)
    client = client_for(users["alice"])
    orders = []
    for book in (dear_ssd, dear_sas):
        response = client.post("/api/v1/recommend/", {**EQL_6000, "price_book": book.pk}, format="json")
        assert response.status_code == 200, response.json()
        body = response.json()
        assert body["ranking"] == "cost" and body["price_book"]["id"] == book.pk
        rows = body["candidates"]
        assert all(c["cost"]["currency"] == "EUR" for c in rows)
        orders.append(_first(rows, "PS6010XV", 2) < _first(rows, "PS6010S", 1))
    assert orders == [True, False]
    # one PS6010XV is the next smaller of the two-array candidate: rejected with its IOPS limit
    two = rows[_first(rows, "PS6010XV", 2)]
    one = next(s for s in two["smaller"] if s["units"] == 1)
    assert one["verdict"] == "does-not-hold" and any("3,600 IOPS" in r for r in one["reasons"])


def test_without_a_price_book_candidates_rank_by_size(catalog: None, users: dict[str, Any]) -> None:
    response = client_for(users["alice"]).post("/api/v1/recommend/", EQL_6000, format="json")
    assert response.status_code == 200
    body = response.json()
    assert body["ranking"] == "size" and body["price_book"] is None
    sizes = [c["rac_nodes"] + c["units"] for c in body["candidates"] if c["verdict"] == "holds"]
    assert sizes == sorted(sizes)


@pytest.mark.parametrize(
    ("body", "path"),
    [
        ({"workload": {"kind": "oltp", "users": -5}}, ("workload", "users")),
        ({"workload": {"kind": "oltp", "target_tps": 2_000_000}}, ("workload", "target_tps")),
        ({"workload": {"kind": "oltp", "users": 10, "max_cpu_pct": 0}}, ("workload", "max_cpu_pct")),
        ({"workload": {"kind": "oltp", "users": 10}, "resilience": "n+2"}, ("resilience",)),
        ({"workload": {"kind": "oltp", "users": 10}, "families": ["ibm"]}, ("families",)),
        ({"workload": {"kind": "dss"}}, ("workload", "target_throughput_mb_s")),
        ({"resilience": "none"}, ("workload",)),
    ],
)
def test_bad_input_is_a_400_with_field_messages_and_writes_nothing(
    catalog: None, users: dict[str, Any], body: dict[str, Any], path: tuple[str, ...]
) -> None:
    before = Design.objects.count()
    response = client_for(users["alice"]).post("/api/v1/recommend/", body, format="json")
    assert response.status_code == 400, response.json()
    errors: Any = response.json()
    for key in path:
        assert key in errors, errors
        errors = errors[key]
    assert Design.objects.count() == before


def test_unknown_price_book_is_a_404_and_anonymous_is_refused(catalog: None, users: dict[str, Any]) -> None:
    response = client_for(users["alice"]).post(
        "/api/v1/recommend/", {**EQL_6000, "price_book": 987654}, format="json"
    )
    assert response.status_code == 404
    assert client_for(None).post("/api/v1/recommend/", EQL_6000, format="json").status_code in (401, 403)


def test_a_design_created_from_a_candidate_shows_its_figures(catalog: None, users: dict[str, Any]) -> None:
    """The candidate's platform and the request's workload, saved as a design, evaluate to the
    candidate's verdict and TPS; a candidate beyond what a document measured says so there too."""
    client = client_for(users["alice"])
    workload = {"kind": "oltp", "target_tps": 30000, "sla_response_ms": 20}
    response = client.post(
        "/api/v1/recommend/", {"workload": workload, "families": ["oracle-fs1"]}, format="json"
    )
    body = response.json()
    assert body["holds"], body["message"]
    outside = next(c for c in body["candidates"] if c["outside_measured"])
    for candidate in (body["candidates"][0], outside):
        platform = {k: v for k, v in candidate["platform"].items() if v is not None}
        team = users["alice"].memberships.first().team_id
        created = client.post(
            "/api/v1/designs/",
            {"name": candidate["label"], "team": team, "workload": workload, "platform": platform},
            format="json",
        )
        assert created.status_code == 201, created.json()
        evaluation = client.get(f"/api/v1/designs/{created.json()['id']}/evaluation/").json()["evaluation"]
        assert evaluation["verdict"] == candidate["verdict"]
        assert evaluation["summary"]["max_sustained_tps"] == candidate["sustained"]
        assert evaluation["extrapolated"] == bool(candidate["outside_measured"])
