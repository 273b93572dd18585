"""The recommender's request: a workload of the one input contract (or several databases, as a design
lists them, to be carried together), the failure policy, the families to search and the price book to
rank by."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from catalog.models import PriceBook
from core.errors import NotFound
from designs.evaluation import price_book_by_pk
from designs.serializers import DatabasesJSONField, databases_as_sent
from engine_adapter import engine
from engine_adapter.serializers import WorkloadField, clone_reduction_ratio_field


class RecommendInputSerializer(serializers.Serializer[dict[str, Any]]):
    workload = WorkloadField(
        required=False,
        help_text="the workload and its targets, as evaluate takes it (required unless `databases` is sent)",
    )
    databases = DatabasesJSONField(
        required=False,
        allow_null=True,
        help_text="several databases to carry together on one platform, as a design lists them (instead "
        "of `workload`; [] or null: not sent): the configurations that hold them all are ranked",
    )
    clone_reduction_ratio = clone_reduction_ratio_field()
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

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        # A design of one database stores `databases` as []: sent so, it is no list of databases.
        databases = attrs.pop("databases", None)
        if databases == []:
            databases = None
        if databases is not None and "workload" in attrs:
            raise serializers.ValidationError(
                {"databases": ["send either `workload` (one database) or `databases`, not both"]}
            )
        if databases is None and "workload" not in attrs:
            raise serializers.ValidationError(
                {"workload": ["This field is required (or send `databases`: several databases)."]}
            )
        if databases is not None:
            attrs["databases"] = engine.validate_recommended_databases(
                databases=databases_as_sent(databases),
                clone_reduction_ratio=attrs.get("clone_reduction_ratio"),
            )
        elif attrs.get("clone_reduction_ratio") is not None:
            raise serializers.ValidationError(
                {"clone_reduction_ratio": ["is the clones' data reduction of `databases`: send those too"]}
            )
        return attrs


def engine_recommendation_schema() -> Any:
    """The response: the engine's Recommendation model (its JSON Schema is the OpenAPI component) with
    the price book it was ranked by."""
    return engine.Recommendation
