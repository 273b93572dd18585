"""ORION (Oracle I/O Numbers) results: the run summary and the IOPS / MB/s / latency grids.

ORION writes, per run, `<test>[_<yyyymmdd_hhmm>]_summary.txt` and three matrices
`..._iops.csv`, `..._mbps.csv`, `..._lat.csv`. The formats parsed here are the real ones as
shown in public write-ups (no sample file is copied into the project):

- "Expert Consolidation in Oracle Database 12c", chapter 3, as reproduced at
  what-when-how.com (…/Expert-Consolidation-in-Oracle-Database-12c-105.html): the 12c summary
  lines `Duration for each data point: 60 seconds`, `Small Columns:, 1, 2, ... 20`,
  `Large Columns:, 0`, `Total Data Points: 21`, `Maximum Small IOPS=9899 @ Small=17 and Large=0`,
  `Minimum Small Latency=123.58 usecs @ Small=1 and Large=0`, file names such as
  `test1_20130722_0953_hist.txt`, and the file headers stating that `_lat.csv` holds
  microseconds (ORION 11.2 and later).
- husnusensoy.wordpress.com/2009/03/31/orion-io-calibration-over-sas-disks/ (ORION 11.1 and
  before: `-run advanced -testname mytest -num_disks 40 -simulate raid0 -write 0 -type seq
  -matrix basic -cache_size 67108864`, latencies in milliseconds, no unit on
  `Minimum Small Latency=`); blog.dbi-services.com/simulating-and-testing-io-performances-with-orion
  (the run modes: simple, normal, advanced, dss, oltp).
- The matrix layout (columns = outstanding small I/Os, rows = outstanding large I/Os, first cell
  `Large/Small`) is the one ORION's own help text and the 12c book describe.

Every value keeps the line it came from; a value the file does not give is None, never 0.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Generic, Literal, TypeVar

from measurements.errors import MeasurementFileError
from measurements.source import decode

T = TypeVar("T")

GridKind = Literal["iops", "mbps", "lat"]
LatencyUnit = Literal["ms", "us"]
RunMode = Literal["oltp", "dss", "simple", "normal", "advanced"]

_RUN_MODES: tuple[RunMode, ...] = ("oltp", "dss", "simple", "normal", "advanced")


@dataclass(frozen=True)
class Sourced(Generic[T]):
    """A value read from a file and the place it was read ("line 12", "<Overview>/<BenchmarkName>")."""

    value: T
    where: str


# ---------------------------------------------------------------------------------------------
# Summary
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class OrionPeak:
    """One of the summary's "Maximum ... @ Small=s and Large=l" figures."""

    value: float
    small: int | None  # outstanding small I/Os at the peak
    large: int | None  # outstanding large I/Os at the peak
    where: str


@dataclass(frozen=True)
class OrionRun:
    """The parameters of one ORION run and its summary's headline figures."""

    version: Sourced[str] | None
    command_line: Sourced[str] | None
    test_name: Sourced[str] | None
    mode: Sourced[RunMode] | None
    small_io_kb: Sourced[float] | None
    large_io_kb: Sourced[float] | None
    write_percent: Sourced[float] | None
    num_disks: Sourced[int] | None
    cache_size_mb: Sourced[float] | None
    matrix: Sourced[str] | None
    io_types: Sourced[str] | None
    duration_per_point_s: Sourced[float] | None
    small_columns: Sourced[tuple[int, ...]] | None
    large_columns: Sourced[tuple[int, ...]] | None
    total_data_points: Sourced[int] | None
    max_mbps: OrionPeak | None
    max_iops: OrionPeak | None
    min_latency: OrionPeak | None  # in `latency_unit`
    latency_unit: LatencyUnit | None
    latency_unit_basis: str  # why `latency_unit` is what it is, for the user to check

    @property
    def read_percent(self) -> Sourced[float] | None:
        """The read share: ORION states the write share, the rest of the I/Os are reads."""
        if self.write_percent is None:
            return None
        return Sourced(100.0 - self.write_percent.value, self.write_percent.where)

    @property
    def min_latency_ms(self) -> float | None:
        if self.min_latency is None or self.latency_unit is None:
            return None
        return _to_ms(self.min_latency.value, self.latency_unit)


