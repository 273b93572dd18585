"""Synthetic AWR reports, written from values, in the layouts Oracle prints (text and HTML).

The tests build a report from a `Spec`, parse it, and compare what the parser read with the values
the builder wrote. The layouts follow Oracle's: 11.2.0.3 ("Top 5 Timed Foreground Events",
"Physical reads", whole-millisecond averages), 11.2.0.4 ("Top 10 ...", "Physical read (blocks)",
"Read IO requests"), 12c / 19c (a separate instance table, averages with a unit), Exadata ("cell
single block physical read") and the RAC global report (awrgrpt, HTML). No real report is copied.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field, replace
from typing import Literal

Style = Literal["11.2.0.3", "11.2.0.4", "19c"]


@dataclass(frozen=True)
class Event:
    name: str
    waits: int
    total_s: float
    avg_ms: float
    wait_class: str = "User I/O"


@dataclass(frozen=True)
class IoFunction:
    name: str
    read_reqs: float
    write_reqs: float
    waits: int
    avg_ms: float


@dataclass(frozen=True)
class Spec:
    style: Style = "19c"
    db_name: str = "SYNTH"
    db_id: int = 1234567890
    instance: str = "synth1"
    inst_num: int = 1
    rac: bool = False
    cdb: bool = False
    host: str = "dbhost01"
    cpus: int = 16
    cores: int = 8
    elapsed_min: float = 60.03
    db_time_min: float = 120.51
    db_cpu_s: float = 2345.67
    # Load Profile, per second (the builder prints one decimal, so these carry one)
    db_time_per_s: float = 2.0
    db_cpu_per_s: float = 0.7
    redo_bytes_per_s: float = 1234567.8
    read_blocks_per_s: float = 4567.8
    write_blocks_per_s: float = 345.6
    read_requests_per_s: float | None = 1234.5  # None: the release prints no such row (11.2.0.3)
    write_requests_per_s: float | None = 210.9
    executes_per_s: float = 2345.6
    transactions_per_s: float | None = 123.4
    foreground: tuple[Event, ...] = (
        Event("db file sequential read", 4_444_000, 3555.2, 0.8),
        Event("log file sync", 444_000, 310.8, 0.7, "Commit"),
    )
    iostat: tuple[IoFunction, ...] = (
        IoFunction("Buffer Cache Reads", 1234.1, 0.0, 4_444_000, 0.8),
        IoFunction("LGWR", 0.1, 123.4, 444_000, 0.3),
    )
    with_load_profile: bool = True
    with_foreground_table: bool = True  # False: only the Report Summary's top list names the events
    page_break_in_events: bool = False  # text: continue Foreground Wait Events on a new page

    def with_style(self, style: Style) -> Spec:
        return replace(self, style=style)


# --- number formats ---------------------------------------------------------------------------------


def _per_s(value: float) -> str:
    return f"{value:,.1f}"


def _avg(ms: float, style: Style, *, leading_zero: bool = True) -> str:
    """11.2: whole milliseconds; 12c on: with a unit (us below one millisecond)."""
    if style != "19c":
        return f"{ms:.0f}"
    text = f"{ms * 1000:.2f}us" if ms < 1 else f"{ms:.2f}ms"
    return text if leading_zero else text.removeprefix("0")


def rounded_avg_ms(ms: float, style: Style) -> float:
    """The average as the builder prints it, in ms."""
    return (
        float(f"{ms:.0f}")
        if style != "19c"
        else (float(f"{ms * 1000:.2f}") / 1000 if ms < 1 else float(f"{ms:.2f}"))
    )


def _profile_rows(spec: Spec) -> list[tuple[str, float]]:
    old = spec.style == "11.2.0.3"
    rows: list[tuple[str, float | None]] = [
        ("DB Time(s)", spec.db_time_per_s),
        ("DB CPU(s)", spec.db_cpu_per_s),
        ("Redo size" if old else "Redo size (bytes)", spec.redo_bytes_per_s),
        ("Logical reads" if old else "Logical read (blocks)", 98765.4),
        ("Block changes", 876.5),
        ("Physical reads" if old else "Physical read (blocks)", spec.read_blocks_per_s),
        ("Physical writes" if old else "Physical write (blocks)", spec.write_blocks_per_s),
    ]
    if not old:
        rows += [
            ("Read IO requests", spec.read_requests_per_s),
            ("Write IO requests", spec.write_requests_per_s),
            ("Read IO (MB)", 35.6),
            ("Write IO (MB)", 2.7),
        ]
    rows += [
        ("User calls", 1111.1),
        ("Executes" if old else "Executes (SQL)", spec.executes_per_s),
        ("Rollbacks", 0.1),
        ("Transactions", spec.transactions_per_s),
    ]
    return [(label, value) for label, value in rows if value is not None]


def _top_events(spec: Spec) -> list[Event]:
    cpu = Event("DB CPU", 0, spec.db_cpu_s, 0.0, "")
    return sorted([cpu, *spec.foreground], key=lambda e: -e.total_s)[: 5 if spec.style == "11.2.0.3" else 10]


# --- text ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Col:
    heading: tuple[str, ...]  # heading lines, bottom-aligned
    width: int
    left: bool = False


def _fixed(columns: list[_Col], rows: list[list[str]], *, dash: str = "-") -> list[str]:
    depth = max(len(c.heading) for c in columns)
    lines = []
    for level in range(depth):
        parts = []
        for col in columns:
            pad = depth - len(col.heading)
            text = col.heading[level - pad] if level >= pad else ""
            parts.append(text.ljust(col.width) if col.left else text.rjust(col.width))
        lines.append(" ".join(parts).rstrip())
    lines.append(" ".join(dash * c.width for c in columns))
    for row in rows:
        cells = []
        for col, text in zip(columns, row, strict=True):
            text = text[: col.width]  # Oracle cuts what does not fit (event names to 26 characters)
            cells.append(text.ljust(col.width) if col.left else text.rjust(col.width))
        lines.append(" ".join(cells).rstrip())
    return lines


_END = " " * 26 + "-" * 54


def text_report(spec: Spec) -> bytes:
    """An awrrpt text report with the sections the parser reads (and a few it does not)."""
    lines = ["", "WORKLOAD REPOSITORY report for", ""]
    lines += _text_header(spec)
    if spec.with_load_profile:
        lines += _text_load_profile(spec)
    lines += _text_top_events(spec)
    lines += [
        "",
        "Instance Efficiency Percentages (Target 100%)",
        "~" * 45,
        "   Buffer Nowait %:   99.99",
        "",
    ]
    snaps = f"DB/Inst: {spec.db_name}/{spec.instance}  Snaps: 100-101"
    lines += [
        f"\fTime Model Statistics                         {snaps}",
        "-> Ordered by % of DB time desc",
        "",
    ]
    lines += _fixed(
        [_Col(("Statistic Name",), 42, left=True), _Col(("Time (s)",), 18), _Col(("% of DB Time",), 12)],
        [
            ["sql execute elapsed time", f"{spec.db_time_min * 60 * 0.8:,.1f}", "80.0"],
            ["DB CPU", f"{spec.db_cpu_s:,.2f}", "32.4"],
            ["DB time", f"{spec.db_time_min * 60:,.1f}", ""],
        ],
    )
    lines += [_END, ""]
    if spec.with_foreground_table:
        lines += _text_events("Foreground Wait Events", spec, snaps, spec.foreground)
    lines += _text_events(
        "Background Wait Events", spec, snaps, (Event("db file sequential read", 9, 0.1, 11.0),)
    )
    lines += _text_iostat(spec, snaps)
    return ("\n".join(lines) + "\n").encode()


def _text_header(spec: Spec) -> list[str]:
    lines: list[str] = []
    yes = {True: "YES", False: "NO"}
    if spec.style == "19c":
        lines += _fixed(
            [
                _Col(("DB Name",), 12, True),
                _Col(("DB Id",), 11),
                _Col(("Unique Name",), 11, True),
                _Col(("DB Role",), 16, True),
                _Col(("Edition",), 7, True),
                _Col(("Release",), 10, True),
                _Col(("RAC",), 3, True),
                _Col(("CDB",), 3, True),
            ],
            [
                [
                    spec.db_name,
                    str(spec.db_id),
                    spec.db_name.lower(),
                    "PRIMARY",
                    "EE",
                    _release(spec),
                    yes[spec.rac],
                    yes[spec.cdb],
                ]
            ],
        )
        lines += [""]
        lines += _fixed(
            [_Col(("Instance",), 12, True), _Col(("Inst Num",), 8), _Col(("Startup Time",), 15, True)],
            [[spec.instance, str(spec.inst_num), "01-Jan-25 08:00"]],
        )
    else:
        lines += _fixed(
            [
                _Col(("DB Name",), 12, True),
                _Col(("DB Id",), 11),
                _Col(("Instance",), 12, True),
                _Col(("Inst Num",), 8),
                _Col(("Startup Time",), 15, True),
                _Col(("Release",), 11, True),
                _Col(("RAC",), 3, True),
            ],
            [
                [
                    spec.db_name,
                    str(spec.db_id),
                    spec.instance,
                    str(spec.inst_num),
                    "01-Jan-25 08:00",
                    _release(spec),
                    yes[spec.rac],
                ]
            ],
        )
    lines += [""]
    lines += _fixed(
        [
            _Col(("Host Name",), 16, True),
            _Col(("Platform",), 32, True),
            _Col(("CPUs",), 4),
            _Col(("Cores",), 5),
            _Col(("Sockets",), 7),
            _Col(("Memory(GB)",), 10),
        ],
        [[spec.host, "Linux x86 64-bit", str(spec.cpus), str(spec.cores), "1", "62.65"]],
    )
    lines += [
        "",
        "              Snap Id      Snap Time      Sessions Curs/Sess",
        "            --------- ------------------- -------- ---------",
        "Begin Snap:       100 01-Jan-25 09:00:00       100       1.0",
        "  End Snap:       101 01-Jan-25 10:00:00       100       1.0",
        f"   Elapsed:          {spec.elapsed_min:10,.2f} (mins)",
        f"   DB Time:          {spec.db_time_min:10,.2f} (mins)",
        "",
    ]
    return lines


def _release(spec: Spec) -> str:
    return {"11.2.0.3": "11.2.0.3.0", "11.2.0.4": "11.2.0.4.0", "19c": "19.0.0.0.0"}[spec.style]


def _text_load_profile(spec: Spec) -> list[str]:
    lines = [
        "Load Profile                    Per Second   Per Transaction  Per Exec  Per Call",
        "~~~~~~~~~~~~~~~            ---------------   --------------- --------- ---------",
    ]
    for label, value in _profile_rows(spec):
        lines.append(f"{label + ':':>24}{_per_s(value):>18}{'1.0':>18}")
    return [*lines, ""]


def _text_top_events(spec: Spec) -> list[str]:
    events = _top_events(spec)
    if spec.style == "11.2.0.3":
        title, avg_heading = "Top 5 Timed Foreground Events", ("Avg", "wait", "(ms)")
        columns = [
            _Col(("Event",), 30, True),
            _Col(("Waits",), 12),
            _Col(("Time(s)",), 11),
            _Col(avg_heading, 6),
            _Col(("% DB", "time"), 6),
            _Col(("Wait Class",), 10, True),
        ]
    elif spec.style == "11.2.0.4":
        title = "Top 10 Foreground Events by Total Wait Time"
        columns = [
            _Col(("Event",), 30, True),
            _Col(("Waits",), 12),
            _Col(("Tota", "Time"), 4),  # as Oracle prints it: the heading cut to the column
            _Col(("Wait", "Avg(ms)"), 7),
            _Col(("% DB", "time"), 6),
            _Col(("Wait Class",), 10, True),
        ]
    else:
        title = "Top 10 Foreground Events by Total Wait Time"
        columns = [
            _Col(("Event",), 30, True),
            _Col(("Waits",), 11),
            _Col(("Total Wait", "Time (sec)"), 10),
            _Col(("Avg", "Wait"), 9),
            _Col(("% DB", "time"), 6),
            _Col(("Wait", "Class"), 10, True),
        ]
    rows = []
    for e in events:
        cpu = e.name == "DB CPU"
        total = f"{e.total_s:.0f}" if spec.style == "11.2.0.4" and e.total_s >= 1000 else f"{e.total_s:.1f}"
        if spec.style == "11.2.0.4" and e.total_s >= 10000:
            total = f"{e.total_s / 1000:.0f}K"
        rows.append(
            [
                e.name,
                "" if cpu else f"{e.waits:,}",
                total,
                "" if cpu else _avg(e.avg_ms, spec.style),
                "10.0",
                e.wait_class,
            ]
        )
    return [title, "~" * len(title), *_fixed(columns, rows), ""]


def _event_columns(spec: Spec, share: str) -> list[_Col]:
    return [
        _Col(("Event",), 26, True),
        _Col(("Waits",), 12),
        _Col(("%Time", "-outs"), 5),
        _Col(("Total Wait", "Time (s)"), 10),
        _Col(
            ("Avg", "wait", "(ms)") if spec.style != "19c" else ("Avg", "wait"),
            7 if spec.style != "19c" else 9,
        ),
        _Col(("Waits", "/txn"), 8),
        _Col(("% DB", share), 6),
    ]


def _text_events(title: str, spec: Spec, snaps: str, events: tuple[Event, ...]) -> list[str]:
    share = "time" if title.startswith("Foreground") else "bg time"
    heading = [
        f"\f{title:<46}{snaps}",
        "-> s  - second, ms - millisecond -    1000th of a second",
        "-> ordered by wait time desc, waits desc (idle events last)",
        "",
    ]
    rows = [
        [e.name, f"{e.waits:,}", "0", f"{e.total_s:,.0f}", _avg(e.avg_ms, spec.style), "1.0", "5.0"]
        for e in events
    ]
    if spec.page_break_in_events and title.startswith("Foreground") and len(rows) > 1:
        first = _fixed(_event_columns(spec, share), rows[:1])
        rest = _fixed(_event_columns(spec, share), rows[1:])
        return [*heading, *first, *heading, *rest, _END, ""]
    return [*heading, *_fixed(_event_columns(spec, share), rows), _END, ""]


def _text_iostat(spec: Spec, snaps: str) -> list[str]:
    columns = [
        _Col(("", "Function Name"), 15, True),
        _Col(("Reads:", "Data"), 7),
        _Col(("Reqs", "per sec"), 7),
        _Col(("Data", "per sec"), 7),
        _Col(("Writes:", "Data"), 7),
        _Col(("Reqs", "per sec"), 7),
        _Col(("Data", "per sec"), 7),
        _Col(("Waits:", "Count"), 7),
        _Col(("Avg", "Tm(ms)" if spec.style != "19c" else "Time"), 9),
    ]
    rows = [
        [
            f.name,
            "1G",
            f"{f.read_reqs:.1f}",
            ".5M",
            "1M",
            f"{f.write_reqs:.1f}",
            ".1M",
            _count(f.waits),
            f"{f.avg_ms:.1f}" if spec.style != "19c" else _avg(f.avg_ms, spec.style),
        ]
        for f in spec.iostat
    ]
    heading = [
        f"\fIOStat by Function summary                     {snaps}",
        "-> ordered by (Data Read + Write) desc",
        "",
    ]
    return [*heading, *_fixed(columns, rows), _END, ""]


def _count(n: int) -> str:
    return f"{n / 1000:.1f}K" if n >= 10_000 else str(n)


# --- HTML ---------------------------------------------------------------------------------------------


def _th_row(cells: list[str]) -> str:
    return "<tr>" + "".join(f'<th class="awrbg" scope="col">{html.escape(c)}</th>' for c in cells) + "</tr>"


def _td_row(cells: list[str]) -> str:
    out = []
    for i, text in enumerate(cells):
        shown = html.escape(text) if text else "&#160;"
        scope = ' scope="row"' if i == 0 else ""
        out.append(f"<td{scope} class='awrc'>{shown}</td>")
    return "<tr>" + "".join(out) + "</tr>"


def _table(summary: str, heads: list[list[str]], rows: list[list[str]]) -> str:
    body = "\n".join([*(_th_row(h) for h in heads), *(_td_row(r) for r in rows)])
    return f'<table border="0" width="600" class="tdiff" summary="{html.escape(summary)}">\n{body}\n</table><p />\n'


def html_report(spec: Spec, *, browser_saved: bool = False) -> bytes:
    """An awrrpt HTML report; `browser_saved` writes it as a browser re-saves it (upper-case tags)."""
    yes = {True: "YES", False: "NO"}
    parts = [
        f'<html lang="en"><head><title>AWR Report for DB: {spec.db_name}, Inst: {spec.instance}</title></head>',
        '<body class="awr">\n<h1 class="awr">\nWORKLOAD REPOSITORY report for\n\n</h1>\n<p />',
    ]
    if spec.style == "19c":
        parts.append(
            _table(
                "This table displays database instance information",
                [["DB Name", "DB Id", "Unique Name", "Role", "Edition", "Release", "RAC", "CDB"]],
                [
                    [
                        spec.db_name,
                        str(spec.db_id),
                        spec.db_name.lower(),
                        "PRIMARY",
                        "EE",
                        _release(spec),
                        yes[spec.rac],
                        yes[spec.cdb],
                    ]
                ],
            )
        )
        parts.append(
            _table(
                "This table displays database instance information",
                [["Instance", "Inst Num", "Startup Time"]],
                [[spec.instance, str(spec.inst_num), "01-Jan-25 08:00"]],
            )
        )
    else:
        parts.append(
            _table(
                "This table displays database instance information",
                [["DB Name", "DB Id", "Instance", "Inst num", "Startup Time", "Release", "RAC"]],
                [
                    [
                        spec.db_name,
                        str(spec.db_id),
                        spec.instance,
                        str(spec.inst_num),
                        "01-Jan-25 08:00",
                        _release(spec),
                        yes[spec.rac],
                    ]
                ],
            )
        )
    parts.append(
        _table(
            "This table displays host information",
            [["Host Name", "Platform", "CPUs", "Cores", "Sockets", "Memory (GB)"]],
            [[spec.host, "Linux x86 64-bit", str(spec.cpus), str(spec.cores), "1", "62.65"]],
        )
    )
    parts.append(
        _table(
            "This table displays snapshot information",
            [["", "Snap Id", "Snap Time", "Sessions", "Cursors/Session"]],
            [
                ["Begin Snap:", "100", "01-Jan-25 09:00:00", "100", "1.0"],
                ["End Snap:", "101", "01-Jan-25 10:00:00", "100", "1.0"],
                ["Elapsed:", "", f"{spec.elapsed_min:,.2f} (mins)", "", ""],
                ["DB Time:", "", f"{spec.db_time_min:,.2f} (mins)", "", ""],
            ],
        )
    )
    parts.append('<h2 class="awr">\nReport Summary\n</h2>')
    if spec.with_load_profile:
        parts.append(
            _table(
                "This table displays load profile",
                [["", "Per Second", "Per Transaction", "Per Exec", "Per Call"]],
                [[f"{label}:", _per_s(value), "1.0", "", ""] for label, value in _profile_rows(spec)],
            )
        )
    parts.append(_html_top_events(spec))
    parts.append('<h3 class="awr">Time Model Statistics</h3>')
    parts.append(
        _table(
            "This table displays different time model statistics. For each statistic, time and % of DB time are displayed",
            [["Statistic Name", "Time (s)", "% of DB Time"]],
            [["DB CPU", f"{spec.db_cpu_s:,.2f}", "32.40"], ["DB time", f"{spec.db_time_min * 60:,.2f}", ""]],
        )
    )
    avg_heading = "Avg wait" if spec.style == "19c" else "Avg wait (ms)"
    heads = [["Event", "Waits", "%Time -outs", "Total Wait Time (s)", avg_heading, "Waits /txn", "% DB time"]]
    if spec.with_foreground_table:
        parts.append('<h3 class="awr">Foreground Wait Events</h3>')
        parts.append(
            _table(
                "This table displays Foreground Wait Events and their wait statistics",
                heads,
                [
                    [
                        e.name,
                        f"{e.waits:,}",
                        "0",
                        f"{e.total_s:,.0f}",
                        _avg(e.avg_ms, spec.style),
                        "1.00",
                        "5.00",
                    ]
                    for e in spec.foreground
                ],
            )
        )
    parts.append('<h3 class="awr">IOStat by Function summary</h3>')
    parts.append(
        _table(
            "This table displays the IO Statistics for different functions.",
            [
                [
                    "Function Name",
                    "Reads: Data",
                    "Reqs per sec",
                    "Data per sec",
                    "Writes: Data",
                    "Reqs per sec",
                    "Data per sec",
                    "Waits: Count",
                    "Avg Tm(ms)" if spec.style != "19c" else "Avg Time",
                ]
            ],
            [
                [
                    f.name,
                    "1G",
                    f"{f.read_reqs:.2f}",
                    ".5M",
                    "1M",
                    f"{f.write_reqs:.2f}",
                    ".1M",
                    _count(f.waits),
                    f"{f.avg_ms:.2f}" if spec.style != "19c" else _avg(f.avg_ms, spec.style),
                ]
                for f in spec.iostat
            ],
        )
    )
    parts.append("</body></html>\n")
    text = "\n".join(parts)
    return (_as_browser_saved(text) if browser_saved else text).encode()


def _html_top_events(spec: Spec) -> str:
    if spec.style == "11.2.0.3":
        summary, heads = (
            "Top 5 Timed Foreground Events",
            ["Event", "Waits", "Time(s)", "Avg wait (ms)", "% DB time", "Wait Class"],
        )
    else:
        avg = "Avg Wait" if spec.style == "19c" else "Wait Avg(ms)"
        summary = "This table displays top 10 wait events by total wait time"
        heads = ["Event", "Waits", "Total Wait Time (sec)", avg, "% DB time", "Wait Class"]
    rows = [
        [
            e.name,
            "" if e.name == "DB CPU" else f"{e.waits:,}",
            f"{e.total_s:.1f}",
            "" if e.name == "DB CPU" else _avg(e.avg_ms, spec.style),
            "10.0",
            e.wait_class,
        ]
        for e in _top_events(spec)
    ]
    return _table(summary, [heads], rows)


def _as_browser_saved(text: str) -> str:
    """Upper-case tag and attribute names, unquoted simple attributes: what IE's "Save as" writes."""
    text = re.sub(r"<(/?)([a-zA-Z][a-zA-Z0-9]*)", lambda m: f"<{m[1]}{m[2].upper()}", text)
    text = re.sub(r" (class|border|width|scope|summary|lang)=", lambda m: f" {m[1].upper()}=", text)
    return re.sub(r"=[\"']([A-Za-z0-9]+)[\"']", r"=\1", text)


