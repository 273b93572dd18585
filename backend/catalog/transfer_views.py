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

from catalog import imports, services
from catalog.permissions import IsAdmin
from catalog.transfer import ImportRejected, Payload, RowError, payload_from_text, write_csv, write_xlsx
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


class ImportRowErrorSerializer(serializers.Serializer[dict[str, Any]]):
    row = serializers.IntegerField(help_text="1-based data row (0 = CSV header / whole file)")
    field = serializers.CharField()
    message = serializers.CharField()


IMPORT_ERRORS = inline_serializer("ImportErrors", fields={"errors": ImportRowErrorSerializer(many=True)})
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
    "multipart/form-data": inline_serializer(
        "ImportUpload", fields={"file": serializers.FileField(help_text=".csv, .xlsx (first sheet) or .json")}
    ),
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
            "discount_percent": {"type": "string", "format": "decimal", "description": "e.g. 12.50"},
        },
        "required": ["manufacturer", "part_number", "unit_price", "discount_percent"],
    },
}
EXPORT_FORMATS = ("json", "csv")
EXPORT_AS = OpenApiParameter("as", str, enum=EXPORT_FORMATS, description="Output format (default json)")


XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def _is_xlsx(name: str, content_type: str, head: bytes) -> bool:
    # An XLSX workbook is a ZIP archive: its name, its type or its first bytes say so.
    return name.lower().endswith(".xlsx") or "spreadsheetml" in content_type or head.startswith(b"PK\x03\x04")


def read_payload(request: Request) -> Payload:
    upload = request.FILES.get("file") if hasattr(request, "FILES") else None
    if upload is not None:
        raw = upload.read()
        if _is_xlsx(upload.name or "", upload.content_type or "", raw[:4]):
            return Payload("xlsx", raw)
        try:
            text = raw.decode("utf-8")
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
    effective_date = serializers.DateField(help_text="valid from")
    valid_until = serializers.DateField(required=False, allow_null=True)
    activate = serializers.BooleanField(required=False, default=True)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        until = attrs.get("valid_until")
        if until is not None and until < attrs["effective_date"]:
            raise serializers.ValidationError(
                {"valid_until": ["Must not be before effective_date (valid from)."]}
            )
        return attrs


META_FIELDS = ("name", "currency", "effective_date", "valid_until", "activate")


def _meta(request: Request) -> tuple[dict[str, Any] | None, list[RowError], str]:
    """The price book's name, currency and dates from the query, form fields or JSON body; errors
    as row-0 errors naming the field; and the name as given (the preview names the book even when
    another field is wrong)."""
    source: dict[str, Any] = dict(request.query_params.items())
    if isinstance(request.data, Mapping):
        source.update({k: request.data[k] for k in META_FIELDS if k in request.data})
    if source.get("valid_until") == "":
        source["valid_until"] = None
    meta = PriceBookImportMeta(data=source)
    given = source.get("name")
    given_name = given.strip() if isinstance(given, str) else ""
    if meta.is_valid():
        return meta.validated_data, [], given_name
    return None, [RowError(0, name, str(messages[0])) for name, messages in meta.errors.items()], given_name


PRICE_BOOK_IMPORT = inline_serializer(
    "PriceBookImport",
    fields={
        "name": serializers.CharField(max_length=120, required=False, help_text="or the query parameter"),
        "currency": serializers.RegexField(r"^[A-Z]{3}$", required=False, help_text="ISO 4217 code"),
        "effective_date": serializers.DateField(required=False, help_text="valid from"),
        "valid_until": serializers.DateField(required=False, allow_null=True),
        "activate": serializers.BooleanField(required=False, help_text="default true"),
        "entries": imports.PriceRowSerializer(many=True, help_text="one price per part number"),
    },
)
META_PARAMETERS = [
    OpenApiParameter("name", str, description="price book name (or a form/JSON field)"),
    OpenApiParameter("currency", str, description="ISO 4217 code"),
    OpenApiParameter("effective_date", OpenApiTypes.DATE, description="valid from"),
    OpenApiParameter("valid_until", OpenApiTypes.DATE, description="last day the prices apply (optional)"),
    OpenApiParameter(
        "activate",
        OpenApiTypes.BOOL,
        description="make the new version the active one of its name (default true; the SPA sends false "
        "and activates after checking the saved book)",
    ),
]
PRICE_FILE_HELP = (
    "CSV or XLSX (first sheet) columns: part_number and unit_price (required), manufacturer (when a "
    "part number is shared), discount_percent (0-100, default 0), currency (checked against the price "
    "book's), description (ignored: the template's). A row with no unit_price is skipped (a template "
    "line left blank)."
)


class ImportPriceBookView(ImportView):
    @extend_schema(
        tags=["import"],
        request=upload(PRICE_BOOK_IMPORT),
        parameters=META_PARAMETERS,
        responses={201: PRICE_BOOK_IMPORTED, 400: IMPORT_ERRORS},
        examples=[IMPORT_REJECTED_EXAMPLE],
        description="Admins: store prices as the next version of the named price book, all rows or none. "
        + PRICE_FILE_HELP
        + " Or JSON {name, currency, effective_date, valid_until, entries: [...]}.",
    )
    def post(self, request: Request) -> Response:
        def work() -> Response:
            meta, errors, _ = _meta(request)
            if meta is None:
                raise ImportRejected(errors)
            book = imports.import_price_book(
                read_payload(request),
                name=meta["name"],
                currency=meta["currency"],
                effective_date=meta["effective_date"],
                valid_until=meta.get("valid_until"),
                activate=meta["activate"],
                imported_by=request.user,
            )
            return Response(
                {"id": book.pk, "name": book.name, "version": book.version, "entries": book.entries.count()},
                status=status.HTTP_201_CREATED,
            )

        return run_import(work)


