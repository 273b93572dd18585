from __future__ import annotations

from django.db import models


class TeamRole(models.TextChoices):
    """A member's role in a team, on the team's shared designs (docs/api.md, "Roles and permissions"):
    viewers read; managers also export proposals and BOMs; editors also change, restore and share."""

    VIEWER = "viewer", "Viewer"
    MANAGER = "manager", "Manager"
    EDITOR = "editor", "Editor"
