"""Writes on versioned catalog data: a change never overwrites, it adds the next version."""

from __future__ import annotations

from datetime import date
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import transaction
from django.db.models import Max

from catalog.models import PriceBook, SizingRule
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
    *, name: str, currency: str, effective_date: date, imported_by: AbstractBaseUser | AnonymousUser | None
) -> PriceBook:
    """A new price book, or the next version of the one with this name (which becomes the active one)."""
    # A lock on the name, not on its rows: for a new name there is no row to lock, and two racing
    # writers both took version 1 (IntegrityError: a 500).
    advisory_xact_lock(f"price book {name}")
    latest = PriceBook.objects.filter(name=name).aggregate(v=Max("version"))["v"] or 0
    PriceBook.objects.filter(name=name, is_active=True).update(is_active=False)
    user = imported_by if isinstance(imported_by, get_user_model()) else None
    return PriceBook.objects.create(
        name=name,
        currency=currency,
        version=latest + 1,
        effective_date=effective_date,
        imported_by=user,
        is_active=True,
    )
