"""Compare (issue 15, finding 9): cost per unit of throughput as Decimal money with its currency and
unit, "—" with a reason when a design has no price book or an unpriced BOM, and the BOM compared by
section across platform families instead of a wall of part lines missing from each other. A design
of several databases (issue 40) compares as them together, each database with its figures."""

from __future__ import annotations

import datetime
from decimal import ROUND_HALF_UP, Decimal
from io import StringIO
from typing import Any

import pytest
import yaml
from django.core.management import call_command

from catalog.models import Part, PriceBook, PriceBookEntry
from core.tests.test_response_conformance import SpectacularValidator
from designs.evaluation import cost_per_throughput
from designs.tests.conftest import ORACLE_QUARTER_PLATFORM, client_for, create_design

pytestmark = pytest.mark.django_db

EQUALLOGIC_PLATFORM = {
    "family": "equallogic",
    "storage_model": "PS6010XV",
    "rac_nodes": 2,
    "cores_per_node": 8,
    "arrays": 1,
}


def _price_every_part(currency: str = "USD", price: str = "1000.00") -> PriceBook:
    book = PriceBook.objects.create(
        name=f"Test {currency}", currency=currency, version=1, effective_date=datetime.date(2016, 1, 1)
    )
    for part in Part.objects.all():
        PriceBookEntry.objects.get_or_create(
            price_book=book, part=part, defaults={"unit_price": Decimal(price)}
        )
    return book


def _compare(user: Any, *ids: int) -> dict[str, Any]:
    response = client_for(user).get(f"/api/v1/designs/compare/?ids={','.join(str(i) for i in ids)}")
    assert response.status_code == 200, response.content
    return dict(response.json())


def test_cost_per_tps_is_exact_decimal_money_in_the_books_currency(
    catalog: None, users: dict[str, Any]
) -> None:
    alice = users["alice"]
    book = _price_every_part()
    priced = create_design(alice, price_book=book.pk)
    # Explicitly unpriced: omitted, the design would take the active book (the default price book).
    unpriced = create_design(alice, name="No price book", price_book=None)
    body = _compare(alice, priced["id"], unpriced["id"])
    first, second = body["designs"]
    assert first["cost"]["complete"], first["cost"]
    tps = first["tps_at_sla"]["value"]
    expected = (Decimal(first["cost"]["total"]) / Decimal(repr(float(tps)))).quantize(
        Decimal("0.01"), rounding=ROUND_HALF_UP
    )
    assert first["cost_per_throughput"] == {
        "amount": str(expected),
        "currency": "USD",
        "unit": "USD per TPS",
        "basis": "the most TPS sustained within the 20 ms SLA",
        "note": "",
    }
    assert second["cost_per_throughput"]["amount"] is None
    assert second["cost_per_throughput"]["note"] == "No price book chosen"


def test_cost_per_throughput_refuses_an_incomplete_cost_and_a_zero_throughput() -> None:
    summary = {
        "max_sustained_tps": {"value": 25800.0, "unit": "TPS"},
        "sla_response": {"value": 20.0, "unit": "ms"},
    }
    bom = {"currency": "EUR", "total": "1000000.00", "unpriced_lines": 2}
    short = cost_per_throughput(summary=summary, bom=bom)
    assert short["amount"] is None and short["unit"] == "EUR per TPS"
    assert short["note"] == "2 BOM lines without a price: the cost is incomplete"
    complete = cost_per_throughput(summary=summary, bom={**bom, "unpriced_lines": 0})
    assert complete["amount"] == "38.76"  # 1,000,000 / 25,800 = 38.7597 -> 38.76
    dss = cost_per_throughput(
        summary={"sustained_throughput": {"value": 1169.4, "unit": "MB/s"}}, bom={**bom, "unpriced_lines": 0}
    )
    assert (dss["amount"], dss["unit"], dss["basis"]) == (
        "855.14",
        "EUR per MB/s",
        "the sustained scan throughput",
    )
    idle = cost_per_throughput(
        summary={**summary, "max_sustained_tps": {"value": 0.0, "unit": "TPS"}},
        bom={**bom, "unpriced_lines": 0},
    )
    assert idle["amount"] is None and idle["note"] == "The design sustains no throughput"


