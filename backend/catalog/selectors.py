"""Read-side queries over the catalog."""

from __future__ import annotations

from typing import Any

from django.db.models import Count, IntegerField, OuterRef, QuerySet, Subquery, Value
from django.db.models.functions import Coalesce

from catalog.models import SourceDocument


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
    from benchmarks.models import BenchmarkCurve, MeasuredPoint  # the evidence app builds on the catalog
    from catalog.models import Configuration, Part, SizingRule

    return SourceDocument.objects.annotate(
        part_count=_cited_by(Part.objects.all()),
        configuration_count=_cited_by(Configuration.objects.all()),
        curve_count=_cited_by(BenchmarkCurve.objects.all()),
        point_count=_cited_by(MeasuredPoint.objects.all()),
        rule_count=_cited_by(SizingRule.objects.filter(is_current=True)),
    )