class PriceRowErrorSerializer(serializers.Serializer[dict[str, Any]]):
    field = serializers.CharField()
    message = serializers.CharField()


class PriceBookPreviewRowSerializer(serializers.Serializer[dict[str, Any]]):
    row = serializers.IntegerField(help_text="1-based data row (in a spreadsheet: sheet row - 1)")
    manufacturer = serializers.CharField(help_text="as given, or the matched part's manufacturer")
    part_number = serializers.CharField()
    description = serializers.CharField(help_text="the matched part's description")
    unit_price = serializers.CharField(allow_null=True, help_text="list price, exact decimal string")
    discount_percent = serializers.CharField(allow_null=True)
    net_unit_price = serializers.CharField(allow_null=True, help_text="what a BOM line would be priced at")
    status = serializers.ChoiceField(
        choices=["ok", "error", "skipped"], help_text="skipped: no price given (a template line left blank)"
    )
    # The metaclass moves declared fields off the class, so this does not shadow Serializer.errors.
    errors = PriceRowErrorSerializer(many=True)  # type: ignore[assignment]


class PriceBookPreviewSummarySerializer(serializers.Serializer[dict[str, Any]]):
    rows = serializers.IntegerField()
    priced = serializers.IntegerField(help_text="rows that would be stored")
    skipped = serializers.IntegerField()
    with_errors = serializers.IntegerField()


class PriceBookPreviewSerializer(serializers.Serializer[dict[str, Any]]):
    valid = serializers.BooleanField(help_text="true: the same upload to import/price-books/ would be stored")
    name = serializers.CharField(allow_blank=True)
    currency = serializers.CharField(allow_blank=True)
    version = serializers.IntegerField(allow_null=True, help_text="the version an upload would create")
    errors = ImportRowErrorSerializer(  # type: ignore[assignment]  # a declared field, as above
        many=True, help_text="every error, whole-file ones on row 0"
    )
    rows = PriceBookPreviewRowSerializer(many=True)
    summary = PriceBookPreviewSummarySerializer()


class PreviewPriceBookView(ImportView):
    @extend_schema(
        tags=["import"],
        request=upload(PRICE_BOOK_IMPORT),
        parameters=META_PARAMETERS,
        responses={200: PriceBookPreviewSerializer, 400: PriceBookPreviewSerializer},
        description="Admins: the dry run of import/price-books/ with the same request: every row with "
        "its status, net price and errors (unknown part number, bad price, discount or currency, "
        "duplicate line), and the header's and the price book fields' errors on row 0. Writes nothing. "
        "Answers as the upload would: 200 (`valid` true) when it would be stored, else 400 with the "
        "same body (`valid` false), every row included. " + PRICE_FILE_HELP,
    )
    def post(self, request: Request) -> Response:
        meta: dict[str, Any] | None = None
        name = ""
        try:
            # Reading the fields reads the body: a malformed one is a file error of the preview too.
            meta, meta_errors, name = _meta(request)
            payload = read_payload(request)
        except ParseError as exc:
            result = imports.preview_rejected([RowError(0, "file", str(exc.detail))])
        except ImportRejected as exc:
            result = imports.preview_rejected(meta_errors + exc.errors)
        else:
            currency = meta["currency"] if meta else None
            result = imports.preview_price_book(payload, currency=currency, meta_errors=meta_errors)
        name = meta["name"] if meta else name[:120]
        result |= {
            "name": name,
            "currency": meta["currency"] if meta else "",
            "version": services.price_book_next_version(name) if name else None,
        }
        return Response(result, status=status.HTTP_200_OK if result["valid"] else status.HTTP_400_BAD_REQUEST)


TEMPLATE_FORMATS = ("csv", "xlsx")


class PriceBookTemplateView(APIView):
    permission_classes = [IsAdmin]

    @extend_schema(
        tags=["export"],
        parameters=[
            OpenApiParameter("as", str, enum=TEMPLATE_FORMATS, description="Output format (default csv)")
        ],
        responses={(200, "text/csv"): OpenApiTypes.STR, (200, XLSX_CONTENT_TYPE): OpenApiTypes.BINARY},
        description="Admins: every part number of the catalog with its description and empty "
        "unit_price and discount_percent columns, in the price book upload format.",
    )
    def get(self, request: Request) -> HttpResponse:
        chosen = request.query_params.get("as", "csv")
        if chosen not in TEMPLATE_FORMATS:
            raise ValidationError({"as": [f"Choose one of: {', '.join(TEMPLATE_FORMATS)}."]})
        rows = imports.price_template_rows()
        if chosen == "xlsx":
            response = HttpResponse(
                write_xlsx(imports.TEMPLATE_COLUMNS, rows, sheet="Prices"), content_type=XLSX_CONTENT_TYPE
            )
        else:
            response = HttpResponse(
                write_csv(imports.TEMPLATE_COLUMNS, rows), content_type="text/csv; charset=utf-8"
            )
        response["Content-Disposition"] = f'attachment; filename="price-book-template.{chosen}"'
        return response
