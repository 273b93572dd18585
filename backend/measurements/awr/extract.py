"""Tables of a report (`document.Document`) to the values of an `AwrReport`, each with its source."""

from __future__ import annotations

import re
from collections.abc import Callable

from measurements.awr import document as doc
from measurements.awr.model import AwrReport, Instance, IoStatFunction, LoadProfile, Source, Value, WaitEvent
from measurements.awr.numbers import Reading, read_duration_ms, read_number
from measurements.awr.tables import Row, Table, cell

Reader = Callable[[str], Reading | None]

# The foreground single-block read: "db file sequential read" on ordinary storage; on Exadata
# "cell single block physical read", and from 19c on also its ": flash cache", ": pmem cache" and
# ": xrmem cache" variants (each a single-block read served by the cells).
SEQUENTIAL_READ = "db file sequential read"
CELL_SINGLE_BLOCK = "cell single block physical read"

_MINUTES = re.compile(r"^\s*(?P<label>Elapsed|DB Time):\s*(?P<value>[\d,.]+)\s*\(mins\)", re.IGNORECASE)


def build_report(document: doc.Document) -> AwrReport:
    if document.kind == "rac_global":
        return _rac_global_report(document)
    return _instance_report(document)


# --- cells to values ----------------------------------------------------------------------------


def _value(
    table: Table,
    row: Row | None,
    column: int | None,
    unit: str,
    *,
    label_column: int = 0,
    read: Reader = read_number,
    factor: float = 1.0,
    note: str | None = None,
) -> Value | None:
    """The number in one cell with its source; None when the row, the column or the number is absent."""
    if row is None or column is None:
        return None
    reading = read(cell(row, column))
    if reading is None:
        return None
    return Value(
        value=reading.value * factor, unit=unit, source=_source(table, row, column, label_column, note)
    )


def _reading(row: Row, column: int | None, read: Reader = read_number) -> Reading | None:
    return None if column is None else read(cell(row, column))


def _source(
    table: Table, row: Row, column: int | None, label_column: int = 0, note: str | None = None
) -> Source:
    heading = table.columns[column] if column is not None and column < len(table.columns) else None
    return Source(
        section=table.section,
        row=cell(row, label_column).rstrip(":").strip(),
        column=heading or None,
        line=row.line,
        table=table.summary,
        note=note,
    )


def _per_second_column(table: Table) -> int:
    return table.named("Per Second") or 1


def _text(table: Table | None, name: str) -> str | None:
    """A header field ("DB Name") from the first header table that has that column."""
    if table is None:
        return None
    index = table.named(name)
    if index is None or not table.rows:
        return None
    return cell(table.rows[0], index) or None


def _header_field(header: list[Table], *names: str) -> tuple[Table, str] | None:
    for table in header:
        for name in names:
            text = _text(table, name)
            if text is not None:
                return table, text
    return None


def _yes_no(text: str | None) -> bool | None:
    if text is None:
        return None
    return {"YES": True, "NO": False}.get(text.strip().upper())


def _int(text: str | None) -> int | None:
    return int(text) if text is not None and text.strip().isdigit() else None


# --- the instance report (awrrpt) -----------------------------------------------------------------


def _instance_report(document: doc.Document) -> AwrReport:
    header = document.header
    db_name = _header_field(header, "DB Name")
    db_id = _header_field(header, "DB Id")
    release = _header_field(header, "Release")
    rac = _header_field(header, "RAC")
    cdb = _header_field(header, "CDB")  # 12c on
    elapsed, db_time = _snapshot_minutes(document)
    load_profile = _load_profile(document.table(doc.LOAD_PROFILE))
    time_model = document.table(doc.TIME_MODEL)
    db_cpu = None
    if time_model is not None:
        db_cpu = _value(time_model, time_model.row("DB CPU"), time_model.named("Time (s)"), "s")
    events = _single_block_reads(document.table(doc.FOREGROUND_EVENTS))
    if not events:  # the Report Summary's top list holds the event when it matters
        events = _single_block_reads(document.table(doc.TOP_EVENTS))
    return AwrReport(
        format=document.format,
        kind="instance",
        db_name=db_name[1] if db_name else None,
        db_id=_int(db_id[1]) if db_id else None,
        release=release[1] if release else None,
        rac=_yes_no(rac[1]) if rac else None,
        cdb=_yes_no(cdb[1]) if cdb else None,
        pdb_report=document.pdb_report,
        instances=_header_instances(header),
        elapsed_min=elapsed,
        db_time_min=db_time,
        db_cpu_s=db_cpu,
        load_profile=load_profile,
        single_block_reads=events,
        iostat_functions=_iostat_summary(document.table(doc.IOSTAT_FUNCTION)),
        notes=tuple(f"the file ends inside '{name}': its values are absent" for name in document.cut),
    )