def test_designs_of_different_platform_families_compare_by_section_not_by_part_line(
    catalog: None, users: dict[str, Any]
) -> None:
    alice = users["alice"]
    fs1 = create_design(alice)
    dell = create_design(
        alice,
        name="EqualLogic",
        platform=EQUALLOGIC_PLATFORM,
        workload={"kind": "oltp", "users": 6000, "database_size_gb": 100},
        reference_configuration=None,
    )
    body = _compare(alice, fs1["id"], dell["id"])
    assert [d["platform_family"] for d in body["designs"]] == ["oracle-fs1", "equallogic"]
    # Before: every line of each design was a "difference" (0 on the other side).
    assert body["bom_part_lines_comparable"] is False
    assert body["bom_differences"] == [] and body["bom_lines_in_common"] == 0
    assert "equallogic, oracle-fs1" in body["bom_part_lines_note"]
    assert "not comparable" in body["bom_part_lines_note"]
    sections = {s["section"]: s for s in body["bom_sections"]}
    assert "storage" in sections and sections["storage"]["label"] == "Storage"
    for section in body["bom_sections"]:
        assert [d["design"] for d in section["designs"]] == [fs1["id"], dell["id"]]
    fs1_storage, dell_storage = sections["storage"]["designs"]
    assert fs1_storage["items"] and dell_storage["items"]
    assert {i["part_number"] for i in fs1_storage["items"]}.isdisjoint(
        {i["part_number"] for i in dell_storage["items"]}
    )
    assert fs1_storage["total"] is None and fs1_storage["currency"] is None  # no price book


def test_designs_of_one_family_keep_their_part_line_differences_and_section_costs(
    catalog: None, users: dict[str, Any]
) -> None:
    alice = users["alice"]
    book = _price_every_part()
    quarter = create_design(alice, price_book=book.pk)
    half = create_design(
        alice,
        name="Half rack",
        platform={**ORACLE_QUARTER_PLATFORM, "rac_nodes": 4, "arrays": 3, "drives_per_enclosure": 19},
        reference_configuration="oracle-fs1-half-rack",
        price_book=book.pk,
    )
    body = _compare(alice, quarter["id"], half["id"])
    assert body["bom_part_lines_comparable"] is True and body["bom_part_lines_note"] == ""
    assert body["bom_differences"] and body["bom_lines_in_common"] > 0
    for column in body["designs"]:
        section_totals = sum(
            Decimal(d["total"])
            for s in body["bom_sections"]
            for d in s["designs"]
            # a section the design has no line in (the quarter rack's network: no InfiniBand switch)
            if d["design"] == column["id"] and d["items"]
        )
        assert section_totals == Decimal(column["cost"]["total"])


# --- Designs of several databases (issue 40) ------------------------------------------------------

XTREMIO = {"family": "xtremio", "storage_model": "X-Brick", "rac_nodes": 4, "arrays": 2}
ORDERS = {
    "kind": "oltp",
    "users": 64,
    "read_pct": 75,
    "database_size_gb": 1000,
    "include_backup_overhead": False,
}
WAREHOUSE = {"kind": "dss", "target_throughput_mb_s": 2000, "database_size_gb": 1000}


def _create(user: Any, **body: Any) -> dict[str, Any]:
    response = client_for(user).post(
        "/api/v1/designs/", {"platform": XTREMIO, "price_book": None, **body}, format="json"
    )
    assert response.status_code == 201, response.content
    return dict(response.json())


def _evaluation(user: Any, design: dict[str, Any]) -> dict[str, Any]:
    return dict(client_for(user).get(f"/api/v1/designs/{design['id']}/evaluation/").json())


def _schema_errors(body: dict[str, Any]) -> list[str]:
    out = StringIO()
    call_command("spectacular", stdout=out)
    schema = yaml.safe_load(out.getvalue())
    documented = schema["paths"]["/api/v1/designs/compare/"]["get"]["responses"]["200"]
    validator = SpectacularValidator(
        {**documented["content"]["application/json"]["schema"], "components": schema["components"]}
    )
    return [f"{list(e.absolute_path)}: {e.message[:200]}" for e in validator.iter_errors(body)]


