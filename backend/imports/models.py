"""Imported measurement files: one row per AWR report a team uploaded; a team's existing systems and
the ORION / Swingbench results it imported as its own evidence (each import one row, its files
rows of their own)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower

from accounts.models import Team
from imports.choices import AwrFormat, EvidenceFileRole, EvidenceKind


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


class ExistingSystem(models.Model):
    """A system the team runs today and measured (ORION, Swingbench), described in the team's own
    words: it may be of a family or storage model the catalog does not hold, so both are free text.
    Its name is unique in the team, whatever the case."""

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="existing_systems")
    name = models.CharField(max_length=120)
    description = models.TextField(blank=True, default="")
    family = models.CharField(max_length=120, blank=True, default="")
    storage_model = models.CharField(max_length=120, blank=True, default="")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["name", "pk"]
        constraints = [
            models.UniqueConstraint(Lower("name"), "team", name="existing_system_unique_team_name_ci"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.team})"


class EvidenceImport(models.Model):
    """One upload of a measurement tool's results (an ORION run's four files, or one or several
    Swingbench results files) for a team, optionally for one of its existing systems.

    `sha256` is the upload's: of its kind and its files' sha256 with their roles (imports.evidence),
    so the same files again, in any order or under other names, are recognised as this import.
    `parsed` is what the parsers read, every value with the file and line or element it came from
    (imports.evidence: the shapes); `notes` are the parsers' remarks (units assumed, ...)."""

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="evidence_imports")
    # PROTECT: a system with evidence is not deleted under it (imports.services: a 409).
    existing_system = models.ForeignKey(
        ExistingSystem, on_delete=models.PROTECT, null=True, blank=True, related_name="evidence_imports"
    )
    kind = models.CharField(max_length=16, choices=EvidenceKind.choices)
    sha256 = models.CharField(max_length=64)
    parsed = models.JSONField()
    notes = models.JSONField(default=list, blank=True)
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    uploaded_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-uploaded_at", "-pk"]
        constraints = [
            models.UniqueConstraint(fields=["team", "sha256"], name="evidence_import_unique_team_sha256"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} import {self.pk} ({self.team})"


class EvidenceFile(models.Model):
    """One file of an evidence import, as sent (at most measurements.source.MAX_FILE_BYTES), so a
    later parser can read it again; never sent back by the API."""

    evidence_import = models.ForeignKey(EvidenceImport, on_delete=models.CASCADE, related_name="files")
    position = models.PositiveSmallIntegerField()  # the order of the upload's form
    role = models.CharField(max_length=16, choices=EvidenceFileRole.choices)
    file_name = models.CharField(max_length=255)
    content = models.BinaryField(editable=False)
    size_bytes = models.PositiveIntegerField()
    sha256 = models.CharField(max_length=64)
    encoding = models.CharField(max_length=16)  # as detected: utf-8, utf-8-sig, cp1252 or latin-1

    class Meta:
        ordering = ["evidence_import", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["evidence_import", "position"], name="evidence_file_unique_import_position"
            ),
        ]

    def __str__(self) -> str:
        return self.file_name
