"""Object-level permissions on designs. Visibility is enforced by the queryset (404); these decide what
a user who can see a design may do with it (403)."""

from __future__ import annotations

from typing import Any

from rest_framework.permissions import SAFE_METHODS, BasePermission
from rest_framework.request import Request

from designs.models import Design
from designs.selectors import design_role

# Actions that change a design's content: the owner and the team's editors.
EDITOR_ACTIONS = {"update", "partial_update", "restore", "share_links", "revoke_share_link"}
# Actions only the owner may take.
OWNER_ACTIONS = {"destroy"}


class DesignAccess(BasePermission):
    """Authenticated users only (designs are never public except through a share link)."""

    def has_permission(self, request: Request, view: Any) -> bool:
        return bool(request.user and request.user.is_authenticated)

    def has_object_permission(self, request: Request, view: Any, obj: Design) -> bool:
        role = design_role(user=request.user, design=obj)
        if role is None:
            return False
        action = getattr(view, "action", None)
        if action in OWNER_ACTIONS:
            return role == "owner"
        if action in EDITOR_ACTIONS or (action is None and request.method not in SAFE_METHODS):
            return role in ("owner", "editor")
        return True
