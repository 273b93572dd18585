from __future__ import annotations

from django.contrib import admin

from designs.headline import HEADLINE_FIELDS
from designs.models import Design, DesignBomOverride, DesignRevision, ShareLink


class BomOverrideInline(admin.TabularInline):
    model = DesignBomOverride
    extra = 0


@admin.register(Design)
class DesignAdmin(admin.ModelAdmin):
    list_display = (
        "name",
        "customer",
        "owner",
        "team",
        "visibility",
        "status",
        "version",
        "updated",
        "deleted_at",
    )
    # "deleted at" set: in the owner's trash (hidden from the API; purge_design_trash removes it later).
    list_filter = ("status", "visibility", "team", "deleted_at")
    search_fields = ("name", "customer")
    inlines = [BomOverrideInline]
    # Written by designs.services with each revision (the designs list reads them): not edited here.
    readonly_fields = ("latest_revision", *HEADLINE_FIELDS)


@admin.register(DesignRevision)
class DesignRevisionAdmin(admin.ModelAdmin):
    list_display = ("design", "number", "author", "created", "summary")
    readonly_fields = (
        "design",
        "number",
        "author",
        "created",
        "summary",
        "changes",
        "snapshot",
        "restored_from",
    )


@admin.register(ShareLink)
class ShareLinkAdmin(admin.ModelAdmin):
    list_display = ("design", "created_by", "created", "revoked_at")
