"""Versioned sizing rules. A change never overwrites: it adds version n+1 and moves `is_current`, so a
design can pin the exact version it was sized with."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from simple_history.models import HistoricalRecords

from catalog.choices import RuleKind, Severity
from catalog.models.parts import SourceDocument


class SizingRule(models.Model):
    """`parameters` is {name: {"value": "<decimal string>", "unit": "<Unit>"}}; `condition` (the `check:` of a best-practice
    rules) is {"field", "op", "value", "when"?} and is evaluated by the sizing engine, not here."""

    slug = models.SlugField(max_length=80)
    version = models.PositiveIntegerField(default=1)
    kind = models.CharField(max_length=16, choices=RuleKind.choices)
    title = models.CharField(max_length=200)
    applies_to = models.JSONField(default=list, blank=True, help_text="Platforms; empty means all")
    parameters = models.JSONField(default=dict, blank=True)
    # The fixtures call it `check`; that name would shadow Model.check() (the system checks).
    condition = models.JSONField(null=True, blank=True)
    severity = models.CharField(max_length=16, choices=Severity.choices, blank=True)
    source_document = models.ForeignKey(SourceDocument, on_delete=models.PROTECT, related_name="rules")
    source_locator = models.CharField(max_length=200, blank=True)
    is_current = models.BooleanField(default=True)
    # Owned by load_catalog (updated and deleted with fixtures/); rows admins add are left alone.
    from_fixtures = models.BooleanField(default=False, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["slug", "-version"]
        constraints = [
            models.UniqueConstraint(fields=["slug", "version"], name="sizingrule_unique_slug_version"),
            models.UniqueConstraint(
                fields=["slug"], condition=Q(is_current=True), name="sizingrule_one_current_version"
            ),
            models.CheckConstraint(condition=Q(version__gte=1), name="sizingrule_version_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.slug} v{self.version}"