def _header_instances(header: list[Table]) -> tuple[Instance, ...]:
    found = _header_field(header, "Instance")
    if found is None:
        return ()
    table, name = found
    number = _text(table, "Inst Num")
    host_table = next((t for t in header if t.named("Host Name") is not None and t.rows), None)
    host = cpus = cores = None
    if host_table is not None:
        row = host_table.rows[0]
        host = cell(row, host_table.named("Host Name")) or None
        cpus = _value(host_table, row, host_table.named("CPUs"), "CPUs")
        cores = _value(host_table, row, host_table.named("Cores"), "cores")
    return (Instance(name=name, number=_int(number), host=host, cpus=cpus, cores=cores),)


def _snapshot_minutes(document: doc.Document) -> tuple[Value | None, Value | None]:
    found: dict[str, Value] = {}
    for line in document.snapshot:
        match = _MINUTES.match(line.text)
        if match is None:
            continue
        label = "Elapsed" if match["label"].lower() == "elapsed" else "DB Time"
        reading = read_number(match["value"])
        if reading is not None and label not in found:
            source = Source(section="Report header (snapshots)", row=label, line=line.line)
            found[label] = Value(value=reading.value, unit="min", source=source)
    return found.get("Elapsed"), found.get("DB Time")


def _load_profile(table: Table | None) -> LoadProfile | None:
    if table is None:
        return None
    per_second = _per_second_column(table)

    def rate(unit: str, *labels: str) -> Value | None:
        return _value(table, table.row(*labels), per_second, unit)

    return LoadProfile(
        section=table.section,
        transactions_per_s=rate("transactions/s", "Transactions"),
        # 11.2.0.3 and before: "Physical reads"; 11.2.0.4 on: "Physical read (blocks)". Both blocks.
        read_blocks_per_s=rate("blocks/s", "Physical read (blocks)", "Physical reads"),
        write_blocks_per_s=rate("blocks/s", "Physical write (blocks)", "Physical writes"),
        read_requests_per_s=rate("requests/s", "Read IO requests"),
        write_requests_per_s=rate("requests/s", "Write IO requests"),
        redo_bytes_per_s=rate("bytes/s", "Redo size (bytes)", "Redo size"),
        executes_per_s=rate("executes/s", "Executes (SQL)", "Executes"),
        db_cpu_s_per_s=rate("s/s", "DB CPU(s)", "DB CPU (s)"),
        db_time_s_per_s=rate("s/s", "DB Time(s)", "DB Time (s)"),
    )


def _is_single_block_read(label: str, width: int | None) -> bool:
    """Whether an event label names a single-block read; a label as wide as its column may be cut."""
    name = label.strip().lower()
    if name == SEQUENTIAL_READ or name.startswith(CELL_SINGLE_BLOCK):
        return True
    cut = width is not None and len(name) >= width
    return cut and len(name) >= 20 and CELL_SINGLE_BLOCK.startswith(name)


def _single_block_reads(table: Table | None) -> tuple[WaitEvent, ...]:
    if table is None:
        return ()
    event_column = table.named("Event") or 0
    waits_column = table.named("Waits")
    # "Total Wait Time (s)", "Total Wait Time (sec)", "Total(s)", 11.2.0.4 text's cut "Tota Time",
    # and the Top 5 table's plain "Time(s)".
    total_column = table.column(
        lambda h: (
            ("tot" in h and ("time" in h or "(s" in h)) or h.replace(" ", "") in ("time(s)", "time(sec)")
        )
    )
    avg_column = table.column(lambda h: "avg" in h and "active" not in h)
    bare_unit = "ms"  # 11.2 prints whole milliseconds under "(ms)"; 12c on gives every value a unit
    events = []
    for row in table.rows:
        label = cell(row, event_column)
        if not _is_single_block_read(label, table.label_width if event_column == 0 else None):
            continue
        total = _reading(row, total_column)
        avg = _reading(row, avg_column, lambda text: read_duration_ms(text, bare_unit=bare_unit))
        events.append(
            WaitEvent(
                event=label,
                waits=_value(table, row, waits_column, "waits", label_column=event_column),
                total_wait_s=_value(table, row, total_column, "s", label_column=event_column),
                avg_wait_ms=_value(
                    table,
                    row,
                    avg_column,
                    "ms",
                    label_column=event_column,
                    read=lambda text: read_duration_ms(text, bare_unit=bare_unit),
                ),
                total_resolution_s=total.resolution if total else None,
                avg_resolution_ms=avg.resolution if avg else None,
            )
        )
    return tuple(events)


