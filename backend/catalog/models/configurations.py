"""Reference configurations as structured compositions: components (the bill of materials), LUN/ASM
disk group layouts, storage profiles and database/system parameters, each row citing its source."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from simple_history.models import HistoricalRecords

from catalog.choices import AsmRedundancy, ComponentSection, ConfigurationRole, LayoutKind, Platform
from catalog.models.parts import Part, SourceDocument


class Configuration(models.Model):
    """A reference design, a storage building block (one array) or a measured test system.

    `attributes` holds named quantities as {name: {"value": "<decimal string>", "unit": "<Unit>"}}.
    """

    slug = models.SlugField(max_length=80, unique=True)
    name = models.CharField(max_length=200)
    platform = models.CharField(max_length=16, choices=Platform.choices)
    role = models.CharField(max_length=16, choices=ConfigurationRole.choices)
    description = models.TextField(blank=True)
    attributes = models.JSONField(default=dict, blank=True)
    # Owned by load_catalog (updated and deleted with fixtures/); rows admins add are left alone.
    from_fixtures = models.BooleanField(default=False, editable=False)
    source_document = models.ForeignKey(
        SourceDocument, on_delete=models.PROTECT, related_name="configurations"
    )
    source_locator = models.CharField(max_length=200, blank=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["platform", "slug"]

    def __str__(self) -> str:
        return self.slug


class _ConfigurationChild(models.Model):
    """Shared shape of the rows a configuration is made of: ordered as in the document, with a source."""

    position = models.PositiveIntegerField()
    # Nullable for rows admins add by hand; the fixture loader always fills it.
    source_document = models.ForeignKey(
        SourceDocument, on_delete=models.PROTECT, related_name="+", null=True, blank=True
    )
    source_locator = models.CharField(max_length=200, blank=True)

    class Meta:
        abstract = True


class ConfigurationComponent(_ConfigurationChild):
    """A line of the configuration's bill of materials (position keeps the document's table order)."""

    configuration = models.ForeignKey(Configuration, on_delete=models.CASCADE, related_name="components")
    part = models.ForeignKey(Part, on_delete=models.PROTECT, related_name="configuration_components")
    quantity = models.PositiveIntegerField()
    section = models.CharField(max_length=16, choices=ComponentSection.choices)
    history = HistoricalRecords()

    class Meta:
        ordering = ["configuration", "position"]
        constraints = [
            models.UniqueConstraint(fields=["configuration", "position"], name="component_unique_position"),
            models.CheckConstraint(condition=Q(quantity__gt=0), name="component_quantity_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.configuration.slug}: {self.quantity} x {self.part.part_number}"


class ConfigurationLayout(_ConfigurationChild):
    """A LUN, volume or ASM disk group row of a layout table."""

    configuration = models.ForeignKey(Configuration, on_delete=models.CASCADE, related_name="layouts")
    name = models.CharField(max_length=120)
    kind = models.CharField(max_length=16, choices=LayoutKind.choices)
    luns = models.PositiveIntegerField(null=True, blank=True)
    lun_size_gb = models.DecimalField(max_digits=14, decimal_places=3, null=True, blank=True)
    storage_profile = models.CharField(max_length=120, blank=True)
    redundancy = models.CharField(max_length=16, choices=AsmRedundancy.choices, blank=True)
    controllers = models.JSONField(default=list, blank=True)
    purpose = models.CharField(max_length=300, blank=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["configuration", "position"]
        constraints = [
            models.UniqueConstraint(fields=["configuration", "position"], name="layout_unique_position"),
            models.CheckConstraint(
                condition=Q(lun_size_gb__isnull=True) | Q(lun_size_gb__gt=0),
                name="layout_lun_size_gb_positive",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.configuration.slug}: {self.name}"


class StorageProfile(_ConfigurationChild):
    """An array storage profile (Oracle FS1-2 Table 6): RAID, read-ahead, QoS priority, stripe width.

    Identified by name within its configuration (layouts refer to it by name); position is only order.
    """

    configuration = models.ForeignKey(
        Configuration, on_delete=models.CASCADE, related_name="storage_profiles"
    )
    name = models.CharField(max_length=120)
    raid = models.CharField(max_length=32, blank=True)
    read_ahead = models.CharField(max_length=32, blank=True)
    qos_priority = models.CharField(max_length=32, blank=True)
    stripe_width = models.CharField(max_length=32, blank=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["configuration", "position"]
        constraints = [
            models.UniqueConstraint(fields=["configuration", "name"], name="storageprofile_unique_name"),
        ]

    def __str__(self) -> str:
        return f"{self.configuration.slug}: {self.name}"


class ConfigurationParameter(_ConfigurationChild):
    """A database or system parameter as the document states it (value kept verbatim, e.g. "128G")."""

    configuration = models.ForeignKey(Configuration, on_delete=models.CASCADE, related_name="parameters")
    name = models.CharField(max_length=120)
    value = models.CharField(max_length=200)
    scope = models.CharField(max_length=120, blank=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["configuration", "position"]
        constraints = [
            models.UniqueConstraint(fields=["configuration", "position"], name="parameter_unique_position"),
        ]

    def __str__(self) -> str:
        return f"{self.name}={self.value}"