def parse_orion_summary(data: bytes) -> OrionRun:
    """Read an ORION `*_summary.txt` file, or refuse it with the line at fault."""
    lines = decode(data).text.split("\n")
    _refuse_other_kinds(lines, "an ORION _summary.txt file")
    if not any(_SUMMARY_MARKER.search(line) for line in lines):
        raise MeasurementFileError(
            "this is not an ORION summary: no 'ORION VERSION', 'Small IO size' or 'Maximum Small IOPS' line"
        )
    found: dict[str, Sourced[str]] = {}
    for number, line in enumerate(lines, start=1):
        _collect_summary_line(line, number, lines, found)
    options = _command_options(found.get("command_line"))
    version = found.get("version")
    min_latency = _peak(found.get("min_latency"))
    unit, basis = _summary_latency_unit(found.get("min_latency"), version)
    return OrionRun(
        version=version,
        command_line=found.get("command_line"),
        test_name=found.get("test") or options.get("testname"),
        mode=_mode(options.get("run")),
        small_io_kb=_number(found.get("small_io")) or _number(options.get("size_small")),
        large_io_kb=_number(found.get("large_io")) or _number(options.get("size_large")),
        write_percent=_number(found.get("write")) or _number(options.get("write")),
        num_disks=_integer(options.get("num_disks")),
        cache_size_mb=_cache_size(found.get("cache"), options.get("cache_size")),
        matrix=options.get("matrix"),
        io_types=found.get("io_types"),
        duration_per_point_s=_number(found.get("duration")) or _number(options.get("duration")),
        small_columns=_column_list(found.get("small_columns")),
        large_columns=_column_list(found.get("large_columns")),
        total_data_points=_integer(found.get("total_points")),
        max_mbps=_peak(found.get("max_mbps")),
        max_iops=_peak(found.get("max_iops")),
        min_latency=min_latency,
        latency_unit=unit,
        latency_unit_basis=basis,
    )


_SUMMARY_MARKER = re.compile(r"ORION VERSION|Small IO size|Maximum Small IOPS|Maximum Large MBPS", re.I)

# "label: value" lines of the summary, matched case-insensitively because ORION's capitalisation
# changed between versions ("Duration for each Data Point" in 11.1, "... data point" in 12c).
_SUMMARY_LINES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("version", re.compile(r"^\s*ORION VERSION\s+(\S+)", re.I)),
    ("test", re.compile(r"^\s*Test:\s*(\S.*?)\s*$", re.I)),
    ("small_io", re.compile(r"^\s*Small IO size:\s*(\S.*?)\s*$", re.I)),
    ("large_io", re.compile(r"^\s*Large IO size:\s*(\S.*?)\s*$", re.I)),
    ("io_types", re.compile(r"^\s*IO types:\s*(\S.*?)\s*$", re.I)),
    ("write", re.compile(r"^\s*Writes?:\s*(\S.*?)\s*$", re.I)),
    ("cache", re.compile(r"^\s*Cache size:\s*(\S.*?)\s*$", re.I)),
    ("duration", re.compile(r"^\s*Duration for each data point:\s*(\S.*?)\s*$", re.I)),
    ("small_columns", re.compile(r"^\s*Small Columns:\s*(.*?)\s*$", re.I)),
    ("large_columns", re.compile(r"^\s*Large Columns:\s*(.*?)\s*$", re.I)),
    ("total_points", re.compile(r"^\s*Total Data Points:\s*(\S.*?)\s*$", re.I)),
    ("max_mbps", re.compile(r"^\s*Maximum Large MBPS\s*=\s*(\S.*?)\s*$", re.I)),
    ("max_iops", re.compile(r"^\s*Maximum Small IOPS\s*=\s*(\S.*?)\s*$", re.I)),
    ("min_latency", re.compile(r"^\s*Minimum Small Latency\s*=\s*(\S.*?)\s*$", re.I)),
)
_COMMAND_LINE_HEADER = re.compile(r"^\s*Command\s*line:\s*(.*?)\s*$", re.I)