def _iostat_summary(table: Table | None) -> tuple[IoStatFunction, ...]:
    if table is None:
        return ()
    reqs = [table.column(lambda h: h == "reqs per sec", occurrence=n) for n in (0, 1)]
    data = [table.column(lambda h: h == "data per sec", occurrence=n) for n in (0, 1)]
    waits = table.column(lambda h: "count" in h)
    avg = table.column(lambda h: h.startswith("avg"))
    return tuple(
        IoStatFunction(
            function=_function_name(cell(row, 0).rstrip(":"), table.label_width),
            read_requests_per_s=_value(table, row, reqs[0], "requests/s"),
            write_requests_per_s=_value(table, row, reqs[1], "requests/s"),
            read_mb_per_s=_value(table, row, data[0], "MiB/s", read=_mebibytes),
            write_mb_per_s=_value(table, row, data[1], "MiB/s", read=_mebibytes),
            waits=_value(table, row, waits, "waits"),
            avg_wait_ms=_value(table, row, avg, "ms", read=read_duration_ms),
        )
        for row in table.rows
    )


# IOStat function names; the text report cuts them to 15 characters ("Buffer Cache Re").
_IOSTAT_FUNCTIONS = (
    "Buffer Cache Reads",
    "Direct Reads",
    "Direct Writes",
    "Smart Scan",
    "Streams AQ",
    "Data Pump",
    "Archive Manager",
    "Recovery",
    "Others",
)


def _function_name(label: str, width: int | None) -> str:
    if width is None or len(label) < width:
        return label
    return next((name for name in _IOSTAT_FUNCTIONS if name.startswith(label)), label)


_BINARY = {"K": 1 / 1024, "M": 1.0, "G": 1024.0, "T": 1024.0**2, "P": 1024.0**3}


def _mebibytes(text: str) -> Reading | None:
    """IOStat "Data" cells: "'Data' columns suffixed with M,G,T,P are in multiples of 1024"; bare = MB."""
    cleaned = text.strip()
    factor = _BINARY.get(cleaned[-1:]) if cleaned else None
    reading = read_number(cleaned[:-1] if factor is not None else cleaned)
    if reading is None:
        return None
    scale = factor if factor is not None else 1.0
    return Reading(value=reading.value * scale, resolution=reading.resolution * scale)


# --- the RAC global report (awrgrpt) ---------------------------------------------------------------


def _rac_global_report(document: doc.Document) -> AwrReport:
    database = document.table(doc.RAC_DATABASE)
    db_row = database.rows[0] if database is not None and database.rows else None
    db_name = db_id = rac = cdb = None
    elapsed = db_time = None
    if database is not None and db_row is not None:
        db_name = cell(db_row, database.named("Name")) or None
        db_id = _int(cell(db_row, database.named("Id")))
        rac = _yes_no(cell(db_row, database.named("RAC")) or None)
        cdb = _yes_no(cell(db_row, database.named("CDB")) or None)
        elapsed = _value(database, db_row, database.named("Elapsed time"), "min")
        db_time = _value(database, db_row, database.named("DB time"), "min")
    instances, release = _rac_instances(document)
    time_model = document.table(doc.RAC_TIME_MODEL)
    db_cpu = None
    if time_model is not None:
        db_cpu = _value(time_model, time_model.row("Sum"), time_model.named("DB CPU (s)"), "s")
    return AwrReport(
        format=document.format,
        kind="rac_global",
        db_name=db_name,
        db_id=db_id,
        release=release,
        rac=rac,
        cdb=cdb,
        pdb_report=document.pdb_report,
        instances=instances,
        elapsed_min=elapsed,
        db_time_min=db_time,
        db_cpu_s=db_cpu,
        load_profile=_rac_load_profile(document),
        single_block_reads=_single_block_reads(document.table(doc.RAC_FOREGROUND_EVENTS)),
        iostat_functions=_rac_iostat(document.table(doc.RAC_IOSTAT_FUNCTION)),
        notes=tuple(f"the file ends inside '{name}': its values are absent" for name in document.cut),
    )


