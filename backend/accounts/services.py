"""Writes about users and teams."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.text import slugify

from accounts.models import Membership, Team

# Demo accounts for the browser tests and demos: (username, team name, role).
DEMO_USERS: tuple[tuple[str, str, str], ...] = (
    ("alice", "Presales A", "editor"),
    ("bob", "Presales A", "viewer"),
    ("carol", "Presales A", "editor"),
    ("dave", "Presales B", "editor"),
    ("erin", "Presales A", "manager"),
)


def team_get_or_create(*, name: str) -> Team:
    team, _ = Team.objects.get_or_create(slug=slugify(name), defaults={"name": name})
    return team


def membership_set(*, user_id: int, team: Team, role: str) -> Membership:
    membership, _ = Membership.objects.update_or_create(user_id=user_id, team=team, defaults={"role": role})
    return membership


@transaction.atomic
def demo_users_seed(*, password: str) -> list[str]:
    """Create or reset the demo users and their team roles (idempotent); returns their usernames."""
    user_model = get_user_model()
    for username, team_name, role in DEMO_USERS:
        user, _ = user_model.objects.get_or_create(
            username=username,
            defaults={"first_name": username.capitalize(), "email": f"{username}@example.com"},
        )
        user.set_password(password)
        user.save()
        membership_set(user_id=user.pk, team=team_get_or_create(name=team_name), role=role)
    return [username for username, _, _ in DEMO_USERS]
