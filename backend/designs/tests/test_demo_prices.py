"""`make run`'s demo prices: one price book, named and flagged as fictional, pricing every seed design's
BOM; idempotent; never created by the compose deployment. And the BOM prices a line net of its
price book line's discount."""

from __future__ import annotations

import io
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.core.management import call_command

from catalog.demo_prices import DEMO_LICENCE_PRICE, DEMO_PRICE_BOOK_NAME, DEMO_SUPPORT_OF
from catalog.models import Part, PriceBook, PriceBookEntry
from designs.tests.conftest import OLTP_WORKLOAD, ORACLE_QUARTER_PLATFORM, client_for
from engine_adapter.engine import bom_rules
from sizing.tests.golden.cases import SEED_DESIGNS

pytestmark = pytest.mark.django_db
REPO = Path(settings.REPO_DIR)


def test_demo_price_book_prices_every_seed_design_and_says_it_is_fictional(
    catalog: None, users: dict[str, Any]
) -> None:
    call_command("seed_demo_prices", stdout=io.StringIO())
    book = PriceBook.objects.get()
    assert (book.name, book.is_demo, book.is_active) == (DEMO_PRICE_BOOK_NAME, True, True)
    assert "fictional" in book.name and "not a quote" in book.name
    client = client_for(users["bob"])
    for name, inputs in SEED_DESIGNS.items():
        response = client.post("/api/v1/evaluate/", {**inputs, "price_book": book.pk}, format="json")
        assert response.status_code == 200, (name, response.content[:300])
        body = response.json()
        assert body["bom"]["unpriced_lines"] == 0, (
            name,
            [line for line in body["bom"]["lines"] if not line["priced"]],
        )
        assert Decimal(body["bom"]["total"]) > 0, name
        demo = [a for a in body["assumptions"] if a["key"] == "bom.prices.demo"]
        assert demo and "fictional demo prices, not a quote" in demo[0]["text"], name


def test_demo_prices_are_idempotent_and_add_parts_loaded_later(catalog: None) -> None:
    call_command("seed_demo_prices", stdout=io.StringIO())
    book = PriceBook.objects.get()
    prices = dict(book.entries.values_list("part_id", "unit_price"))
    assert len(prices) == Part.objects.count()
    call_command("seed_demo_prices", stdout=io.StringIO())
    assert PriceBook.objects.get().pk == book.pk
    assert dict(book.entries.values_list("part_id", "unit_price")) == prices
    some = Part.objects.first()
    assert some is not None
    added = Part.objects.create(manufacturer=some.manufacturer, part_number="LATER-1", kind="cable")
    out = io.StringIO()
    call_command("seed_demo_prices", stdout=out)
    assert "1 prices added" in out.getvalue()
    assert book.entries.filter(part=added).exists()


def test_only_make_runs_demo_mode_creates_demo_prices() -> None:
    makefile = (REPO / "Makefile").read_text(encoding="utf-8")
    demo_target = makefile[makefile.index("demo-users: ") :].split("\n\n")[0]
    assert "seed_demo_prices" in demo_target and 'if [ "$(DEMO_USERS)" = "1" ]' in demo_target
    for deployment in ("Dockerfile", "docker-compose.yml"):
        assert "seed_demo" not in (REPO / deployment).read_text(encoding="utf-8"), deployment


def test_the_bom_prices_a_line_net_of_its_discount(catalog: None, users: dict[str, Any]) -> None:
    book = PriceBook.objects.create(name="Quote", currency="EUR", effective_date=date(2026, 1, 1))
    inputs = {"workload": OLTP_WORKLOAD, "platform": ORACLE_QUARTER_PLATFORM}
    client = client_for(users["bob"])
    lines = client.post("/api/v1/evaluate/", inputs, format="json").json()["bom"]["lines"]
    first = lines[0]
    part = Part.objects.filter(part_number=first["part_number"]).first()
    assert part is not None
    PriceBookEntry.objects.create(
        price_book=book, part=part, unit_price=Decimal("1000.00"), discount_percent=Decimal("12.5")
    )
    bom = client.post("/api/v1/evaluate/", {**inputs, "price_book": book.pk}, format="json").json()["bom"]
    line = next(x for x in bom["lines"] if x["part_number"] == first["part_number"])
    assert line["unit_price"] == "875.00"
    assert line["extended_price"] == str(Decimal("875.00") * line["quantity"])


def test_every_seed_design_carries_priced_oracle_licences_with_support_at_22_percent(
    catalog: None, users: dict[str, Any]
) -> None:
    """Issue 15, finding 2: processor licences are the largest line of such a proposal and were absent.
    EE (and RAC from two nodes) on every OLTP and DSS design, priced from the price book only, with one
    year of support per licence at 22 % of the licence (the demo book's fictional prices)."""
    call_command("seed_demo_prices", stdout=io.StringIO())
    book = PriceBook.objects.get()
    client = client_for(users["bob"])
    for name, inputs in SEED_DESIGNS.items():
        body = client.post("/api/v1/evaluate/", {**inputs, "price_book": book.pk}, format="json").json()
        lines = {line["part_number"]: line for line in body["bom"]["lines"] if line["section"] == "software"}
        nodes = inputs["platform"].get("rac_nodes") or 2
        wanted = [bom_rules.ORACLE_EE_LICENCE, bom_rules.ORACLE_EE_SUPPORT]
        if nodes > 1:
            wanted += [bom_rules.ORACLE_RAC_LICENCE, bom_rules.ORACLE_RAC_SUPPORT]
        assert set(wanted) <= set(lines), name
        for licence, support in bom_rules.ORACLE_LICENCES.items():
            if licence not in lines:
                continue
            assert lines[support]["quantity"] == lines[licence]["quantity"] > 0, name
            ratio = Decimal(lines[support]["unit_price"]) / Decimal(lines[licence]["unit_price"])
            assert ratio == Decimal("0.22"), name
        keys = {a["key"] for a in body["assumptions"]}
        assert {"bom.licences.core_factor", "bom.licences.support"} <= keys, name


def test_the_catalog_names_the_licence_parts_the_engine_counts(catalog: None) -> None:
    """catalog.demo_prices may not import the engine: its licence names must be the engine's."""
    assert set(DEMO_LICENCE_PRICE) | set(DEMO_SUPPORT_OF) == set(bom_rules.ORACLE_LICENCE_PARTS)
    assert {s: lic for lic, s in bom_rules.ORACLE_LICENCES.items()} == DEMO_SUPPORT_OF
    assert set(bom_rules.ORACLE_LICENCE_PARTS) <= set(Part.objects.values_list("part_number", flat=True))
