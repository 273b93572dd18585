"""Source documents (provenance), manufacturers and parts with the typed specifications sizing needs."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from simple_history.models import HistoricalRecords

from catalog.choices import DriveTechnology, HostPortProtocol, PartKind


class SourceDocument(models.Model):
    """A vendor whitepaper every catalog number cites (the seed texts in shared/seeds/)."""

    slug = models.SlugField(max_length=80, unique=True)
    title = models.CharField(max_length=300)
    publisher = models.CharField(max_length=100)
    year = models.PositiveSmallIntegerField()
    seed_file = models.CharField(max_length=200, blank=True)
    # Owned by load_catalog (updated and deleted with fixtures/); rows admins add are left alone.
    from_fixtures = models.BooleanField(default=False, editable=False)
    history = HistoricalRecords()

    class Meta:
        ordering = ["slug"]
        constraints = [
            models.CheckConstraint(
                condition=Q(year__gte=1990, year__lte=2100), name="sourcedocument_year_range"
            ),
        ]

    def __str__(self) -> str:
        return self.slug


class Manufacturer(models.Model):
    slug = models.SlugField(max_length=80, unique=True)
    name = models.CharField(max_length=100)
    # Owned by load_catalog (updated and deleted with fixtures/); rows admins add are left alone.
    from_fixtures = models.BooleanField(default=False, editable=False)
    history = HistoricalRecords()

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Part(models.Model):
    """One orderable item (or, when the document gives no part number, a model designation).

    Spec fields are typed, carry their unit in the name and are all optional: a cable has no cores.
    `cores` is per CPU for kind cpu and the total per server for kind server.
    """

    manufacturer = models.ForeignKey(Manufacturer, on_delete=models.PROTECT, related_name="parts")
    part_number = models.CharField(max_length=80)
    # True when the document names only a model (e.g. "PS6010XV"), so no vendor part number is invented.
    part_number_is_model = models.BooleanField(default=False)
    kind = models.CharField(max_length=32, choices=PartKind.choices)
    model = models.CharField(max_length=120, blank=True)
    description = models.CharField(max_length=300, blank=True)

    cores = models.PositiveIntegerField(null=True, blank=True)
    sockets = models.PositiveSmallIntegerField(null=True, blank=True)
    clock_ghz = models.DecimalField(max_digits=6, decimal_places=3, null=True, blank=True)
    memory_gb = models.PositiveIntegerField(null=True, blank=True)
    drive_count = models.PositiveIntegerField(null=True, blank=True)
    drive_capacity_gb = models.DecimalField(max_digits=12, decimal_places=3, null=True, blank=True)
    drive_technology = models.CharField(max_length=16, choices=DriveTechnology.choices, blank=True)
    # A list of RaidLevel values; JSON rather than ArrayField because `make run` may use SQLite.
    raid_levels = models.JSONField(default=list, blank=True)
    hot_spares = models.PositiveSmallIntegerField(null=True, blank=True)
    host_ports = models.PositiveSmallIntegerField(null=True, blank=True)
    host_port_speed_gbps = models.DecimalField(max_digits=6, decimal_places=2, null=True, blank=True)
    host_port_protocol = models.CharField(max_length=16, choices=HostPortProtocol.choices, blank=True)
    rack_units = models.PositiveSmallIntegerField(null=True, blank=True)
    cache_gb = models.DecimalField(max_digits=10, decimal_places=3, null=True, blank=True)

    # Nullable so that admins can import parts from a quote; the fixture loader always sets it.
    source_document = models.ForeignKey(
        SourceDocument, on_delete=models.PROTECT, related_name="parts", null=True, blank=True
    )
    source_locator = models.CharField(max_length=200, blank=True)
    # Owned by load_catalog (updated and deleted with fixtures/); rows admins add are left alone.
    from_fixtures = models.BooleanField(default=False, editable=False)
    history = HistoricalRecords()

    class Meta:
        ordering = ["manufacturer__name", "part_number"]
        constraints = [
            models.UniqueConstraint(
                fields=["manufacturer", "part_number"], name="part_unique_number_per_manufacturer"
            ),
            models.CheckConstraint(
                condition=Q(clock_ghz__isnull=True) | Q(clock_ghz__gt=0), name="part_clock_ghz_positive"
            ),
            models.CheckConstraint(
                condition=Q(drive_capacity_gb__isnull=True) | Q(drive_capacity_gb__gt=0),
                name="part_drive_capacity_gb_positive",
            ),
            models.CheckConstraint(
                condition=Q(host_port_speed_gbps__isnull=True) | Q(host_port_speed_gbps__gt=0),
                name="part_host_port_speed_gbps_positive",
            ),
            models.CheckConstraint(condition=~Q(part_number=""), name="part_number_not_blank"),
        ]

    def __str__(self) -> str:
        return f"{self.part_number} {self.description}".strip()
