"""Reads: which designs a user may see, and the user's role on one.

Querysets are filtered by visibility, so a design the user may not see is a 404, never a 403.
`visible_designs` and `get_visible_design_or_404` also take the user positionally (the export views
call them that way).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Literal

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Q, QuerySet
from django.utils import timezone

from accounts.choices import TeamRole
from accounts.models import Membership
from core.errors import NotFound
from designs.choices import Visibility
from designs.models import Design, DesignRevision, ShareLink

UserLike = AbstractBaseUser | AnonymousUser
DesignRole = Literal["owner", "editor", "manager", "viewer"]


def visible_designs(user: UserLike) -> QuerySet[Design]:
    """The user's own designs plus those shared with a team the user belongs to; a design in the
    trash is none of them (every read path goes through here, so it is a 404 everywhere)."""
    if not user.is_authenticated:
        return Design.objects.none()
    my_teams = Membership.objects.filter(user_id=user.pk).values("team_id")
    return Design.objects.filter(
        Q(owner_id=user.pk) | Q(visibility=Visibility.TEAM, team_id__in=my_teams),
        deleted_at__isnull=True,
    ).select_related("owner", "team", "reference_configuration", "price_book")


def trash_cutoff(*, now: datetime | None = None) -> datetime:
    """Designs deleted before this moment are past their undo window (and due for purging)."""
    return (now or timezone.now()) - timedelta(days=settings.TRASH_RETENTION_DAYS)


def trashed_designs(user: UserLike) -> QuerySet[Design]:
    """The user's own designs in the trash that may still be restored, most recently deleted first.
    Only the owner sees them: a team's editors never restore what the owner threw away."""
    if not user.is_authenticated:
        return Design.objects.none()
    return (
        Design.objects.filter(owner_id=user.pk, deleted_at__gt=trash_cutoff())
        .select_related("owner", "team", "reference_configuration", "price_book", "deleted_by")
        .order_by("-deleted_at", "-pk")
    )


def get_trashed_design_or_404(user: UserLike, pk: int | str) -> Design:
    try:
        return trashed_designs(user).get(pk=int(pk))
    except (Design.DoesNotExist, ValueError, TypeError) as exc:
        raise NotFound("No such design in your trash.") from exc


def get_visible_design_or_404(user: UserLike, pk: int | str) -> Design:
    try:
        return visible_designs(user).get(pk=int(pk))
    except (Design.DoesNotExist, ValueError, TypeError) as exc:
        raise NotFound("No such design.") from exc


def design_role(*, user: UserLike, design: Design) -> DesignRole | None:
    """owner, or the caller's team role (editor, manager, viewer) on a team-visible design, or None
    (not visible)."""
    if not user.is_authenticated:
        return None
    if design.owner_id == user.pk:
        return "owner"
    if design.visibility != Visibility.TEAM or design.team_id is None:
        return None
    role = (
        Membership.objects.filter(user_id=user.pk, team_id=design.team_id)
        .values_list("role", flat=True)
        .first()
    )
    if role is None:
        return None
    return team_design_role(role)


def team_design_role(team_role: str) -> DesignRole:
    """A team member's role on the team's designs: the team role itself (an unknown one reads only)."""
    roles: dict[str, DesignRole] = {
        TeamRole.EDITOR: "editor",
        TeamRole.MANAGER: "manager",
        TeamRole.VIEWER: "viewer",
    }
    return roles.get(team_role, "viewer")


def design_revisions(*, design: Design) -> QuerySet[DesignRevision]:
    return DesignRevision.objects.filter(design=design).select_related("author")


def get_revision_or_404(*, design: Design, number: int | str) -> DesignRevision:
    try:
        return DesignRevision.objects.get(design=design, number=int(number))
    except (DesignRevision.DoesNotExist, ValueError) as exc:
        raise NotFound("No such revision.") from exc


def active_share_link_or_404(*, token: str) -> ShareLink:
    try:
        # A trashed design's links stop resolving; an undo brings back those that were not revoked.
        return ShareLink.objects.select_related("design").get(
            token=token, revoked_at__isnull=True, design__deleted_at__isnull=True
        )
    except ShareLink.DoesNotExist as exc:
        raise NotFound("No such share link.") from exc


def design_share_links(*, design: Design) -> QuerySet[ShareLink]:
    return ShareLink.objects.filter(design=design, revoked_at__isnull=True)
