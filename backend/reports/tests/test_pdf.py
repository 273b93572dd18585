"""Proposal and BOM PDFs read back with pdftotext and pypdf."""

from __future__ import annotations

import io
import re
from dataclasses import replace
from decimal import Decimal
from typing import Any

import pytest
from pypdf import PdfReader

from reports import render_annex_pdf, render_bom_pdf, render_proposal_pdf
from reports.tests.readback import image_xobjects, pdftotext, pypdf_pages, rows_with
from reports.tests.samples import FS1_TITLE, TABLE_11, sample_proposal, synthetic_lines, table11_lines

RENDERERS = [render_proposal_pdf, render_bom_pdf]


@pytest.mark.parametrize("render", RENDERERS, ids=["proposal", "bom"])
@pytest.mark.parametrize(("rack", "col"), [("quarter", 3), ("half", 4)])
def test_every_table11_part_number_and_quantity_is_on_one_row(render, rack, col) -> None:
    data = sample_proposal(table11_lines(rack))
    text = pdftotext(render(data))
    for section, part, _desc, *qty in TABLE_11:
        quantity = qty[col - 3]
        if quantity == 0:
            continue
        rows = rows_with(text, part, str(quantity))
        assert rows, f"{section} {part} x {quantity} not found"
    # Parts listed twice in Table 11 (server HBA and optics, storage HBA and optics) appear twice.
    assert len(rows_with(text, "7101673")) == 2


@pytest.mark.parametrize("render", RENDERERS, ids=["proposal", "bom"])
def test_totals_are_printed_and_exact(render) -> None:
    data = sample_proposal(table11_lines("half"))
    text = pdftotext(render(data))
    expected = sum((line.extended_price or Decimal(0) for line in data.bom.lines), Decimal(0))
    assert data.bom.total == expected
    assert rows_with(text, "Total (USD)", f"{expected:,.2f}")
    for section, subtotal in data.bom.section_totals:
        assert subtotal is not None
        assert rows_with(text, f"Subtotal {section}", f"{subtotal:,.2f}")


def test_proposal_carries_tps_at_sla_revision_and_cover() -> None:
    data = sample_proposal(revision=7)
    body = pdftotext(render_proposal_pdf(data))
    assert rows_with(body, "TPS at SLA", "12,350 TPS")  # 12,345.6: four significant figures
    assert rows_with(body, "Revision", "7")
    for value in ("Acme Corp", "Alice Architect", "2026-11-22", "draft", "Design holds", "server CPU"):
        assert value in body
    for heading in (
        "Executive summary",
        "Recommended configuration",
        "Balance",
        "Load and response",
        "Capacity",
        "Points to note",
        "What this design needs from you",
        "Bill of materials",
        "Assumptions",
    ):
        assert heading in body
    (think,) = rows_with(body, "Think time", "Oracle 2016, Section 5")
    assert re.search(r"\b1 ?s\b", think)  # pdftotext may close the gap before a one-letter unit
    assert "oracle-fs1-2016" not in body and "reference-bom-quarter-rack" not in body
    # The technical annex, a document of its own: the documents by title, each with its tables and
    # what they gave; the rule slugs and versions.
    annex = pdftotext(render_annex_pdf(data))
    for heading in ("Technical annex", "Model", "Evidence", "Warnings and best-practice checks"):
        assert heading in annex
    assert f"Oracle 2016: {FS1_TITLE}" in " ".join(annex.split())
    assert rows_with(annex, "Table 11", "bill of materials")
    assert rows_with(annex, "reference-bom-quarter-rack", "1", "Quarter rack BOM")


@pytest.mark.parametrize("render", RENDERERS, ids=["proposal", "bom"])
def test_header_and_page_number_on_every_page(render) -> None:
    data = sample_proposal(synthetic_lines(200), revision=4)
    pages = pypdf_pages(render(data))
    assert len(pages) > 3
    for i, page in enumerate(pages, start=1):
        assert f"Page {i} of {len(pages)}" in page
        assert "Revision 4" in page
        assert "Acme OLTP quarter rack" in page


def test_200_line_bom_lists_every_line() -> None:
    lines = synthetic_lines(200)
    text = pdftotext(render_bom_pdf(sample_proposal(lines)))
    for line in lines:
        assert rows_with(text, line.part_number, str(line.quantity)), line.part_number
    # The column header repeats on every page of a long table.
    assert text.count("Part number") == len(pypdf_pages(render_bom_pdf(sample_proposal(lines))))


@pytest.mark.parametrize("render", RENDERERS, ids=["proposal", "bom"])
def test_without_price_book_says_so_and_prints_no_prices(render) -> None:
    data = sample_proposal(currency=None)
    assert data.bom.total is None
    text = pdftotext(render(data))
    assert "No price book selected" in text
    assert "USD" not in text
    assert rows_with(text, "7110353", "32")


