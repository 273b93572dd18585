"""What a team member may do with the team's imports and existing systems, as with its designs
(designs.permissions): viewers and managers read them; editors also upload, describe, change and
delete them. Visibility is the queryset's
(imports.selectors: another team's import is a 404); these decide the 403s."""

from __future__ import annotations

from typing import Any

from rest_framework.permissions import SAFE_METHODS, BasePermission
from rest_framework.request import Request

from imports.models import AwrImport, EvidenceImport, ExistingSystem
from imports.selectors import WRITE_REFUSED, may_write, team_role


class ImportAccess(BasePermission):
    """Authenticated users only; writing an import or a system needs the editor role in its team."""

    message = WRITE_REFUSED

    def has_permission(self, request: Request, view: Any) -> bool:
        return bool(request.user and request.user.is_authenticated)

    def has_object_permission(
        self, request: Request, view: Any, obj: AwrImport | EvidenceImport | ExistingSystem
    ) -> bool:
        role = team_role(user=request.user, team_id=obj.team_id)
        if role is None:
            return False
        return request.method in SAFE_METHODS or may_write(role)
