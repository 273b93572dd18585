"""The catalog version (catalog/versioning.py) moves with every write to the catalog, whichever path
issues it, in the same transaction: each test below writes through one path and fails if the version
did not move. Every catalog and benchmark table carries the trigger (a new table without one fails
here), and a rolled-back write never hands its version to a later one."""

from __future__ import annotations

import io
from decimal import Decimal
from typing import Any

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import connection, transaction
from django.test import Client
from rest_framework.test import APIClient

from catalog.models import CatalogVersion, Manufacturer, Part, PriceBook, PriceBookEntry, SizingRule
from catalog.tests.test_api_write import WRITES
from catalog.versioning import TRIGGER, catalog_version

pytestmark = pytest.mark.usefixtures("mini_catalog")

CATALOG_APPS = ("catalog", "benchmarks")
# The benchmark tables move the version too; by name, as catalog does not import benchmarks.
BenchmarkCurve = apps.get_model("benchmarks", "BenchmarkCurve")
MeasuredPoint = apps.get_model("benchmarks", "MeasuredPoint")
PointValue = apps.get_model("benchmarks", "PointValue")


def _catalog_tables() -> list[str]:
    """Every table of the catalog and benchmark apps but the history tables and the version row."""
    return sorted(
        model._meta.db_table
        for label in CATALOG_APPS
        for model in apps.get_app_config(label).get_models(include_auto_created=True)
        if not model.__name__.startswith("Historical") and model is not CatalogVersion
    )


def test_every_catalog_table_has_the_version_trigger() -> None:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT c.relname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid WHERE t.tgname = %s",
            [TRIGGER],
        )
        triggered = {row[0] for row in cursor.fetchall()}
    tables = _catalog_tables()
    assert len(tables) >= 14
    assert [t for t in tables if t not in triggered] == []


class _Moves:
    def __init__(self) -> None:
        self.before = catalog_version()

    def check(self) -> None:
        assert catalog_version() != self.before, "this write did not move the catalog version"


@pytest.fixture
def moves() -> _Moves:
    return _Moves()


# The admin writes of the API (test_api_write.WRITES lists them for the 403 check) that succeed on the
# mini catalog, plus a delete that is allowed.
API_WRITES: list[tuple[str, str, dict[str, Any]]] = [
    write
    for write in WRITES
    if write[0] != "delete" and write[1] not in ("/api/v1/configurations/", "/api/v1/import/curves/")
] + [
    (
        "post",
        "/api/v1/configurations/",
        {"slug": "x", "name": "x", "platform": "server", "role": "reference", "source_document": "mini-doc"},
    ),
    ("post", "/api/v1/documents/", {"slug": "new-doc", "title": "New", "publisher": "Acme", "year": 2020}),
]


@pytest.mark.parametrize(("method", "url", "body"), API_WRITES, ids=[f"{m} {u}" for m, u, _ in API_WRITES])
def test_each_admin_api_write_moves_the_version(
    admin_client: APIClient, method: str, url: str, body: dict[str, Any]
) -> None:
    before = catalog_version()
    response = getattr(admin_client, method)(url, body, format="json")
    assert response.status_code in (200, 201, 204), response.content
    assert catalog_version() != before


def test_a_measured_value_correction_moves_the_version(admin_client: APIClient, moves: _Moves) -> None:
    value = PointValue.objects.first()
    assert value is not None
    response = admin_client.patch(
        f"/api/v1/measured-values/{value.pk}/", {"value": str(value.value + 1)}, format="json"
    )
    assert response.status_code == 200, response.content
    moves.check()


def test_a_parts_csv_import_moves_the_version(admin_client: APIClient, moves: _Moves) -> None:
    csv = (
        "manufacturer,part_number,kind,description,source_document,source_locator\n"
        "acme,V-1,drive,600 GB,mini-doc,Table 1\n"
    )
    response = admin_client.generic("POST", "/api/v1/import/parts/", csv, content_type="text/csv")
    assert response.status_code == 201, response.content
    moves.check()


def test_a_price_book_csv_import_moves_the_version(admin_client: APIClient, moves: _Moves) -> None:
    response = admin_client.generic(
        "POST",
        "/api/v1/import/price-books/?name=V&currency=USD&effective_date=2026-01-01",
        "manufacturer,part_number,unit_price\nacme,A-100,10.00\n",
        content_type="text/csv",
    )
    assert response.status_code == 201, response.content
    moves.check()