def test_unpriced_line_is_left_out_of_the_totals_and_counted() -> None:
    lines = table11_lines("quarter")
    lines[0] = replace(lines[0], unit_price=None, extended_price=None)
    data = sample_proposal(lines)
    assert data.bom.unpriced() == 1
    text = pdftotext(render_bom_pdf(data))
    servers = sum(
        (ln.extended_price or Decimal(0) for ln in lines[1:] if ln.section == "servers"), Decimal(0)
    )
    assert servers == data.bom.section_total("servers")
    assert rows_with(text, "Subtotal servers, excl. 1 unpriced line", f"{servers:,.2f}")
    assert rows_with(text, "Total (USD), excl. 1 unpriced line", f"{data.bom.total:,.2f}")
    storage = data.bom.section_total("storage")
    assert storage is not None
    (row,) = rows_with(text, "Subtotal storage", f"{storage:,.2f}")
    assert "unpriced" not in row


def test_charts_are_vector_with_labels() -> None:
    pdf = render_proposal_pdf(sample_proposal())
    assert image_xobjects(pdf) == 0
    text = pdftotext(pdf)
    for label in (
        "Server CPU utilisation (%)",
        "Read latency (ms)",
        "Throughput (TPS)",
        "SLA 20 ms",
        "2 nodes (max 13,000 TPS)",
        "4 nodes (max 26,000 TPS)",
        "CPU stressed",
        "Operating point",
    ):
        assert label in text
    # The chart page draws paths (stroke operators), not just text.
    reader = PdfReader(io.BytesIO(pdf))
    chart_page = next(p for p in reader.pages if "Load and response" in (p.extract_text() or ""))
    stream = chart_page.get_contents()
    assert stream is not None
    content = stream.get_data()
    path_ops = [t for t in content.split() if t in (b"m", b"l", b"c", b"re")]
    assert len(path_ops) > 100


def test_same_input_same_bytes() -> None:
    assert render_proposal_pdf(sample_proposal()) == render_proposal_pdf(sample_proposal())


def test_pdf_metadata_names_the_design() -> None:
    reader = PdfReader(io.BytesIO(render_proposal_pdf(sample_proposal())))
    assert reader.metadata is not None
    assert reader.metadata.title == "Proposal: Acme OLTP quarter rack"
    assert reader.metadata.author == "Alice Architect"


def test_row_matcher_takes_whole_words_only() -> None:
    assert rows_with("7110353  16 GB DIMM  32  X5-2  2.5  2,000", "2") == []
    assert rows_with("Table 2, page 3", "Table 2") == ["Table 2, page 3"]
    assert rows_with("storage performance, assumption", "storage performance")


def test_saturated_curves_are_cut_at_the_focused_axis_top() -> None:
    from reports.charts import curves_cut_at
    from reports.model import LoadResponseChart, LoadSeries

    chart = LoadResponseChart(
        (LoadSeries("1 node", 1, ((1000.0, 5.0), (1800.0, 20.0), (1850.0, 220.0))),), 20.0
    )
    assert curves_cut_at(chart) == 25.0  # the SLA x 1.15, up to a nice value
    data = replace(sample_proposal(), load_response=chart)
    text = pdftotext(render_proposal_pdf(data))
    assert "Curves are cut at 25 ms" in text
    # Not cut when every point fits.
    assert curves_cut_at(replace(chart, series=(LoadSeries("x", 1, ((1.0, 19.0),)),))) is None


def test_a_disk_platform_response_axis_is_logarithmic_with_the_design_point_above_it() -> None:
    # EqualLogic: a design point of tens of ms under an SLA of 2,000 ms would lie on a linear axis line.
    from reports.charts import response_axis
    from reports.model import LoadResponseChart, LoadSeries

    points = ((100.0, 20.0), (300.0, 57.0), (500.0, 900.0), (520.0, 8000.0))
    chart = LoadResponseChart((LoadSeries("2 nodes", 2, points),), 2000.0, (300.0, 57.0), design_nodes=2)
    axis = response_axis(chart)
    assert axis.type == "logarithmic" and axis.min <= 20.0 and axis.max >= 2000.0
    text = pdftotext(render_proposal_pdf(replace(sample_proposal(), load_response=chart)))
    assert "Response time (ms, log scale)" in text and "Design load" in text


def test_a_long_model_designation_stays_on_one_row_and_is_marked() -> None:
    from reports.model import BomLine

    line = BomLine("software", "XtremIO Management Server", "Management server", 1, part_number_is_model=True)
    for currency in ("USD", None):
        lines = [*table11_lines("quarter", priced=currency is not None), line]
        if currency:
            lines[-1] = replace(line, unit_price=Decimal("5.00"), extended_price=Decimal("5.00"))
        pdf = render_bom_pdf(sample_proposal(lines, currency=currency))
        text = pdftotext(pdf)
        assert rows_with(text, "XtremIO Management Server", "1")
        assert "(model designation: the source document gives no part number)" in " ".join(
            " ".join(pypdf_pages(pdf)).split()
        )
        assert rows_with(text, "333V-10-10-C14", "4")


