from __future__ import annotations

from django.db import models


class AwrFormat(models.TextChoices):
    TEXT = "text", "Text (awrrpt.sql, report type text)"
    HTML = "html", "HTML (awrrpt.sql or awrgrpt.sql, report type html)"


class EvidenceKind(models.TextChoices):
    """The measurement tool whose results an evidence import holds."""

    ORION = "orion", "ORION run (summary and the IOPS, MB/s and latency grids)"
    SWINGBENCH = "swingbench", "Swingbench / charbench results (one or several runs)"


class EvidenceFileRole(models.TextChoices):
    """What one file of an evidence import is: an ORION run's summary or one of its grids, or one
    Swingbench results file."""

    SUMMARY = "summary", "ORION _summary.txt"
    IOPS = "iops", "ORION _iops.csv"
    MBPS = "mbps", "ORION _mbps.csv"
    LAT = "lat", "ORION _lat.csv"
    RESULTS = "results", "Swingbench results XML"
