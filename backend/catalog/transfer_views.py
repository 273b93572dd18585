"""HTTP side of import/export: parse the upload, call the import service, map its errors to a 400.

Uploads: multipart (`file`, .csv or .json), a `text/csv` body, or an `application/json` body.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from typing import Any

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.exceptions import ParseError, ValidationError
from rest_framework.parsers import BaseParser, FormParser, MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from catalog import imports
from catalog.permissions import IsAdmin
from catalog.transfer import ImportRejected, Payload, RowError, payload_from_text, write_csv
from core.nul import MESSAGE as NUL_MESSAGE
from core.nul import contains_nul
from core.parsers import JSONParser


class DecimalJSONParser(JSONParser):
    """JSON with exact decimals (the stock parser would turn 0.1 into a binary float); bounded in
    depth like every API body (core.parsers)."""

    def load(self, stream: Any, media_type: Any, parser_context: Any) -> Any:
        try:
            return json.loads(stream.read().decode("utf-8"), parse_float=Decimal)
        except (ValueError, UnicodeDecodeError) as exc:
            raise ParseError(f"JSON parse error: {exc}") from exc


class CSVTextParser(BaseParser):
    media_type = "text/csv"

    def parse(
        self, stream: Any, media_type: str | None = None, parser_context: Mapping[str, Any] | None = None
    ) -> Any:
        try:
            return stream.read().decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ParseError("CSV must be UTF-8 text") from exc


IMPORT_ERRORS = inline_serializer(
    "ImportErrors",
    fields={
        "errors": serializers.ListField(
            child=inline_serializer(
                "ImportRowError",
                fields={
                    "row": serializers.IntegerField(
                        help_text="1-based data row (0 = CSV header / whole file)"
                    ),
                    "field": serializers.CharField(),
                    "message": serializers.CharField(),
                },
            )
        )
    },
)
IMPORT_REJECTED_EXAMPLE = OpenApiExample(
    "Rejected import",
    value={
        "errors": [
            {"row": 3, "field": "value", "message": "a measured value cannot be negative"},
            {"row": 4, "field": "unit", "message": "unknown unit 'IOPZ'"},
        ]
    },
    response_only=True,
    status_codes=["400"],
)
UPLOAD_FILE = {
    "multipart/form-data": inline_serializer("ImportUpload", fields={"file": serializers.FileField()}),
    "text/csv": OpenApiTypes.STR,
}


def upload(json_body: Any) -> dict[str, Any]:
    """An import's request: a file (multipart), CSV text, or the JSON body `json_body` documents (the
    object form {"<rows>": [...]}; a bare JSON list of the same rows is accepted too)."""
    return {**UPLOAD_FILE, "application/json": json_body}


PARTS_IMPORT = inline_serializer(
    "PartsImport", fields={"parts": imports.PartImportSerializer(many=True, help_text="the parts to create")}
)
PARTS_IMPORTED = inline_serializer(
    "PartsImported",
    fields={
        "created": serializers.IntegerField(help_text="parts created"),
        "ids": serializers.ListField(child=serializers.IntegerField()),
    },
)
PRICE_BOOK_IMPORTED = inline_serializer(
    "PriceBookImported",
    fields={
        "id": serializers.IntegerField(),
        "name": serializers.CharField(),
        "version": serializers.IntegerField(),
        "entries": serializers.IntegerField(help_text="price entries stored"),
    },
)
CURVES_IMPORTED = inline_serializer(
    "CurvesImported",
    fields={"created": serializers.ListField(child=serializers.CharField(), help_text="slugs of the curves")},
)
# A price book export: its rows in the import format (money as a decimal string). A raw schema: a
# serializer with many=True would make the detail action look like a filtered list.
PRICE_ROWS = {
    "type": "array",
    "items": {
        "type": "object",
        "properties": {
            "manufacturer": {"type": "string", "description": "manufacturer slug"},
            "part_number": {"type": "string"},
            "unit_price": {"type": "string", "format": "decimal", "description": "exact, e.g. 1234.50"},
        },
        "required": ["manufacturer", "part_number", "unit_price"],
    },
}
EXPORT_FORMATS = ("json", "csv")
EXPORT_AS = OpenApiParameter("as", str, enum=EXPORT_FORMATS, description="Output format (default json)")


def read_payload(request: Request) -> Payload:
    upload = request.FILES.get("file") if hasattr(request, "FILES") else None
    if upload is not None:
        try:
            text = upload.read().decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ImportRejected([RowError(0, "file", "the file must be UTF-8 text")]) from exc
        _reject_nul(text)
        is_json = (upload.name or "").lower().endswith(".json") or "json" in (upload.content_type or "")
        return payload_from_text(text, "application/json" if is_json else "text/csv")
    _reject_nul(request.data)
    if isinstance(request.data, str):
        return Payload("csv", request.data)
    if request.content_type.startswith("application/json"):
        return Payload("json", request.data)
    raise ImportRejected([RowError(0, "file", "send a multipart `file`, a text/csv body or a JSON body")])


def _reject_nul(data: Any) -> None:
    if contains_nul(data):
        raise ImportRejected([RowError(0, "file", NUL_MESSAGE)])


def run_import(action: Callable[[], Any]) -> Any:
    """Every refusal, an unreadable body included, answers in the documented ImportErrors shape
    (ImportRejected; core.exception_handler writes it)."""
    try:
        return action()
    except ParseError as exc:
        raise ImportRejected([RowError(0, "file", str(exc.detail))]) from exc


def export_format(request: Request) -> str:
    """`?as=`: json (the default) or csv; anything else is a 400, not silently JSON."""
    chosen = request.query_params.get("as", "json")
    if chosen not in EXPORT_FORMATS:
        raise ValidationError({"as": [f"Choose one of: {', '.join(EXPORT_FORMATS)}."]})
    return chosen


def export_response(request: Request, name: str, columns: Sequence[str], rows: list[dict[str, Any]]) -> Any:
    if export_format(request) == "csv":
        response = HttpResponse(write_csv(columns, rows), content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="{name}.csv"'
        return response
    return Response(rows)


class ImportView(APIView):
    """Base of the admin-only import endpoints. A body past IMPORT_MAX_BYTES is refused (413) before
    it is read (core.parsers.RequestSizeLimitMiddleware): an import's cost grows with its rows."""

    permission_classes = [IsAdmin]
    parser_classes = [DecimalJSONParser, CSVTextParser, MultiPartParser, FormParser]
    max_body_bytes_setting = "IMPORT_MAX_BYTES"


