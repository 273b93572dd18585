"""Writes on versioned catalog data: a change never overwrites, it adds the next version."""

from __future__ import annotations

from datetime import date
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import transaction
from django.db.models import Max

from catalog.models import PriceBook, SizingRule
from core.errors import InvalidInput
from core.locks import advisory_xact_lock


@transaction.atomic
def sizing_rule_create_version(*, slug: str, **content: Any) -> SizingRule:
    """Store `content` as the next version of rule `slug` and make it the current one."""
    # Two admins must not both create version n+1; a lock on the slug, as a new slug has no rows.
    advisory_xact_lock(f"sizing rule {slug}")
    existing = list(SizingRule.objects.filter(slug=slug))
    version = max((r.version for r in existing), default=0) + 1
    SizingRule.objects.filter(slug=slug, is_current=True).update(is_current=False)
    return SizingRule.objects.create(slug=slug, version=version, is_current=True, **content)


@transaction.atomic
def price_book_create_version(
    *,
    name: str,
    currency: str,
    effective_date: date,
    imported_by: AbstractBaseUser | AnonymousUser | None,
    valid_until: date | None = None,
    activate: bool = True,
    is_demo: bool = False,
) -> PriceBook:
    """A new price book, or the next version of the one with this name. With `activate` (the default)
    it becomes the active version of its name; without, it is stored retired until an admin activates
    it (the SPA's upload: check the saved book, then activate)."""
    # A lock on the name, not on its rows: for a new name there is no row to lock, and two racing
    # writers both took version 1 (IntegrityError: a 500).
    advisory_xact_lock(f"price book {name}")
    latest = PriceBook.objects.filter(name=name).aggregate(v=Max("version"))["v"] or 0
    if activate:
        PriceBook.objects.filter(name=name, is_active=True).update(is_active=False)
    user = imported_by if isinstance(imported_by, get_user_model()) else None
    return PriceBook.objects.create(
        name=name,
        currency=currency,
        version=latest + 1,
        effective_date=effective_date,
        valid_until=valid_until,
        imported_by=user,
        is_active=activate,
        is_demo=is_demo,
    )


def price_book_next_version(name: str) -> int:
    """The version an upload under `name` would get (the preview says it; nothing is locked)."""
    return (PriceBook.objects.filter(name=name).aggregate(v=Max("version"))["v"] or 0) + 1


@transaction.atomic
def price_book_activate(book: PriceBook, *, today: date | None = None) -> PriceBook:
    """Make `book` the active version of its name (the other versions of the name are retired).
    An expired version is refused: new designs would be priced with prices past their validity."""
    today = today or date.today()
    if book.valid_until is not None and book.valid_until < today:
        raise InvalidInput(
            {"valid_until": [f"This price book expired on {book.valid_until}: upload a new one."]}
        )
    advisory_xact_lock(f"price book {book.name}")
    # Saved one by one (not update()): each retirement is a change the audit trail shows.
    for other in PriceBook.objects.filter(name=book.name, is_active=True).exclude(pk=book.pk):
        other.is_active = False
        other.save(update_fields=["is_active"])
    if not book.is_active:
        book.is_active = True
        book.save(update_fields=["is_active"])
    return book


@transaction.atomic
def price_book_retire(book: PriceBook) -> PriceBook:
    """No longer offered to new designs; designs priced with it keep their prices."""
    if book.is_active:
        book.is_active = False
        book.save(update_fields=["is_active"])
    return book
