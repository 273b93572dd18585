"""Racing catalog imports: N admins POST the same import at once, and two different imports of the
same rows race. No 500, no duplicate row, the final state is one import entirely (never a mix of two),
and the audit history holds exactly what was written.

Before: every import checked that its rows were new, then inserted them; racers all passed the check
and all but one hit the unique constraint at insert (IntegrityError: 500), and two price books of a
new name both claimed version 1 (500).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import pytest
from rest_framework.test import APIClient

from catalog.models import Part, PriceBook, PriceBookEntry, SizingRule
from catalog.tests.racing import RACERS, post_csv, race

pytestmark = [pytest.mark.usefixtures("mini_catalog"), pytest.mark.django_db(transaction=True)]

PARTS_CSV = (
    "manufacturer,part_number,kind,description,drive_capacity_gb,drive_technology,source_document,source_locator\n"
    "acme,RACE-1,drive,{label} 600 GB,600,sas_15k,mini-doc,Table 1\n"
    "acme,RACE-2,drive,{label} 400 GB,400,ssd,mini-doc,Table 1\n"
    "acme,RACE-3,drive,{label} 800 GB,800,ssd,mini-doc,Table 1\n"
)
PRICES_CSV = "manufacturer,part_number,unit_price\nacme,A-100,{a}\noracle,7110316,{b}\n"


def race_parts(admin_user: Any) -> list[dict[str, Any]]:
    return [
        dict(row)
        for row in Part.objects.filter(part_number__startswith="RACE-")
        .order_by("part_number")
        .values("part_number", "description", "drive_capacity_gb")
    ]


def test_the_same_parts_import_n_times_at_once_one_201_the_rest_400(admin_user: Any) -> None:
    text = PARTS_CSV.format(label="same")
    results = race(
        {f"import {i}": post_csv(admin_user, "/api/v1/import/parts/", text) for i in range(RACERS)}
    )
    assert sorted(results.values()) == [201] + [400] * (RACERS - 1), results
    assert [p["description"] for p in race_parts(admin_user)] == ["same 600 GB", "same 400 GB", "same 800 GB"]
    # One creation in the history per part: the refused imports left none.
    for part in Part.objects.filter(part_number__startswith="RACE-"):
        assert list(part.history.values_list("history_type", flat=True)) == ["+"]


def test_two_different_parts_imports_of_the_same_rows_one_wins_entirely(admin_user: Any) -> None:
    for attempt in range(5):
        Part.objects.filter(part_number__startswith="RACE-").delete()
        results = race(
            {
                label: post_csv(admin_user, "/api/v1/import/parts/", PARTS_CSV.format(label=label))
                for label in ("first", "second")
            }
        )
        assert sorted(results.values()) == [201, 400], (attempt, results)
        winner = next(label for label, status in results.items() if status == 201)
        descriptions = [p["description"] for p in race_parts(admin_user)]
        assert descriptions == [f"{winner} 600 GB", f"{winner} 400 GB", f"{winner} 800 GB"], (
            attempt,
            results,
        )


PRICE_URL = "/api/v1/import/price-books/?name=Race&currency=USD&effective_date=2026-01-01"


def test_the_same_price_book_import_n_times_at_once_makes_n_whole_versions(admin_user: Any) -> None:
    """A price book import is a new version every time: N racers make versions 1..N, each whole, one
    active. (Before: racers of a new name all claimed version 1: 500.)"""
    text = PRICES_CSV.format(a="100.10", b="200.20")
    results = race({f"import {i}": post_csv(admin_user, PRICE_URL, text) for i in range(RACERS)})
    assert sorted(results.values()) == [201] * RACERS, results
    books = list(PriceBook.objects.filter(name="Race").order_by("version"))
    assert [b.version for b in books] == list(range(1, RACERS + 1))
    assert [b.is_active for b in books] == [False] * (RACERS - 1) + [True]
    for book in books:
        prices = sorted(
            str(p)
            for p in PriceBookEntry.objects.filter(price_book=book).values_list("unit_price", flat=True)
        )
        assert prices == ["100.10", "200.20"], book
        assert list(book.history.values_list("history_type", flat=True)) in (["+"], ["~", "+"])
    assert PriceBookEntry.history.filter(price_book__name="Race", history_type="+").count() == 2 * RACERS


def test_two_different_price_books_of_one_name_each_version_is_one_import_entirely(admin_user: Any) -> None:
    imports = {"low": PRICES_CSV.format(a="1.00", b="2.00"), "high": PRICES_CSV.format(a="9.00", b="8.00")}
    results = race({label: post_csv(admin_user, PRICE_URL, text) for label, text in imports.items()})
    assert results == {"low": 201, "high": 201}, results
    seen = []
    for book in PriceBook.objects.filter(name="Race").order_by("version"):
        prices = sorted(str(p) for p in book.entries.values_list("unit_price", flat=True))
        assert prices in (["1.00", "2.00"], ["8.00", "9.00"]), prices
        seen.append(prices)
    assert len(seen) == 2 and seen[0] != seen[1]
    assert PriceBook.objects.get(name="Race", is_active=True).version == 2


def post_json(admin_user: Any, url: str, body: dict[str, Any]) -> Callable[[], Any]:
    client = APIClient()
    client.force_authenticate(admin_user)
    return partial(client.post, url, body, format="json")


NEW_RULE = {
    "slug": "race-rule",
    "kind": "threshold",
    "title": "CPU ceiling",
    "parameters": {"cpu_utilisation": {"value": "80", "unit": "%"}},
    "source_document": "mini-doc",
    "source_locator": "Section 6",
}


@pytest.mark.parametrize(
    ("url", "body", "model", "key"),
    [
        ("/api/v1/rules/", NEW_RULE, "rule", "slug"),
        (
            "/api/v1/price-books/",
            {"name": "Race", "currency": "USD", "effective_date": "2026-01-01"},
            "book",
            "name",
        ),
    ],
)
def test_racing_creates_of_a_new_versioned_name_make_versions_1_to_n(
    admin_user: Any, url: str, body: dict[str, Any], model: str, key: str
) -> None:
    """Was: the versions of a new slug or name were locked by selecting their rows, and there were
    none: racers all took version 1 (IntegrityError: 500)."""
    results = race({f"create {i}": post_json(admin_user, url, body) for i in range(RACERS)})
    assert sorted(results.values()) == [201] * RACERS, results
    if model == "rule":
        rules = SizingRule.objects.filter(slug=body[key]).order_by("version")
        versions = [(r.version, r.is_current) for r in rules]
    else:
        books = PriceBook.objects.filter(name=body[key]).order_by("version")
        versions = [(b.version, b.is_active) for b in books]
    assert versions == [(v, v == RACERS) for v in range(1, RACERS + 1)]
