"""Importing parts and price books: CSV (multipart or text/csv body) and JSON, all-or-nothing, with
row- and field-level errors; and exporting them back in the same format."""

from __future__ import annotations

import csv
import io
from decimal import Decimal
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from rest_framework.test import APIClient

from catalog.models import Part, PriceBook
from catalog.tests.conftest import catalog_row_counts

pytestmark = pytest.mark.usefixtures("mini_catalog")

GOOD_CSV = (
    "manufacturer,part_number,kind,description,drive_capacity_gb,drive_technology,raid_levels,"
    "source_document,source_locator\n"
    "acme,D-600,drive,600 GB 15K SAS,600,sas_15k,raid10;raid50,mini-doc,Table 1\n"
    "acme,D-400,drive,400 GB SSD,400.5,ssd,,mini-doc,Table 1\n"
)


def post_csv(client: APIClient, url: str, text: str) -> Any:
    return client.generic("POST", url, text, content_type="text/csv")


def rejected(response: Any) -> list[tuple[int, str, str]]:
    assert response.status_code == 400, response.content
    return [(e["row"], e["field"], e["message"]) for e in response.json()["errors"]]


def test_csv_body_import_creates_parts(admin_client: APIClient) -> None:
    response = post_csv(admin_client, "/api/v1/import/parts/", GOOD_CSV)
    assert response.status_code == 201, response.content
    assert response.json()["created"] == 2
    ssd = Part.objects.get(part_number="D-400")
    assert ssd.drive_capacity_gb == Decimal("400.5")
    assert Part.objects.get(part_number="D-600").raid_levels == ["raid10", "raid50"]
    assert ssd.source_document is not None and ssd.source_document.slug == "mini-doc"


def test_multipart_json_file_import(admin_client: APIClient) -> None:
    upload = SimpleUploadedFile(
        "parts.json",
        b'[{"manufacturer": "acme", "part_number": "J-1", "kind": "cable", "host_port_speed_gbps": 10.25}]',
        content_type="application/json",
    )
    response = admin_client.post("/api/v1/import/parts/", {"file": upload}, format="multipart")
    assert response.status_code == 201, response.content
    assert Part.objects.get(part_number="J-1").host_port_speed_gbps == Decimal("10.25")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # duplicate part number within the file
        (
            GOOD_CSV + "acme,D-600,drive,again,600,sas_15k,,mini-doc,Table 1\n",
            (3, "part_number", "duplicate of row 1"),
        ),
        # duplicate against the database (loaded by the mini catalog)
        (GOOD_CSV.replace("D-400", "A-100"), (2, "part_number", "part 'A-100' of 'acme' already exists")),
        # unparsable number
        (GOOD_CSV.replace("400.5", "four hundred"), (2, "drive_capacity_gb", "A valid number is required.")),
        # unknown choice
        (GOOD_CSV.replace("ssd", "floppy"), (2, "drive_technology", '"floppy" is not a valid choice.')),
        # unknown manufacturer
        (
            GOOD_CSV.replace("acme,D-400", "nobody,D-400"),
            (2, "manufacturer", "Object with slug=nobody does not exist."),
        ),
        # wrong columns
        (GOOD_CSV.replace("description", "colour"), (0, "colour", "unknown column")),
        (GOOD_CSV.replace("manufacturer,", ""), (0, "manufacturer", "missing column")),
        # ragged row
        (GOOD_CSV + "acme,D-700,drive\n", (3, "row", "3 fields where the header has 9")),
        # header only
        (GOOD_CSV.splitlines()[0] + "\n", (0, "file", "no data rows")),
    ],
)
def test_bad_parts_csv_is_rejected_and_writes_nothing(
    admin_client: APIClient, text: str, expected: tuple[int, str, str]
) -> None:
    before = catalog_row_counts()
    errors = rejected(post_csv(admin_client, "/api/v1/import/parts/", text))
    assert any(e[0] == expected[0] and e[1] == expected[1] and expected[2] in e[2] for e in errors), errors
    assert catalog_row_counts() == before


def test_every_bad_row_is_reported_at_once(admin_client: APIClient) -> None:
    text = GOOD_CSV + "acme,D-800,drive,x,-5,ssd,raid99,mini-doc,T1\n"
    errors = rejected(post_csv(admin_client, "/api/v1/import/parts/", text))
    assert {(row, field) for row, field, _ in errors} == {(3, "drive_capacity_gb"), (3, "raid_levels.0")}


def test_malformed_json_is_a_400(admin_client: APIClient) -> None:
    response = admin_client.generic("POST", "/api/v1/import/parts/", "[{", content_type="application/json")
    assert response.status_code == 400
    errors = rejected(admin_client.post("/api/v1/import/parts/", {"parts": "nope"}, format="json"))
    assert errors[0][:2] == (0, "file")


