"""Import and export of parts and price books (CSV, XLSX or JSON), validated row by row, all-or-nothing;
the dry run (preview) of a price book upload; the price book template."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import transaction
from django.db.models import QuerySet
from rest_framework import serializers
from simple_history.utils import bulk_create_with_history

from catalog import services
from catalog.models import Part, PriceBook, PriceBookEntry
from catalog.models.prices import net_price
from catalog.serializers import PartSerializer
from catalog.transfer import (
    ImportRejected,
    Payload,
    RowError,
    flatten_errors,
    json_rows,
    serialise_imports,
    table_rows,
)

PART_COLUMNS = [
    "manufacturer",
    "part_number",
    "kind",
    "part_number_is_model",
    "model",
    "description",
    "cores",
    "sockets",
    "clock_ghz",
    "memory_gb",
    "drive_count",
    "drive_capacity_gb",
    "drive_technology",
    "raid_levels",
    "hot_spares",
    "host_ports",
    "host_port_speed_gbps",
    "host_port_protocol",
    "rack_units",
    "cache_gb",
    "source_document",
    "source_locator",
]
PART_REQUIRED = ["manufacturer", "part_number", "kind"]
_EXPORT_ONLY = {"id", "from_fixtures"}
PRICE_COLUMNS = ["manufacturer", "part_number", "unit_price", "discount_percent"]
PRICE_REQUIRED = ["part_number", "unit_price"]
# Also read on import: the template's description (ignored) and a currency checked against the book's.
PRICE_FILE_COLUMNS = [*PRICE_COLUMNS, "description", "currency"]
TEMPLATE_COLUMNS = ["manufacturer", "part_number", "description", "unit_price", "discount_percent"]


class PartImportSerializer(PartSerializer):
    class Meta(PartSerializer.Meta):
        # Duplicates are reported by the importer with a field-level message (see _check_duplicates).
        validators: list[Any] = []


def _csv_part_row(row: dict[str, str]) -> dict[str, Any]:
    out: dict[str, Any] = {k: v for k, v in row.items() if v != ""}
    if "raid_levels" in out:
        out["raid_levels"] = [r.strip() for r in out["raid_levels"].split(";") if r.strip()]
    return out


@transaction.atomic
def import_parts(payload: Payload) -> list[Part]:
    """Create the parts in `payload`; raise ImportRejected (nothing written) on any bad row."""
    serialise_imports()
    if payload.kind in ("csv", "xlsx"):
        rows = [(n, _csv_part_row(r)) for n, r in table_rows(payload, PART_REQUIRED, PART_COLUMNS)]
    else:
        rows = json_rows(payload.content, "parts")
    errors: list[RowError] = []
    valid: list[tuple[int, PartImportSerializer]] = []
    for number, row in rows:
        # id and from_fixtures are what the JSON export adds: ignored, so an export imports again.
        row = {k: v for k, v in row.items() if k not in _EXPORT_ONLY}
        unknown = sorted(set(row) - set(PART_COLUMNS))
        errors += [RowError(number, name, "unknown field") for name in unknown]
        serializer = PartImportSerializer(data=row)
        if serializer.is_valid():
            valid.append((number, serializer))
        else:
            errors += flatten_errors(number, serializer.errors)
    seen: dict[tuple[int, str], int] = {}
    for number, serializer in valid:
        data = serializer.validated_data
        key = (data["manufacturer"].pk, data["part_number"])
        if key in seen:
            errors.append(RowError(number, "part_number", f"duplicate of row {seen[key]} in this file"))
        elif Part.objects.filter(manufacturer_id=key[0], part_number=key[1]).exists():
            errors.append(
                RowError(
                    number, "part_number", f"part {key[1]!r} of {data['manufacturer'].slug!r} already exists"
                )
            )
        seen.setdefault(key, number)
    if errors:
        raise ImportRejected(sorted(errors, key=lambda e: (e.row, e.field)))
    return [serializer.save() for _, serializer in valid]


class PriceRowSerializer(serializers.Serializer[dict[str, Any]]):
    manufacturer = serializers.SlugField(
        required=False, help_text="manufacturer slug, when a number is shared"
    )
    part_number = serializers.CharField(max_length=80)
    description = serializers.CharField(
        required=False, allow_blank=True, help_text="ignored (the template's reminder of the part)"
    )
    unit_price = serializers.DecimalField(
        max_digits=14, decimal_places=2, min_value=Decimal("0"), help_text="list price"
    )
    discount_percent = serializers.DecimalField(
        max_digits=5,
        decimal_places=2,
        min_value=Decimal("0"),
        max_value=Decimal("100"),
        required=False,
        help_text="discount on this line, percent of the list price (default 0)",
    )
    currency = serializers.CharField(
        required=False, max_length=3, help_text="ISO 4217; when given, must be the price book's"
    )


@dataclass
class PriceRowCheck:
    """One data row of a price book file as the preview shows it."""

    row: int
    manufacturer: str
    part_number: str
    description: str = ""
    unit_price: Decimal | None = None
    discount_percent: Decimal | None = None
    errors: list[RowError] = field(default_factory=list)
    part: Part | None = None
    skipped: bool = False

    @property
    def status(self) -> str:
        return "error" if self.errors else "skipped" if self.skipped else "ok"

    def as_dict(self) -> dict[str, Any]:
        priced = self.unit_price is not None and not self.errors and not self.skipped
        return {
            "row": self.row,
            "manufacturer": self.manufacturer,
            "part_number": self.part_number,
            "description": self.description,
            "unit_price": str(self.unit_price) if self.unit_price is not None else None,
            "discount_percent": str(self.discount_percent) if self.discount_percent is not None else None,
            "net_unit_price": (
                str(net_price(self.unit_price, self.discount_percent or Decimal(0)))
                if priced and self.unit_price is not None
                else None
            ),
            "status": self.status,
            "errors": [{"field": e.field, "message": e.message} for e in self.errors],
        }


@dataclass
class PriceBookCheck:
    """Every row of a price book file checked against the catalog; nothing written."""

    rows: list[PriceRowCheck]
    errors: list[RowError]  # every error: whole-file ones (row 0) and each row's

    @property
    def entries(self) -> list[tuple[Part, Decimal, Decimal]]:
        """(part, list price, discount) of the rows that would be stored."""
        return [
            (r.part, r.unit_price, r.discount_percent or Decimal(0))
            for r in self.rows
            if r.status == "ok" and r.part is not None and r.unit_price is not None
        ]


def _price_rows(payload: Payload) -> tuple[list[tuple[int, dict[str, Any]]], bool]:
    """(rows, from_a_table): a CSV or XLSX row with no price is the template's unpriced part."""
    if payload.kind in ("csv", "xlsx"):
        rows = [
            (n, {k: v for k, v in r.items() if v != ""})
            for n, r in table_rows(payload, PRICE_REQUIRED, PRICE_FILE_COLUMNS)
        ]
        return rows, True
    return json_rows(payload.content, "entries"), False