# --- the RAC global report (awrgrpt, HTML) -------------------------------------------------------------


@dataclass(frozen=True)
class RacInstance:
    number: int
    name: str
    host: str
    cpus: int
    cores: int
    db_cpu_s: float
    txns_per_s: float
    reads_per_s: float  # blocks
    writes_per_s: float  # blocks
    redo_k_per_s: float
    execs_per_s: float


@dataclass(frozen=True)
class RacSpec:
    db_name: str = "RACDB"
    db_id: int = 987654321
    release: str = "19.0.0.0.0"
    elapsed_min: float = 1440.05
    db_time_min: float = 3210.98
    instances: tuple[RacInstance, ...] = (
        RacInstance(1, "RACDB1", "exa-node1", 48, 24, 10111.11, 321.11, 2345.67, 123.45, 1234.56, 4567.89),
        RacInstance(2, "RACDB2", "exa-node2", 48, 24, 12222.22, 298.76, 2109.87, 111.11, 1111.11, 3456.78),
    )
    read_requests_per_s: float = 3210.55  # cluster, System Statistics (Global) "per Second"
    write_requests_per_s: float = 456.78
    redo_bytes_per_s: float = 2401234.56
    foreground: tuple[Event, ...] = field(
        default=(
            Event("cell single block physical read", 80_000_000, 26_000.12, 0.32501),
            Event("cell multiblock physical read", 2_960_630, 2_873.07, 0.97),
        )
    )

    def sums(self) -> dict[str, float]:
        """The 'Sum' row as the report prints it (two decimals)."""
        fields = ("db_cpu_s", "txns_per_s", "reads_per_s", "writes_per_s", "redo_k_per_s", "execs_per_s")
        return {f: round(sum(getattr(i, f) for i in self.instances), 2) for f in fields}


