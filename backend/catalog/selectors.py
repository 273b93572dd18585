"""Reads on the catalog that carry a rule of their own (plain filters stay in the viewsets)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from django.db.models import BooleanField, Case, Q, QuerySet, Value, When

from catalog.models import PriceBook

NO_PRICE_BOOK_NOTE = "No price book: the BOM is unpriced."


def _valid_on(today: date) -> Q:
    return Q(effective_date__lte=today) & (Q(valid_until__isnull=True) | Q(valid_until__gte=today))


def _default_pool(today: date) -> QuerySet[PriceBook]:
    """The books the default is taken from: the active ones valid today, else (none is) every active
    one (issue 39: an expired or not-yet-valid book comes only when no other is active)."""
    active = PriceBook.objects.filter(is_active=True)
    valid = active.filter(_valid_on(today))
    return valid if valid.exists() else active


def default_price_book(today: date) -> PriceBook | None:
    """The price book a new design starts with: among the active books, those valid `today` first
    (else any active one); then real prices before demo ones; then the newest (latest effective
    date); then the highest id. None when no book is active (the design starts unpriced)."""
    return (
        PriceBook.objects.filter(is_active=True)
        .annotate(
            valid_today=Case(
                When(_valid_on(today), then=Value(True)), default=Value(False), output_field=BooleanField()
            )
        )
        .order_by("-valid_today", "is_demo", "-effective_date", "-id")
        .first()
    )


@dataclass(frozen=True)
class DefaultPriceBook:
    book: PriceBook | None
    note: str


def default_price_book_choice(today: date) -> DefaultPriceBook:
    """The default book (default_price_book) and the sentence the new-design page shows about it:
    which book, and, when several are active, why this one."""
    book = default_price_book(today)
    if book is None:
        return DefaultPriceBook(book=None, note=NO_PRICE_BOOK_NOTE)
    pool = list(_default_pool(today).values_list("is_demo", flat=True))
    mixed = any(pool) and not book.is_demo
    if len(pool) == 1:
        which = "the active price book"
    elif mixed:
        which = f"of the {len(pool)} active price books, the newest with real prices"
    else:
        which = f"the newest of the {len(pool)} active price books"
    return DefaultPriceBook(
        book=book, note=f"Priced with {book} ({which}); change it next to the design name."
    )
