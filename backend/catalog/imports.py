"""Import and export of parts and price books (CSV or JSON), validated row by row, all-or-nothing."""

from __future__ import annotations

from collections import defaultdict
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
from catalog.serializers import PartSerializer
from catalog.transfer import (
    ImportRejected,
    Payload,
    RowError,
    flatten_errors,
    json_rows,
    read_csv,
    serialise_imports,
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
PRICE_COLUMNS = ["manufacturer", "part_number", "unit_price"]
PRICE_REQUIRED = ["part_number", "unit_price"]


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
    if payload.kind == "csv":
        rows = [(n, _csv_part_row(r)) for n, r in read_csv(payload.content, PART_REQUIRED, PART_COLUMNS)]
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
    manufacturer = serializers.SlugField(required=False)
    part_number = serializers.CharField(max_length=80)
    unit_price = serializers.DecimalField(max_digits=14, decimal_places=2, min_value=Decimal("0"))


@transaction.atomic
def import_price_book(
    payload: Payload,
    *,
    name: str,
    currency: str,
    effective_date: date,
    imported_by: AbstractBaseUser | AnonymousUser | None,
) -> PriceBook:
    """Store the prices as a new version of price book `name`; raise ImportRejected on any bad row."""
    serialise_imports()
    if payload.kind == "csv":
        rows: list[tuple[int, dict[str, Any]]] = [
            (n, {k: v for k, v in r.items() if v != ""})
            for n, r in read_csv(payload.content, PRICE_REQUIRED, PRICE_COLUMNS)
        ]
    else:
        rows = json_rows(payload.content, "entries")
    by_number: dict[str, list[Part]] = defaultdict(list)
    for part in Part.objects.select_related("manufacturer"):
        by_number[part.part_number].append(part)
    errors: list[RowError] = []
    entries: list[tuple[Part, Decimal]] = []
    seen: dict[int, int] = {}
    for number, row in rows:
        errors += [RowError(number, k, "unknown field") for k in sorted(set(row) - set(PRICE_COLUMNS))]
        serializer = PriceRowSerializer(data=row)
        if not serializer.is_valid():
            errors += flatten_errors(number, serializer.errors)
            continue
        data = serializer.validated_data
        candidates = [
            p
            for p in by_number.get(data["part_number"], [])
            if "manufacturer" not in data or p.manufacturer.slug == data["manufacturer"]
        ]
        if not candidates:
            errors.append(RowError(number, "part_number", f"unknown part {data['part_number']!r}"))
        elif len(candidates) > 1:
            errors.append(RowError(number, "manufacturer", "part number shared by manufacturers: give one"))
        elif candidates[0].pk in seen:
            errors.append(
                RowError(number, "part_number", f"duplicate of row {seen[candidates[0].pk]} in this file")
            )
        else:
            seen[candidates[0].pk] = number
            entries.append((candidates[0], data["unit_price"]))
    if errors:
        raise ImportRejected(errors)
    book = services.price_book_create_version(
        name=name, currency=currency, effective_date=effective_date, imported_by=imported_by
    )
    bulk_create_with_history(
        [PriceBookEntry(price_book=book, part=p, unit_price=u) for p, u in entries],
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
        }
        for e in book.entries.select_related("part__manufacturer").order_by(
            "part__manufacturer__slug", "part__part_number"
        )
    ]
