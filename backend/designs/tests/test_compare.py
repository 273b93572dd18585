"""Compare (issue 15, finding 9): cost per unit of throughput as Decimal money with its currency and
unit, "—" with a reason when a design has no price book or an unpriced BOM, and the BOM compared by
section across platform families instead of a wall of part lines missing from each other."""

from __future__ import annotations

import datetime
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

import pytest

from catalog.models import Part, PriceBook, PriceBookEntry
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