class ImportPartsView(ImportView):
    @extend_schema(
        tags=["import"],
        request=upload(PARTS_IMPORT),
        responses={201: PARTS_IMPORTED, 400: IMPORT_ERRORS},
        examples=[IMPORT_REJECTED_EXAMPLE],
        description="Admins: create parts from CSV (columns: " + ", ".join(imports.PART_COLUMNS) + "; "
        "raid_levels separated by ';') or JSON (a list of part objects). All-or-nothing.",
    )
    def post(self, request: Request) -> Response:
        def work() -> Response:
            parts = imports.import_parts(read_payload(request))
            return Response(
                {"created": len(parts), "ids": [p.pk for p in parts]}, status=status.HTTP_201_CREATED
            )

        return run_import(work)


class PriceBookImportMeta(serializers.Serializer[dict[str, Any]]):
    name = serializers.CharField(max_length=120)
    currency = serializers.RegexField(
        r"^[A-Z]{3}$", error_messages={"invalid": "An ISO 4217 code, e.g. USD."}
    )
    effective_date = serializers.DateField()


PRICE_BOOK_IMPORT = inline_serializer(
    "PriceBookImport",
    fields={
        "name": serializers.CharField(max_length=120, required=False, help_text="or the query parameter"),
        "currency": serializers.RegexField(r"^[A-Z]{3}$", required=False, help_text="ISO 4217 code"),
        "effective_date": serializers.DateField(required=False),
        "entries": imports.PriceRowSerializer(many=True, help_text="one price per part number"),
    },
)


class ImportPriceBookView(ImportView):
    @extend_schema(
        tags=["import"],
        request=upload(PRICE_BOOK_IMPORT),
        parameters=[
            OpenApiParameter("name", str, description="price book name (or a form/JSON field)"),
            OpenApiParameter("currency", str, description="ISO 4217 code"),
            OpenApiParameter("effective_date", OpenApiTypes.DATE),
        ],
        responses={201: PRICE_BOOK_IMPORTED, 400: IMPORT_ERRORS},
        examples=[IMPORT_REJECTED_EXAMPLE],
        description="Admins: store prices (CSV columns manufacturer, part_number, unit_price; or JSON "
        "{name, currency, effective_date, entries: [...]}) as the next version of the named price book.",
    )
    def post(self, request: Request) -> Response:
        def work() -> Response:
            source: dict[str, Any] = dict(request.query_params.items())
            if isinstance(request.data, Mapping):
                source.update(
                    {k: request.data[k] for k in ("name", "currency", "effective_date") if k in request.data}
                )
            meta = PriceBookImportMeta(data=source)
            if not meta.is_valid():
                raise ImportRejected(
                    [RowError(0, name, str(messages[0])) for name, messages in meta.errors.items()]
                )
            book = imports.import_price_book(
                read_payload(request),
                name=meta.validated_data["name"],
                currency=meta.validated_data["currency"],
                effective_date=meta.validated_data["effective_date"],
                imported_by=request.user,
            )
            return Response(
                {"id": book.pk, "name": book.name, "version": book.version, "entries": book.entries.count()},
                status=status.HTTP_201_CREATED,
            )

        return run_import(work)
