"""Django admin for the benchmark evidence."""

from __future__ import annotations

from django.contrib import admin
from simple_history.admin import SimpleHistoryAdmin

from benchmarks.models import BenchmarkCurve, MeasuredPoint, PointValue


class MeasuredPointInline(admin.TabularInline):
    model = MeasuredPoint
    extra = 0
    show_change_link = True


class PointValueInline(admin.TabularInline):
    model = PointValue
    extra = 0


@admin.register(BenchmarkCurve)
class BenchmarkCurveAdmin(SimpleHistoryAdmin):
    list_display = ["slug", "configuration", "tool", "block_size_kb", "read_pct", "source_document"]
    list_filter = ["tool", "io_pattern", "source_document"]
    search_fields = ["slug", "title"]
    inlines = [MeasuredPointInline]


@admin.register(MeasuredPoint)
class MeasuredPointAdmin(admin.ModelAdmin):
    list_display = ["curve", "position", "source_document", "source_locator"]
    list_filter = ["source_document"]
    inlines = [PointValueInline]


@admin.register(PointValue)
class PointValueAdmin(admin.ModelAdmin):
    list_display = ["point", "quantity", "value", "unit"]
    list_filter = ["unit", "quantity"]
