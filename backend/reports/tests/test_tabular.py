"""BOM as CSV and XLSX, read back with the csv module and openpyxl."""

from __future__ import annotations

import csv
import io
from decimal import Decimal

from openpyxl import load_workbook

from reports import render_bom_csv, render_bom_xlsx
from reports.model import BomLine
from reports.tabular import COLUMNS
from reports.tests.samples import TABLE_11, sample_proposal, table11_lines


def _csv_rows(data) -> list[dict[str, str]]:
    raw = render_bom_csv(data)
    assert raw.startswith(b"\xef\xbb\xbf")  # UTF-8 BOM so Excel reads "Intel(R)"-style text right
    return list(csv.DictReader(io.StringIO(raw.decode("utf-8-sig"))))


def test_csv_one_row_per_line_then_subtotals_and_total() -> None:
    data = sample_proposal(table11_lines("half"))
    rows = _csv_rows(data)
    lines = [r for r in rows if r["section"] not in ("subtotal", "total")]
    assert len(lines) == len(data.bom.lines) == sum(1 for row in TABLE_11 if row[4] > 0)
    got = {(r["section"], r["part_number"], int(r["quantity"])) for r in lines}
    assert got == {(s, p, h) for s, p, _d, _q, h in TABLE_11 if h > 0}
    for r in lines:
        assert Decimal(r["extended_price"]) == Decimal(r["unit_price"]) * int(r["quantity"])
        assert r["currency"] == "USD"
    subtotals = {r["part_number"]: Decimal(r["extended_price"]) for r in rows if r["section"] == "subtotal"}
    assert subtotals == dict(data.bom.section_totals)
    (total,) = [r for r in rows if r["section"] == "total"]
    assert Decimal(total["extended_price"]) == sum(Decimal(r["extended_price"]) for r in lines)
    # Issue 15, finding 2: no quantity total of unlike parts (it printed 121 for the half rack).
    assert total["quantity"] == "" and all(r["quantity"] == "" for r in rows if r["section"] == "subtotal")


def test_xlsx_totals_carry_money_only() -> None:
    data = sample_proposal(table11_lines("half"))
    ws = load_workbook(io.BytesIO(render_bom_xlsx(data)))["BOM"]
    totals = [row for row in ws.iter_rows(min_row=2, values_only=True) if row[0] in ("subtotal", "total")]
    assert totals and all(row[3] is None for row in totals)
    assert Decimal(str(totals[-1][5])) == data.bom.total


def test_csv_without_price_book() -> None:
    rows = _csv_rows(sample_proposal(currency=None))
    assert all(r["unit_price"] == "" and r["currency"] == "" for r in rows)
    assert rows[-1]["section"] == "total"
    assert rows[-1]["description"] == "No price book selected"
    assert rows[-1]["quantity"] == ""


def test_text_cells_cannot_become_formulas() -> None:
    line = BomLine(
        "servers", '=HYPERLINK("http://x")', "+cmd|' /C calc'!A0", 1, Decimal("1.00"), Decimal("1.00")
    )
    data = sample_proposal([line], name="=1+1")
    rows = _csv_rows(data)
    assert rows[0]["part_number"].startswith("'=")
    assert rows[0]["description"].startswith("'+")
    ws = load_workbook(io.BytesIO(render_bom_xlsx(data)))["BOM"]
    assert ws.cell(row=2, column=2).data_type == "s"
    assert ws.cell(row=2, column=3).data_type == "s"
    doc = load_workbook(io.BytesIO(render_bom_xlsx(data)))["Document"]
    assert doc["B1"].value == "=1+1"
    assert doc["B1"].data_type == "s"


def test_xlsx_numbers_are_numbers() -> None:
    data = sample_proposal(table11_lines("quarter"))
    wb = load_workbook(io.BytesIO(render_bom_xlsx(data)))
    ws = wb["BOM"]
    header = [c.value for c in ws[1]]
    assert header == list(COLUMNS)
    body = list(ws.iter_rows(min_row=2, values_only=True))
    lines, totals = body[: len(data.bom.lines)], body[len(data.bom.lines) :]
    for row, line in zip(lines, [line for _, ls in data.bom.sections() for line in ls], strict=True):
        assert row[1] == line.part_number
        assert isinstance(row[3], int) and row[3] == line.quantity
        assert isinstance(row[4], float) and Decimal(str(row[4])) == line.unit_price
        assert isinstance(row[5], float) and Decimal(str(row[5])) == line.extended_price
    for cell in ws["D"][1:] + ws["F"][1:]:
        assert cell.data_type == "n"
    assert totals[-1][0] == "total"
    assert data.bom.total is not None
    assert Decimal(str(totals[-1][5])).quantize(Decimal("0.01")) == data.bom.total
    assert ws["E2"].number_format == "#,##0.00"
    doc = dict(wb["Document"].iter_rows(values_only=True))
    assert doc["revision"] == 3
    assert doc["design"] == "Acme OLTP quarter rack"
    assert doc["currency"] == "USD"


def test_a_model_designation_is_flagged_as_not_a_part_number() -> None:
    """Issue 15, finding 2: Dell, NetApp and EMC lines carry model names, not orderable numbers."""
    dell = BomLine("servers", "PowerEdge R710", "Dell PowerEdge R710", 2, part_number_is_model=True)
    oracle = BomLine("servers", "7110316", "Oracle Server X5-2", 2)
    rows = _csv_rows(sample_proposal([dell, oracle], currency=None))
    described = {r["part_number"]: r["description"] for r in rows}
    assert described["PowerEdge R710"] == "Dell PowerEdge R710 (model name, not a part number)"
    assert described["7110316"] == "Oracle Server X5-2"
