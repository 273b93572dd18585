"""Read-side queries over the benchmark evidence."""

from __future__ import annotations

from decimal import Decimal

from benchmarks.models import PointValue


def measured_values() -> list[tuple[str, str, str, Decimal, str]]:
    """Every measured value in the database as (document_slug, source_locator, quantity, value, unit).

    The document and locator are the point's own citation; the data tests compare these tuples with the
    numbers they list from the source documents.
    """
    rows = PointValue.objects.values_list(
        "point__source_document__slug", "point__source_locator", "quantity", "value", "unit"
    ).order_by("point__source_document__slug", "point__curve__slug", "point__position", "quantity")
    return [(doc, locator, quantity, value, unit) for doc, locator, quantity, value, unit in rows]
