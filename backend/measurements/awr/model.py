"""What one AWR report gives, every number with the place it was read from."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

ReportFormat = Literal["text", "html"]
# "instance": awrrpt (one instance, also a PDB or CDB report); "rac_global": awrgrpt (all instances).
ReportKind = Literal["instance", "rac_global"]


@dataclass(frozen=True)
class Source:
    """Where a value is printed: the report section, the row label, and the line (text reports) or
    the table's summary attribute (HTML reports). `note` says how a value was derived, if it was."""

    section: str
    row: str
    column: str | None = None
    line: int | None = None
    table: str | None = None
    note: str | None = None

    def describe(self) -> str:
        parts = [f"{self.section} / {self.row}"]
        if self.column:
            parts.append(f"column {self.column!r}")
        if self.line is not None:
            parts.append(f"line {self.line}")
        if self.note:
            parts.append(self.note)
        return ", ".join(parts)


@dataclass(frozen=True)
class Value:
    """A number as printed (converted to `unit`) and where it is printed."""

    value: float
    unit: str
    source: Source


@dataclass(frozen=True)
class Instance:
    name: str
    number: int | None
    host: str | None
    cpus: Value | None
    cores: Value | None


@dataclass(frozen=True)
class LoadProfile:
    """Per-second rates of the Load Profile (or, for a RAC global report, the cluster-wide rows).

    Physical reads are kept as printed: "Physical reads" (11.2.0.3 and before) and "Physical read
    (blocks)" count blocks; "Read IO requests" (11.2.0.4 on) counts I/O calls. A multiblock read is
    one request of many blocks, so the two differ and neither is derived from the other.
    """

    section: str
    transactions_per_s: Value | None
    read_blocks_per_s: Value | None
    write_blocks_per_s: Value | None
    read_requests_per_s: Value | None
    write_requests_per_s: Value | None
    redo_bytes_per_s: Value | None
    executes_per_s: Value | None
    db_cpu_s_per_s: Value | None
    db_time_s_per_s: Value | None


@dataclass(frozen=True)
class WaitEvent:
    """One wait event row: waits, total time and average wait, each None when not printed."""

    event: str
    waits: Value | None
    total_wait_s: Value | None
    avg_wait_ms: Value | None
    # Rounding of the printed figures (half a unit of the last digit), to choose the more precise
    # of "average as printed" and "total time / waits".
    total_resolution_s: float | None = None
    avg_resolution_ms: float | None = None


@dataclass(frozen=True)
class IoStatFunction:
    function: str
    read_requests_per_s: Value | None
    write_requests_per_s: Value | None
    read_mb_per_s: Value | None
    write_mb_per_s: Value | None
    waits: Value | None
    avg_wait_ms: Value | None


@dataclass(frozen=True)
class AwrReport:
    format: ReportFormat
    kind: ReportKind
    db_name: str | None
    db_id: int | None
    release: str | None
    rac: bool | None
    cdb: bool | None
    pdb_report: bool  # a "PDB report": the figures are the pluggable database's share
    instances: tuple[Instance, ...]
    elapsed_min: Value | None
    db_time_min: Value | None
    db_cpu_s: Value | None  # Time Model "DB CPU" (cluster sum for a RAC global report)
    load_profile: LoadProfile | None
    single_block_reads: tuple[WaitEvent, ...]  # foreground; "db file sequential read" or the cell events
    iostat_functions: tuple[IoStatFunction, ...]
    notes: tuple[str, ...] = ()

    @property
    def host_cpus(self) -> float | None:
        """CPUs over all instances of the report, None unless every instance prints its count."""
        counts = [i.cpus.value for i in self.instances if i.cpus is not None]
        return sum(counts) if counts and len(counts) == len(self.instances) else None


@dataclass(frozen=True)
class AwrWorkload:
    """The custom workload profile one AWR report gives.

    MB here is 10^6 bytes (redo size bytes/s / 1e6), the unit of the sizing inputs; note that AWR's
    own "(MB)" rows count 2^20 bytes.
    """

    transactions_per_s: Value
    read_requests_per_s: Value | None
    write_requests_per_s: Value | None
    db_cpu_s_per_s: Value | None
    redo_mb_per_s: Value | None
    single_block_read_ms: Value | None
    notes: tuple[str, ...] = ()
