"""Reads: the imports a user may see (those of the user's teams) and the user's role on one.

Querysets are filtered by team membership, so another team's import is a 404, never a 403.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import QuerySet

from accounts.choices import TeamRole
from accounts.models import Membership
from core.errors import NotFound
from imports.models import AwrImport

UserLike = AbstractBaseUser | AnonymousUser

# The team roles that may write (upload, delete) a team's imports: those that may edit its designs.
WRITE_ROLES = frozenset({TeamRole.EDITOR})
WRITE_REFUSED = "Viewers and managers of a team read its imports; only its editors upload or delete them."


def visible_awr_imports(user: UserLike) -> QuerySet[AwrImport]:
    """The imports of every team the user is a member of (any role), without the files' bytes."""
    if not user.is_authenticated:
        return AwrImport.objects.none()
    my_teams = Membership.objects.filter(user_id=user.pk).values("team_id")
    return (
        AwrImport.objects.filter(team_id__in=my_teams).select_related("team", "uploaded_by").defer("content")
    )


def get_visible_awr_import_or_404(user: UserLike, pk: int | str) -> AwrImport:
    try:
        return visible_awr_imports(user).get(pk=int(pk))
    except (AwrImport.DoesNotExist, ValueError, TypeError) as exc:
        raise NotFound("No such AWR import.") from exc


def team_role(*, user: UserLike, team_id: int) -> str | None:
    """The user's role in the team (accounts.choices.TeamRole), None when not a member."""
    if not user.is_authenticated:
        return None
    return Membership.objects.filter(user_id=user.pk, team_id=team_id).values_list("role", flat=True).first()


def existing_awr_import(*, team_id: int, sha256: str) -> AwrImport | None:
    """The team's import of the same file (same sha256), if there is one."""
    return AwrImport.objects.filter(team_id=team_id, sha256=sha256).defer("content").first()


def may_write(role: str | None) -> bool:
    return role in WRITE_ROLES