def rac_global_html(spec: RacSpec) -> bytes:
    sums = spec.sums()
    two = "{:,.2f}".format
    parts = [
        '<html lang="en"><head><title>AWR RAC Report</title></head><body class="awr">',
        '<h1 class="awr">\nWORKLOAD REPOSITORY REPORT (RAC)\n</h1>',
        _table(
            "Database Summary",
            [
                [
                    "Database",
                    "Snapshot Ids",
                    "Number of Instances",
                    "Number of Hosts",
                    "Report Total (minutes)",
                ],
                [
                    "Id",
                    "Name",
                    "Unique Name",
                    "Role",
                    "Edition",
                    "RAC",
                    "CDB",
                    "Block Size",
                    "Begin",
                    "End",
                    "In Report",
                    "Total",
                    "In Report",
                    "Total",
                    "DB time",
                    "Elapsed time",
                ],
            ],
            [
                [
                    str(spec.db_id),
                    spec.db_name,
                    spec.db_name.lower(),
                    "PRIMARY",
                    "EE",
                    "YES",
                    "NO",
                    "8192",
                    "10",
                    "20",
                    "2",
                    "2",
                    "2",
                    "2",
                    two(spec.db_time_min),
                    two(spec.elapsed_min),
                ]
            ],
        ),
        _table(
            "Database Instances Included In Report. . Listed in order of instance number, I#",
            [
                [
                    "I#",
                    "Instance",
                    "Host",
                    "Startup",
                    "Begin Snap Time",
                    "End Snap Time",
                    "Release",
                    "Elapsed Time(min)",
                    "DB time(min)",
                ]
            ],
            [
                [
                    str(i.number),
                    i.name,
                    i.host,
                    "01-Jan-25 08:00",
                    "02-Jan-25 00:00",
                    "03-Jan-25 00:00",
                    spec.release,
                    two(spec.elapsed_min),
                    "1.00",
                ]
                for i in spec.instances
            ],
        ),
        '<h2 class="awr">Report Summary</h2>',
        '<h3 class="awr">OS Statistics By Instance</h3>',
        _table(
            "OS Statistics By Instance. . Listed in order of instance number, I#",
            [],
            [["", "CPU", "Load", "% CPU"], ["I#", "#CPUs", "#Cores", "#Sckts", "Begin", "End", "% Busy"]]
            + [
                [str(i.number), str(i.cpus), str(i.cores), "2", "0.61", "0.68", "11.35"]
                for i in spec.instances
            ],
        ),
        '<h3 class="awr">Time Model</h3>',
        _table(
            "Time Model",
            [["I#", "DB time (s)", "DB CPU (s)", "SQL Exec Ela (s)"]],
            [[str(i.number), "1.00", two(i.db_cpu_s), "1.00"] for i in spec.instances]
            + [["Sum", "2.00", two(sums["db_cpu_s"]), "2.00"]],
        ),
        '<h3 class="awr">Foreground Wait Events (Global)</h3>',
        _table(
            "This table displays foreground wait event information",
            [
                ["Wait", "Event", "Wait Time", "Summary Avg Wait Time"],
                [
                    "Class",
                    "Event",
                    "Waits",
                    "%Timeouts",
                    "Total(s)",
                    "Avg Wait",
                    "%DB time",
                    "Avg",
                    "Min",
                    "Max",
                    "Std Dev",
                ],
            ],
            [
                [
                    e.wait_class,
                    e.name,
                    f"{e.waits:,}",
                    "0.00",
                    two(e.total_s),
                    _avg(e.avg_ms, "19c", leading_zero=False),
                    "25.11",
                    "",
                    "",
                    "",
                    "",
                ]
                for e in spec.foreground
            ],
        ),
        '<h2 class="awr">Global Activity Load Profile</h2>',
        '<h3 class="awr">System Statistics - Per Second</h3>',
        _table(
            "System Statistics - Per Second",
            [
                [
                    "I#",
                    "Logical Reads/s",
                    "Physical Reads/s",
                    "Physical Writes/s",
                    "Redo Size (k)/s",
                    "Block Changes/s",
                    "User Calls/s",
                    "Execs/s",
                    "Parses/s",
                    "Logons/s",
                    "Txns/s",
                ]
            ],
            [
                [
                    str(i.number),
                    "1.00",
                    two(i.reads_per_s),
                    two(i.writes_per_s),
                    two(i.redo_k_per_s),
                    "1.00",
                    "1.00",
                    two(i.execs_per_s),
                    "1.00",
                    "0.10",
                    two(i.txns_per_s),
                ]
                for i in spec.instances
            ]
            + [
                [
                    "Sum",
                    "2.00",
                    two(sums["reads_per_s"]),
                    two(sums["writes_per_s"]),
                    two(sums["redo_k_per_s"]),
                    "2.00",
                    "2.00",
                    two(sums["execs_per_s"]),
                    "2.00",
                    "0.20",
                    two(sums["txns_per_s"]),
                ]
            ],
        ),
        '<h3 class="awr">System Statistics (Global)</h3>',
        _table(
            "System Statistics (Global). . per Second Average - average of per-instance per Second rates.",
            [],
            [
                ["", "", "", "", "per Second"],
                ["Statistic", "Total", "per Second", "per Trans", "Average", "Std Dev", "Min", "Max"],
                *[
                    ["execute count", "1", two(sums["execs_per_s"]), "1.00", "1.00", "0.00", "1.00", "1.00"],
                    [
                        "physical read IO requests",
                        "1",
                        two(spec.read_requests_per_s),
                        "1.00",
                        "1.00",
                        "0.00",
                        "1.00",
                        "1.00",
                    ],
                    [
                        "physical write IO requests",
                        "1",
                        two(spec.write_requests_per_s),
                        "1.00",
                        "1.00",
                        "0.00",
                        "1.00",
                        "1.00",
                    ],
                    ["redo size", "1", two(spec.redo_bytes_per_s), "1.00", "1.00", "0.00", "1.00", "1.00"],
                ],
            ],
        ),
        "</body></html>\n",
    ]
    return "\n".join(parts).encode()


def cut(data: bytes, marker: str) -> bytes:
    """The report up to (not including) the first `marker`: a file whose copy was interrupted."""
    index = data.find(marker.encode())
    assert index > 0, marker
    return data[:index]
