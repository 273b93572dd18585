"""Shared plumbing of the CSV/JSON import and export of catalog data (parts, price books, curves).

Imports are all-or-nothing: every row is checked first and every problem is reported as
{"row": n, "field": name, "message": text} (rows counted from 1 after the CSV header or from 1 in a
JSON list; row 0 is the CSV header itself); only a clean file is written, in one transaction.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.conf import settings

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

    kind: str  # "csv" | "json"
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
    required, optional = list(required), list(optional)
    reader = csv.reader(io.StringIO(text.lstrip("\ufeff")))
    try:
        rows = list(reader)
    except csv.Error as exc:
        raise ImportRejected([RowError(reader.line_num, "file", f"malformed CSV: {exc}")]) from exc
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
