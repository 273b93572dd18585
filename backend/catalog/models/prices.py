"""Price books: admin-imported, versioned (a new version is a new row; old versions stay for designs
that were priced with them). The source documents carry no prices, so none ship with the catalog
(`make run`'s demo mode adds one marked `is_demo`: fictional prices, not a quote).

Active/retired: a price book *name* is one list (e.g. "List prices USD"); at most one version of a name
is active, the one offered to new designs. Retiring a version leaves designs priced with it unchanged.
Validity: `effective_date` is the first day the prices apply (valid from), `valid_until` the last
(none: open-ended); an expired version cannot be activated."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

from django.conf import settings
from django.db import models
from django.db.models import Q
from simple_history.models import HistoricalRecords

from catalog.models.parts import Part

CENT = Decimal("0.01")


def net_price(unit_price: Decimal, discount_percent: Decimal) -> Decimal:
    """The list price less the discount, rounded half-up to the cent (as a quote prints it)."""
    return (unit_price * (100 - discount_percent) / 100).quantize(CENT, rounding=ROUND_HALF_UP)


class PriceBook(models.Model):
    name = models.CharField(max_length=120)
    currency = models.CharField(max_length=3, help_text="ISO 4217 code, e.g. USD")
    version = models.PositiveIntegerField(default=1)
    effective_date = models.DateField(help_text="first day the prices apply (valid from)")
    valid_until = models.DateField(null=True, blank=True, help_text="last day the prices apply")
    # Fictional prices for demos (seed_demo_prices); the SPA and the BOM say so next to every total.
    is_demo = models.BooleanField(default=False)
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
            models.CheckConstraint(
                condition=Q(valid_until__isnull=True) | Q(valid_until__gte=models.F("effective_date")),
                name="pricebook_valid_until_not_before_valid_from",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} v{self.version} ({self.currency})"


class PriceBookEntry(models.Model):
    price_book = models.ForeignKey(PriceBook, on_delete=models.CASCADE, related_name="entries")
    part = models.ForeignKey(Part, on_delete=models.PROTECT, related_name="price_entries")
    unit_price = models.DecimalField(max_digits=14, decimal_places=2, help_text="list price")
    # The discount on this line, in percent of the list price; the BOM prices at the net price.
    discount_percent = models.DecimalField(max_digits=5, decimal_places=2, default=Decimal(0))
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
            models.CheckConstraint(
                condition=Q(discount_percent__gte=0, discount_percent__lte=100),
                name="pricebookentry_discount_percent_range",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.part.part_number}: {self.unit_price} {self.price_book.currency}"

    @property
    def net_unit_price(self) -> Decimal:
        return net_price(self.unit_price, self.discount_percent)
