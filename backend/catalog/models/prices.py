"""Price books: admin-imported, versioned (a new version is a new row; old versions stay for designs
that were priced with them). The source documents carry no prices, so none ship with the catalog."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from simple_history.models import HistoricalRecords

from catalog.models.parts import Part


class PriceBook(models.Model):
    name = models.CharField(max_length=120)
    currency = models.CharField(max_length=3, help_text="ISO 4217 code, e.g. USD")
    version = models.PositiveIntegerField(default=1)
    effective_date = models.DateField()
    imported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    is_active = models.BooleanField(default=True)
    created_at = models.DateTimeField(auto_now_add=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["name", "-version"]
        constraints = [
            models.UniqueConstraint(fields=["name", "version"], name="pricebook_unique_name_version"),
            models.UniqueConstraint(
                fields=["name"], condition=Q(is_active=True), name="pricebook_one_active_version_per_name"
            ),
            models.CheckConstraint(
                condition=Q(currency__regex=r"^[A-Z]{3}$"), name="pricebook_currency_iso_code"
            ),
            models.CheckConstraint(condition=Q(version__gte=1), name="pricebook_version_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.name} v{self.version} ({self.currency})"


class PriceBookEntry(models.Model):
    price_book = models.ForeignKey(PriceBook, on_delete=models.CASCADE, related_name="entries")
    part = models.ForeignKey(Part, on_delete=models.PROTECT, related_name="price_entries")
    unit_price = models.DecimalField(max_digits=14, decimal_places=2)
    history = HistoricalRecords()

    class Meta:
        ordering = ["price_book", "part__part_number"]
        verbose_name_plural = "price book entries"
        constraints = [
            models.UniqueConstraint(
                fields=["price_book", "part"], name="pricebookentry_unique_part_per_book"
            ),
            models.CheckConstraint(
                condition=Q(unit_price__gte=0), name="pricebookentry_unit_price_not_negative"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.part.part_number}: {self.unit_price} {self.price_book.currency}"
