from __future__ import annotations

from django.contrib import admin
from simple_history.admin import SimpleHistoryAdmin

from accounts.models import Membership, Team


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0


@admin.register(Team)
class TeamAdmin(SimpleHistoryAdmin):
    list_display = ("name", "slug")
    prepopulated_fields = {"slug": ("name",)}
    inlines = [MembershipInline]


@admin.register(Membership)
class MembershipAdmin(SimpleHistoryAdmin):
    list_display = ("user", "team", "role")
    list_filter = ("team", "role")