def check_price_book(payload: Payload, *, currency: str | None) -> PriceBookCheck:
    """Check every row (unknown part number, bad price or discount, another currency, duplicate
    line...) and say what would be stored; raise ImportRejected only when the file itself cannot be
    read (no header, wrong columns). `currency` None: the price book's own is invalid, rows are not
    compared with it."""
    rows, from_table = _price_rows(payload)
    by_number: dict[str, list[Part]] = defaultdict(list)
    for part in Part.objects.select_related("manufacturer"):
        by_number[part.part_number].append(part)
    checked: list[PriceRowCheck] = []
    seen: dict[int, int] = {}
    for number, row in rows:
        entry = PriceRowCheck(
            row=number,
            manufacturer=str(row.get("manufacturer", "")),
            part_number=str(row.get("part_number", "")),
            description=str(row.get("description", "")),
        )
        checked.append(entry)
        entry.errors += [
            RowError(number, k, "unknown field") for k in sorted(set(row) - set(PRICE_FILE_COLUMNS))
        ]
        if from_table and "unit_price" not in row and "discount_percent" not in row:
            entry.skipped = True  # a template line left blank: that part gets no price
            continue
        serializer = PriceRowSerializer(data=row)
        if not serializer.is_valid():
            entry.errors += flatten_errors(number, serializer.errors)
            continue
        data = serializer.validated_data
        entry.unit_price = data["unit_price"]
        entry.discount_percent = data.get("discount_percent", Decimal(0))
        row_currency = data.get("currency")
        if row_currency and currency and row_currency != currency:
            entry.errors.append(
                RowError(number, "currency", f"{row_currency!r} where the price book is in {currency}")
            )
        candidates = [
            p
            for p in by_number.get(data["part_number"], [])
            if "manufacturer" not in data or p.manufacturer.slug == data["manufacturer"]
        ]
        if not candidates:
            entry.errors.append(RowError(number, "part_number", f"unknown part {data['part_number']!r}"))
        elif len(candidates) > 1:
            entry.errors.append(
                RowError(number, "manufacturer", "part number shared by manufacturers: give one")
            )
        elif candidates[0].pk in seen:
            entry.errors.append(
                RowError(number, "part_number", f"duplicate of row {seen[candidates[0].pk]} in this file")
            )
        else:
            seen[candidates[0].pk] = number
            entry.part = candidates[0]
            entry.manufacturer = candidates[0].manufacturer.slug
            entry.description = candidates[0].description
    errors = [e for r in checked for e in r.errors]
    if not errors and not any(r.status == "ok" for r in checked):
        errors.append(RowError(0, "unit_price", "no row has a price: fill in the unit_price column"))
    return PriceBookCheck(rows=checked, errors=errors)


