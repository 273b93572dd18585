"""Measured benchmark evidence: a curve is one workload profile run on one configuration; its points
hold named quantities with units, each point citing document + table/figure/section."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from simple_history.models import HistoricalRecords

from benchmarks.choices import ArrayMode, IoPattern, Tool, Unit
from catalog.choices import RaidLevel
from catalog.models import Configuration, SourceDocument


class BenchmarkCurve(models.Model):
    """The workload fields are the profile shared by every point; a point's `conditions` override or
    add variables (users, warehouses, sga_gb, block_size_kb, ...)."""

    slug = models.SlugField(max_length=100, unique=True)
    title = models.CharField(max_length=300)
    configuration = models.ForeignKey(Configuration, on_delete=models.PROTECT, related_name="curves")
    tool = models.CharField(max_length=32, choices=Tool.choices)
    io_pattern = models.CharField(max_length=16, choices=IoPattern.choices, blank=True)
    block_size_kb = models.PositiveIntegerField(null=True, blank=True)
    read_pct = models.DecimalField(max_digits=5, decimal_places=2, null=True, blank=True)
    arrays = models.PositiveSmallIntegerField(null=True, blank=True)
    array_mode = models.CharField(max_length=16, choices=ArrayMode.choices, blank=True)
    raid = models.CharField(max_length=16, choices=RaidLevel.choices, blank=True)
    rac_nodes = models.PositiveSmallIntegerField(null=True, blank=True)
    asm_volumes = models.PositiveSmallIntegerField(null=True, blank=True)
    memory = models.CharField(max_length=200, blank=True)
    notes = models.TextField(blank=True)
    # Owned by load_catalog (updated and deleted with fixtures/); rows admins add are left alone.
    from_fixtures = models.BooleanField(default=False, editable=False)
    source_document = models.ForeignKey(SourceDocument, on_delete=models.PROTECT, related_name="curves")
    source_locator = models.CharField(max_length=200, blank=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["slug"]
        constraints = [
            models.CheckConstraint(
                condition=Q(read_pct__isnull=True) | Q(read_pct__gte=0, read_pct__lte=100),
                name="curve_read_pct_range",
            ),
        ]

    def __str__(self) -> str:
        return self.slug


class MeasuredPoint(models.Model):
    curve = models.ForeignKey(BenchmarkCurve, on_delete=models.CASCADE, related_name="points")
    position = models.PositiveIntegerField()
    conditions = models.JSONField(default=dict, blank=True)
    source_document = models.ForeignKey(SourceDocument, on_delete=models.PROTECT, related_name="points")
    source_locator = models.CharField(max_length=200)
    history = HistoricalRecords()

    class Meta:
        ordering = ["curve", "position"]
        constraints = [
            models.UniqueConstraint(fields=["curve", "position"], name="point_unique_position"),
            # A measured number without a table/figure/section is not evidence.
            models.CheckConstraint(condition=~Q(source_locator=""), name="point_cites_a_locator"),
        ]

    def __str__(self) -> str:
        return f"{self.curve.slug}#{self.position}"


class PointValue(models.Model):
    point = models.ForeignKey(MeasuredPoint, on_delete=models.CASCADE, related_name="values")
    quantity = models.CharField(max_length=64)
    value = models.DecimalField(max_digits=20, decimal_places=6)
    unit = models.CharField(max_length=16, choices=Unit.choices)
    history = HistoricalRecords()

    class Meta:
        ordering = ["point", "quantity"]
        constraints = [
            models.UniqueConstraint(fields=["point", "quantity"], name="pointvalue_unique_quantity"),
            models.CheckConstraint(condition=Q(value__gte=0), name="pointvalue_not_negative"),
        ]

    def __str__(self) -> str:
        return f"{self.quantity}={self.value} {self.unit}"
