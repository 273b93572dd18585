"""HTML report to tables: every <table> with its summary, the heading before it and its cell text.

Oracle writes AWR HTML with lower-case tags; a report re-saved by a browser has upper-case tags and
quoted attributes in other places. `html.parser` lower-cases tag and attribute names, so both read
the same. A report cut mid-table still yields the rows read so far (the cut table is marked).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser

_SPACES = re.compile(r"\s+")
_HEADING_TAGS = frozenset({"h1", "h2", "h3", "h4"})


@dataclass
class HtmlTable:
    summary: str  # the table's summary attribute ("This table displays load profile")
    heading: str  # the text of the last heading or caption-like paragraph before the table
    rows: list[list[str]] = field(default_factory=list)  # cell text, whitespace collapsed
    header_rows: int = 0  # how many leading rows are all <th>
    complete: bool = False  # False when the file ends inside the table

    @property
    def label(self) -> str:
        """How a user finds this table in the report: its heading, else its summary."""
        return self.heading or self.summary


class _TableCollector(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tables: list[HtmlTable] = []
        self.heading = ""
        self._stack: list[HtmlTable] = []  # open tables, innermost last
        # The row and cell an inner table interrupts, restored when it closes (Oracle does not
        # nest tables, a re-saved or hand-edited report may).
        self._outer: list[tuple[list[str] | None, bool, list[str] | None]] = []
        self._row: list[str] | None = None
        self._row_all_th = True
        self._cell: list[str] | None = None
        self._heading_text: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _HEADING_TAGS:
            self._heading_text = []
        elif tag == "table":
            summary = next((v or "" for k, v in attrs if k == "summary"), "")
            table = HtmlTable(summary=_clean(summary), heading=self.heading)
            self.tables.append(table)
            if self._stack:
                self._outer.append((self._row, self._row_all_th, self._cell))
            self._stack.append(table)
            self._row, self._row_all_th, self._cell = None, True, None
        elif tag == "tr" and self._stack:
            self._finish_row()
            self._row, self._row_all_th = [], True
        elif tag in ("td", "th") and self._stack:
            if self._row is None:
                self._row, self._row_all_th = [], True
            self._finish_cell()
            self._cell = []
            if tag == "td":
                self._row_all_th = False
        elif tag == "br" and self._cell is not None:
            self._cell.append(" ")

    def handle_endtag(self, tag: str) -> None:
        if tag in _HEADING_TAGS and self._heading_text is not None:
            self.heading = _clean("".join(self._heading_text))
            self._heading_text = None
        elif tag in ("td", "th"):
            self._finish_cell()
        elif tag == "tr":
            self._finish_row()
        elif tag == "table" and self._stack:
            self._finish_row()
            self._stack.pop().complete = True
            if self._outer:
                self._row, self._row_all_th, self._cell = self._outer.pop()

    def handle_data(self, data: str) -> None:
        if self._heading_text is not None:
            self._heading_text.append(data)
        if self._cell is not None:
            self._cell.append(data)

    def _finish_cell(self) -> None:
        if self._cell is not None and self._row is not None:
            self._row.append(_clean("".join(self._cell)))
        self._cell = None

    def _finish_row(self) -> None:
        self._finish_cell()
        if self._row is not None and self._stack:
            table = self._stack[-1]
            if self._row:
                table.rows.append(self._row)
                if self._row_all_th and len(table.rows) == table.header_rows + 1:
                    table.header_rows += 1
        self._row = None


def _clean(text: str) -> str:
    # &#160; (non-breaking space) fills empty cells; it is no value.
    return _SPACES.sub(" ", text.replace("\xa0", " ")).strip()


def html_tables(text: str) -> list[HtmlTable]:
    """Every table of the document in order; a table cut by the end of the file keeps its rows."""
    collector = _TableCollector()
    collector.feed(text)
    collector.close()
    collector._finish_row()
    return collector.tables
