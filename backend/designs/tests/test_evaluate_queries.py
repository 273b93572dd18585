"""An evaluation reads the catalog from the per-version cache (catalog/versioning.py): on a warm cache a
`POST /api/v1/evaluate/` issues at most 3 queries (who is calling: session + user, or the token; and
the catalog version), whatever the design names (reference configuration, price book, overrides).

Counted: every SQL statement but transaction control. ATOMIC_REQUESTS wraps each request in a
transaction (a savepoint and its release inside the test's own transaction); that is not a query.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from benchmarks.models import BenchmarkCurve
from catalog.models import Part, PriceBook, PriceBookEntry, SizingRule
from designs.tests.conftest import create_design, queries_of
from sizing.tests.golden.cases import SEED_DESIGNS

pytestmark = pytest.mark.django_db

MAX_QUERIES = 3


@pytest.fixture
def price_book(catalog: None) -> PriceBook:
    book = PriceBook.objects.create(name="Query count list", currency="EUR", effective_date="2026-01-01")
    for part in Part.objects.filter(configuration_components__configuration__slug="oracle-fs1-quarter-rack")[
        :3
    ]:
        PriceBookEntry.objects.create(price_book=book, part=part, unit_price="100.00")
    return book


def _body(price_book: PriceBook) -> dict[str, Any]:
    """A seed design as the SPA's editor sends it: with its reference, a price book and an override."""
    return {
        **SEED_DESIGNS["fs1-quarter-rated-25800-tps"],
        "reference_configuration": "oracle-fs1-quarter-rack",
        "price_book": price_book.pk,
        "bom_overrides": [
            {"section": "servers", "part_number": "7110316", "quantity": 3, "reason": "a spare server"}
        ],
    }


def _queries(send: Any) -> tuple[Any, list[str]]:
    with CaptureQueriesContext(connection) as captured:
        response = send()
    sql = queries_of(captured)
    return response, sql


def _evaluate(client: Client, body: dict[str, Any], **headers: str) -> tuple[Any, list[str]]:
    return _queries(
        lambda: client.post("/api/v1/evaluate/", body, content_type="application/json", headers=headers)
    )


def test_a_warm_evaluate_with_a_session_issues_at_most_3_queries(
    users: dict[str, Any], price_book: PriceBook
) -> None:
    client = Client()
    client.force_login(users["alice"])  # a real session row, read on every request as in the browser
    cold, cold_sql = _evaluate(client, _body(price_book))
    assert cold.status_code == 200, cold.content
    warm, sql = _evaluate(client, _body(price_book))
    assert warm.status_code == 200
    assert len(sql) <= MAX_QUERIES, "\n".join(sql)
    assert len(sql) < len(cold_sql)  # the cache is what saves them
    assert warm.json() == cold.json()
    assert warm.json()["bom"]["price_book"]["id"] == price_book.pk
    assert warm.json()["reference_configuration"] == "oracle-fs1-quarter-rack"


def test_a_warm_evaluate_with_a_token_issues_at_most_3_queries(
    users: dict[str, Any], price_book: PriceBook
) -> None:
    client = Client()
    response = client.post(
        "/api/v1/auth/token/",
        {"username": "alice", "password": "dbsizer-demo"},
        content_type="application/json",
    )
    assert response.status_code in (200, 201), response.content
    token = response.json()["token"]
    auth = {"Authorization": f"Token {token}"}
    assert _evaluate(Client(), _body(price_book), **auth)[0].status_code == 200
    warm, sql = _evaluate(Client(), _body(price_book), **auth)
    assert warm.status_code == 200
    assert len(sql) <= MAX_QUERIES, "\n".join(sql)


def test_every_seed_design_evaluates_warm_in_at_most_3_queries(users: dict[str, Any], catalog: None) -> None:
    client = Client()
    client.force_login(users["bob"])
    for name, inputs in SEED_DESIGNS.items():
        _evaluate(client, inputs)
        warm, sql = _evaluate(client, inputs)
        assert warm.status_code == 200, (name, warm.content[:300])
        assert len(sql) <= MAX_QUERIES, (name, sql)


