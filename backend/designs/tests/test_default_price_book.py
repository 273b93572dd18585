"""A design created through the API without `price_book` starts with the catalog's default price book
(catalog.selectors.default_price_book), as one made on the SPA's new-design page; `"price_book": null`
keeps it unpriced; with no active book it is unpriced."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from django.utils import timezone

from catalog.models import PriceBook
from designs.models import DesignRevision
from designs.tests.conftest import client_for, design_payload

pytestmark = pytest.mark.django_db


def _create(user: Any, **overrides: Any) -> dict[str, Any]:
    response = client_for(user).post("/api/v1/designs/", design_payload(**overrides), format="json")
    assert response.status_code == 201, response.content
    return dict(response.json())


@pytest.fixture
def books(db: None) -> dict[str, PriceBook]:
    today = timezone.localdate()
    return {
        "demo": PriceBook.objects.create(name="DEMO", currency="USD", is_demo=True, effective_date=today),
        "real": PriceBook.objects.create(name="List", currency="EUR", effective_date=date(2020, 1, 1)),
        "expired": PriceBook.objects.create(
            name="Old", currency="USD", effective_date=date(2019, 1, 1), valid_until=date(2019, 12, 31)
        ),
    }


def test_omitted_price_book_takes_the_default_and_the_history_says_so(
    catalog: None, users: dict[str, Any], books: dict[str, PriceBook]
) -> None:
    design = _create(users["alice"])
    assert design["price_book"]["id"] == books["real"].pk
    revision = DesignRevision.objects.get(design_id=design["id"])
    assert revision.summary == "Created with the default price book List v1 (EUR)"
    assert {"field": "price_book", "before": None, "after": books["real"].pk} in revision.changes
    # The same book the SPA is told about.
    default = client_for(users["alice"]).get("/api/v1/price-books/default/").json()
    assert default["price_book"]["id"] == design["price_book"]["id"]


def test_an_authors_note_keeps_the_default_in_the_summary(
    catalog: None, users: dict[str, Any], books: dict[str, PriceBook]
) -> None:
    design = _create(users["alice"], summary="For the bank's RFP")
    revision = DesignRevision.objects.get(design_id=design["id"])
    assert revision.summary == "For the bank's RFP (created with the default price book List v1 (EUR))"


def test_explicit_null_keeps_the_design_unpriced(
    catalog: None, users: dict[str, Any], books: dict[str, PriceBook]
) -> None:
    design = _create(users["alice"], price_book=None)
    assert design["price_book"] is None
    assert DesignRevision.objects.get(design_id=design["id"]).summary == "Created"


def test_an_explicit_book_is_kept(catalog: None, users: dict[str, Any], books: dict[str, PriceBook]) -> None:
    design = _create(users["alice"], price_book=books["demo"].pk)
    assert design["price_book"]["id"] == books["demo"].pk
    assert DesignRevision.objects.get(design_id=design["id"]).summary == "Created"


def test_no_active_book_leaves_the_design_unpriced(catalog: None, users: dict[str, Any]) -> None:
    PriceBook.objects.create(name="Retired", currency="USD", effective_date=date(2020, 1, 1), is_active=False)
    design = _create(users["alice"])
    assert design["price_book"] is None
    assert DesignRevision.objects.get(design_id=design["id"]).summary == "Created"


def test_a_patch_without_price_book_leaves_it_as_it_was(
    catalog: None, users: dict[str, Any], books: dict[str, PriceBook]
) -> None:
    design = _create(users["alice"], price_book=None)
    response = client_for(users["alice"]).patch(
        f"/api/v1/designs/{design['id']}/",
        {"name": "Renamed"},
        format="json",
        HTTP_IF_MATCH=design["etag"],
    )
    assert response.status_code == 200, response.content
    assert response.json()["price_book"] is None