def _collect_summary_line(line: str, number: int, lines: list[str], found: dict[str, Sourced[str]]) -> None:
    header = _COMMAND_LINE_HEADER.match(line)
    if header:
        # ORION prints the options on the line after "Commandline:"; accept them on the same line too.
        same_line = header.group(1)
        if same_line:
            found.setdefault("command_line", Sourced(same_line, f"line {number}"))
        elif number < len(lines) and lines[number].strip():
            found.setdefault("command_line", Sourced(lines[number].strip(), f"line {number + 1}"))
        return
    for key, pattern in _SUMMARY_LINES:
        match = pattern.match(line)
        if match:
            # The first occurrence wins: later "Maximum ..." lines in some versions repeat a figure
            # for another I/O type, but the headline one comes first.
            found.setdefault(key, Sourced(match.group(1), f"line {number}"))
            return


def _command_options(command_line: Sourced[str] | None) -> dict[str, Sourced[str]]:
    """`-run oltp -testname t -num_disks 4` as {"run": "oltp", ...}; blogs paste en dashes, accept them."""
    if command_line is None:
        return {}
    words = command_line.value.replace("\u2013", "-").replace("\u2014", "-").split()
    options: dict[str, Sourced[str]] = {}
    for index, word in enumerate(words):
        if word.startswith("-") and len(word) > 1 and not _is_number(word):
            following = words[index + 1] if index + 1 < len(words) else ""
            value = "" if following.startswith("-") and not _is_number(following) else following
            options[word.lstrip("-").lower()] = Sourced(value, f"{command_line.where} ({word})")
    return options


def _mode(run: Sourced[str] | None) -> Sourced[RunMode] | None:
    if run is None:
        return None
    for mode in _RUN_MODES:
        if run.value.lower() == mode:
            return Sourced(mode, run.where)
    raise MeasurementFileError(
        f"-run '{run.value}' is not an ORION run mode ({', '.join(_RUN_MODES)})", where=run.where
    )


_NUMBER = re.compile(r"[-+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?")


def _is_number(text: str) -> bool:
    return _NUMBER.fullmatch(text) is not None


def _number(raw: Sourced[str] | None) -> Sourced[float] | None:
    """The first number of a summary value such as "8 KB", "0%" or "60 seconds"."""
    if raw is None:
        return None
    match = _NUMBER.search(raw.value)
    if match is None:
        raise MeasurementFileError(f"'{raw.value}' holds no number", where=raw.where)
    return Sourced(float(match.group(0)), raw.where)


def _integer(raw: Sourced[str] | None) -> Sourced[int] | None:
    number = _number(raw)
    if number is None:
        return None
    if not number.value.is_integer():
        raise MeasurementFileError(f"'{raw.value if raw else ''}' is not a whole number", where=number.where)
    return Sourced(int(number.value), number.where)


def _cache_size(summary: Sourced[str] | None, option: Sourced[str] | None) -> Sourced[float] | None:
    """The cache size in MB, or None when ORION says "not specified" / "Not Entered"."""
    if summary is not None and _NUMBER.search(summary.value):
        size = _number(summary)
        assert size is not None
        # The summary may state a unit; ORION's -cache_size option itself is in MB.
        if re.search(r"\bGB\b", summary.value, re.I):
            return Sourced(size.value * 1024, size.where)
        if re.search(r"\bKB\b", summary.value, re.I):
            return Sourced(size.value / 1024, size.where)
        return size
    return _number(option)


def _column_list(raw: Sourced[str] | None) -> Sourced[tuple[int, ...]] | None:
    """`Small Columns:,      1,      2, ...   20`: the outstanding counts ORION tested."""
    if raw is None:
        return None
    numbers = tuple(int(n) for n in re.findall(r"\d+", raw.value))
    return Sourced(numbers, raw.where)


_PEAK = re.compile(
    r"^(?P<value>[-+]?\d+(?:\.\d+)?)\s*(?P<unit>[a-zA-Z\u00b5]*)\s*(?:@\s*Small\s*=\s*(?P<small>\d+)\s*and\s*Large\s*=\s*(?P<large>\d+))?",
    re.I,
)


