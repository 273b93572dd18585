"""Catalog data is public to read; only admins (is_staff) change it."""

from __future__ import annotations

from django.db.models import Model, ProtectedError
from rest_framework.permissions import SAFE_METHODS, BasePermission
from rest_framework.request import Request
from rest_framework.views import APIView

from core.errors import Conflict


class IsAdminOrReadOnly(BasePermission):
    message = "Only administrators may change the catalog."

    def has_permission(self, request: Request, view: APIView) -> bool:
        if request.method in SAFE_METHODS:
            return True
        user = request.user
        return bool(user and user.is_authenticated and user.is_staff)


class IsAdmin(BasePermission):
    message = "Only administrators may import into the catalog."

    def has_permission(self, request: Request, view: APIView) -> bool:
        user = request.user
        return bool(user and user.is_authenticated and user.is_staff)


class IsAuthenticatedReadAdminWrite(BasePermission):
    """Prices are commercial: signed-in users read them, admins change them."""

    message = "Sign in to read prices; only administrators change them."

    def has_permission(self, request: Request, view: APIView) -> bool:
        user = request.user
        if not (user and user.is_authenticated):
            return False
        return request.method in SAFE_METHODS or bool(user.is_staff)


class ProtectedDestroyMixin:
    """Deleting a row that others still reference (PROTECT) is a 409 naming the users, not a 500."""

    conflict_methods = ("DELETE",)  # core.openapi documents the 409

    def perform_destroy(self, instance: Model) -> None:
        try:
            instance.delete()
        except ProtectedError as exc:
            users = sorted({f"{o._meta.verbose_name} {o}" for o in exc.protected_objects})[:10]
            raise Conflict(f"Still used by: {', '.join(users)}") from exc
