"""Uploaded ORION and Swingbench files to what an evidence import stores: the parsed values as JSON,
or a 400 naming the file and the line or element at fault.

The parsing is measurements.orion's and measurements.swingbench's; here their dataclasses become
plain JSON in which every value carries its source, `{"file": <the uploaded file's name>,
"where": <line, column or element>}`, and a MeasurementFileError becomes the API's field-level 400
on the form field the file came in ("<file name>: <where>: <why>"). Nothing here touches the
database: imports.services stores what `parse_orion_upload` / `parse_swingbench_upload` return.

Stored shapes (`EvidenceImport.parsed`; the serializers in imports.serializers document them):

- ORION: `run` (the summary's parameters: block sizes, write and read share, disks, mode, ... each
  `{"value", "source"}` or null when the summary does not give it; the headline peaks), `grids`
  (each grid's file, run name, unit and how the unit was told), `latency_unit_in_file`,
  `iops_latency` (small-I/O load at Large=0: `outstanding_small`, `iops`, `latency_ms` (converted
  from the file's unit), `iops_source`, `latency_source`, rising outstanding I/Os) and `mbps`
  (large-I/O load at Small=0: `outstanding_large`, `mbps`, `source`; empty without large I/O).
- Swingbench: `benchmark_name`, `runs` (one per file, in the upload's order: users, TPS, the
  transactions' response times in ms, think times, ...) and `curve` (one point per run, rising
  users: `users`, `tps`, `average_response_ms` (the mean over all transactions, weighted by their
  counts), the run's file and each value's source).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, TypeVar

from core.errors import InvalidInput
from imports.awr import sha256_of
from imports.choices import EvidenceFileRole, EvidenceKind
from measurements.errors import MeasurementFileError
from measurements.orion import (
    GridKind,
    OrionCurves,
    OrionGrid,
    OrionPeak,
    OrionRun,
    Sourced,
    orion_curves,
    parse_orion_csv,
    parse_orion_summary,
)
from measurements.source import MAX_FILE_BYTES, decode
from measurements.swingbench import (
    LoadResponseCurve,
    SwingbenchRun,
    TransactionResult,
    load_response_curve,
    parse_swingbench_results,
)

T = TypeVar("T")

# The form fields of an ORION upload, in the order the files are stored; mbps may be left out (a run
# without large I/O, e.g. -run oltp, has no MB/s curve to give).
ORION_FIELDS: tuple[EvidenceFileRole, ...] = (
    EvidenceFileRole.SUMMARY,
    EvidenceFileRole.IOPS,
    EvidenceFileRole.MBPS,
    EvidenceFileRole.LAT,
)
_GRID_KINDS: dict[EvidenceFileRole, GridKind] = {
    EvidenceFileRole.IOPS: "iops",
    EvidenceFileRole.MBPS: "mbps",
    EvidenceFileRole.LAT: "lat",
}
SWINGBENCH_FIELD = "files"
# One file is one point of the load-response curve; real series have 3 to 12 runs.
MAX_SWINGBENCH_FILES = 50


@dataclass(frozen=True)
class SentFile:
    """One file of an upload: the form field it came in, its name and its bytes."""

    role: EvidenceFileRole
    field: str
    file_name: str
    data: bytes


@dataclass(frozen=True)
class ParsedEvidence:
    """A readable upload: what an evidence import stores besides its team and system."""

    kind: EvidenceKind
    sha256: str
    files: list[dict[str, Any]]  # role, file_name, size_bytes, sha256, encoding (in upload order)
    parsed: dict[str, Any]
    notes: list[str]


def limit_message(file_name: str, size: int) -> str:
    """The refusal of a file over measurements.source.MAX_FILE_BYTES, in measurements.source's words."""
    return (
        f"{file_name}: the file is {size:,} bytes; the limit is {MAX_FILE_BYTES:,} bytes "
        f"({MAX_FILE_BYTES // (1024 * 1024)} MB)"
    )


