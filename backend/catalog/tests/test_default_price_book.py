"""The price book a new design starts with (catalog.selectors.default_price_book), the rule the SPA's
new-design page used to compute itself (issue 39), and GET /api/v1/price-books/default/."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from catalog.models import PriceBook
from catalog.selectors import default_price_book, default_price_book_choice

pytestmark = pytest.mark.django_db
TODAY = date(2026, 12, 3)


def book(name: str, **fields: Any) -> PriceBook:
    values: dict[str, Any] = {"currency": "USD", "effective_date": date(2026, 1, 1), **fields}
    return PriceBook.objects.create(name=name, **values)


def test_no_active_book_means_none() -> None:
    assert default_price_book(TODAY) is None
    book("Retired", is_active=False)
    assert default_price_book(TODAY) is None
    choice = default_price_book_choice(TODAY)
    assert (choice.book, choice.note) == (None, "No price book: the BOM is unpriced.")


def test_the_one_active_book_is_taken_and_said_so() -> None:
    demo = book("DEMO — fictional prices, not a quote", is_demo=True)
    book("Retired", is_active=False, effective_date=date(2026, 6, 1))
    choice = default_price_book_choice(TODAY)
    assert choice.book == demo
    assert choice.note == (
        "Priced with DEMO — fictional prices, not a quote v1 (USD) (the active price book); "
        "change it next to the design name."
    )


def test_real_before_demo_then_newest_and_the_note_says_which() -> None:
    book("DEMO", is_demo=True, effective_date=date(2026, 11, 1))
    old = book("List 2025", effective_date=date(2025, 1, 1))
    current = book("List 2026", effective_date=date(2026, 6, 1))
    choice = default_price_book_choice(TODAY)
    assert choice.book == current
    assert choice.note == (
        "Priced with List 2026 v1 (USD) (of the 3 active price books, the newest with real prices); "
        "change it next to the design name."
    )
    PriceBook.objects.filter(name="DEMO").update(is_active=False)
    assert "(the newest of the 2 active price books)" in default_price_book_choice(TODAY).note
    current.is_active = False
    current.save()
    assert default_price_book(TODAY) == old


def test_a_demo_book_comes_only_without_a_real_one() -> None:
    demo = book("DEMO", is_demo=True, effective_date=date(2026, 11, 1))
    assert default_price_book(TODAY) == demo
    real = book("List", effective_date=date(2024, 1, 1))
    assert default_price_book(TODAY) == real


def test_valid_today_before_expired_or_not_yet_valid() -> None:
    expired = book("Expired", effective_date=date(2026, 11, 1), valid_until=date(2026, 11, 30))
    book("Next year", effective_date=date(2027, 1, 1))
    valid = book("Valid", effective_date=date(2025, 1, 1), valid_until=TODAY)
    assert default_price_book(TODAY) == valid
    # Valid before real: a valid demo book beats an expired real one.
    valid.is_active = False
    valid.save()
    demo = book("DEMO", is_demo=True, effective_date=date(2020, 1, 1))
    assert default_price_book(TODAY) == demo
    demo.is_active = False
    demo.save()
    # None valid today: any active one, by the same order (next year's starts last: the newest).
    next_year = default_price_book(TODAY)
    assert next_year is not None
    assert next_year.name == "Next year"
    PriceBook.objects.filter(name="Next year").update(is_active=False)
    assert default_price_book(TODAY) == expired
    assert "(the active price book)" in default_price_book_choice(TODAY).note


def test_same_date_takes_the_highest_id() -> None:
    book("A")
    second = book("B")
    assert default_price_book(TODAY) == second


def test_the_default_endpoint_answers_book_and_note(alice_client: APIClient) -> None:
    response = alice_client.get("/api/v1/price-books/default/")
    assert response.status_code == 200, response.content
    today = timezone.localdate()
    assert response.json() == {
        "date": today.isoformat(),
        "price_book": None,
        "note": "No price book: the BOM is unpriced.",
    }
    real = book("List", effective_date=today)
    book("DEMO", is_demo=True, effective_date=today)
    body = alice_client.get("/api/v1/price-books/default/").json()
    assert body["price_book"]["id"] == real.pk
    assert body["price_book"]["entry_count"] == 0
    assert body["note"] == default_price_book_choice(today).note


def test_the_default_endpoint_needs_a_sign_in(db: None) -> None:
    assert APIClient().get("/api/v1/price-books/default/").status_code in (401, 403)