def _peak(raw: Sourced[str] | None) -> OrionPeak | None:
    if raw is None:
        return None
    match = _PEAK.match(raw.value)
    if match is None:
        raise MeasurementFileError(f"'{raw.value}' does not start with a number", where=raw.where)
    small, large = match.group("small"), match.group("large")
    return OrionPeak(
        value=float(match.group("value")),
        small=int(small) if small is not None else None,
        large=int(large) if large is not None else None,
        where=raw.where,
    )


def _unit_word(word: str) -> LatencyUnit | None:
    word = word.lower()
    if word in {"us", "usec", "usecs", "\u00b5s", "microseconds"}:
        return "us"
    if word in {"ms", "msec", "msecs", "milliseconds"}:
        return "ms"
    return None


def _version_key(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in re.findall(r"\d+", version)[:2])


def _summary_latency_unit(
    raw: Sourced[str] | None, version: Sourced[str] | None
) -> tuple[LatencyUnit | None, str]:
    """ORION 11.2 and later report latencies in microseconds, earlier ones in milliseconds.

    A unit written after the figure ("123.58 usecs") decides; otherwise the version does.
    """
    if raw is not None:
        match = _PEAK.match(raw.value)
        stated = _unit_word(match.group("unit")) if match else None
        if stated is not None:
            return stated, f"stated on the 'Minimum Small Latency' line ({raw.where})"
    if version is not None and len(_version_key(version.value)) == 2:
        if _version_key(version.value) >= (11, 2):
            return "us", f"ORION {version.value} ({version.where}) reports microseconds (11.2 and later)"
        return "ms", f"ORION {version.value} ({version.where}) reports milliseconds (before 11.2)"
    return None, "the summary states neither a latency unit nor the ORION version"


# ---------------------------------------------------------------------------------------------
# CSV grids
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class OrionCell:
    large: int  # outstanding large I/Os (row)
    small: int  # outstanding small I/Os (column)
    value: float | None  # None where ORION left the cell empty (point not tested)
    where: str


@dataclass(frozen=True)
class OrionGrid:
    """One of ORION's matrices: IOPS of small I/Os, MB/s of large I/Os or small-I/O latency."""

    kind: GridKind
    run_name: Sourced[str] | None  # from the file name, when given
    time_stamp: Sourced[str] | None  # "20240101_1200" from the file name, when present
    small_columns: tuple[int, ...]
    large_rows: tuple[int, ...]
    cells: tuple[OrionCell, ...]
    unit: str | None  # "IOPS", "MB/s", "ms" or "us"; None for latency whose unit cannot be told
    unit_basis: str
    _index: Mapping[tuple[int, int], OrionCell] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Frozen: the look-up table is set once, from the cells, when the grid is made.
        object.__setattr__(self, "_index", {(c.large, c.small): c for c in self.cells})

    @property
    def has_large_io(self) -> bool:
        """False for a grid with a single row at large = 0 (an OLTP run, for instance)."""
        return any(large > 0 for large in self.large_rows)

    def cell(self, large: int, small: int) -> OrionCell | None:
        return self._index.get((large, small))

    def row(self, large: int) -> tuple[OrionCell, ...]:
        return tuple(c for c in self.cells if c.large == large)

    def column(self, small: int) -> tuple[OrionCell, ...]:
        return tuple(c for c in self.cells if c.small == small)


_FILE_NAME = re.compile(
    r"^(?P<name>.+?)(?:_(?P<stamp>\d{8}_\d{4}))?_(?P<kind>iops|mbps|lat)\.csv$",
    re.I,
)


