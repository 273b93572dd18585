"""Reads: the imports and existing systems a user may see (those of the user's teams) and the user's
role on one.

Querysets are filtered by team membership, so another team's import or system is a 404, never a 403.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Count, Prefetch, QuerySet

from accounts.choices import TeamRole
from accounts.models import Membership
from core.errors import NotFound
from imports.models import AwrImport, EvidenceFile, EvidenceImport, ExistingSystem

UserLike = AbstractBaseUser | AnonymousUser

# The team roles that may write (upload, delete) a team's imports: those that may edit its designs.
WRITE_ROLES = frozenset({TeamRole.EDITOR})
WRITE_REFUSED = "Viewers and managers of a team read its imports; only its editors upload or delete them."


def visible_awr_imports(user: UserLike) -> QuerySet[AwrImport]:
    """The imports of every team the user is a member of (any role), without the files' bytes."""
    if not user.is_authenticated:
        return AwrImport.objects.none()
    return (
        AwrImport.objects.filter(team_id__in=_my_teams(user))
        .select_related("team", "uploaded_by")
        .defer("content")
    )


def get_visible_awr_import_or_404(user: UserLike, pk: int | str) -> AwrImport:
    try:
        return visible_awr_imports(user).get(pk=int(pk))
    except (AwrImport.DoesNotExist, ValueError, TypeError) as exc:
        raise NotFound("No such AWR import.") from exc


def _my_teams(user: AbstractBaseUser) -> QuerySet[Membership, Any]:
    """The ids of the user's teams, as a subquery."""
    return Membership.objects.filter(user_id=user.pk).values("team_id")


def visible_existing_systems(user: UserLike) -> QuerySet[ExistingSystem]:
    """The existing systems of every team the user is a member of, with their evidence counted."""
    if not user.is_authenticated:
        return ExistingSystem.objects.none()
    return (
        ExistingSystem.objects.filter(team_id__in=_my_teams(user))
        .select_related("team", "created_by")
        .annotate(evidence_count=Count("evidence_imports"))
        .order_by("name", "pk")  # Meta.ordering is not applied to a GROUP BY query
    )


def get_visible_existing_system_or_404(user: UserLike, pk: int | str) -> ExistingSystem:
    try:
        return visible_existing_systems(user).get(pk=int(pk))
    except (ExistingSystem.DoesNotExist, ValueError, TypeError) as exc:
        raise NotFound("No such existing system.") from exc


def team_existing_system(*, team_id: int, pk: int) -> ExistingSystem | None:
    """The team's existing system of that id; None when there is none (or it is another team's)."""
    return ExistingSystem.objects.filter(team_id=team_id, pk=pk).first()


def existing_system_named(*, team_id: int, name: str, exclude_pk: int | None = None) -> ExistingSystem | None:
    """The team's system of that name, whatever the case."""
    systems = ExistingSystem.objects.filter(team_id=team_id, name__iexact=name.strip())
    if exclude_pk is not None:
        systems = systems.exclude(pk=exclude_pk)
    return systems.first()


def visible_evidence_imports(user: UserLike) -> QuerySet[EvidenceImport]:
    """The ORION and Swingbench imports of every team the user is a member of (files without bytes)."""
    if not user.is_authenticated:
        return EvidenceImport.objects.none()
    return (
        EvidenceImport.objects.filter(team_id__in=_my_teams(user))
        .select_related("team", "uploaded_by", "existing_system")
        .prefetch_related(Prefetch("files", queryset=EvidenceFile.objects.defer("content")))
    )


def get_visible_evidence_import_or_404(user: UserLike, pk: int | str) -> EvidenceImport:
    try:
        return visible_evidence_imports(user).get(pk=int(pk))
    except (EvidenceImport.DoesNotExist, ValueError, TypeError) as exc:
        raise NotFound("No such evidence import.") from exc


def existing_evidence_import(*, team_id: int, sha256: str) -> EvidenceImport | None:
    """The team's import of the same files (the same upload sha256, imports.evidence), if there is one."""
    return EvidenceImport.objects.filter(team_id=team_id, sha256=sha256).first()


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