def test_a_price_book_entry_edit_moves_the_version(moves: _Moves) -> None:
    book = PriceBook.objects.create(name="E", currency="EUR", effective_date="2026-01-01")
    moves.check()
    after_book = catalog_version()
    entry = PriceBookEntry.objects.create(
        price_book=book, part=Part.objects.get(part_number="A-100"), unit_price=1
    )
    assert catalog_version() != after_book
    before = catalog_version()
    entry.unit_price = Decimal("2.00")
    entry.save()
    assert catalog_version() != before


def test_the_admin_site_moves_the_version(admin_user: Any, moves: _Moves) -> None:
    superuser = get_user_model().objects.create_superuser("root", password="pw-root-123")
    client = Client()
    client.force_login(superuser)
    maker = Manufacturer.objects.get(slug="acme")
    response = client.post(
        f"/admin/catalog/manufacturer/{maker.pk}/change/", {"slug": "acme", "name": "Acme renamed"}
    )
    assert response.status_code == 302, response.content[:2000]
    moves.check()


def test_load_catalog_moves_the_version(moves: _Moves) -> None:
    SizingRule.objects.all().delete()
    before = catalog_version()
    call_command("load_catalog", dir="catalog/tests/data/mini", verbosity=0, stdout=io.StringIO())
    assert catalog_version() != before


def test_bulk_writes_move_the_version() -> None:
    acme = Manufacturer.objects.get(slug="acme")
    steps = [
        lambda: Part.objects.bulk_create([Part(manufacturer=acme, part_number="B-1", kind="drive")]),
        lambda: Part.objects.bulk_update(
            [
                Part(pk=p.pk, manufacturer=acme, part_number=p.part_number, kind=p.kind, description="bulk")
                for p in Part.objects.filter(part_number="B-1")
            ],
            ["description"],
        ),
        lambda: MeasuredPoint.objects.update(conditions={"users": 1}),  # no model save, no history
        lambda: PointValue.objects.filter(pk=PointValue.objects.values("pk")[:1]).delete(),
        lambda: BenchmarkCurve.objects.all().delete(),  # cascades to points and values
    ]
    for number, step in enumerate(steps):
        before = catalog_version()
        step()
        assert catalog_version() != before, f"bulk write {number} did not move the version"


def test_a_history_revert_moves_the_version(moves: _Moves) -> None:
    maker = Manufacturer.objects.get(slug="acme")
    maker.name = "Changed"
    maker.save()
    before = catalog_version()
    original = maker.history.earliest()
    original.instance.save()  # what simple_history's admin "revert" does
    assert Manufacturer.objects.get(slug="acme").name != "Changed"
    assert catalog_version() != before


def test_raw_sql_moves_the_version(moves: _Moves) -> None:
    with connection.cursor() as cursor:
        cursor.execute("UPDATE catalog_part SET description = description || ' (raw)'")
    moves.check()


def test_a_write_that_changes_no_row_still_moves_the_version(moves: _Moves) -> None:
    """Statement-level: cheap, and never misses a write; an extra rebuild is the price."""
    Part.objects.filter(part_number="none such").update(description="x")
    moves.check()


def test_a_read_does_not_move_the_version() -> None:
    before = catalog_version()
    list(Part.objects.all())
    list(PointValue.objects.all())
    assert catalog_version() == before


@pytest.mark.django_db(transaction=True)
def test_a_rolled_back_write_never_hands_its_version_to_a_later_write() -> None:
    try:
        with transaction.atomic():
            Part.objects.update(description="rolled back")
            inside = catalog_version()
            raise RuntimeError
    except RuntimeError:
        pass
    assert catalog_version() != inside
    Part.objects.update(description="committed")
    assert catalog_version() != inside


@pytest.mark.django_db(transaction=True)
def test_a_flush_that_empties_the_version_table_writes_a_new_version() -> None:
    """A flush (what a TransactionTestCase does between tests, or an operator) truncates the version
    row with the catalog: the trigger writes it again with a new number, so no cache built before
    the flush is served after it (under xdist a flush left the row missing and every later test read
    version 0 and a stale cache)."""
    before = catalog_version()
    call_command("flush", interactive=False, verbosity=0)
    after = catalog_version()
    assert after > 0
    assert after != before