def parse_orion_csv(
    data: bytes,
    kind: GridKind,
    *,
    file_name: str | None = None,
    latency_unit: LatencyUnit | None = None,
) -> OrionGrid:
    """Read an ORION `*_iops.csv`, `*_mbps.csv` or `*_lat.csv` matrix, or refuse it.

    `latency_unit` is for a `_lat.csv` whose unit the caller knows (from the run's summary);
    without it the unit is told from the values' magnitude when that is unambiguous.
    """
    if kind not in ("iops", "mbps", "lat"):
        raise MeasurementFileError(f"unknown ORION grid kind '{kind}' (iops, mbps or lat)")
    run_name, stamp = _names_from_file(file_name, kind)
    lines = decode(data).text.split("\n")
    _refuse_other_kinds(lines, f"an ORION _{kind}.csv file")
    rows = [(number, line) for number, line in enumerate(lines, start=1) if line.strip()]
    header_number, header_line = rows[0]
    small_columns = _header_columns(header_line, header_number, kind)
    cells: list[OrionCell] = []
    large_rows: list[int] = []
    for number, line in rows[1:]:
        large, row_cells = _data_row(line, number, small_columns)
        if large in large_rows:
            raise MeasurementFileError(
                f"a second row for {large} outstanding large I/Os", where=f"line {number}"
            )
        large_rows.append(large)
        cells.extend(row_cells)
    if not large_rows:
        raise MeasurementFileError(
            f"the {kind} grid has a header but no data row", where=f"line {header_number}"
        )
    unit, basis = _grid_unit(kind, cells, latency_unit)
    return OrionGrid(
        kind=kind,
        run_name=run_name,
        time_stamp=stamp,
        small_columns=small_columns,
        large_rows=tuple(large_rows),
        cells=tuple(cells),
        unit=unit,
        unit_basis=basis,
    )


def _names_from_file(
    file_name: str | None, kind: GridKind
) -> tuple[Sourced[str] | None, Sourced[str] | None]:
    if file_name is None:
        return None, None
    base = re.split(r"[\\/]", file_name)[-1]
    match = _FILE_NAME.match(base)
    if match is None:
        return None, None
    if match.group("kind").lower() != kind:
        raise MeasurementFileError(
            f"the file name says '_{match.group('kind').lower()}.csv' but it was sent as the {kind} grid",
            where=f"file name '{base}'",
        )
    where = f"file name '{base}'"
    stamp = match.group("stamp")
    return Sourced(match.group("name"), where), (Sourced(stamp, where) if stamp else None)


def _cells_of(line: str, width: int | None = None) -> list[str]:
    """The cells of a row; a comma ending the line (ORION writes one) is not an extra column.

    For the header every empty trailing cell goes. For a data row only those beyond the header's
    width go: "0, 130, " may be a row whose last point was not tested.
    """
    cells = [cell.strip() for cell in line.split(",")]
    keep = 1 if width is None else width
    while len(cells) > keep and cells[-1] == "":
        cells.pop()
    return cells


def _header_columns(line: str, number: int, kind: GridKind) -> tuple[int, ...]:
    cells = _cells_of(line)
    if cells[0].replace(" ", "").lower() != "large/small":
        raise MeasurementFileError(
            f"this is not an ORION _{kind}.csv grid: the first row must start with 'Large/Small', "
            f"not '{cells[0][:40]}'",
            where=f"line {number}",
        )
    if len(cells) < 2:
        raise MeasurementFileError("the header names no small-I/O column", where=f"line {number}")
    columns: list[int] = []
    for position, cell in enumerate(cells[1:], start=2):
        if not cell.isdigit():
            raise MeasurementFileError(
                f"header cell '{cell}' is not a count of outstanding small I/Os",
                where=f"line {number}, column {position}",
            )
        if int(cell) in columns:
            raise MeasurementFileError(f"small-I/O column {cell} appears twice", where=f"line {number}")
        columns.append(int(cell))
    return tuple(columns)


def _data_row(line: str, number: int, small_columns: tuple[int, ...]) -> tuple[int, list[OrionCell]]:
    cells = _cells_of(line, width=len(small_columns) + 1)
    if not cells[0].isdigit():
        raise MeasurementFileError(
            f"'{cells[0]}' is not a count of outstanding large I/Os", where=f"line {number}, column 'Large'"
        )
    large = int(cells[0])
    values = cells[1:]
    if len(values) != len(small_columns):
        raise MeasurementFileError(
            f"the row for Large={large} has {len(values)} values but the header names "
            f"{len(small_columns)} small-I/O columns",
            where=f"line {number}",
        )
    row: list[OrionCell] = []
    for small, cell in zip(small_columns, values, strict=True):
        where = f"line {number}, column 'Small={small}'"
        row.append(OrionCell(large=large, small=small, value=_cell_value(cell, where), where=where))
    return large, row


