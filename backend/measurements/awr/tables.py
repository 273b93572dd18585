"""Both report formats as the same thing: named tables of rows of cell text.

The extraction (`extract.py`) reads values by section, row label and column heading from these
tables and never sees whether they came from fixed-width text or from HTML.

Text reports: each table has a line of dash groups under its headings ("------------ ----- ...");
the groups give the column spans. A long section continues after a form feed under its title
again, so a section is the rows of every occurrence of its title. A row is cut into cells by
whitespace-separated tokens placed in the span they overlap, which survives the odd value Oracle
prints one character off its column. The label column is as wide as its dash group: names longer
than that are cut (event names to 26 characters in "Foreground Wait Events"), which `label_width`
records so a reader can match a cut name.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from measurements.awr.html_tables import HtmlTable

_SPAN = re.compile(r"[~-]+")
_TOKEN = re.compile(r"\S+")
_END_MARKER = re.compile(r"^\s+-{20,}\s*$")  # the rule under a section of the text report
_SPACES = re.compile(r"\s+")


@dataclass(frozen=True)
class Row:
    cells: tuple[str, ...]  # every cell, the label cell included
    line: int | None  # 1-based line of a text report; None for HTML


@dataclass(frozen=True)
class Table:
    section: str  # the section title a user finds in the report
    columns: tuple[str, ...]  # column headings, whitespace collapsed
    rows: tuple[Row, ...]
    complete: bool  # False when the file ends inside the table
    summary: str | None = None  # HTML: the table's summary attribute
    label_width: int | None = None  # text: width of the first column (longer labels are cut)

    def column(self, predicate: Callable[[str], bool], occurrence: int = 0) -> int | None:
        """Index of the `occurrence`-th column whose lower-cased heading satisfies `predicate`."""
        found = [i for i, name in enumerate(self.columns) if predicate(name.lower())]
        return found[occurrence] if len(found) > occurrence else None

    def named(self, *names: str) -> int | None:
        """Index of the first column whose heading is one of `names` (case and spaces ignored)."""
        wanted = {_norm(n) for n in names}
        return self.column(lambda heading: _norm(heading) in wanted)

    def row(self, *labels: str, label_column: int = 0) -> Row | None:
        """The first row whose label is one of `labels` (case, spaces and a trailing ':' ignored)."""
        wanted = {_norm(label) for label in labels}
        for row in self.rows:
            if len(row.cells) > label_column and _norm(row.cells[label_column]) in wanted:
                return row
        return None


def _norm(text: str) -> str:
    return _SPACES.sub(" ", text).strip().rstrip(":").strip().lower()


def cell(row: Row, index: int | None) -> str:
    """The text of one cell, "" when the row has no such cell."""
    if index is None or index >= len(row.cells):
        return ""
    return row.cells[index]


# --- text reports -------------------------------------------------------------------------------


def _is_dash_line(line: str) -> bool:
    stripped = line.strip()
    return bool(stripped) and "-" in stripped and set(stripped) <= {"-", "~", " "}


def _is_title(line: str, title: str) -> bool:
    text = line.lstrip("\f")
    if not text.startswith(title):
        return False
    rest = text[len(title) :]
    return rest == "" or rest.startswith("  ") or rest.rstrip() == ""


def title_lines(lines: list[str], title: str) -> list[int]:
    """Indexes of the lines that open section `title` (its first page and every continuation)."""
    return [i for i, line in enumerate(lines) if _is_title(line, title)]


def text_table(lines: list[str], start: int, section: str, *, look_ahead: int = 40) -> Table | None:
    """The table whose heading block begins at line index `start` (a title or a heading line)."""
    dash = next(
        (
            i
            for i in range(start, min(start + look_ahead, len(lines)))
            if _is_dash_line(lines[i]) and len(_SPAN.findall(lines[i])) >= 2
        ),
        None,
    )
    if dash is None:
        return None
    spans = [(m.start(), m.end()) for m in _SPAN.finditer(lines[dash])]
    headers = _heading_lines(lines, start, dash)
    columns = tuple(_column_names(headers, spans))
    rows: list[Row] = []
    complete = False
    for i in range(dash + 1, len(lines)):
        line = lines[i]
        if not line.strip() or line.startswith("\f") or _END_MARKER.match(line):
            # A table is complete when the report goes on after it; blank lines up to the end of
            # the file are what a file cut after a row looks like.
            complete = any(rest.strip() for rest in lines[i + 1 :]) or bool(_END_MARKER.match(line))
            break
        rows.append(Row(cells=_cells(line, spans), line=i + 1))
    return Table(
        section=section,
        columns=columns,
        rows=tuple(rows),
        complete=complete,
        label_width=spans[0][1] - spans[0][0],
    )


def _heading_lines(lines: list[str], floor: int, dash: int) -> list[str]:
    """The heading lines right above the dash line (up to a blank, a '->' note or a '~~~' rule)."""
    headers: list[str] = []
    for i in range(dash - 1, floor - 1, -1):
        text = lines[i].lstrip("\f")
        if not text.strip() or text.startswith("->") or set(text.strip()) == {"~"}:
            break
        headers.insert(0, text)
    # The dash line of the Load Profile heads its label column with '~' and nothing above is
    # needed; a heading line ending in a '~' rule keeps its words.
    return headers


def _column_names(headers: list[str], spans: list[tuple[int, int]]) -> list[str]:
    names = []
    for index, (_begin, end) in enumerate(spans):
        # A heading is right-aligned over a number column and may start left of the span.
        left = 0 if index == 0 else spans[index - 1][1]
        words = " ".join(h[left:end].replace("~", " ").strip() for h in headers)
        names.append(_SPACES.sub(" ", words).strip())
    return names


def _cells(line: str, spans: list[tuple[int, int]]) -> tuple[str, ...]:
    label_end = spans[1][0] if len(spans) > 1 else len(line)
    cells = [line[:label_end].strip()] + [""] * (len(spans) - 1)
    for token in _TOKEN.finditer(line, label_end):
        index = _span_of(token.start(), token.end(), spans)
        cells[index] = f"{cells[index]} {token.group()}".strip()
    return tuple(cells)


def _span_of(begin: int, end: int, spans: list[tuple[int, int]]) -> int:
    """The value column a token belongs to: the span it overlaps most, else the nearest."""

    def overlap(span: tuple[int, int]) -> int:
        return min(end, span[1]) - max(begin, span[0])

    def distance(span: tuple[int, int]) -> int:
        return max(span[0] - end, begin - span[1], 0)

    candidates = range(1, len(spans))
    best = max(candidates, key=lambda i: (overlap(spans[i]), -distance(spans[i])))
    return best


# --- HTML reports -------------------------------------------------------------------------------

# Tables of the RAC global report head their columns in ordinary cells; these first-cell texts
# mark the row that carries the column names.
_HEADING_FIRST_CELLS = frozenset({"i#", "statistic", "event", "instance#"})


def from_html(table: HtmlTable) -> Table:
    """One HTML table: the last heading row names the columns, the rest are data rows."""
    header_count = table.header_rows
    if header_count == 0:
        for index, row in enumerate(table.rows[:3]):
            if row and row[0].lower() in _HEADING_FIRST_CELLS:
                header_count = index + 1
                break
    columns = tuple(table.rows[header_count - 1]) if header_count else ()
    rows = tuple(Row(cells=tuple(r), line=None) for r in table.rows[header_count:])
    return Table(
        section=table.label,
        columns=columns,
        rows=rows,
        complete=table.complete,
        summary=table.summary or None,
    )
