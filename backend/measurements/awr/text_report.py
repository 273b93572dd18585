"""A text AWR report (awrrpt.sql, report_type text) as tables."""

from __future__ import annotations

from dataclasses import replace

from measurements.awr import document as doc
from measurements.awr.tables import Table, _is_dash_line, text_table, title_lines

# Section titles of each role, in order of preference (11.2.0.4 on: "Top 10 ...").
_ROLES: dict[str, tuple[str, ...]] = {
    doc.LOAD_PROFILE: ("Load Profile",),
    doc.TOP_EVENTS: (
        "Top 10 Foreground Events by Total Wait Time",
        "Top 5 Timed Foreground Events",
        "Top 5 Timed Events",
    ),
    doc.TIME_MODEL: ("Time Model Statistics",),
    doc.FOREGROUND_EVENTS: ("Foreground Wait Events",),
    doc.IOSTAT_FUNCTION: ("IOStat by Function summary",),
}

# The report header (DB, instance, host, snapshots) fits in the lines above the Load Profile.
_HEADER_LINES = 80


def text_document(text: str) -> doc.Document:
    lines = text.split("\n")
    first = next((line.strip().upper() for line in lines if line.strip()), "")
    kind: doc.ReportKind = "rac_global" if "(RAC)" in first else "instance"
    document = doc.Document(format="text", kind=kind, pdb_report="PDB REPORT" in first)
    profile_at = title_lines(lines, "Load Profile")
    header_end = profile_at[0] if profile_at else min(len(lines), _HEADER_LINES)
    _read_header(lines, header_end, document)
    for role, titles in _ROLES.items():
        for title in titles:
            table = _section(lines, title)
            if table is None:
                continue
            if table.complete:
                document.tables[role] = table
            else:
                document.cut.append(title)
            break
    return document


def _read_header(lines: list[str], end: int, document: doc.Document) -> None:
    for i in range(end):
        line = lines[i]
        document.snapshot.append(doc.SummaryLine(line, i + 1))
        below = lines[i + 1] if i + 1 < len(lines) else ""
        if line.strip() and not _is_dash_line(line) and _is_dash_line(below):
            table = text_table(lines, i, "Report header", look_ahead=2)
            if table is not None and table.columns and table.columns[0]:
                document.header.append(table)


def _section(lines: list[str], title: str) -> Table | None:
    """Section `title` with the rows of all its pages; incomplete if the file ends inside it."""
    pages = [t for t in (text_table(lines, i, title) for i in title_lines(lines, title)) if t is not None]
    if not pages:
        return None
    rows = tuple(row for page in pages for row in page.rows)
    return replace(pages[0], rows=rows, complete=all(page.complete for page in pages))
