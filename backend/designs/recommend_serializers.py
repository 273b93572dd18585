"""The recommender's request: a workload of the one input contract, the failure policy, the families to
search and the price book to rank by."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from catalog.models import PriceBook
from core.errors import NotFound
from designs.evaluation import price_book_by_pk
from engine_adapter import engine
from engine_adapter.serializers import WorkloadField


class RecommendInputSerializer(serializers.Serializer[dict[str, Any]]):
    workload = WorkloadField(help_text="the workload and its targets, as evaluate takes it")
    resilience = serializers.ChoiceField(
        choices=list(engine.RESILIENCE),
        default="none",
        help_text="none; n+1-node (the workload on one RAC node fewer must still meet the targets); "
        "n+1-node-and-unit (one RAC node and one storage unit down, as each family declares it)",
    )
    families = serializers.ListField(
        child=serializers.ChoiceField(choices=list(engine.PLATFORM_FAMILIES)),
        required=False,
        allow_empty=True,
        max_length=len(engine.PLATFORM_FAMILIES),
        help_text="platform families to search (empty: all)",
    )
    price_book = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=1,
        help_text="price book id to rank by cost (absent: by size)",
    )
    limit = serializers.IntegerField(required=False, default=20, min_value=1, max_value=50)

    def validate_price_book(self, value: int | None) -> PriceBook | None:
        if value is None:
            return None
        book = price_book_by_pk(value)
        if book is None:
            raise NotFound(f"No price book {value}.")
        return book


def engine_recommendation_schema() -> Any:
    """The response: the engine's Recommendation model (its JSON Schema is the OpenAPI component) with
    the price book it was ranked by."""
    return engine.Recommendation
