"""Price book uploads as an admin makes them in the SPA: a dry run (preview) with per-row errors that
writes nothing, the real upload (CSV or XLSX, all rows or none), validity dates, line discounts,
activate / retire, and the template of every part number. Real files, parsed by the server."""

from __future__ import annotations

import csv
import io
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from openpyxl import Workbook, load_workbook
from rest_framework.test import APIClient

from catalog.models import Part, PriceBook
from catalog.tests.conftest import catalog_row_counts

pytestmark = pytest.mark.usefixtures("mini_catalog")

PREVIEW = "/api/v1/import/price-books/preview/"
IMPORT = "/api/v1/import/price-books/"
TEMPLATE = "/api/v1/import/price-books/template/"
META = {"name": "List prices", "currency": "USD", "effective_date": "2026-01-01"}

GOOD_CSV = "part_number,unit_price,discount_percent\nA-100,12500.00,10\n7110316,9999.99,\n"
# Row 1 unknown part, row 2 a bad price, row 3 another currency, row 4 a duplicate of row 5's part,
# row 6 a discount over 100 %.
BAD_CSV = (
    "manufacturer,part_number,unit_price,discount_percent,currency\n"
    "acme,Z-9,10,,\n"
    "oracle,7110316,lots,,\n"
    "acme,A-100,12,,EUR\n"
    ",7110316,5,,\n"
    "oracle,7110316,6,,USD\n"
    "acme,A-100,12,150,\n"
)


def csv_file(text: str, name: str = "prices.csv") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, text.encode(), content_type="text/csv")


