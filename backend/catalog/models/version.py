"""The catalog's version: one row whose number changes in the same transaction as every write to a
catalog or benchmark table (and price books), so caches of what evaluations read from the catalog are
keyed by one cheap query instead of aggregates over every table (catalog/versioning.py)."""

from __future__ import annotations

from django.db import models


class CatalogVersion(models.Model):
    """A single row (id 1). Database triggers on every catalog table set `version` on each
    INSERT/UPDATE/DELETE/TRUNCATE statement, whichever code path issues it (API, admin, imports,
    load_catalog, bulk writes, raw SQL): never written by application code."""

    version = models.BigIntegerField(default=0)

    class Meta:
        constraints = [models.CheckConstraint(condition=models.Q(id=1), name="catalogversion_single_row")]

    def __str__(self) -> str:
        return f"catalog version {self.version}"
