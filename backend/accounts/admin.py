from __future__ import annotations

from django.contrib import admin
from simple_history.admin import SimpleHistoryAdmin

from accounts.models import LoginFailure, Membership, Team


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


@admin.register(LoginFailure)
class LoginFailureAdmin(admin.ModelAdmin):
    """Failed sign-ins; deleting a user's rows lifts a lockout early."""

    list_display = ("username", "client_ip", "created")
    search_fields = ("username", "client_ip")
    readonly_fields = ("username", "client_ip", "created")
