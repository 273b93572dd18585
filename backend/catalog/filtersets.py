"""Query filters of the catalog endpoints (django-filter)."""

from __future__ import annotations

import django_filters as filters
from django.db.models import Q, QuerySet

from catalog.choices import DriveTechnology, PartKind, Platform, RuleKind
from catalog.models import Configuration, Part, PriceBookEntry, SizingRule
from core.filters import StrictFilterSet


class PartFilterSet(StrictFilterSet):
    kind = filters.MultipleChoiceFilter(choices=PartKind.choices)
    manufacturer = filters.CharFilter(field_name="manufacturer__slug")
    drive_technology = filters.ChoiceFilter(choices=DriveTechnology.choices)
    source_document = filters.CharFilter(field_name="source_document__slug")

    class Meta:
        model = Part
        fields = ["kind", "manufacturer", "drive_technology", "part_number", "source_document"]


class PriceBookEntryFilterSet(StrictFilterSet):
    part_number = filters.CharFilter(field_name="part__part_number")

    class Meta:
        model = PriceBookEntry
        fields = ["price_book", "part", "part_number"]


class ConfigurationFilterSet(StrictFilterSet):
    platform = filters.ChoiceFilter(choices=Platform.choices)
    source_document = filters.CharFilter(field_name="source_document__slug")

    class Meta:
        model = Configuration
        fields = ["platform", "role", "source_document"]


class SizingRuleFilterSet(StrictFilterSet):
    kind = filters.ChoiceFilter(choices=RuleKind.choices)
    # A CharFilter: a second ChoiceFilter over Platform would name the same enum twice in the schema.
    applies_to = filters.CharFilter(
        method="filter_applies_to", help_text="platform slug: its rules and the general ones"
    )

    class Meta:
        model = SizingRule
        fields = ["kind", "slug", "version", "severity"]

    def filter_applies_to(
        self, queryset: QuerySet[SizingRule], name: str, value: str
    ) -> QuerySet[SizingRule]:
        # An empty applies_to means "every platform". A text match on the JSON keeps this portable to
        # SQLite (`make run`), which has no JSON containment; platform values are quoted slugs.
        return queryset.filter(Q(applies_to__icontains=f'"{value}"') | Q(applies_to=[]))
