"""Imported measurement files: one row per AWR report a team uploaded."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from accounts.models import Team
from imports.choices import AwrFormat


class AwrImport(models.Model):
    """An Oracle AWR report as uploaded: the file's bytes, its sha256 (one import of a file per team),
    what the parser read (`report`: the summary; `workload`: the custom profile's values, each with
    its unit and source, absent = null) and the parser's notes. Only the team's members see it
    (imports.selectors); nothing else refers to it, so deleting it changes no design."""

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="awr_imports")
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    uploaded_at = models.DateTimeField(auto_now_add=True)
    file_name = models.CharField(max_length=255)
    # The report as sent (at most measurements.source.MAX_FILE_BYTES, 10 MB), so that it can be parsed
    # again by a later parser; never sent back in the list.
    content = models.BinaryField(editable=False)
    sha256 = models.CharField(max_length=64)
    size_bytes = models.PositiveIntegerField()
    format = models.CharField(max_length=8, choices=AwrFormat.choices)
    encoding = models.CharField(max_length=16)  # as detected: utf-8, utf-8-sig, cp1252 or latin-1
    report = models.JSONField()
    workload = models.JSONField()
    notes = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["-uploaded_at", "-pk"]
        constraints = [
            models.UniqueConstraint(fields=["team", "sha256"], name="awr_import_unique_team_sha256"),
        ]

    def __str__(self) -> str:
        return f"{self.file_name} ({self.team})"
