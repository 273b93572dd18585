from __future__ import annotations

from django.db import models


class TeamRole(models.TextChoices):
    VIEWER = "viewer", "Viewer"
    EDITOR = "editor", "Editor"
