"""An HTML AWR report (awrrpt or awrgrpt, as Oracle writes it or re-saved by a browser) as tables."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from measurements.awr import document as doc
from measurements.awr.html_tables import HtmlTable, html_tables
from measurements.awr.tables import Table, from_html

Match = Callable[[HtmlTable], bool]


def _summary_is(*texts: str) -> Match:
    wanted = {t.lower() for t in texts}
    return lambda t: t.summary.lower() in wanted


def _summary_has(text: str) -> Match:
    return lambda t: text.lower() in t.summary.lower()


def _heading_is(text: str) -> Match:
    return lambda t: t.heading.lower() == text.lower()


# How each role's table is found. Oracle's summaries are stable from 11.2 to 19c; 11.2.0.3 and
# before give the Top 5 table its title as summary.
_ROLES: dict[str, list[Match]] = {
    doc.LOAD_PROFILE: [_summary_is("This table displays load profile")],
    doc.TOP_EVENTS: [
        _summary_has("top 10 wait events by total wait time"),
        _summary_has("top 5 timed foreground events"),
        _summary_has("top 5 timed events"),
    ],
    doc.TIME_MODEL: [_summary_has("different time model statistics")],
    doc.FOREGROUND_EVENTS: [_summary_has("displays foreground wait events and their wait statistics")],
    doc.IOSTAT_FUNCTION: [_heading_is("IOStat by Function summary")],
    doc.RAC_DATABASE: [_summary_is("Database Summary")],
    doc.RAC_INSTANCES: [_summary_has("Database Instances Included In Report")],
    doc.RAC_OS: [_heading_is("OS Statistics By Instance")],
    doc.RAC_TIME_MODEL: [_heading_is("Time Model")],
    doc.RAC_SYSSTAT_PER_SECOND: [_heading_is("System Statistics - Per Second")],
    doc.RAC_SYSSTAT_GLOBAL: [_heading_is("System Statistics (Global)")],
    doc.RAC_FOREGROUND_EVENTS: [_heading_is("Foreground Wait Events (Global)")],
    doc.RAC_IOSTAT_FUNCTION: [_heading_is("IOStat by Function")],
}

_HEADER_SUMMARIES = ("database instance information", "pdb instance information", "host information")


def html_document(text: str) -> doc.Document:
    found = html_tables(text)
    first_heading = found[0].heading if found else ""
    kind: doc.ReportKind = "rac_global" if "(RAC)" in first_heading.upper() else "instance"
    document = doc.Document(format="html", kind=kind, pdb_report="PDB REPORT" in first_heading.upper())
    for table in found:
        if any(s in table.summary.lower() for s in _HEADER_SUMMARIES) and table.complete:
            document.header.append(from_html(table))
        if "snapshot information" in table.summary.lower():
            document.snapshot.extend(doc.SummaryLine(" ".join(row), None) for row in table.rows)
    cut_tables: list[HtmlTable] = []
    for role, matches in _ROLES.items():
        chosen = _first(found, matches)
        if chosen is None:
            continue
        converted: Table = replace(from_html(chosen), section=_section_name(role, chosen))
        if chosen.complete:
            document.tables[role] = converted
        else:
            document.cut.append(converted.section)
            cut_tables.append(chosen)
    # A file cut inside some other table still says where it ends.
    if found and not found[-1].complete and not any(t is found[-1] for t in cut_tables):
        document.cut.append(found[-1].label)
    return document


def _first(tables: list[HtmlTable], matches: list[Match]) -> HtmlTable | None:
    for match in matches:  # in order of preference
        for table in tables:
            if match(table):
                return table
    return None


def _section_name(role: str, table: HtmlTable) -> str:
    """The name the report prints for a role's table (its heading names a whole group)."""
    if role == doc.TOP_EVENTS:
        summary = table.summary.lower()
        if "top 10" in summary:
            return "Top 10 Foreground Events by Total Wait Time"
        return "Top 5 Timed Foreground Events" if "foreground" in summary else "Top 5 Timed Events"
    return role