def _flat(text: str) -> str:
    """The text as one line of single spaces (a paragraph may wrap anywhere)."""
    return " ".join(text.split())


def test_every_band_is_printed_with_its_interval_and_basis() -> None:
    customer = _flat(pdftotext(render_proposal_pdf(sample_proposal())))
    assert (
        "Maximum sustained TPS within the SLA: 25,800 TPS, between 22,700 and 28,900 TPS (+/-12 %)"
        in customer
    )
    text = _flat(pdftotext(render_annex_pdf(sample_proposal())))
    assert "How far to trust these figures" in text
    assert (
        "Maximum sustained TPS within the SLA: 25,800 TPS (22,700 - 28,900 TPS; +/-12 %: worst absolute "
        "error of 16 held-out throughput rows of this family)"
    ) in text
    assert "Response time at the design load: 5.3 ms (4.35 - 6.25 ms; +/-18 %: worst absolute error" in text
    assert "held-out validation rows" in text
    assert "The intervals are widened" not in text
    # The charts draw the bands and say so in their legends.
    assert "Latency band +/-18 %" in customer
    assert "Response band +/-18 %" in customer


def test_a_widened_band_says_so_and_a_document_without_bands_prints_no_section() -> None:
    data = sample_proposal()
    widened = replace(
        data.headline.bands[0],
        low=15600.0,
        high=36000.0,
        half_width_pct=24.0,
        basis="worst absolute error of 16 held-out throughput rows of this family, x2 because the design "
        "reaches beyond the measured configurations",
        widened=True,
    )
    text = _flat(
        pdftotext(render_annex_pdf(replace(data, headline=replace(data.headline, bands=(widened,)))))
    )
    assert "25,800 TPS (15,600 - 36,000 TPS; +/-24 %" in text
    assert "The intervals are widened" in text
    bare = replace(data, headline=replace(data.headline, bands=()))
    assert "How far to trust these figures" not in _flat(pdftotext(render_annex_pdf(bare)))


def _page_image(pdf: bytes, heading: str, dpi: int = 50) -> Any:
    """The first page whose text has `heading`, rasterised by pdftoppm (the PDF as a reader sees it)."""
    import subprocess
    import tempfile
    from pathlib import Path

    from PIL import Image

    page = next(i for i, text in enumerate(pypdf_pages(pdf), start=1) if heading in text)
    with tempfile.TemporaryDirectory() as tmp:
        pdf_path = Path(tmp) / "doc.pdf"
        pdf_path.write_bytes(pdf)
        out = Path(tmp) / "page"
        subprocess.run(
            [
                "pdftoppm",
                "-png",
                "-r",
                str(dpi),
                "-f",
                str(page),
                "-l",
                str(page),
                "-singlefile",
                pdf_path,
                out,
            ],
            check=True,
        )
        return Image.open(f"{out}.png").convert("RGB").copy()


def _near(pixel: tuple[int, int, int], colour: Any, tolerance: int = 30) -> bool:
    target = (round(colour.red * 255), round(colour.green * 255), round(colour.blue * 255))
    return all(abs(a - b) <= tolerance for a, b in zip(pixel, target, strict=True))


def test_the_rendered_balance_chart_shows_the_design_point_and_is_not_mostly_red() -> None:
    # A coarse look at the page as printed (issue 39: the balance charts left out the design's own
    # operating point and were mostly red): the design marker's colour is on the page, and the
    # critical zone's fill covers less than a third of what is drawn.
    from reports.charts import DESIGN_COLOUR, ZONE_FILL

    sample = sample_proposal()
    assert sample.balance is not None
    data = replace(sample, balance=replace(sample.balance, design_point=(40.0, 0.95)))
    image = _page_image(render_proposal_pdf(data), "Balance")
    pixels = list(image.get_flattened_data())
    drawn = [p for p in pixels if sum(p) < 3 * 245]
    design = sum(1 for p in drawn if _near(p, DESIGN_COLOUR))
    critical = sum(1 for p in drawn if _near(p, ZONE_FILL["critical"], 6))
    assert design >= 5, "no design-point marker on the rendered page"
    assert critical < len(drawn) / 3, f"{critical} of {len(drawn)} drawn pixels are the critical zone"
    # The same page without the design point has no pixel of the marker's colour: the check bites.
    bare = _page_image(render_proposal_pdf(sample), "Balance")
    assert sum(1 for p in bare.get_flattened_data() if _near(p, DESIGN_COLOUR)) < design