def _cell_value(cell: str, where: str) -> float | None:
    if cell == "":
        return None  # ORION leaves points it did not test empty
    try:
        value = float(cell)
    except ValueError:
        raise MeasurementFileError(f"'{cell}' is not a number", where=where) from None
    if not math.isfinite(value) or value < 0:
        raise MeasurementFileError(f"'{cell}' is not a measured rate or latency", where=where)
    return value


# A latency grid's unit by magnitude: no storage answers a single outstanding read in under 1 µs,
# and none that ORION is run against needs 50 ms at its lowest load. Between those bounds the
# numbers fit both units (5-20 could be HDD ms or persistent-memory µs), so the unit stays unknown.
_SURELY_US_ABOVE = 50.0
_SURELY_MS_BELOW = 1.0


def _grid_unit(kind: GridKind, cells: list[OrionCell], stated: LatencyUnit | None) -> tuple[str | None, str]:
    if kind == "iops":
        return "IOPS", "ORION's _iops.csv holds small-I/O rates in I/O per second"
    if kind == "mbps":
        return "MB/s", "ORION's _mbps.csv holds large-I/O rates in MB per second"
    if stated is not None:
        return stated, "given by the caller (from the run's summary)"
    measured = [c.value for c in cells if c.value is not None and c.value > 0]
    if not measured:
        return None, "the latency grid holds no positive value to tell its unit from"
    lowest, highest = min(measured), max(measured)
    if lowest >= _SURELY_US_ABOVE:
        return "us", f"magnitude: the lowest latency is {lowest:g}, too high for milliseconds"
    if highest < _SURELY_MS_BELOW:
        return "ms", f"magnitude: the highest latency is {highest:g}, too low for microseconds"
    return None, (
        f"magnitude: latencies from {lowest:g} to {highest:g} fit both ms and µs; "
        "the run's summary (ORION version) must tell"
    )


# ---------------------------------------------------------------------------------------------
# Curves
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class IopsLatencyPoint:
    outstanding_small: int
    iops: float
    latency_ms: float
    iops_where: str
    latency_where: str


@dataclass(frozen=True)
class MbpsPoint:
    outstanding_large: int
    mbps: float
    where: str


@dataclass(frozen=True)
class OrionCurves:
    """Evidence curves of one ORION run, with the run's parameters."""

    run: OrionRun
    iops_latency: tuple[IopsLatencyPoint, ...]  # small-I/O load at large = 0, rising outstanding I/Os
    mbps: tuple[MbpsPoint, ...]  # large-I/O load at small = 0; empty for a run without large I/O
    latency_unit_in_file: LatencyUnit
    latency_unit_basis: str


def orion_curves(
    summary: OrionRun,
    iops_grid: OrionGrid,
    lat_grid: OrionGrid,
    mbps_grid: OrionGrid | None = None,
) -> OrionCurves:
    """Join a run's grids into an IOPS-latency curve (large = 0) and an MB/s curve (small = 0)."""
    _expect_kind(iops_grid, "iops")
    _expect_kind(lat_grid, "lat")
    if mbps_grid is not None:
        _expect_kind(mbps_grid, "mbps")
    _same_run(summary, [g for g in (iops_grid, lat_grid, mbps_grid) if g is not None])
    unit, basis = _curve_latency_unit(summary, lat_grid)
    return OrionCurves(
        run=summary,
        iops_latency=_iops_latency_points(iops_grid, lat_grid, unit),
        mbps=_mbps_points(mbps_grid) if mbps_grid is not None else (),
        latency_unit_in_file=unit,
        latency_unit_basis=basis,
    )


def _expect_kind(grid: OrionGrid, kind: GridKind) -> None:
    if grid.kind != kind:
        raise MeasurementFileError(f"a {grid.kind} grid was given where the {kind} grid belongs")


