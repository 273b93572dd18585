"""An AWR report to the custom workload profile of the sizing: rates per second, each with its source.

Units: redo in MB of 10^6 bytes (the report's bytes/s ÷ 1e6); CPU in seconds of DB CPU per second
of elapsed time; latency in milliseconds.
"""

from __future__ import annotations

from dataclasses import replace

from measurements.awr import document as doc
from measurements.awr.model import AwrReport, AwrWorkload, LoadProfile, Source, Value, WaitEvent
from measurements.errors import MeasurementFileError

BYTES_PER_MB = 1e6  # MB = 10^6 bytes throughout the workload (not AWR's own 2^20 "(MB)" rows)


def workload_from_awr(report: AwrReport) -> AwrWorkload:
    """The workload of one report, or a refusal naming what the report lacks."""
    profile = _load_profile(report)
    transactions = profile.transactions_per_s
    if transactions is None:
        raise MeasurementFileError(
            f"the '{profile.section}' section prints no 'Transactions' row: this report cannot give a workload",
            where=profile.section,
        )
    io = [
        v
        for v in (
            profile.read_requests_per_s,
            profile.write_requests_per_s,
            profile.read_blocks_per_s,
            profile.write_blocks_per_s,
        )
        if v is not None
    ]
    if transactions.value == 0 and all(v.value == 0 for v in io):
        raise MeasurementFileError(
            f"an idle interval: 0 transactions and no physical reads or writes per second in "
            f"'{profile.section}'; choose snapshots that cover the load",
            where=profile.section,
        )
    return AwrWorkload(
        transactions_per_s=transactions,
        read_requests_per_s=_requests(profile.read_requests_per_s, profile.read_blocks_per_s, "Read"),
        write_requests_per_s=_requests(profile.write_requests_per_s, profile.write_blocks_per_s, "Write"),
        db_cpu_s_per_s=_db_cpu(report, profile),
        redo_mb_per_s=_redo(profile.redo_bytes_per_s),
        single_block_read_ms=single_block_read_ms(report.single_block_reads),
        notes=_notes(report, transactions),
    )


def _load_profile(report: AwrReport) -> LoadProfile:
    if report.load_profile is not None:
        return report.load_profile
    section = doc.RAC_SYSSTAT_PER_SECOND if report.kind == "rac_global" else doc.LOAD_PROFILE
    if any(section in note for note in report.notes):
        message = f"the file ends inside the '{section}' section: this report cannot give a workload"
    else:
        message = f"no '{section}' section: this report cannot give a workload"
    raise MeasurementFileError(message, where=section)


def _requests(requests: Value | None, blocks: Value | None, kind: str) -> Value | None:
    """IO requests when printed; else the blocks (11.2.0.3 and before print only those), saying so."""
    if requests is not None:
        return requests
    if blocks is None:
        return None
    note = (
        f"blocks, not requests: the report prints no '{kind} IO requests' row; a multiblock I/O "
        "counts each of its blocks, so this overstates the requests"
    )
    return Value(value=blocks.value, unit="requests/s", source=replace(blocks.source, note=note))


def _db_cpu(report: AwrReport, profile: LoadProfile) -> Value | None:
    """Time Model DB CPU over the elapsed time (four digits where the Load Profile prints one)."""
    cpu, elapsed = report.db_cpu_s, report.elapsed_min
    if cpu is not None and elapsed is not None and elapsed.value > 0:
        note = f"DB CPU {cpu.value:g} s / elapsed {elapsed.value:g} min x 60"
        return Value(
            value=cpu.value / (elapsed.value * 60), unit="s/s", source=replace(cpu.source, note=note)
        )
    return profile.db_cpu_s_per_s


def _redo(redo: Value | None) -> Value | None:
    if redo is None:
        return None
    note = "bytes/s / 10^6 (MB = 10^6 bytes)"
    return Value(value=redo.value / BYTES_PER_MB, unit="MB/s", source=replace(redo.source, note=note))


def _average_ms(event: WaitEvent) -> tuple[float, Source] | None:
    """The more precise of the printed average and total time / waits.

    11.2 prints the average in whole milliseconds (1 ms for 1.5 ms) and the total in seconds;
    with many waits the total gives more digits, with few the printed average does.
    """
    waits, total, avg = event.waits, event.total_wait_s, event.avg_wait_ms
    candidates: list[tuple[float, float, Source]] = []  # (relative rounding, ms, source)
    if avg is not None and event.avg_resolution_ms is not None and avg.value > 0:
        candidates.append((event.avg_resolution_ms / avg.value, avg.value, avg.source))
    if waits is not None and total is not None and waits.value > 0 and total.value > 0:
        computed = total.value * 1000 / waits.value
        note = f"total wait {total.value:g} s x 1000 / {waits.value:g} waits"
        resolution = event.total_resolution_s or 0.0
        candidates.append((resolution / total.value, computed, replace(total.source, note=note)))
    if not candidates:
        if avg is not None:  # a printed zero average is a measurement, not an absence
            return avg.value, avg.source
        return None
    _, value, source = min(candidates, key=lambda c: c[0])
    return value, source


def single_block_read_ms(events: tuple[WaitEvent, ...]) -> Value | None:
    """The foreground single-block read latency; several events (Exadata's cell variants, or both
    kinds of storage) are averaged weighted by their waits."""
    usable: list[tuple[WaitEvent, float, Source]] = []
    for event in events:
        if event.waits is not None and event.waits.value == 0:
            continue  # an event that never waited says nothing of the latency
        found = _average_ms(event)
        if found is not None:
            usable.append((event, *found))
    if not usable:
        return None
    if len(usable) == 1:
        _, value, source = usable[0]
        return Value(value=value, unit="ms", source=source)
    weights = [event.waits.value if event.waits is not None else 0.0 for event, _, _ in usable]
    if 0.0 in weights:  # an event without its count of waits cannot be weighed against the others
        return None
    value = sum(w * ms for w, (_, ms, _) in zip(weights, usable, strict=True)) / sum(weights)
    first = usable[0][2]
    names = " + ".join(event.event for event, _, _ in usable)
    source = replace(first, row=names, column=None, line=None, note="mean weighted by waits")
    return Value(value=value, unit="ms", source=source)


def _notes(report: AwrReport, transactions: Value) -> tuple[str, ...]:
    notes = list(report.notes)
    if report.kind == "instance" and report.rac:
        notes.append(
            "an instance report of a RAC database: the workload is this instance's, not the cluster's"
        )
    if report.pdb_report:
        notes.append("a PDB report: the figures are this pluggable database's share of the instance")
    if transactions.value == 0:
        notes.append(
            "transactions print as 0 per second (under 0.05): the per-transaction ratios are undefined"
        )
    if not report.single_block_reads:
        notes.append(
            "no foreground 'db file sequential read' or 'cell single block physical read' row: "
            "the single-block read latency is absent"
        )
    return tuple(notes)