def xlsx_file(rows: list[list[Any]], name: str = "prices.xlsx") -> SimpleUploadedFile:
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    for row in rows:
        sheet.append(row)
    buffer = io.BytesIO()
    book.save(buffer)
    return SimpleUploadedFile(
        name,
        buffer.getvalue(),
        content_type="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    )


def post(client: APIClient, url: str, upload: SimpleUploadedFile, **meta: Any) -> Any:
    return client.post(url, {**META, **meta, "file": upload}, format="multipart")


def test_preview_reports_each_bad_row_by_number_and_field_and_writes_nothing(admin_client: APIClient) -> None:
    before = catalog_row_counts()
    response = post(admin_client, PREVIEW, csv_file(BAD_CSV))
    # The upload would be refused, so is its dry run (400), with every row and what is wrong in each.
    assert response.status_code == 400, response.content
    body = response.json()
    assert body["valid"] is False
    assert body["version"] == 1 and body["name"] == "List prices" and body["currency"] == "USD"
    errors = {(e["row"], e["field"]) for e in body["errors"]}
    assert errors == {
        (1, "part_number"),
        (2, "unit_price"),
        (3, "currency"),
        (5, "part_number"),
        (6, "discount_percent"),
    }
    duplicate = next(e for e in body["errors"] if e["row"] == 5)
    assert duplicate["message"] == "duplicate of row 4 in this file"
    assert [r["status"] for r in body["rows"]] == ["error", "error", "error", "ok", "error", "error"]
    assert body["rows"][3] == {
        "row": 4,
        "manufacturer": "oracle",
        "part_number": "7110316",
        "description": "Test server",
        "unit_price": "5.00",
        "discount_percent": "0",
        "net_unit_price": "5.00",
        "status": "ok",
        "errors": [],
    }
    assert body["summary"] == {"rows": 6, "priced": 1, "skipped": 0, "with_errors": 5}
    assert catalog_row_counts() == before


def test_preview_of_a_clean_xlsx_shows_what_would_be_saved(admin_client: APIClient) -> None:
    before = catalog_row_counts()
    # Numbers typed into a spreadsheet arrive as numbers (floats); 12.5 must stay exactly 12.50.
    upload = xlsx_file(
        [["part_number", "unit_price", "discount_percent"], ["A-100", 12.5, 15], ["7110316", 1000, None]]
    )
    response = post(admin_client, PREVIEW, upload)
    assert response.status_code == 200
    body = response.json()
    assert body["valid"] is True, body["errors"]
    assert [(r["part_number"], r["unit_price"], r["net_unit_price"]) for r in body["rows"]] == [
        ("A-100", "12.50", "10.63"),  # 12.50 less 15 %: 10.625, half-up to the cent
        ("7110316", "1000.00", "1000.00"),
    ]
    assert catalog_row_counts() == before


@pytest.mark.parametrize(
    ("meta", "field"),
    [
        ({"currency": "usd"}, "currency"),
        ({"effective_date": "soon"}, "effective_date"),
        ({"valid_until": "2025-12-31"}, "valid_until"),
    ],
)
def test_bad_price_book_fields_are_named_in_preview_and_refused_by_the_upload(
    admin_client: APIClient, meta: dict[str, str], field: str
) -> None:
    before = catalog_row_counts()
    answer = post(admin_client, PREVIEW, csv_file(GOOD_CSV), **meta)
    assert answer.status_code == 400
    preview = answer.json()
    assert preview["valid"] is False
    assert (0, field) in {(e["row"], e["field"]) for e in preview["errors"]}
    response = post(admin_client, IMPORT, csv_file(GOOD_CSV), **meta)
    assert response.status_code == 400
    assert (0, field) in {(e["row"], e["field"]) for e in response.json()["errors"]}
    assert catalog_row_counts() == before


@pytest.mark.parametrize(
    ("upload", "field"),
    [
        (SimpleUploadedFile("prices.xlsx", b"PK\x03\x04 not really a workbook"), "file"),
        (csv_file("part_number,price\nA-100,1\n"), "unit_price"),
        (csv_file("part_number,unit_price\nA-100,\n"), "unit_price"),  # only blank (template) lines
    ],
)
def test_unreadable_files_are_a_preview_with_file_errors(
    admin_client: APIClient, upload: SimpleUploadedFile, field: str
) -> None:
    response = post(admin_client, PREVIEW, upload)
    assert response.status_code == 400
    body = response.json()
    assert body["valid"] is False
    assert (0, field) in {(e["row"], e["field"]) for e in body["errors"]}


def test_xlsx_upload_saves_every_row_or_none(admin_client: APIClient) -> None:
    before = catalog_row_counts()
    bad = xlsx_file([["part_number", "unit_price"], ["A-100", 10], ["NOPE-1", 20]])
    response = post(admin_client, IMPORT, bad)
    assert response.status_code == 400
    assert response.json()["errors"] == [
        {"row": 2, "field": "part_number", "message": "unknown part 'NOPE-1'"}
    ]
    assert catalog_row_counts() == before

    good = xlsx_file(
        [["part_number", "unit_price", "discount_percent"], ["A-100", 10, 5], ["7110316", 20.25, None]]
    )
    response = post(admin_client, IMPORT, good, valid_until="2026-12-31")
    assert response.status_code == 201, response.content
    book = PriceBook.objects.get(pk=response.json()["id"])
    assert (book.is_active, book.valid_until, book.is_demo) == (True, date(2026, 12, 31), False)
    entries = {e.part.part_number: (e.unit_price, e.discount_percent) for e in book.entries.all()}
    assert entries == {
        "A-100": (Decimal("10.00"), Decimal("5.00")),
        "7110316": (Decimal("20.25"), Decimal("0.00")),
    }


def test_upload_without_activation_then_activate_and_retire(admin_client: APIClient) -> None:
    first = post(admin_client, IMPORT, csv_file(GOOD_CSV)).json()
    second = post(admin_client, IMPORT, csv_file(GOOD_CSV), activate="false").json()
    assert second["version"] == 2
    books = {b.version: b for b in PriceBook.objects.all()}
    # The new version is stored retired: the one in use stays active until an admin switches.
    assert (books[1].is_active, books[2].is_active) == (True, False)

    response = admin_client.post(f"/api/v1/price-books/{second['id']}/activate/")
    assert response.status_code == 200, response.content
    assert response.json()["is_active"] is True and response.json()["entry_count"] == 2
    assert list(PriceBook.objects.order_by("version").values_list("is_active", flat=True)) == [False, True]

    response = admin_client.post(f"/api/v1/price-books/{second['id']}/retire/")
    assert response.status_code == 200 and response.json()["is_active"] is False
    assert not PriceBook.objects.filter(is_active=True).exists()
    again = admin_client.post(f"/api/v1/price-books/{first['id']}/activate/")
    assert again.status_code == 200 and again.json()["version"] == 1


def test_an_expired_price_book_cannot_be_activated(admin_client: APIClient) -> None:
    yesterday = date.today() - timedelta(days=1)
    created = post(
        admin_client,
        IMPORT,
        csv_file(GOOD_CSV),
        effective_date=str(yesterday - timedelta(days=30)),
        valid_until=str(yesterday),
        activate="false",
    ).json()
    response = admin_client.post(f"/api/v1/price-books/{created['id']}/activate/")
    assert response.status_code == 400
    assert "valid_until" in response.json()
    assert PriceBook.objects.get(pk=created["id"]).is_active is False


def test_template_lists_every_part_and_imports_back_with_the_filled_prices(admin_client: APIClient) -> None:
    response = admin_client.get(TEMPLATE + "?as=csv")
    assert response.status_code == 200
    assert response["Content-Disposition"] == 'attachment; filename="price-book-template.csv"'
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert {r["part_number"] for r in rows} == set(Part.objects.values_list("part_number", flat=True))
    assert {r["part_number"]: r["description"] for r in rows}["7110316"] == "Test server"
    assert {r["unit_price"] for r in rows} == {""}

    workbook = load_workbook(io.BytesIO(admin_client.get(TEMPLATE + "?as=xlsx").content))
    sheet = workbook.worksheets[0]
    values = list(sheet.iter_rows(values_only=True))
    assert values[0] == ("manufacturer", "part_number", "description", "unit_price", "discount_percent")
    assert sorted(r[1] for r in values[1:]) == sorted(r["part_number"] for r in rows)

    # The admin fills one price in and uploads the template as it is: blank lines are skipped.
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(rows[0]))
    writer.writeheader()
    writer.writerows({**r, "unit_price": "99.50" if r["part_number"] == "A-100" else ""} for r in rows)
    upload = csv_file(out.getvalue())
    preview = post(admin_client, PREVIEW, upload).json()
    assert preview["valid"] is True
    assert preview["summary"] == {"rows": len(rows), "priced": 1, "skipped": len(rows) - 1, "with_errors": 0}
    upload.seek(0)
    created = post(admin_client, IMPORT, upload)
    assert created.status_code == 201 and created.json()["entries"] == 1


