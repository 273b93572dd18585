"""The recommender as a service: the engine's search (sizing.recommend, through the adapter) priced
from a price book by the same BOM rules and prices as a design's evaluation, against the catalog's
reference configurations."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from catalog.choices import ConfigurationRole
from catalog.models import PriceBook
from catalog.versioning import CatalogSnapshot, catalog_snapshot
from core.errors import InvalidInput
from designs.evaluation import configurations_by_slug, design_bom, priced_bom, reference_platform
from engine_adapter import engine


def _cost_function(price_book: PriceBook, snapshot: CatalogSnapshot) -> Any:
    def cost(platform: dict[str, Any]) -> engine.CostFigure:
        key = ("recommend_cost", price_book.pk, tuple(sorted(platform.items())))
        return snapshot.memo(key, lambda: _priced(platform, price_book, snapshot))

    return cost


def _priced(platform: dict[str, Any], price_book: PriceBook, snapshot: CatalogSnapshot) -> engine.CostFigure:
    bom, _ = design_bom(platform=platform, configuration=None, overrides=[], snapshot=snapshot)
    priced = priced_bom(bom=bom, price_book=price_book, snapshot=snapshot)
    unpriced = tuple(line["part_number"] for line in priced["lines"] if not line["priced"])
    amount = Decimal(priced["total"]) if not unpriced and priced["total"] is not None else None
    return engine.CostFigure(amount, price_book.currency, unpriced)


def _references(snapshot: CatalogSnapshot) -> list[tuple[str, str, dict[str, Any]]]:
    def build() -> tuple[tuple[str, str, dict[str, Any]], ...]:
        out = []
        for configuration in configurations_by_slug(snapshot).values():
            if (
                configuration.role != ConfigurationRole.REFERENCE
                or configuration.platform not in engine.PLATFORM_FAMILIES
            ):
                continue
            platform = reference_platform(configuration)
            if not platform.get("storage_model"):
                continue
            out.append((configuration.slug, configuration.name or configuration.slug, platform))
        return tuple(sorted(out))

    return list(snapshot.memo(("recommend_references",), build))


def recommend(*, data: dict[str, Any], snapshot: CatalogSnapshot | None = None) -> dict[str, Any]:
    """Ranked configurations for the validated request (RecommendInputSerializer): for its workload, or
    for its databases together."""
    snapshot = snapshot or catalog_snapshot()
    book: PriceBook | None = data.get("price_book")
    ref = (
        {
            "id": book.pk,
            "name": book.name,
            "version": book.version,
            "currency": book.currency,
            "is_demo": book.is_demo,
        }
        if book is not None
        else None
    )
    search: dict[str, Any] = {
        "resilience": data.get("resilience", "none"),
        "families": data.get("families") or None,
        "cost": _cost_function(book, snapshot) if book is not None else None,
        "references": _references(snapshot),
        "limit": data.get("limit", 20),
        "price_book": ref,
        "snapshot": snapshot,
    }
    if data.get("databases"):
        # several databases: a platform that carries them all (InvalidInput names the database)
        together = engine.recommend_together_for(
            databases_data=data["databases"],
            clone_reduction_ratio=data.get("clone_reduction_ratio"),
            **search,
        )
        return engine.published_recommendation(together)
    try:
        result = engine.recommend_for(workload_data=data["workload"], **search)
    except engine.InputError as exc:
        section, _, name = exc.field.partition(".")
        raise InvalidInput({section: {name: [exc.message]} if name else [exc.message]}) from exc
    return engine.published_recommendation(result)