def _rac_instances(document: doc.Document) -> tuple[tuple[Instance, ...], str | None]:
    table = document.table(doc.RAC_INSTANCES)
    if table is None:
        return (), None
    os_table = document.table(doc.RAC_OS)
    number_col, name_col = table.named("I#"), table.named("Instance")
    host_col, release_col = table.named("Host"), table.named("Release")
    instances = []
    releases = set()
    for row in table.rows:
        number = cell(row, number_col)
        cpus = cores = None
        if os_table is not None:
            os_row = os_table.row(number)
            cpus = _value(os_table, os_row, os_table.named("#CPUs"), "CPUs")
            cores = _value(os_table, os_row, os_table.named("#Cores"), "cores")
        instances.append(
            Instance(
                name=cell(row, name_col),
                number=_int(number),
                host=cell(row, host_col) or None,
                cpus=cpus,
                cores=cores,
            )
        )
        releases.add(cell(row, release_col))
    release = releases.pop() if len(releases) == 1 else None
    return tuple(instances), release or None


def _rac_load_profile(document: doc.Document) -> LoadProfile | None:
    """The cluster's rates: the "Sum" row of System Statistics - Per Second (blocks, transactions,
    executes) and the cluster "per Second" of System Statistics (Global) (IO requests, redo bytes)."""
    per_second = document.table(doc.RAC_SYSSTAT_PER_SECOND)
    if per_second is None:
        return None
    total = per_second.row("Sum")
    statistics = document.table(doc.RAC_SYSSTAT_GLOBAL)

    def summed(unit: str, heading: str, factor: float = 1.0) -> Value | None:
        return _value(per_second, total, per_second.named(heading), unit, factor=factor)

    def statistic(unit: str, name: str) -> Value | None:
        if statistics is None:
            return None
        return _value(statistics, statistics.row(name), statistics.named("per Second"), unit)

    # "Redo Size (k)" is kilobytes of 1024 bytes (its Total times 1024 is the "redo size" statistic).
    redo = statistic("bytes/s", "redo size") or summed("bytes/s", "Redo Size (k)/s", factor=1024.0)
    return LoadProfile(
        section=per_second.section,
        transactions_per_s=summed("transactions/s", "Txns/s"),
        read_blocks_per_s=summed("blocks/s", "Physical Reads/s"),
        write_blocks_per_s=summed("blocks/s", "Physical Writes/s"),
        read_requests_per_s=statistic("requests/s", "physical read IO requests"),
        write_requests_per_s=statistic("requests/s", "physical write IO requests"),
        redo_bytes_per_s=redo,
        executes_per_s=summed("executes/s", "Execs/s"),
        db_cpu_s_per_s=None,  # the RAC report prints DB CPU only as seconds (Time Model)
        db_time_s_per_s=None,
    )


def _rac_iostat(table: Table | None) -> tuple[IoStatFunction, ...]:
    if table is None:
        return ()
    instance_col, function_col = table.named("I#"), table.named("Function Name")
    result = []
    for row in table.rows:
        if cell(row, instance_col) != "*":  # '*' rows are the cluster; the others each instance
            continue
        result.append(
            IoStatFunction(
                function=cell(row, function_col),
                read_requests_per_s=_value(table, row, table.named("Reads/s"), "requests/s", label_column=1),
                write_requests_per_s=_value(
                    table, row, table.named("Writes/s"), "requests/s", label_column=1
                ),
                read_mb_per_s=_value(table, row, table.named("Read MB/s"), "MiB/s", label_column=1),
                write_mb_per_s=_value(table, row, table.named("Write MB/s"), "MiB/s", label_column=1),
                waits=_value(table, row, table.named("Waits: Count"), "waits", label_column=1),
                avg_wait_ms=_value(
                    table, row, table.named("Avg Time"), "ms", label_column=1, read=read_duration_ms
                ),
            )
        )
    return tuple(result)
