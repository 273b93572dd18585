"""An uploaded AWR report to what an import stores: the parser's values as JSON, or a 400.

The parsing is measurements.awr's; here its dataclasses become plain JSON (every number with its unit
and the section, row and line it was read from; absent = null), and a MeasurementFileError becomes
the API's field-level 400 on `file` ("<where>: <message>").
"""

from __future__ import annotations

import dataclasses
import hashlib
from dataclasses import dataclass
from typing import Any

from core.errors import InvalidInput
from measurements.awr import AwrReport, AwrWorkload, Source, Value, parse_awr, workload_from_awr
from measurements.errors import MeasurementFileError
from measurements.source import MAX_FILE_BYTES, decode

# WaitEvent's rounding of the printed figures: how the parser chose the latency, not a reading.
_INTERNAL_FIELDS = frozenset({"total_resolution_s", "avg_resolution_ms"})


@dataclass(frozen=True)
class ParsedAwr:
    """One readable AWR report: what an import stores besides the file and its team."""

    sha256: str
    size_bytes: int
    format: str
    encoding: str
    report: dict[str, Any]
    workload: dict[str, Any]
    notes: list[str]


def file_error(message: str) -> InvalidInput:
    return InvalidInput({"file": [message]})


def too_large(size: int) -> InvalidInput:
    """The refusal measurements.source.decode writes, for a file known too large by its size alone
    (an upload's size is known before it is read)."""
    return file_error(_too_large_message(size))


def _too_large_message(size: int) -> str:
    return (
        f"the file is {size:,} bytes; the limit is {MAX_FILE_BYTES:,} bytes "
        f"({MAX_FILE_BYTES // (1024 * 1024)} MB)"
    )


def sha256_of(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def parse_awr_file(data: bytes) -> ParsedAwr:
    """Parse one AWR report and its workload, or refuse it: InvalidInput {"file": ["<where>: <why>"]}."""
    if len(data) > MAX_FILE_BYTES:
        raise too_large(len(data))
    try:
        report = parse_awr(data)
        workload = workload_from_awr(report)
        encoding = decode(data).encoding
    except MeasurementFileError as error:
        raise file_error(str(error)) from error
    return ParsedAwr(
        sha256=sha256_of(data),
        size_bytes=len(data),
        format=report.format,
        encoding=encoding,
        report=report_json(report),
        workload=workload_json(workload),
        notes=list(workload.notes),
    )


def source_json(source: Source) -> dict[str, Any]:
    return {
        "section": source.section,
        "row": source.row,
        "column": source.column,
        "line": source.line,
        "table": source.table,
        "note": source.note,
        "where": source.describe(),
    }


def value_json(value: Value | None) -> dict[str, Any] | None:
    if value is None:
        return None
    return {"value": value.value, "unit": value.unit, "source": source_json(value.source)}


def _plain(obj: Any) -> Any:
    if isinstance(obj, Value):
        return value_json(obj)
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {
            f.name: _plain(getattr(obj, f.name))
            for f in dataclasses.fields(obj)
            if f.name not in _INTERNAL_FIELDS
        }
    if isinstance(obj, list | tuple):
        return [_plain(item) for item in obj]
    return obj


def report_json(report: AwrReport) -> dict[str, Any]:
    """The report's summary and every value the parser read (the notes are the workload's, below)."""
    data: dict[str, Any] = _plain(report)
    data.pop("notes", None)
    data["host_cpus"] = report.host_cpus
    return data


def workload_json(workload: AwrWorkload) -> dict[str, Any]:
    data: dict[str, Any] = _plain(workload)
    data.pop("notes", None)
    return data