def preview_rejected(errors: list[RowError]) -> dict[str, Any]:
    """The preview of a file that cannot be read at all (not UTF-8, not a workbook, no header)."""
    summary = {"rows": 0, "priced": 0, "skipped": 0, "with_errors": 0}
    return {"valid": False, "errors": [e.as_dict() for e in errors], "rows": [], "summary": summary}


def preview_price_book(
    payload: Payload, *, currency: str | None, meta_errors: list[RowError]
) -> dict[str, Any]:
    """The dry run of an upload: every row with its status and errors; nothing is written."""
    try:
        check = check_price_book(payload, currency=currency)
    except ImportRejected as exc:
        return preview_rejected(meta_errors + exc.errors)
    errors = meta_errors + check.errors
    return {
        "valid": not errors,
        "errors": [e.as_dict() for e in errors],
        "rows": [r.as_dict() for r in check.rows],
        "summary": {
            "rows": len(check.rows),
            "priced": sum(r.status == "ok" for r in check.rows),
            "skipped": sum(r.status == "skipped" for r in check.rows),
            "with_errors": sum(r.status == "error" for r in check.rows),
        },
    }


@transaction.atomic
def import_price_book(
    payload: Payload,
    *,
    name: str,
    currency: str,
    effective_date: date,
    imported_by: AbstractBaseUser | AnonymousUser | None,
    valid_until: date | None = None,
    activate: bool = True,
    is_demo: bool = False,
) -> PriceBook:
    """Store the prices as a new version of price book `name`; raise ImportRejected on any bad row
    (nothing written: the rows are checked before the book is created, all in one transaction)."""
    serialise_imports()
    check = check_price_book(payload, currency=currency)
    if check.errors:
        raise ImportRejected(check.errors)
    book = services.price_book_create_version(
        name=name,
        currency=currency,
        effective_date=effective_date,
        valid_until=valid_until,
        imported_by=imported_by,
        activate=activate,
        is_demo=is_demo,
    )
    bulk_create_with_history(
        [
            PriceBookEntry(price_book=book, part=part, unit_price=price, discount_percent=discount)
            for part, price, discount in check.entries
        ],
        PriceBookEntry,
        default_user=book.imported_by,
        default_change_reason="price book import",
    )
    return book


def part_rows(queryset: QuerySet[Part]) -> list[dict[str, Any]]:
    """Parts as import-compatible rows (export)."""
    return [dict(PartSerializer(p).data) for p in queryset.select_related("manufacturer", "source_document")]


def price_book_rows(book: PriceBook) -> list[dict[str, Any]]:
    return [
        {
            "manufacturer": e.part.manufacturer.slug,
            "part_number": e.part.part_number,
            "unit_price": str(e.unit_price),  # a string, as everywhere money is serialised
            "discount_percent": str(e.discount_percent),
        }
        for e in book.entries.select_related("part__manufacturer").order_by(
            "part__manufacturer__slug", "part__part_number"
        )
    ]


def price_template_rows() -> list[dict[str, Any]]:
    """Every part of the catalog with an empty price: the file an admin fills in and uploads."""
    return [
        {
            "manufacturer": p.manufacturer.slug,
            "part_number": p.part_number,
            "description": p.description,
            "unit_price": "",
            "discount_percent": "",
        }
        for p in Part.objects.select_related("manufacturer").order_by("manufacturer__slug", "part_number")
    ]
