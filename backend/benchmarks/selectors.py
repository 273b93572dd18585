"""Read-side queries over the benchmark evidence (and the documents it cites)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.db.models import Count, IntegerField, OuterRef, QuerySet, Subquery, Value
from django.db.models.functions import Coalesce

from benchmarks.models import BenchmarkCurve, MeasuredPoint, PointValue
from catalog.models import Configuration, Part, SizingRule, SourceDocument


def measured_values() -> list[tuple[str, str, str, Decimal, str]]:
    """Every measured value in the database as (document_slug, source_locator, quantity, value, unit).

    The document and locator are the point's own citation; the data tests compare these tuples with the
    numbers they list from the source documents.
    """
    rows = PointValue.objects.values_list(
        "point__source_document__slug", "point__source_locator", "quantity", "value", "unit"
    ).order_by("point__source_document__slug", "point__curve__slug", "point__position", "quantity")
    return [(doc, locator, quantity, value, unit) for doc, locator, quantity, value, unit in rows]


def _cited_by(queryset: QuerySet[Any]) -> Coalesce:
    """How many rows of `queryset` cite the outer document (a subquery: no join fan-out)."""
    counted = (
        queryset.filter(source_document=OuterRef("pk"))
        .order_by()
        .values("source_document")
        .annotate(n=Count("pk"))
        .values("n")
    )
    return Coalesce(Subquery(counted, output_field=IntegerField()), Value(0))


def source_documents_with_counts() -> QuerySet[SourceDocument]:
    """Documents annotated with part_count, configuration_count, curve_count, point_count, rule_count."""
    return SourceDocument.objects.annotate(
        part_count=_cited_by(Part.objects.all()),
        configuration_count=_cited_by(Configuration.objects.all()),
        curve_count=_cited_by(BenchmarkCurve.objects.all()),
        point_count=_cited_by(MeasuredPoint.objects.all()),
        rule_count=_cited_by(SizingRule.objects.filter(is_current=True)),
    )