def upload_sha256(kind: EvidenceKind, files: Sequence[SentFile]) -> str:
    """The upload's identity: its kind and its files' sha256 with their roles, whatever the order of
    the files and their names (the same files renamed are the same measurements)."""
    lines = sorted(f"{f.role}:{sha256_of(f.data)}" for f in files)
    return hashlib.sha256("\n".join([str(kind), *lines]).encode()).hexdigest()


def _file_rows(files: Sequence[SentFile]) -> list[dict[str, Any]]:
    rows = []
    for f in files:
        rows.append(
            {
                "role": str(f.role),
                "file_name": f.file_name,
                "size_bytes": len(f.data),
                "sha256": sha256_of(f.data),
                "encoding": decode(f.data).encoding,  # the parsers decoded it already: it decodes
            }
        )
    return rows


def _refuse_too_large(files: Sequence[SentFile]) -> None:
    errors: dict[str, list[str]] = {}
    for f in files:
        if len(f.data) > MAX_FILE_BYTES:
            errors.setdefault(f.field, []).append(limit_message(f.file_name, len(f.data)))
    if errors:
        raise InvalidInput(errors)


def _read(f: SentFile, errors: dict[str, list[str]], parse: Callable[[bytes], T]) -> T | None:
    """`parse(f.data)`, or None with the refusal added to `errors` under the file's field."""
    try:
        return parse(f.data)
    except MeasurementFileError as error:
        errors.setdefault(f.field, []).append(f"{f.file_name}: {error}")
        return None


# --------------------------------------------------------------------------------------------- JSON
def _source(file_name: str, where: str) -> dict[str, str]:
    return {"file": file_name, "where": where}


def _sourced(value: Sourced[Any] | None, file_name: str) -> dict[str, Any] | None:
    if value is None:
        return None
    plain = list(value.value) if isinstance(value.value, tuple) else value.value
    return {"value": plain, "source": _source(file_name, value.where)}


def _peak(peak: OrionPeak | None, file_name: str) -> dict[str, Any] | None:
    if peak is None:
        return None
    return {
        "value": peak.value,
        "small": peak.small,
        "large": peak.large,
        "source": _source(file_name, peak.where),
    }


def orion_run_json(run: OrionRun, file_name: str) -> dict[str, Any]:
    def s(value: Sourced[Any] | None) -> dict[str, Any] | None:
        return _sourced(value, file_name)

    return {
        "version": s(run.version),
        "command_line": s(run.command_line),
        "test_name": s(run.test_name),
        "mode": s(run.mode),
        "small_io_kb": s(run.small_io_kb),
        "large_io_kb": s(run.large_io_kb),
        "write_percent": s(run.write_percent),
        "read_percent": s(run.read_percent),
        "num_disks": s(run.num_disks),
        "cache_size_mb": s(run.cache_size_mb),
        "matrix": s(run.matrix),
        "io_types": s(run.io_types),
        "duration_per_point_s": s(run.duration_per_point_s),
        "small_columns": s(run.small_columns),
        "large_columns": s(run.large_columns),
        "total_data_points": s(run.total_data_points),
        "max_mbps": _peak(run.max_mbps, file_name),
        "max_iops": _peak(run.max_iops, file_name),
        "min_latency": _peak(run.min_latency, file_name),
        "min_latency_ms": run.min_latency_ms,
        "latency_unit": run.latency_unit,
        "latency_unit_basis": run.latency_unit_basis,
    }


def orion_grid_json(grid: OrionGrid, file_name: str) -> dict[str, Any]:
    return {
        "kind": grid.kind,
        "file": file_name,
        "run_name": _sourced(grid.run_name, file_name),
        "time_stamp": _sourced(grid.time_stamp, file_name),
        "small_columns": list(grid.small_columns),
        "large_rows": list(grid.large_rows),
        "points": sum(1 for c in grid.cells if c.value is not None),
        "unit": grid.unit,
        "unit_basis": grid.unit_basis,
        "has_large_io": grid.has_large_io,
    }


