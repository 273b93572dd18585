"""Designs (a workload plus a platform, priced and versioned), their revisions, BOM overrides and
read-only share links."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.db.models import F, Q

from accounts.models import Team
from catalog.models import Configuration, PriceBook
from designs.choices import BomSection, DesignStatus, Visibility


def design_etag(pk: int, version: int) -> str:
    """A design version's ETag (the list writes it from a row's id and version, the API from a Design)."""
    return f'"design-{pk}-v{version}"'


class Design(models.Model):
    """What an architect sizes: the workload and platform inputs (validated by the engine's
    serializer), the reference configuration it starts from, and the pinned rule versions and price
    book so that it evaluates the same tomorrow. `version` is the optimistic-locking counter (ETag).
    Its one history is its DesignRevisions (who, when, what changed), not a second change log; moving
    to the trash and back are revisions too."""

    name = models.CharField(max_length=200)
    customer = models.CharField(max_length=200, blank=True)
    description = models.TextField(blank=True)
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="designs")
    team = models.ForeignKey(Team, on_delete=models.SET_NULL, null=True, blank=True, related_name="designs")
    visibility = models.CharField(max_length=16, choices=Visibility.choices, default=Visibility.PRIVATE)
    status = models.CharField(max_length=16, choices=DesignStatus.choices, default=DesignStatus.DRAFT)
    workload = models.JSONField()
    platform = models.JSONField()
    # Several databases on the platform (issue 40): [] is a design of one database (its `workload`);
    # otherwise every database ({name, workload, clones, clone_load_pct, priority, paused}), the first
    # one's workload being `workload` (kept equal by designs.serializers), evaluated together.
    databases = models.JSONField(default=list, blank=True)
    clone_reduction_ratio = models.FloatField(null=True, blank=True)
    reference_configuration = models.ForeignKey(
        Configuration, on_delete=models.PROTECT, null=True, blank=True, related_name="designs"
    )
    # {rule slug: version} captured at creation; evaluation uses exactly these versions.
    rule_versions = models.JSONField(default=dict, blank=True)
    price_book = models.ForeignKey(
        PriceBook, on_delete=models.PROTECT, null=True, blank=True, related_name="designs"
    )
    # The team's evidence imports (ORION runs, Swingbench series: imports.EvidenceImport ids, ascending)
    # the design is checked against, besides the catalog's evidence; [] = the catalog's alone. Ids, not a
    # relation: no app below the imports app knows it (pyproject.toml, imports-on-top); the imports app
    # refuses to delete an import a design names (imports.services.evidence_import_delete).
    evidence_imports = models.JSONField(default=list, blank=True)
    # "Calibrate on our measurements": the family fits run again with those imports (the overlay);
    # otherwise the imports are only compared with the catalog's model (issue 38 point 5).
    calibrate_on_evidence = models.BooleanField(default=False)
    version = models.PositiveIntegerField(default=1)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)
    # Soft delete: a deleted design sits in its owner's trash (hidden from every other read) until
    # undone or purged TRASH_RETENTION_DAYS later (designs.services.design_trash_purge).
    deleted_at = models.DateTimeField(null=True, blank=True, db_index=True)
    deleted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    # What the designs list shows, written by designs.services in the transaction that records a
    # revision, so a page of the list reads one row per design (no aggregate over the revisions, no
    # evaluation). latest_revision: the number of the design's newest revision.
    latest_revision = models.PositiveIntegerField(null=True, blank=True)
    # The headline of the latest saved content, evaluated when it was saved (designs.headline):
    # verdict ("" when there is no evaluation: evaluation_note says why), the throughput the design
    # sustains (TPS for OLTP, MB/s for DSS), and the BOM's cost in the design's price book.
    verdict = models.CharField(max_length=32, blank=True)
    # holds-until: the first month of the growth horizon in which a target is missed (else null).
    months_until_missed = models.PositiveSmallIntegerField(null=True, blank=True)
    throughput = models.FloatField(null=True, blank=True)
    throughput_unit = models.CharField(max_length=16, blank=True)
    cost_total = models.DecimalField(max_digits=16, decimal_places=2, null=True, blank=True)
    cost_currency = models.CharField(max_length=3, blank=True)
    cost_note = models.CharField(max_length=300, blank=True)
    evaluation_note = models.CharField(max_length=300, blank=True)

    class Meta:
        ordering = ["-updated", "-pk"]
        indexes = [
            # The list's default order over live designs: a page is read off the index, not sorted.
            models.Index(
                F("updated").desc(),
                F("id").desc(),
                name="design_live_by_updated",
                condition=Q(deleted_at__isnull=True),
            ),
        ]
        constraints = [
            models.CheckConstraint(condition=Q(version__gte=1), name="design_version_positive"),
            # A design shared with a team must name the team.
            models.CheckConstraint(
                condition=Q(visibility="private") | Q(team__isnull=False),
                name="design_team_visibility_has_team",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def etag(self) -> str:
        return design_etag(self.pk, self.version)


# What an override line says when it was written without a reason: before the API required one
# (migration 0005), or restored from a revision of that time.
UNRECORDED_REASON = "Not recorded (written before a reason was required)."


class DesignBomOverride(models.Model):
    """A line-level adjustment of the generated BOM: set the quantity of (section, part number), 0
    removes the line; a part number the BOM does not have adds a line."""

    design = models.ForeignKey(Design, on_delete=models.CASCADE, related_name="bom_overrides")
    position = models.PositiveIntegerField()
    section = models.CharField(max_length=16, choices=BomSection.choices)
    part_number = models.CharField(max_length=80)
    quantity = models.PositiveIntegerField()
    description = models.CharField(max_length=300, blank=True)
    # Why the generated BOM was changed: required, so a reviewer of the proposal reads it beside the
    # line. Lines written before it was required read UNRECORDED_REASON (migration 0005).
    reason = models.CharField(max_length=300)

    class Meta:
        ordering = ["design", "position"]
        constraints = [
            models.UniqueConstraint(fields=["design", "position"], name="bomoverride_unique_position"),
            models.UniqueConstraint(
                fields=["design", "section", "part_number"], name="bomoverride_unique_line"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.section}/{self.part_number} = {self.quantity}"


class DesignRevision(models.Model):
    """One successful save: who, when, which fields changed, and the full content after the save."""

    design = models.ForeignKey(Design, on_delete=models.CASCADE, related_name="revisions")
    number = models.PositiveIntegerField()
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created = models.DateTimeField(auto_now_add=True)
    # [{"field", "before", "after"}]; on the first revision, every field with "before": null.
    changes = models.JSONField(default=list)
    summary = models.CharField(max_length=500)
    snapshot = models.JSONField()
    restored_from = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["design", "-number"]
        constraints = [
            models.UniqueConstraint(fields=["design", "number"], name="designrevision_unique_number"),
        ]

    def __str__(self) -> str:
        return f"{self.design_id} r{self.number}"


def _new_share_token() -> str:
    return secrets.token_urlsafe(24)


class ShareLink(models.Model):
    """A read-only link to a design for people without an account; revoking keeps the row (audit)."""

    design = models.ForeignKey(Design, on_delete=models.CASCADE, related_name="share_links")
    token = models.CharField(max_length=64, unique=True, default=_new_share_token, editable=False)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return f"share {self.token[:6]}… of {self.design_id}"