def test_parts_export_round_trips_through_import(admin_client: APIClient, api_client: APIClient) -> None:
    response = api_client.get("/api/v1/parts/export/?as=csv&manufacturer=acme")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert [r["part_number"] for r in rows] == ["A-100"]
    assert rows[0]["raid_levels"] == "raid10;raid50"
    assert rows[0]["drive_capacity_gb"] == "600.000"
    # Re-import under another part number: the exported CSV is a valid import file.
    text = response.content.decode().replace("A-100", "A-100-COPY")
    assert post_csv(admin_client, "/api/v1/import/parts/", text).status_code == 201
    copy = Part.objects.get(part_number="A-100-COPY")
    original = Part.objects.get(part_number="A-100")
    assert (copy.drive_count, copy.drive_capacity_gb, copy.raid_levels, copy.host_port_protocol) == (
        original.drive_count,
        original.drive_capacity_gb,
        original.raid_levels,
        original.host_port_protocol,
    )
    as_json = api_client.get("/api/v1/parts/export/?kind=server").json()
    assert [p["part_number"] for p in as_json] == ["7110316"]
    as_json[0]["part_number"] = "7110316-COPY"
    again = admin_client.post("/api/v1/import/parts/", as_json, format="json")
    assert again.status_code == 201, again.content
    assert Part.objects.get(part_number="7110316-COPY").clock_ghz == Decimal("2.3")


PRICES = "manufacturer,part_number,unit_price\nacme,A-100,12500.00\noracle,7110316,9999.99\n"


def test_price_book_import_and_export(admin_client: APIClient, admin_user: Any) -> None:
    url = "/api/v1/import/price-books/?name=List&currency=USD&effective_date=2026-01-01"
    response = post_csv(admin_client, url, PRICES)
    assert response.status_code == 201, response.content
    assert response.json()["version"] == 1
    assert response.json()["entries"] == 2
    again = post_csv(admin_client, url, PRICES.replace("12500.00", "13000"))
    assert again.json()["version"] == 2
    books = list(PriceBook.objects.order_by("version"))
    assert [(b.version, b.is_active) for b in books] == [(1, False), (2, True)]
    assert books[1].imported_by == admin_user
    history = list(books[1].entries.model.history.filter(price_book_id=books[1].pk))
    assert [(h.history_type, h.history_user) for h in history] == [("+", admin_user)] * 2
    exported = admin_client.get(f"/api/v1/price-books/{books[1].pk}/export/?as=csv")
    assert exported.status_code == 200
    assert exported.content.decode() == (
        "manufacturer,part_number,unit_price,discount_percent\n"
        "acme,A-100,13000.00,0.00\noracle,7110316,9999.99,0.00\n"
    )
    as_json = admin_client.get(f"/api/v1/price-books/{books[0].pk}/export/").json()
    assert as_json[0] == {
        "manufacturer": "acme",
        "part_number": "A-100",
        "unit_price": "12500.00",
        "discount_percent": "0.00",
    }


def test_price_book_json_import(admin_client: APIClient) -> None:
    body = {
        "name": "Street",
        "currency": "EUR",
        "effective_date": "2026-02-01",
        "entries": [{"part_number": "A-100", "unit_price": "10.50"}],
    }
    response = admin_client.post("/api/v1/import/price-books/", body, format="json")
    assert response.status_code == 201, response.content
    assert PriceBook.objects.get(name="Street").entries.get().unit_price == Decimal("10.50")


@pytest.mark.parametrize(
    ("query", "text", "expected"),
    [
        ("currency=usd", PRICES, (0, "currency")),
        ("", PRICES.replace("12500.00", "-1"), (1, "unit_price")),
        ("", PRICES.replace("12500.00", "12.345"), (1, "unit_price")),
        ("", PRICES.replace("12500.00", "lots"), (1, "unit_price")),
        ("", PRICES.replace("A-100", "Z-9"), (1, "part_number")),
        ("", PRICES + "acme,A-100,1\n", (3, "part_number")),
        ("", PRICES.replace("unit_price", "price"), (0, "unit_price")),
    ],
)
def test_bad_price_book_is_rejected_and_writes_nothing(
    admin_client: APIClient, query: str, text: str, expected: tuple[int, str]
) -> None:
    before = catalog_row_counts()
    params = {"name": "List", "currency": "USD", "effective_date": "2026-01-01"}
    if query:
        key, value = query.split("=")
        params[key] = value
    url = "/api/v1/import/price-books/?" + "&".join(f"{k}={v}" for k, v in params.items())
    errors = rejected(post_csv(admin_client, url, text))
    assert expected in [(row, field) for row, field, _ in errors], errors
    assert catalog_row_counts() == before