def orion_curves_json(
    curves: OrionCurves, names: dict[str, str], grids: dict[str, OrionGrid]
) -> dict[str, Any]:
    """`names`: role -> the uploaded file's name; `grids`: role -> the parsed grid."""
    return {
        "run": orion_run_json(curves.run, names["summary"]),
        "grids": [
            orion_grid_json(grids[role], names[role]) for role in ("iops", "mbps", "lat") if role in grids
        ],
        "latency_unit_in_file": curves.latency_unit_in_file,
        "latency_unit_basis": curves.latency_unit_basis,
        "iops_latency": [
            {
                "outstanding_small": p.outstanding_small,
                "iops": p.iops,
                "latency_ms": p.latency_ms,
                "iops_source": _source(names["iops"], p.iops_where),
                "latency_source": _source(names["lat"], p.latency_where),
            }
            for p in curves.iops_latency
        ],
        "mbps": [
            {
                "outstanding_large": p.outstanding_large,
                "mbps": p.mbps,
                "source": _source(names["mbps"], p.where),
            }
            for p in curves.mbps
        ],
    }


def _transaction_json(t: TransactionResult, file_name: str) -> dict[str, Any]:
    def s(value: Sourced[Any] | None) -> dict[str, Any] | None:
        return _sourced(value, file_name)

    return {
        "name": t.name,
        "source": _source(file_name, t.where),
        "transaction_count": s(t.transaction_count),
        "failed_count": s(t.failed_count),
        "average_ms": s(t.average_ms),
        "minimum_ms": s(t.minimum_ms),
        "maximum_ms": s(t.maximum_ms),
        "percentiles_ms": [
            {"percentile": percentile, "value": value.value, "source": _source(file_name, value.where)}
            for percentile, value in sorted(t.percentiles_ms.items())
        ],
    }


def swingbench_run_json(run: SwingbenchRun, file_name: str) -> dict[str, Any]:
    def s(value: Sourced[Any] | None) -> dict[str, Any] | None:
        return _sourced(value, file_name)

    return {
        "file": file_name,
        "namespace": run.namespace,
        "benchmark_name": s(run.benchmark_name),
        "comment": s(run.comment),
        "time_of_run": s(run.time_of_run),
        "total_run_time_s": s(run.total_run_time_s),
        "users": s(run.users),
        "total_completed_transactions": s(run.total_completed_transactions),
        "total_failed_transactions": s(run.total_failed_transactions),
        "average_tps": s(run.average_tps),
        "maximum_tpm": s(run.maximum_tpm),
        "average_response_ms": s(run.average_response_ms),
        "timings_in": s(run.timings_in),
        "timings_unit": run.timings_unit,
        "timings_unit_basis": run.timings_unit_basis,
        "min_inter_think_time": s(run.min_inter_think_time),
        "max_inter_think_time": s(run.max_inter_think_time),
        "min_intra_think_time": s(run.min_intra_think_time),
        "max_intra_think_time": s(run.max_intra_think_time),
        "transactions": [_transaction_json(t, file_name) for t in run.transactions],
    }


def swingbench_curve_json(
    curve: LoadResponseCurve, runs: Sequence[SwingbenchRun], names: Sequence[str]
) -> dict[str, Any]:
    # load_response_curve refuses two runs of the same user count: the count names the run.
    file_of = {run.users.value: name for run, name in zip(runs, names, strict=True) if run.users is not None}
    return {
        "benchmark_name": curve.benchmark_name,
        "runs": [swingbench_run_json(run, name) for run, name in zip(runs, names, strict=True)],
        "curve": [
            {
                "users": p.users,
                "tps": p.tps,
                "average_response_ms": p.average_response_ms,
                "run": p.run_label,
                "file": file_of[p.users],
                "users_source": _source(file_of[p.users], p.users_where),
                "tps_source": _source(file_of[p.users], p.tps_where),
                "response_source": _source(file_of[p.users], p.response_where),
            }
            for p in curve.points
        ],
    }