def test_a_design_of_two_databases_compares_as_both_together_beside_a_design_of_one(
    catalog: None, users: dict[str, Any]
) -> None:
    alice = users["alice"]
    one = _create(alice, name="Orders alone", workload=ORDERS)
    two = _create(
        alice,
        name="Orders and warehouse",
        databases=[
            {"name": "Orders", "workload": ORDERS, "clones": 2, "priority": 2},
            {"name": "Warehouse", "workload": WAREHOUSE, "priority": 1},
        ],
    )
    together = _evaluation(alice, two)["consolidation"]
    body = _compare(alice, one["id"], two["id"])
    assert not _schema_errors(body)
    single, consolidated = body["designs"]

    assert consolidated["consolidated"] is True and consolidated["kind"] == "consolidated"
    assert consolidated["verdict"] == together["verdict"]
    assert consolidated["not_validated_reason"] == together["not_validated_reason"]
    # The engine's order: the warehouse has priority 1, the orders database (listed first) 2.
    assert [(d["name"], d["kind"], d["priority"]) for d in consolidated["databases"]] == [
        ("Warehouse", "dss", 1),
        ("Orders", "oltp", 2),
    ]
    warehouse, orders = consolidated["databases"]
    by_name = {d["name"]: d for d in together["databases"]}
    assert orders["throughput"] == by_name["Orders"]["throughput"] and orders["throughput"]["unit"] == "TPS"
    assert orders["response"] == by_name["Orders"]["response"] and orders["response"]["unit"] == "ms"
    # Beside the warehouse's scans the orders database answers more slowly than alone.
    assert orders["response"]["value"] > orders["alone_response"]["value"]
    assert orders["response_change"]["value"] > 0
    assert orders["meets_targets"] is (orders["verdict"] != "does-not-hold")
    assert orders["clones"] == 2
    assert warehouse["throughput"]["unit"] == "MB/s" and warehouse["response"] is None
    assert warehouse["target_throughput"] == {"value": 2000.0, "unit": "MB/s"}
    assert warehouse["headroom_pct"] == by_name["Warehouse"]["headroom_pct"]
    # No one TPS or cost per TPS stands for both: the first database alone would.
    assert consolidated["tps_at_sla"] is None and consolidated["sustained_throughput"] is None
    assert consolidated["headroom_pct"] is None and consolidated["sla_response"] is None
    assert consolidated["cost_per_throughput"]["amount"] is None
    assert "several databases" in consolidated["cost_per_throughput"]["note"]
    assert consolidated["bottleneck"] == together["bottleneck"]
    capacity = together["capacity"]
    assert consolidated["capacity"]["total"] == capacity["required_without_clone_reduction"]
    assert consolidated["capacity"]["after_data_reduction"] == capacity["required"]
    assert (consolidated["capacity"]["usable"], consolidated["capacity"]["raw"]) == (
        capacity["usable"],
        capacity["raw"],
    )
    # XtremIO's clones take no new space, said with its source: 2 x 1,000 GB less after the reduction.
    assert capacity["required_without_clone_reduction"]["value"] - capacity["required"]["value"] == 2000
    assert consolidated["capacity_together"]["statement"] == capacity["statement"]
    (clones,) = consolidated["capacity_together"]["clone_reduction"]
    assert (
        clones["database"] == "Orders" and clones["physical"]["value"] == 0 and "XtremIO" in clones["source"]
    )
    assert consolidated["warnings"] == len(together["warnings"])
    assert consolidated["critical_warnings"] == sum(
        1 for w in together["warnings"] if w["severity"] == "critical"
    )

    # The design of one database: its column as before, figure for figure.
    evaluation = _evaluation(alice, one)["evaluation"]
    summary = evaluation["summary"]
    assert single["consolidated"] is False and single["databases"] == []
    assert single["capacity_together"] is None
    assert single["not_validated_reason"] is None
    assert (single["kind"], single["verdict"]) == ("oltp", evaluation["verdict"])
    assert single["tps_at_sla"] == summary["max_sustained_tps"]
    assert single["headroom_pct"] == summary["headroom_pct"]
    assert single["sla_response"] == summary["sla_response"]
    assert single["bottleneck"] == summary["bottleneck"]
    assert single["capacity"] == evaluation["capacity"]
    assert single["warnings"] == len(evaluation["warnings"])
    assert single["cost_per_throughput"] == _evaluation(alice, one)["cost_per_throughput"]


def test_a_design_whose_first_database_is_paused_compares_by_the_one_running(
    catalog: None, users: dict[str, Any]
) -> None:
    alice = users["alice"]
    warehouse_only = _create(
        alice,
        name="Orders paused",
        databases=[
            {"name": "Orders", "workload": ORDERS, "paused": True},
            {"name": "Warehouse", "workload": WAREHOUSE},
        ],
    )
    one = _create(alice, name="Orders alone", workload=ORDERS)
    together = _evaluation(alice, warehouse_only)["consolidation"]
    column = _compare(alice, warehouse_only["id"], one["id"])["designs"][0]
    # One database running is today's design of it: the warehouse's own figures, not the paused
    # orders database's (the design's `workload`, its first database).
    assert column["consolidated"] is False and column["kind"] == "dss"
    assert column["tps_at_sla"] is None
    assert column["sustained_throughput"] == together["single"]["summary"]["sustained_throughput"]
    assert column["verdict"] == together["verdict"]
    assert [(d["name"], d["paused"], d["meets_targets"]) for d in column["databases"]] == [
        ("Warehouse", False, together["verdict"] != "does-not-hold"),
        ("Orders", True, None),
    ]
    assert column["cost_per_throughput"]["basis"] == "the sustained scan throughput"
