"""Query filters of the curve endpoint (django-filter)."""

from __future__ import annotations

import django_filters as filters
from django import forms

from benchmarks.choices import IoPattern, Tool
from benchmarks.models import BenchmarkCurve, PointValue
from core.filters import StrictFilterSet


class BenchmarkCurveFilterSet(StrictFilterSet):
    configuration = filters.CharFilter(field_name="configuration__slug", help_text="configuration slug")
    document = filters.CharFilter(field_name="source_document__slug", help_text="source document slug")
    platform = filters.CharFilter(field_name="configuration__platform")
    tool = filters.MultipleChoiceFilter(choices=Tool.choices)
    io_pattern = filters.ChoiceFilter(choices=IoPattern.choices)
    quantity = filters.CharFilter(
        field_name="points__values__quantity", distinct=True, help_text="curves with a value of this quantity"
    )

    class Meta:
        model = BenchmarkCurve
        fields = [
            "configuration",
            "document",
            "tool",
            "io_pattern",
            "block_size_kb",
            "read_pct",
            "rac_nodes",
            "arrays",
        ]


class MeasuredValueFilterSet(StrictFilterSet):
    curve = filters.CharFilter(field_name="point__curve__slug", help_text="curve slug")
    # A position is a whole number: NumberFilter's decimal field would take 1.5 and match nothing.
    position = filters.NumberFilter(
        field_name="point__position", help_text="the point's position", min_value=0
    )
    position.field_class = forms.IntegerField

    class Meta:
        model = PointValue
        fields = ["curve", "position", "quantity"]