# ------------------------------------------------------------------------------------------ parsing
def parse_orion_upload(files: Sequence[SentFile]) -> ParsedEvidence:
    """An ORION run's summary, IOPS and latency grids (and MB/s grid, if sent) as curves with the
    run's parameters, or InvalidInput naming each file at fault under its form field."""
    _refuse_too_large(files)
    by_role = {f.role: f for f in files}
    errors: dict[str, list[str]] = {}
    summary = _read(by_role[EvidenceFileRole.SUMMARY], errors, parse_orion_summary)
    grids: dict[str, OrionGrid] = {}
    for role in (EvidenceFileRole.IOPS, EvidenceFileRole.MBPS, EvidenceFileRole.LAT):
        f = by_role.get(role)
        if f is None:
            continue
        grid = _read(f, errors, partial(parse_orion_csv, kind=_GRID_KINDS[role], file_name=f.file_name))
        if grid is not None:
            grids[grid.kind] = grid
    if errors:
        raise InvalidInput(errors)
    assert summary is not None
    names = {str(f.role): f.file_name for f in files}
    try:
        curves = orion_curves(summary, grids["iops"], grids["lat"], grids.get("mbps"))
    except MeasurementFileError as error:
        # Files that do not belong together (another run, units that disagree): named all at once.
        listed = ", ".join(f.file_name for f in files)
        raise InvalidInput({"non_field_errors": [f"{listed}: {error}"]}) from error
    notes = [
        f"{names['lat']}: latencies read in {curves.latency_unit_in_file} ({curves.latency_unit_basis})."
    ]
    if "mbps" in grids and not curves.mbps:
        notes.append(
            f"{names['mbps']}: no large-I/O point at Small=0, so no MB/s curve (a run without large I/O)."
        )
    elif "mbps" not in grids:
        notes.append("No _mbps.csv was sent: the run gives no MB/s curve.")
    return ParsedEvidence(
        kind=EvidenceKind.ORION,
        sha256=upload_sha256(EvidenceKind.ORION, files),
        files=_file_rows(files),
        parsed=orion_curves_json(curves, names, grids),
        notes=notes,
    )


def parse_swingbench_upload(files: Sequence[SentFile]) -> ParsedEvidence:
    """One or several Swingbench results files as a users / TPS / response series (one point per
    file, rising users), or InvalidInput naming each file at fault."""
    if not files:
        raise InvalidInput({SWINGBENCH_FIELD: ["Send at least one Swingbench results XML file."]})
    if len(files) > MAX_SWINGBENCH_FILES:
        raise InvalidInput(
            {SWINGBENCH_FIELD: [f"{len(files)} files: an upload takes at most {MAX_SWINGBENCH_FILES} runs."]}
        )
    _refuse_too_large(files)
    errors: dict[str, list[str]] = {}
    runs: list[SwingbenchRun] = []
    for f in files:
        run = _read(f, errors, partial(parse_swingbench_results, file_name=f.file_name))
        if run is not None:
            runs.append(run)
    if errors:
        raise InvalidInput(errors)
    names = [f.file_name for f in files]
    try:
        curve = load_response_curve(runs)
    except MeasurementFileError as error:
        raise InvalidInput({SWINGBENCH_FIELD: [str(error)]}) from error
    notes = sorted(
        {
            f"{name}: response times read in {run.timings_unit} ({run.timings_unit_basis})."
            for run, name in zip(runs, names, strict=True)
        }
    )
    notes.append(
        "Each run's response time is the mean of its transactions' <AverageResponse>, weighted by "
        "their <TransactionCount>."
    )
    return ParsedEvidence(
        kind=EvidenceKind.SWINGBENCH,
        sha256=upload_sha256(EvidenceKind.SWINGBENCH, files),
        files=_file_rows(files),
        parsed=swingbench_curve_json(curve, runs, names),
        notes=notes,
    )