def test_a_saved_design_evaluation_reads_the_catalog_from_the_cache(
    users: dict[str, Any], price_book: PriceBook
) -> None:
    design = create_design(users["alice"], price_book=price_book.pk)
    client = Client()
    client.force_login(users["alice"])
    url = f"/api/v1/designs/{design['id']}/evaluation/"
    assert client.get(url).status_code == 200
    warm, sql = _queries(lambda: client.get(url))
    assert warm.status_code == 200
    # session + user, the design (visible to the caller, latest revision) + its overrides, the version
    assert len(sql) <= 5, "\n".join(sql)
    assert not [q for q in sql if re.search(r"FROM \"catalog_(?!catalogversion)", q)], sql
    assert warm.json()["bom"]["price_book"]["id"] == price_book.pk


# --- the cache never answers from a catalog that has changed since --------------------------------------
def _admin(users: dict[str, Any]) -> Client:
    admin = users["alice"].__class__.objects.create_superuser("root", password="pw-root-123")
    client = Client()
    client.force_login(admin)
    return client


def test_a_price_change_is_in_the_next_evaluation(users: dict[str, Any], price_book: PriceBook) -> None:
    client = Client()
    client.force_login(users["alice"])
    first = _evaluate(client, _body(price_book))[0].json()
    priced = next(line for line in first["bom"]["lines"] if line["priced"])
    entry = PriceBookEntry.objects.get(price_book=price_book, part__part_number=priced["part_number"])
    response = _admin(users).patch(
        f"/api/v1/price-book-entries/{entry.pk}/", {"unit_price": "123.45"}, content_type="application/json"
    )
    assert response.status_code == 200, response.content
    again = _evaluate(client, _body(price_book))[0].json()
    line = next(line for line in again["bom"]["lines"] if line["part_number"] == priced["part_number"])
    assert line["unit_price"] == "123.45" != priced["unit_price"]


def test_a_part_edit_is_in_the_next_bom(users: dict[str, Any], price_book: PriceBook) -> None:
    client = Client()
    client.force_login(users["alice"])
    first = _evaluate(client, _body(price_book))[0].json()
    number = first["bom"]["lines"][0]["part_number"]
    Part.objects.filter(part_number=number).update(description="Renamed by the catalog admin")
    again = _evaluate(client, _body(price_book))[0].json()
    assert again["bom"]["lines"][0]["description"] == "Renamed by the catalog admin"


def test_a_new_rule_version_is_in_the_next_evaluation(users: dict[str, Any], catalog: None) -> None:
    client = Client()
    client.force_login(users["alice"])
    inputs = SEED_DESIGNS["fs1-quarter-rated-25800-tps"]
    first = _evaluate(client, inputs)[0].json()
    slug, version = next(iter(first["rule_versions"].items()))
    rule = SizingRule.objects.get(slug=slug, version=version)
    admin = _admin(users)
    current = admin.get(f"/api/v1/rules/{rule.pk}/").json()
    # A rule changes by a new version (POST it again with its slug), never in place.
    body = {
        k: v for k, v in current.items() if k not in ("id", "version", "is_current", "created", "updated")
    }
    response = admin.post("/api/v1/rules/", {**body, "title": "Retitled"}, content_type="application/json")
    assert response.status_code == 201, response.content
    again = _evaluate(client, inputs)[0].json()
    assert again["rule_versions"][slug] == version + 1


def test_removed_evidence_is_missing_from_the_next_evaluation(users: dict[str, Any], catalog: None) -> None:
    client = Client()
    client.force_login(users["alice"])
    inputs = SEED_DESIGNS["fs1-quarter-rated-25800-tps"]
    assert _evaluate(client, inputs)[0].status_code == 200
    BenchmarkCurve.objects.filter(configuration__platform="oracle-fs1").delete()
    response = _evaluate(client, inputs)[0]
    assert response.status_code == 400 and "evidence" in str(response.json()), response.content
