"""Shared plumbing of the CSV/JSON import and export of catalog data (parts, price books, curves).

Imports are all-or-nothing (a spreadsheet's first sheet, XLSX, is read like a CSV): every row is checked first and every problem is reported as
{"row": n, "field": name, "message": text} (rows counted from 1 after the CSV header or from 1 in a
JSON list; row 0 is the CSV header itself); only a clean file is written, in one transaction.
"""

from __future__ import annotations

import csv
import datetime
import io
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any
from zipfile import BadZipFile

from django.conf import settings
from openpyxl import Workbook, load_workbook
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter
from openpyxl.utils.exceptions import InvalidFileException

from core.errors import InvalidInput, PayloadTooLarge
from core.locks import advisory_xact_lock


@dataclass(frozen=True)
class RowError:
    row: int
    field: str
    message: str

    def as_dict(self) -> dict[str, Any]:
        return {"row": self.row, "field": self.field, "message": self.message}


class ImportRejected(InvalidInput):
    """The import is invalid; nothing was written. Answered (400) with its row errors, the documented
    ImportErrors shape, instead of the field errors of other invalid input."""

    def __init__(self, errors: Sequence[RowError]) -> None:
        self.errors = list(errors)
        super().__init__({"errors": [e.as_dict() for e in self.errors]})


@dataclass(frozen=True)
class Payload:
    """An uploaded table: CSV text, or already-parsed JSON (a list of objects, or one object)."""

    kind: str  # "csv" | "json" | "xlsx" (content: the workbook's bytes)
    content: Any


def payload_from_text(text: str, content_type: str) -> Payload:
    if "json" in content_type:
        try:
            return Payload("json", json.loads(text, parse_float=Decimal))
        except json.JSONDecodeError as exc:
            raise ImportRejected([RowError(0, "file", f"not valid JSON: {exc}")]) from exc
    return Payload("csv", text)


def serialise_imports() -> None:
    """One catalog import at a time. An import checks its rows against the catalog and then writes
    them; two racing imports of the same rows both passed the check and the second failed at insert
    (IntegrityError: a 500). A transaction-scoped advisory lock on PostgreSQL, taken before anything
    is read and held until the request's transaction commits, makes the second import see the first
    one's rows and refuse them row by row (400)."""
    advisory_xact_lock("catalog import")


def _refuse_too_many_rows(count: int) -> None:
    """An import's cost grows with its rows (each is validated and written with its history), so
    their number is bounded before any is checked: 413, like a body past IMPORT_MAX_BYTES."""
    if count > settings.IMPORT_MAX_ROWS:
        raise PayloadTooLarge(
            f"An import holds at most {settings.IMPORT_MAX_ROWS} rows; this one has {count}: split it."
        )


def read_csv(text: str, required: Iterable[str], optional: Iterable[str]) -> list[tuple[int, dict[str, str]]]:
    """Rows of a CSV with a header; wrong or missing columns and ragged rows are rejected."""
    reader = csv.reader(io.StringIO(text.lstrip("\ufeff")))
    try:
        rows = list(reader)
    except csv.Error as exc:
        raise ImportRejected([RowError(reader.line_num, "file", f"malformed CSV: {exc}")]) from exc
    return _table(rows, required, optional)


XLSX_MAX_COLUMNS = 64


def read_xlsx(
    content: bytes, required: Iterable[str], optional: Iterable[str]
) -> list[tuple[int, dict[str, str]]]:
    """Rows of the first sheet of an XLSX workbook (header in its first row), read with openpyxl as
    text: a number cell becomes its shortest decimal text (12.5 stays "12.5", never 12.4999...), so
    prices are parsed exactly as from a CSV. Formulas are read as their cached values."""
    try:
        book = load_workbook(io.BytesIO(content), read_only=True, data_only=True)
    except (InvalidFileException, BadZipFile, KeyError, ValueError, OSError) as exc:
        raise ImportRejected([RowError(0, "file", "not a readable XLSX workbook")]) from exc
    try:
        sheet = book.worksheets[0]
        rows: list[list[str]] = []
        # Reading stops past the row bound: a sheet's size is not trusted before it is counted.
        for values in sheet.iter_rows(max_col=XLSX_MAX_COLUMNS, values_only=True):
            rows.append([_xlsx_text(v) for v in values])
            if len(rows) > settings.IMPORT_MAX_ROWS + 1 and any(c.strip() for c in rows[-1]):
                break
    finally:
        book.close()
    # A sheet pads every row to its widest one: trailing empty cells are no columns.
    width = max((max((i + 1 for i, c in enumerate(r) if c.strip()), default=0) for r in rows[:1]), default=0)
    return _table([r[:width] + [""] * (width - len(r)) for r in rows], required, optional)


