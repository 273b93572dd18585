"""The BOM as CSV and XLSX: one row per line, then a subtotal row per section and the total. Subtotal
and total rows carry money only: a quantity summed over servers, CPUs and cables counts nothing."""

from __future__ import annotations

import csv
import io
from decimal import Decimal
from typing import Any

from openpyxl import Workbook
from openpyxl.styles import Font, PatternFill
from openpyxl.utils import get_column_letter

from reports.model import BomLine, ProposalData
from reports.pdf import NO_PRICE_BOOK
from reports.text import clean

COLUMNS = (
    "section",
    "part_number",
    "description",
    "quantity",
    "unit_price",
    "extended_price",
    "currency",
    "rule",
)
# A cell starting with one of these is a formula to Excel/LibreOffice ("CSV injection"); text cells
# that do are prefixed with an apostrophe, which spreadsheets show as plain text.
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _text(value: str) -> str:
    value = clean(value)
    return "'" + value if value.startswith(_FORMULA_START) else value


# Beside a line whose part number is the document's model designation (as the PDF says it).
MODEL_NAME_FLAG = "model name, not a part number"


def _line_row(line: BomLine, currency: str | None) -> list[Any]:
    description = line.description + (f" ({MODEL_NAME_FLAG})" if line.part_number_is_model else "")
    return [
        _text(line.section),
        _text(line.part_number),
        _text(description),
        line.quantity,
        line.unit_price,
        line.extended_price,
        currency or "",
        _text(line.rule),
    ]


def _total_rows(data: ProposalData) -> list[list[Any]]:
    bom = data.bom
    if not bom.priced:
        return [["total", "", NO_PRICE_BOOK, None, None, None, "", ""]]
    rows: list[list[Any]] = []
    for section, _lines in bom.sections():
        rows.append(
            [
                "subtotal",
                _text(section),
                f"Subtotal {section}",
                None,
                None,
                bom.section_total(section),
                bom.currency,
                "",
            ]
        )
    rows.append(["total", "", "Total", None, None, bom.total, bom.currency, ""])
    return rows


def _ordered_lines(data: ProposalData) -> list[BomLine]:
    return [line for _, lines in data.bom.sections() for line in lines]


def render_bom_csv(data: ProposalData) -> bytes:
    """UTF-8 with a byte-order mark (Excel otherwise misreads accented text); plain decimals."""
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\r\n")
    writer.writerow(COLUMNS)

    def cell(value: Any) -> Any:
        if value is None:
            return ""
        if isinstance(value, Decimal):
            return f"{value:.2f}"
        return value

    for line in _ordered_lines(data):
        writer.writerow([cell(v) for v in _line_row(line, data.bom.currency)])
    for row in _total_rows(data):
        writer.writerow([cell(v) for v in row])
    return ("\ufeff" + buf.getvalue()).encode("utf-8")


def render_bom_xlsx(data: ProposalData) -> bytes:
    """Sheet "BOM" (numbers as numbers, money formatted) and sheet "Document" (design, revision...)."""
    wb = Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "BOM"
    ws.append(list(COLUMNS))
    bold = Font(bold=True)
    for c in ws[1]:
        c.font = bold
        c.fill = PatternFill("solid", fgColor="DDDDDD")
    money = "#,##0.00"
    n_lines = 0
    for line in _ordered_lines(data):
        ws.append(_line_row(line, data.bom.currency))
        n_lines += 1
    for row in _total_rows(data):
        ws.append(row)
        for c in ws[ws.max_row]:
            c.font = bold
    for row in ws.iter_rows(min_row=2):
        for c in row:
            # openpyxl turns any string starting with "=" into a formula; data is never a formula.
            if isinstance(c.value, str):
                c.data_type = "s"
        row[4].number_format = money
        row[5].number_format = money
    for i, width in enumerate((14, 18, 60, 10, 14, 16, 10, 28), start=1):
        ws.column_dimensions[get_column_letter(i)].width = width
    ws.freeze_panes = "A2"

    meta = data.meta
    doc = wb.create_sheet("Document")
    for key, value in (
        ("design", meta.name),
        ("customer", meta.customer),
        ("author", meta.author),
        ("date", meta.date),
        ("revision", meta.revision),
        ("status", meta.status),
        ("platform", data.platform.title),
        ("currency", data.bom.currency or NO_PRICE_BOOK),
        ("price_book", data.bom.price_book),
        ("bom_lines", n_lines),
    ):
        doc.append([key, clean(value) if isinstance(value, str) else value])
        if isinstance(value, str):
            doc.cell(row=doc.max_row, column=2).data_type = "s"
        doc.cell(row=doc.max_row, column=1).font = bold
    doc.column_dimensions["A"].width = 14
    doc.column_dimensions["B"].width = 60
    wb.properties.title = clean(f"Bill of materials: {meta.name}")[:255]
    wb.properties.creator = "DB Sizer"
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()
