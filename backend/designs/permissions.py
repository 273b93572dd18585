"""Object-level permissions on designs. Visibility is enforced by the queryset (404); these decide what
a user who can see a design may do with it (403).

The roles and what each may do are stated once here; docs/api.md ("Roles and permissions") shows the
same matrix and designs/tests/test_permission_matrix.py asserts every cell of it.
"""

from __future__ import annotations

from typing import Any

from django.db import models
from rest_framework.permissions import SAFE_METHODS, BasePermission
from rest_framework.request import Request

from designs.models import Design
from designs.selectors import DesignRole, design_role


class DesignPermission(models.TextChoices):
    """What a caller may do with a design it can see (the design payload lists the caller's)."""

    READ = "read", "Read: the design, its evaluation, revisions, comparison"
    EXPORT = "export", "Export the proposal and BOM files (and clone, which leads to the same files)"
    EDIT = "edit", "Change the content and restore a revision"
    SHARE = "share", "Create, list and revoke read-only links"
    DELETE = "delete", "Delete the design and change who sees it (team, visibility)"


_READ = frozenset({DesignPermission.READ})
_MANAGE = _READ | {DesignPermission.EXPORT}
_EDIT = _MANAGE | {DesignPermission.EDIT, DesignPermission.SHARE}
ROLE_PERMISSIONS: dict[DesignRole, frozenset[DesignPermission]] = {
    "viewer": _READ,
    "manager": _MANAGE,
    "editor": _EDIT,
    # The owner alone also changes the owner-only fields (team, visibility: designs.services).
    "owner": _EDIT | {DesignPermission.DELETE},
}

# The permission each viewset action needs. An action not named here needs READ when it is safe (GET)
# and EDIT otherwise, so a new write action is closed to viewers and managers until it is stated.
ACTION_PERMISSIONS: dict[str, DesignPermission] = {
    "update": DesignPermission.EDIT,
    "partial_update": DesignPermission.EDIT,
    "restore": DesignPermission.EDIT,
    "share_links": DesignPermission.SHARE,  # listing the links too: each one is a key to the design
    "revoke_share_link": DesignPermission.SHARE,
    "destroy": DesignPermission.DELETE,
    # A clone is the caller's own design, which the caller may export: a viewer would export through it.
    "clone": DesignPermission.EXPORT,
}


def permissions_of(role: DesignRole | None) -> frozenset[DesignPermission]:
    return ROLE_PERMISSIONS[role] if role is not None else frozenset()


def required_permission(*, view: Any, method: str) -> DesignPermission:
    """A view states it (`design_permission`, e.g. the exports) or its action does (ACTION_PERMISSIONS)."""
    stated = getattr(view, "design_permission", None)
    if stated is not None:
        return DesignPermission(stated)
    action = getattr(view, "action", None)
    if action in ACTION_PERMISSIONS:
        return ACTION_PERMISSIONS[action]
    return DesignPermission.READ if method in SAFE_METHODS else DesignPermission.EDIT


class DesignAccess(BasePermission):
    """Authenticated users only (designs are never public except through a share link)."""

    def has_permission(self, request: Request, view: Any) -> bool:
        return bool(request.user and request.user.is_authenticated)

    def has_object_permission(self, request: Request, view: Any, obj: Design) -> bool:
        role = design_role(user=request.user, design=obj)
        return required_permission(view=view, method=request.method or "GET") in permissions_of(role)