def _xlsx_text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, datetime.datetime):
        return value.date().isoformat() if value.time() == datetime.time() else value.isoformat()
    if isinstance(value, datetime.date):
        return value.isoformat()
    return str(value)


def _table(
    rows: list[list[str]], required: Iterable[str], optional: Iterable[str]
) -> list[tuple[int, dict[str, str]]]:
    required, optional = list(required), list(optional)
    rows = [r for r in rows if any(cell.strip() for cell in r)]
    _refuse_too_many_rows(len(rows) - 1)
    if not rows:
        raise ImportRejected(
            [RowError(0, "file", "empty file: a header row and at least one data row needed")]
        )
    header = [h.strip() for h in rows[0]]
    errors = [RowError(0, h or "(blank)", "unknown column") for h in header if h not in required + optional]
    errors += [RowError(0, h, "duplicate column") for h in set(header) if header.count(h) > 1]
    errors += [RowError(0, r, "missing column") for r in required if r not in header]
    if len(rows) == 1:
        errors.append(RowError(0, "file", "no data rows"))
    out: list[tuple[int, dict[str, str]]] = []
    for number, cells in enumerate(rows[1:], start=1):
        if len(cells) != len(header):
            errors.append(RowError(number, "row", f"{len(cells)} fields where the header has {len(header)}"))
            continue
        out.append((number, {h: c.strip() for h, c in zip(header, cells, strict=True)}))
    if errors:
        raise ImportRejected(errors)
    return out


def table_rows(
    payload: Payload, required: Iterable[str], optional: Iterable[str]
) -> list[tuple[int, dict[str, str]]]:
    """The data rows of a CSV or XLSX payload (never JSON: its rows are typed already)."""
    if payload.kind == "xlsx":
        return read_xlsx(payload.content, required, optional)
    return read_csv(payload.content, required, optional)


def json_rows(content: Any, key: str) -> list[tuple[int, dict[str, Any]]]:
    """A JSON list of objects (or {key: [...]}), numbered from 1."""
    if isinstance(content, Mapping) and key in content:
        content = content[key]
    if not isinstance(content, list) or not content:
        raise ImportRejected([RowError(0, "file", f"expected a non-empty JSON list (or {{{key!r}: [...]}})")])
    _refuse_too_many_rows(len(content))
    errors = [
        RowError(i, "row", "expected an object") for i, r in enumerate(content, 1) if not isinstance(r, dict)
    ]
    if errors:
        raise ImportRejected(errors)
    return list(enumerate(content, start=1))


def write_csv(columns: Sequence[str], rows: Iterable[Mapping[str, Any]]) -> str:
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=list(columns), lineterminator="\n", extrasaction="ignore")
    writer.writeheader()
    for row in rows:
        writer.writerow({k: "" if row.get(k) is None else _cell(row.get(k)) for k in columns})
    return buffer.getvalue()


def write_xlsx(columns: Sequence[str], rows: Iterable[Mapping[str, Any]], *, sheet: str) -> bytes:
    """One sheet, a bold header row, every cell as text (a part number such as "7110316" stays text,
    and a description starting with "=" is never a formula)."""
    book = Workbook()
    ws = book.active
    assert ws is not None
    ws.title = sheet
    ws.append(list(columns))
    for cell in ws[1]:
        cell.font = Font(bold=True)
    for row in rows:
        ws.append(["" if row.get(k) is None else _cell(row.get(k)) for k in columns])
    for line in ws.iter_rows(min_row=2):
        for cell in line:
            cell.data_type = "s"
    for index, name in enumerate(columns, start=1):
        ws.column_dimensions[get_column_letter(index)].width = max(12, min(60, len(name) + 4))
    ws.freeze_panes = "A2"
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def _cell(value: Any) -> str:
    if isinstance(value, list):
        return ";".join(str(v) for v in value)
    if isinstance(value, dict):
        return json.dumps(value, sort_keys=True)
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def flatten_errors(row: int, detail: Any, prefix: str = "") -> list[RowError]:
    """DRF serializer errors ({field: [messages]} possibly nested) as row/field errors."""
    if isinstance(detail, Mapping):
        out: list[RowError] = []
        for name, sub in detail.items():
            field = "row" if name == "non_field_errors" else f"{prefix}{name}"
            out += flatten_errors(row, sub, f"{field}.")
        return out
    if isinstance(detail, list) and detail and all(isinstance(d, str) for d in detail):
        return [RowError(row, prefix.rstrip(".") or "row", str(d)) for d in detail]
    if isinstance(detail, list):
        out = []
        for i, sub in enumerate(detail):
            if sub:
                out += flatten_errors(row, sub, f"{prefix}{i}.")
        return out
    return [RowError(row, prefix.rstrip(".") or "row", str(detail))]
