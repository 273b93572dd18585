"""Django admin for the catalog: every model, with change history (django-simple-history)."""

from __future__ import annotations

from django.contrib import admin
from simple_history.admin import SimpleHistoryAdmin

from catalog.models import (
    Configuration,
    ConfigurationComponent,
    ConfigurationLayout,
    ConfigurationParameter,
    Manufacturer,
    Part,
    PriceBook,
    PriceBookEntry,
    SizingRule,
    SourceDocument,
    StorageProfile,
)


@admin.register(SourceDocument)
class SourceDocumentAdmin(SimpleHistoryAdmin):
    list_display = ["slug", "title", "publisher", "year", "from_fixtures"]
    search_fields = ["slug", "title"]


@admin.register(Manufacturer)
class ManufacturerAdmin(SimpleHistoryAdmin):
    list_display = ["slug", "name", "from_fixtures"]
    search_fields = ["slug", "name"]


@admin.register(Part)
class PartAdmin(SimpleHistoryAdmin):
    list_display = ["part_number", "manufacturer", "kind", "description", "source_document", "source_locator"]
    list_filter = ["kind", "manufacturer", "drive_technology", "source_document"]
    search_fields = ["part_number", "description", "model"]
    list_select_related = ["manufacturer", "source_document"]


class PriceBookEntryInline(admin.TabularInline):
    model = PriceBookEntry
    extra = 0
    raw_id_fields = ["part"]


@admin.register(PriceBook)
class PriceBookAdmin(SimpleHistoryAdmin):
    list_display = [
        "name",
        "version",
        "currency",
        "effective_date",
        "valid_until",
        "is_active",
        "is_demo",
        "imported_by",
    ]
    list_filter = ["is_active", "currency"]
    inlines = [PriceBookEntryInline]


@admin.register(PriceBookEntry)
class PriceBookEntryAdmin(SimpleHistoryAdmin):
    list_display = ["price_book", "part", "unit_price", "discount_percent"]
    list_filter = ["price_book"]
    raw_id_fields = ["part"]


class ComponentInline(admin.TabularInline):
    model = ConfigurationComponent
    extra = 0
    raw_id_fields = ["part"]


class LayoutInline(admin.TabularInline):
    model = ConfigurationLayout
    extra = 0


class StorageProfileInline(admin.TabularInline):
    model = StorageProfile
    extra = 0


class ParameterInline(admin.TabularInline):
    model = ConfigurationParameter
    extra = 0


@admin.register(Configuration)
class ConfigurationAdmin(SimpleHistoryAdmin):
    list_display = ["slug", "name", "platform", "role", "source_document", "source_locator"]
    list_filter = ["platform", "role", "source_document"]
    search_fields = ["slug", "name"]
    inlines = [ComponentInline, LayoutInline, StorageProfileInline, ParameterInline]


@admin.register(ConfigurationComponent)
class ConfigurationComponentAdmin(admin.ModelAdmin):
    list_display = ["configuration", "position", "part", "quantity", "section"]
    list_filter = ["section", "configuration"]
    raw_id_fields = ["part"]


@admin.register(ConfigurationLayout)
class ConfigurationLayoutAdmin(admin.ModelAdmin):
    list_display = ["configuration", "position", "name", "kind", "luns", "lun_size_gb"]
    list_filter = ["kind", "configuration"]


@admin.register(StorageProfile)
class StorageProfileAdmin(admin.ModelAdmin):
    list_display = ["configuration", "name", "raid", "read_ahead", "qos_priority"]


@admin.register(ConfigurationParameter)
class ConfigurationParameterAdmin(admin.ModelAdmin):
    list_display = ["configuration", "name", "value", "scope"]
    list_filter = ["configuration"]


@admin.register(SizingRule)
class SizingRuleAdmin(SimpleHistoryAdmin):
    list_display = ["slug", "version", "kind", "title", "is_current", "severity", "source_document"]
    list_filter = ["kind", "is_current", "severity"]
    search_fields = ["slug", "title"]