def test_template_format_is_checked(admin_client: APIClient) -> None:
    response = admin_client.get(TEMPLATE + "?as=pdf")
    assert response.status_code == 400
    assert "as" in response.json()


def test_only_admins_preview_upload_activate_and_download_the_template(
    admin_client: APIClient, alice_client: APIClient
) -> None:
    book = post(admin_client, IMPORT, csv_file(GOOD_CSV)).json()
    before = catalog_row_counts()
    # Signed out is a 403 too (session authentication sends no challenge).
    for client, expected in ((alice_client, 403), (APIClient(), 403)):
        assert post(client, PREVIEW, csv_file(GOOD_CSV)).status_code == expected
        assert post(client, IMPORT, csv_file(GOOD_CSV)).status_code == expected
        assert client.get(TEMPLATE).status_code == expected
        assert client.post(f"/api/v1/price-books/{book['id']}/retire/").status_code == expected
        assert client.post(f"/api/v1/price-books/{book['id']}/activate/").status_code == expected
    assert catalog_row_counts() == before
    assert admin_client.post("/api/v1/price-books/999999/activate/").status_code == 404


def test_a_malformed_json_body_is_a_preview_file_error(admin_client: APIClient) -> None:
    response = admin_client.generic("POST", PREVIEW, "{not json", content_type="application/json")
    assert response.status_code == 400
    body = response.json()
    assert body["valid"] is False and [e["field"] for e in body["errors"]] == ["file"]


def test_preview_names_the_book_even_when_another_field_is_wrong(admin_client: APIClient) -> None:
    post(admin_client, IMPORT, csv_file(GOOD_CSV))
    body = post(admin_client, PREVIEW, csv_file(GOOD_CSV), currency="dollars").json()
    assert (body["name"], body["version"], body["currency"]) == ("List prices", 2, "")
    assert [(e["row"], e["field"]) for e in body["errors"]] == [(0, "currency")]
