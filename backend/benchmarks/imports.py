"""Import and export of benchmark curves (CSV or JSON), validated row by row, all-or-nothing.

CSV is long: one row per measured value, `curve` + `point` say where it belongs; curve columns may be
given on the curve's first row only (if repeated they must agree). JSON is a list of curves shaped
like the API's curve representation (points with `values: [{quantity, value, unit}]`).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any

from django.db import transaction
from rest_framework import serializers
from simple_history.utils import bulk_create_with_history

from benchmarks.models import BenchmarkCurve, MeasuredPoint, PointValue
from benchmarks.serializers import BenchmarkCurveSerializer
from catalog.choices import Unit
from catalog.models import SourceDocument
from catalog.transfer import (
    ImportRejected,
    Payload,
    RowError,
    flatten_errors,
    json_rows,
    read_csv,
    serialise_imports,
)
from catalog.units import unit_problem

CURVE_FIELDS = [
    "title",
    "configuration",
    "source_document",
    "tool",
    "io_pattern",
    "block_size_kb",
    "read_pct",
    "arrays",
    "array_mode",
    "raid",
    "rac_nodes",
    "asm_volumes",
    "memory",
    "notes",
    "curve_source_locator",
]
CSV_REQUIRED = ["curve", "point", "source_locator", "quantity", "value", "unit"]
CSV_COLUMNS = [
    "curve",
    *CURVE_FIELDS,
    "point",
    "conditions",
    "point_source_document",  # when a point cites another document than its curve
    "source_locator",
    "quantity",
    "value",
    "unit",
]
_QUANTITY = re.compile(r"^[a-z][a-z0-9_]*$")
_VALUE_FIELD = serializers.DecimalField(max_digits=20, decimal_places=6)
_MAX_POSITION = 100_000
_JSON_CURVE_FIELDS = {"slug", *(f for f in CURVE_FIELDS if f != "curve_source_locator"), "source_locator"}


@dataclass
class _Value:
    row: int
    where: str  # field path prefix ("" for CSV, "points.0.values.1." for JSON)
    quantity: Any
    value: Any
    unit: Any


@dataclass
class _Point:
    row: int
    where: str
    position: int
    conditions: Any
    source_document: Any
    source_locator: Any
    values: list[_Value] = field(default_factory=list)


@dataclass
class _Curve:
    row: int
    fields: dict[str, Any]
    points: dict[int, _Point] = field(default_factory=dict)


class CurveImportSerializer(BenchmarkCurveSerializer):
    class Meta(BenchmarkCurveSerializer.Meta):
        fields = ["slug", *[f for f in CURVE_FIELDS if f != "curve_source_locator"], "source_locator"]


def _from_csv(text: str) -> tuple[dict[str, _Curve], list[RowError]]:
    curves: dict[str, _Curve] = {}
    errors: list[RowError] = []
    for number, row in read_csv(text, CSV_REQUIRED, CSV_COLUMNS):
        slug = row["curve"]
        curve = curves.setdefault(slug, _Curve(number, {"slug": slug}))
        for name in CURVE_FIELDS:
            value = row.get(name, "")
            if value == "":
                continue
            key = "source_locator" if name == "curve_source_locator" else name
            if key in curve.fields and curve.fields[key] != value:
                errors.append(RowError(number, name, f"differs from row {curve.row} of curve {slug!r}"))
            curve.fields[key] = value
        try:
            position = int(row["point"])
            if not 1 <= position <= _MAX_POSITION:
                raise ValueError
        except ValueError:
            errors.append(RowError(number, "point", "a point number (1, 2, ...) is required"))
            continue
        point = curve.points.get(position)
        if point is None:
            conditions: Any = {}
            if row.get("conditions"):
                try:
                    conditions = json.loads(row["conditions"], parse_float=Decimal)
                except json.JSONDecodeError:
                    errors.append(RowError(number, "conditions", "not a JSON object"))
            document = row.get("point_source_document") or curve.fields.get("source_document")
            point = _Point(number, "", position, conditions, document, row["source_locator"])
            curve.points[position] = point
        elif row["source_locator"] != point.source_locator:
            errors.append(
                RowError(number, "source_locator", f"differs from row {point.row} of the same point")
            )
        point.values.append(_Value(number, "", row["quantity"], row["value"], row["unit"]))
    return curves, errors


def _from_json(content: Any) -> tuple[dict[str, _Curve], list[RowError]]:
    curves: dict[str, _Curve] = {}
    errors: list[RowError] = []
    for number, item in json_rows(content, "curves"):
        points = item.get("points")
        # what the API adds to a curve it answers (read only, derived), so that an export imports back
        fields = {
            k: v for k, v in item.items() if k not in {"points", "id", "from_fixtures", "storage_model"}
        }
        errors += [RowError(number, k, "unknown field") for k in sorted(set(fields) - _JSON_CURVE_FIELDS)]
        slug = str(fields.get("slug", ""))
        if slug in curves:
            errors.append(RowError(number, "slug", f"duplicate of row {curves[slug].row} in this file"))
            continue
        curve = _Curve(number, fields)
        curves[slug] = curve
        if not isinstance(points, list) or not points:
            errors.append(RowError(number, "points", "a curve needs at least one point"))
            continue
        for i, point in enumerate(points):
            where = f"points.{i}."
            if not isinstance(point, dict):
                errors.append(RowError(number, f"points.{i}", "expected an object"))
                continue
            position = point.get("position", i + 1)
            if (
                isinstance(position, bool)
                or not isinstance(position, int)
                or not 1 <= position <= _MAX_POSITION
            ):
                errors.append(
                    RowError(number, f"{where}position", f"a point number from 1 to {_MAX_POSITION}")
                )
                continue
            values = point.get("values")
            if isinstance(values, dict):  # the fixture form {quantity: {value, unit}}
                values = [
                    {"quantity": q, **(v if isinstance(v, dict) else {"value": v})} for q, v in values.items()
                ]
            if not isinstance(values, list) or not values:
                errors.append(RowError(number, f"{where}values", "a point needs at least one value"))
                values = []
            parsed = _Point(
                number,
                where,
                position,
                point.get("conditions", {}),
                point.get("source_document", fields.get("source_document")),
                point.get("source_locator", ""),
            )
            for j, value in enumerate(values):
                v = value if isinstance(value, dict) else {}
                parsed.values.append(
                    _Value(number, f"{where}values.{j}.", v.get("quantity"), v.get("value"), v.get("unit"))
                )
            if position in curve.points:
                errors.append(RowError(number, f"{where}position", f"duplicate point position {position}"))
            curve.points[position] = parsed
    return curves, errors


_SCALARS = (str, int, float, Decimal, bool, type(None))


def _check_points(curve: _Curve, documents: dict[str, SourceDocument]) -> list[RowError]:
    errors: list[RowError] = []
    for point in curve.points.values():
        if not isinstance(point.conditions, dict):
            errors.append(RowError(point.row, f"{point.where}conditions", "must be an object"))
        elif not all(isinstance(v, _SCALARS) for v in point.conditions.values()):
            # As in the fixture schema: a condition is a named number, text, true/false or null.
            message = "each condition must be a number, text, true/false or null"
            errors.append(RowError(point.row, f"{point.where}conditions", message))
        if not isinstance(point.source_locator, str) or len(point.source_locator) > 200:
            errors.append(
                RowError(point.row, f"{point.where}source_locator", "text of at most 200 characters")
            )
        elif not point.source_locator.strip():
            errors.append(
                RowError(
                    point.row,
                    f"{point.where}source_locator",
                    "a measured point must cite its table, figure or section",
                )
            )
        if not isinstance(point.source_document, str) or point.source_document not in documents:
            errors.append(
                RowError(
                    point.row,
                    f"{point.where}source_document",
                    f"unknown source document {point.source_document!r}",
                )
            )
        seen: dict[str, int] = {}
        for value in point.values:
            quantity = value.quantity if isinstance(value.quantity, str) else ""
            if not _QUANTITY.match(quantity) or len(quantity) > 64:
                errors.append(
                    RowError(value.row, f"{value.where}quantity", "a snake_case quantity name is required")
                )
            elif quantity in seen:
                errors.append(
                    RowError(value.row, f"{value.where}quantity", f"{quantity!r} given twice for this point")
                )
            seen.setdefault(quantity, value.row)
            if not isinstance(value.unit, str) or value.unit not in Unit.values:
                errors.append(RowError(value.row, f"{value.where}unit", f"unknown unit {value.unit!r}"))
            elif _QUANTITY.match(quantity) and (problem := unit_problem(quantity, str(value.unit))):
                errors.append(RowError(value.row, f"{value.where}unit", problem))
            try:
                number = _VALUE_FIELD.to_internal_value(value.value)
            except (serializers.ValidationError, InvalidOperation, TypeError) as exc:
                detail = exc.detail[0] if isinstance(exc, serializers.ValidationError) else "not a number"  # type: ignore[index]
                errors.append(RowError(value.row, f"{value.where}value", str(detail)))
                continue
            if number < 0:
                errors.append(
                    RowError(value.row, f"{value.where}value", "a measured value cannot be negative")
                )
            value.value = number
    return errors


@transaction.atomic
def import_curves(payload: Payload) -> list[BenchmarkCurve]:
    """Create the curves (with points and values); raise ImportRejected (nothing written) on any bad row."""
    serialise_imports()
    curves, errors = _from_csv(payload.content) if payload.kind == "csv" else _from_json(payload.content)
    documents = {d.slug: d for d in SourceDocument.objects.all()}
    valid: list[tuple[_Curve, CurveImportSerializer]] = []
    for curve in curves.values():
        serializer = CurveImportSerializer(data=curve.fields)
        if serializer.is_valid():
            valid.append((curve, serializer))
        else:
            errors += flatten_errors(curve.row, serializer.errors)
        errors += _check_points(curve, documents)
    if errors:
        raise ImportRejected(sorted(set(errors), key=lambda e: (e.row, e.field, e.message)))
    created = []
    for curve, serializer in valid:
        saved = serializer.save()
        # With their history rows (the request's user, via HistoryRequestMiddleware), as save() would.
        points = bulk_create_with_history(
            [
                MeasuredPoint(
                    curve=saved,
                    position=p.position,
                    conditions=json.loads(json.dumps(p.conditions, default=str)),
                    source_document=documents[p.source_document],
                    source_locator=str(p.source_locator).strip(),
                )
                for p in sorted(curve.points.values(), key=lambda p: p.position)
            ],
            MeasuredPoint,
            default_change_reason="curve import",
        )
        by_position = {p.position: p for p in points}
        bulk_create_with_history(
            [
                PointValue(point=by_position[p.position], quantity=v.quantity, value=v.value, unit=v.unit)
                for p in curve.points.values()
                for v in p.values
            ],
            PointValue,
            default_change_reason="curve import",
        )
        created.append(saved)
    return created


def curve_rows(curve: BenchmarkCurve) -> list[dict[str, Any]]:
    """A curve as CSV rows in the import format (one row per value; curve columns on every row)."""
    head = {
        "curve": curve.slug,
        "title": curve.title,
        "configuration": curve.configuration.slug,
        "source_document": curve.source_document.slug,
        "tool": curve.tool,
        "io_pattern": curve.io_pattern,
        "block_size_kb": curve.block_size_kb,
        "read_pct": curve.read_pct,
        "arrays": curve.arrays,
        "array_mode": curve.array_mode,
        "raid": curve.raid,
        "rac_nodes": curve.rac_nodes,
        "asm_volumes": curve.asm_volumes,
        "memory": curve.memory,
        "notes": curve.notes,
        "curve_source_locator": curve.source_locator,
    }
    rows = []
    for point in (
        curve.points.select_related("source_document").prefetch_related("values").order_by("position")
    ):
        for value in point.values.all():
            rows.append(
                {
                    **head,
                    "point": point.position,
                    "conditions": point.conditions,
                    "point_source_document": point.source_document.slug,
                    "source_locator": point.source_locator,
                    "quantity": value.quantity,
                    "value": value.value,
                    "unit": value.unit,
                }
            )
    return rows
