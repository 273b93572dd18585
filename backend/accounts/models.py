"""Teams and memberships: who may see and edit the designs shared with a team."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from simple_history.models import HistoricalRecords

from accounts.choices import TeamRole


class Team(models.Model):
    """A group of architects who share designs (e.g. a presales team)."""

    name = models.CharField(max_length=120, unique=True)
    slug = models.SlugField(max_length=80, unique=True)
    members = models.ManyToManyField(settings.AUTH_USER_MODEL, through="Membership", related_name="teams")
    # Branding for the cover of the team's proposals (accounts.branding): the company's name and
    # logo. The logo is kept in the database as the uploaded bytes (PNG or JPEG, validated with
    # Pillow, at most LOGO_MAX_BYTES), so exports never read a file.
    company_name = models.CharField(max_length=120, blank=True, default="")
    logo = models.BinaryField(null=True, blank=True, editable=False)
    logo_content_type = models.CharField(max_length=20, blank=True, default="")
    history = HistoricalRecords()

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Membership(models.Model):
    """A user's role in one team: viewers read the team's designs, managers also export them, editors
    also change them (docs/api.md, "Roles and permissions")."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(max_length=16, choices=TeamRole.choices, default=TeamRole.VIEWER)
    history = HistoricalRecords()

    class Meta:
        ordering = ["team__name", "user__username"]
        constraints = [
            models.UniqueConstraint(fields=["user", "team"], name="membership_unique_user_team"),
        ]

    def __str__(self) -> str:
        return f"{self.user} in {self.team} ({self.role})"
