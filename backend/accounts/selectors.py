"""Reads about users and teams."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import QuerySet

from accounts.models import Membership, Team


def user_teams(*, user: AbstractBaseUser | AnonymousUser) -> QuerySet[Team]:
    if not user.is_authenticated:
        return Team.objects.none()
    return Team.objects.filter(memberships__user_id=user.pk).distinct()


def user_memberships(*, user: AbstractBaseUser | AnonymousUser) -> QuerySet[Membership]:
    if not user.is_authenticated:
        return Membership.objects.none()
    return Membership.objects.filter(user_id=user.pk).select_related("team")


def team_role(*, user: AbstractBaseUser | AnonymousUser, team_id: int | None) -> str | None:
    """The user's role in the team, or None when not a member."""
    if team_id is None or not user.is_authenticated:
        return None
    return Membership.objects.filter(user_id=user.pk, team_id=team_id).values_list("role", flat=True).first()
