"""Price books and BOM parts the recommender's API tests rank by (one workload and several databases)."""

from __future__ import annotations

import datetime
from decimal import Decimal

from catalog.models import Part, PriceBook, PriceBookEntry
from designs.evaluation import design_bom


def price_book_with(name: str, expensive: set[str]) -> PriceBook:
    """Every catalog part at 1,000.00 EUR, the `expensive` part numbers at 1,000,000.00."""
    book = PriceBook.objects.create(
        name=name, currency="EUR", version=1, effective_date=datetime.date(2026, 1, 1)
    )
    PriceBookEntry.objects.bulk_create(
        PriceBookEntry(
            price_book=book, part=part,
            unit_price=Decimal("1000000.00") if part.part_number in expensive else Decimal("1000.00"),
        )
        for part in Part.objects.all()
    )  # fmt: skip
    return book


def array_parts(storage_model: str, arrays: int) -> set[str]:
    """The part numbers of an EqualLogic design's BOM on two RAC nodes."""
    bom, _ = design_bom(
        platform={"family": "equallogic", "storage_model": storage_model, "rac_nodes": 2, "arrays": arrays},
        configuration=None,
        overrides=[],
    )
    return {line.part_number for line in bom.lines}
