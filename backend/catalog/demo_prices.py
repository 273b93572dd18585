"""Fictional demo prices for `make run`'s demo mode (DEMO_USERS=1): one price book, named and flagged
(`is_demo`) as fictional, pricing every part of the seed catalog so every reference design's BOM has a
total. Never created by the compose deployment: the documents carry no prices and a real price book is
an admin's upload."""

from __future__ import annotations

import zlib
from datetime import date
from decimal import Decimal

from django.db import transaction
from simple_history.utils import bulk_create_with_history

from catalog import services
from catalog.choices import PartKind
from catalog.models import Part, PriceBook, PriceBookEntry
from core.locks import advisory_xact_lock

DEMO_PRICE_BOOK_NAME = "DEMO — fictional prices, not a quote"
DEMO_CURRENCY = "USD"
DEMO_EFFECTIVE_DATE = date(2025, 1, 1)

# Round, made-up list prices per kind of part: the order of magnitude of a quote, no vendor's price.
DEMO_BASE_PRICE = {
    PartKind.SERVER: 24_000,
    PartKind.CPU: 3_500,
    PartKind.MEMORY_MODULE: 450,
    PartKind.DRIVE: 900,
    PartKind.DRIVE_ENCLOSURE: 9_000,
    PartKind.STORAGE_ARRAY: 65_000,
    PartKind.STORAGE_CONTROLLER: 28_000,
    PartKind.XBRICK: 180_000,
    PartKind.SWITCH: 12_000,
    PartKind.HBA: 1_200,
    PartKind.NIC: 800,
    PartKind.OPTICS: 250,
    PartKind.CABLE: 60,
    PartKind.FILLER: 20,
    PartKind.RACK_ITEM: 1_500,
    PartKind.SOFTWARE: 10_000,
    PartKind.OTHER: 500,
}

# The Oracle processor licences of fixtures/oracle-licensing.yaml (the engine's sizing.bom.ORACLE_LICENCES;
# the catalog may not import the engine, a test checks the two agree): round fictional list prices
# of the order of Oracle's, not Oracle's.
DEMO_LICENCE_PRICE: dict[str, int] = {
    "DB EE Processor Perpetual": 45_000,
    "RAC Processor Perpetual": 22_000,
}
# Support per licence and year: 22 % of the licence's list price (Oracle's standard rate, an assumption).
DEMO_SUPPORT_RATE = Decimal("0.22")
DEMO_SUPPORT_OF: dict[str, str] = {
    "DB EE Processor Support": "DB EE Processor Perpetual",
    "RAC Processor Support": "RAC Processor Perpetual",
}


def demo_unit_price(part: Part) -> Decimal:
    """The kind's base price, varied by up to ±20 % by a checksum of the part number, so that lines
    differ without any randomness (the same part always gets the same price). Oracle licences have
    their own fictional list price, and their support 22 % of it."""
    if part.part_number in DEMO_LICENCE_PRICE:
        return Decimal(DEMO_LICENCE_PRICE[part.part_number])
    if part.part_number in DEMO_SUPPORT_OF:
        licence = Decimal(DEMO_LICENCE_PRICE[DEMO_SUPPORT_OF[part.part_number]])
        return (licence * DEMO_SUPPORT_RATE).quantize(Decimal("1"))
    base = DEMO_BASE_PRICE.get(PartKind(part.kind), 500) if part.kind in PartKind.values else 500
    step = zlib.crc32(part.part_number.encode()) % 41 - 20  # -20..20
    return (Decimal(base) * (100 + step) / 100).quantize(Decimal("1"))


@transaction.atomic
def seed_demo_price_book() -> tuple[PriceBook, int]:
    """Create the demo price book, or add the parts it lacks (a catalog loaded later); idempotent.
    Returns the book and the number of entries added."""
    advisory_xact_lock(f"price book {DEMO_PRICE_BOOK_NAME}")
    book = PriceBook.objects.filter(name=DEMO_PRICE_BOOK_NAME, is_demo=True).order_by("-version").first()
    if book is None:
        book = services.price_book_create_version(
            name=DEMO_PRICE_BOOK_NAME,
            currency=DEMO_CURRENCY,
            effective_date=DEMO_EFFECTIVE_DATE,
            imported_by=None,
            is_demo=True,
        )
    priced = set(book.entries.values_list("part_id", flat=True))
    new = [
        PriceBookEntry(price_book=book, part=part, unit_price=demo_unit_price(part))
        for part in Part.objects.exclude(pk__in=priced).order_by("pk")
    ]
    bulk_create_with_history(new, PriceBookEntry, default_change_reason="demo prices")
    return book, len(new)