def _same_run(summary: OrionRun, grids: Iterable[OrionGrid]) -> None:
    """Grids from another run would draw a curve no storage produced."""
    names = {g.run_name.value for g in grids if g.run_name is not None}
    stamps = {g.time_stamp.value for g in grids if g.time_stamp is not None}
    if len(names) > 1 or len(stamps) > 1:
        raise MeasurementFileError(
            f"the grids come from different ORION runs ({', '.join(sorted(names | stamps))})"
        )
    if summary.test_name is not None and names and summary.test_name.value not in names:
        raise MeasurementFileError(
            f"the summary is for test '{summary.test_name.value}' but the grids are for '{names.pop()}'",
            where=summary.test_name.where,
        )


def _curve_latency_unit(summary: OrionRun, lat_grid: OrionGrid) -> tuple[LatencyUnit, str]:
    grid_unit = lat_grid.unit if lat_grid.unit in ("ms", "us") else None
    if grid_unit is not None and summary.latency_unit is not None and grid_unit != summary.latency_unit:
        raise MeasurementFileError(
            f"the latency grid reads as {grid_unit} ({lat_grid.unit_basis}) but the summary says "
            f"{summary.latency_unit} ({summary.latency_unit_basis})"
        )
    if summary.latency_unit is not None:
        return summary.latency_unit, summary.latency_unit_basis
    if grid_unit == "ms":
        return "ms", lat_grid.unit_basis
    if grid_unit == "us":
        return "us", lat_grid.unit_basis
    raise MeasurementFileError(
        "cannot tell whether the latency grid is in milliseconds or microseconds: "
        f"{lat_grid.unit_basis}; {summary.latency_unit_basis}"
    )


def _to_ms(value: float, unit: LatencyUnit) -> float:
    return value / 1000.0 if unit == "us" else value


def _iops_latency_points(iops: OrionGrid, lat: OrionGrid, unit: LatencyUnit) -> tuple[IopsLatencyPoint, ...]:
    if 0 not in iops.large_rows or 0 not in lat.large_rows:
        raise MeasurementFileError("the IOPS and latency grids need a row at Large=0 (small I/O alone)")
    points: list[IopsLatencyPoint] = []
    for rate in iops.row(0):
        latency = lat.cell(0, rate.small)
        # Column 0 (no small I/O) has no small-I/O rate; an untested point has no value.
        if rate.small == 0 or rate.value is None or latency is None or latency.value is None:
            continue
        points.append(
            IopsLatencyPoint(
                outstanding_small=rate.small,
                iops=rate.value,
                latency_ms=_to_ms(latency.value, unit),
                iops_where=rate.where,
                latency_where=latency.where,
            )
        )
    if not points:
        raise MeasurementFileError("no outstanding-small-I/O count has both an IOPS and a latency at Large=0")
    return tuple(sorted(points, key=lambda p: p.outstanding_small))


def _mbps_points(grid: OrionGrid) -> tuple[MbpsPoint, ...]:
    if 0 not in grid.small_columns:
        return ()
    points = [
        MbpsPoint(outstanding_large=c.large, mbps=c.value, where=c.where)
        for c in grid.column(0)
        if c.large > 0 and c.value is not None
    ]
    return tuple(sorted(points, key=lambda p: p.outstanding_large))


# ---------------------------------------------------------------------------------------------
# Wrong kinds of file
# ---------------------------------------------------------------------------------------------


def _refuse_other_kinds(lines: list[str], expected: str) -> None:
    """Name the file the user sent by mistake instead of a puzzling parse error."""
    head = "\n".join(lines[:200])
    if re.search(r"WORKLOAD REPOSITORY", head, re.I):
        raise MeasurementFileError(f"this is an AWR report, not {expected}")
    stripped = head.lstrip()
    if stripped.startswith("<"):
        if "dominicgiles.com/swingbench" in head or re.search(r"<Results[\s>]", head):
            raise MeasurementFileError(f"this is a Swingbench results XML file, not {expected}")
        raise MeasurementFileError(f"this is an XML or HTML document, not {expected}")
