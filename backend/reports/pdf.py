"""Proposal and BOM PDFs with ReportLab (pure Python; see docs/exports.md for why not WeasyPrint).

Safety: every piece of user or catalog text that goes into a Paragraph passes through
`reports.text.markup`, so ReportLab's mini-markup (`<img>`, `<a>`, `<font>`) never sees a tag from
data; canvas strings are drawn literally. Only the standard PDF fonts (Helvetica) are used, so no
font file is looked up. The one image, the team's logo on the cover, is drawn from PNG bytes in memory
(re-encoded through Pillow by the caller); no path or URL reaches ReportLab, so nothing is read from
disk or network.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from decimal import Decimal
from typing import Any

from reportlab.lib import colors
from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    CondPageBreak,
    Flowable,
    Frame,
    Image,
    KeepTogether,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from reports.charts import balance_drawing, curves_cut_at, load_response_drawing
from reports.citations import citer
from reports.facts import MODEL
from reports.model import Band, Bom, DesignMeta, EvidenceSection, Fact, ProposalData, RuleRef
from reports.text import clean, fmt_amount, fmt_fact, fmt_number, fmt_percent, markup, round_numbers_in_text

PAGE = A4
MARGIN = 18 * mm
WIDTH = PAGE[0] - 2 * MARGIN
FONT, BOLD = "Helvetica", "Helvetica-Bold"
NO_PRICE_BOOK = "No price book selected"
GREY = colors.Color(0.93, 0.93, 0.93)
DARK = colors.Color(0.20, 0.24, 0.30)


def _style(name: str, size: float = 9, bold: bool = False, **kw: Any) -> ParagraphStyle:
    kw.setdefault("leading", size * 1.25)
    return ParagraphStyle(name, fontName=BOLD if bold else FONT, fontSize=size, **kw)


S = {
    "body": _style("body", 9.5, spaceAfter=4),
    "small": _style("small", 7.5, textColor=colors.Color(0.3, 0.3, 0.3)),
    "cell": _style("cell", 8),
    "cell_b": _style("cell_b", 8, bold=True),
    # Part numbers are searched for verbatim (purchasing, tests): never broken inside.
    "part": _style("part", 8, splitLongWords=0),
    "cell_r": _style("cell_r", 8, alignment=TA_RIGHT),
    "cell_rb": _style("cell_rb", 8, bold=True, alignment=TA_RIGHT),
    "h1": _style("h1", 16, bold=True, spaceBefore=4, spaceAfter=8, textColor=DARK),
    "h2": _style("h2", 12, bold=True, spaceBefore=10, spaceAfter=5, textColor=DARK),
    "h3": _style("h3", 10, bold=True, spaceBefore=6, spaceAfter=3),
    "cover_kicker": _style("cover_kicker", 12, textColor=colors.Color(0.35, 0.35, 0.35), spaceAfter=6),
    "cover_company": _style("cover_company", 18, bold=True, leading=22, spaceAfter=4, textColor=DARK),
    "cover_warning": _style("cover_warning", 11, bold=True, textColor=colors.Color(0.75, 0.1, 0.1)),
    "cover_title": _style("cover_title", 24, bold=True, leading=30, spaceAfter=16, textColor=DARK),
}


def P(text: object, style: str = "cell") -> Paragraph:
    """A Paragraph of literal text (escaped); the only way data reaches Paragraph markup here."""
    return Paragraph(markup(text), S[style])


def _grid_table(rows: list[list[Any]], widths: Sequence[float], header: bool = True) -> Table:
    table = Table(rows, colWidths=list(widths), repeatRows=1 if header else 0)
    style = [
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("FONTNAME", (0, 0), (-1, -1), FONT),
        ("FONTSIZE", (0, 0), (-1, -1), 8),
        ("LINEBELOW", (0, 0), (-1, -1), 0.25, colors.Color(0.8, 0.8, 0.8)),
        ("LEFTPADDING", (0, 0), (-1, -1), 3),
        ("RIGHTPADDING", (0, 0), (-1, -1), 3),
        ("TOPPADDING", (0, 0), (-1, -1), 2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
    ]
    if header:
        style += [("BACKGROUND", (0, 0), (-1, 0), GREY), ("LINEBELOW", (0, 0), (-1, 0), 0.6, colors.black)]
    table.setStyle(TableStyle(style))
    return table


# --- page furniture -------------------------------------------------------------------------------


def _fit(text: str, font: str, size: float, width: float) -> str:
    text = clean(text).replace("\n", " ")
    if stringWidth(text, font, size) <= width:
        return text
    while text and stringWidth(text + "...", font, size) > width:
        text = text[:-1]
    return text + "..."


def _canvas_class(title: str, meta: DesignMeta) -> type[Canvas]:
    """A canvas that draws the header and "Page i of n" on every page once the count is known."""
    left = f"{title}: {meta.name}"
    right = f"{meta.revision_words}  |  {meta.date.strftime('%Y-%m-%d')}  |  {meta.status}"
    footer_left = f"Customer: {meta.customer}" if meta.customer else ""

    class NumberedCanvas(Canvas):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._pages: list[dict[str, Any]] = []

        def showPage(self) -> None:
            self._pages.append(dict(self.__dict__))
            self._startPage()

        def save(self) -> None:
            total = len(self._pages)
            for state in self._pages:
                self.__dict__.update(state)
                self._furniture(total)
                super().showPage()
            super().save()

        def _furniture(self, total: int) -> None:
            w, h = PAGE
            self.saveState()
            self.setFont(FONT, 7.5)
            self.setFillColor(colors.Color(0.3, 0.3, 0.3))
            right_w = stringWidth(right, FONT, 7.5)
            self.drawString(MARGIN, h - 11 * mm, _fit(left, FONT, 7.5, WIDTH - right_w - 12))
            if meta.unsaved:  # stamped on every page: this is not a saved revision
                self.setFillColor(colors.Color(0.75, 0.1, 0.1))
            self.drawRightString(w - MARGIN, h - 11 * mm, right)
            self.setFillColor(colors.Color(0.3, 0.3, 0.3))
            self.setStrokeColor(colors.Color(0.7, 0.7, 0.7))
            self.setLineWidth(0.4)
            self.line(MARGIN, h - 12.5 * mm, w - MARGIN, h - 12.5 * mm)
            self.line(MARGIN, 12.5 * mm, w - MARGIN, 12.5 * mm)
            self.drawString(MARGIN, 9 * mm, _fit(footer_left, FONT, 7.5, WIDTH / 2))
            self.drawRightString(w - MARGIN, 9 * mm, f"Page {self._pageNumber} of {total}")
            self.restoreState()

    return NumberedCanvas


HEADING_ROOM = 25 * mm


def _headings_not_orphaned(story: list[Flowable]) -> list[Flowable]:
    """A section heading needs room for a few lines under it, or it starts the next page: a "Model
    notes" heading left at a page's foot once put its one line on a page of its own. Not keepWithNext:
    that glues a heading to a whole table, which then jumps to the next page and leaves this one
    nearly empty."""
    out: list[Flowable] = []
    for flowable in story:
        if isinstance(flowable, Paragraph) and flowable.style.name in ("h2", "h3"):
            out.append(CondPageBreak(HEADING_ROOM))
        out.append(flowable)
    return out


def _build(story: list[Flowable], title: str, meta: DesignMeta, subject: str) -> bytes:
    buf = io.BytesIO()
    doc = BaseDocTemplate(
        buf,
        pagesize=PAGE,
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN,
        bottomMargin=MARGIN,
        title=clean(f"{title}: {meta.name}"),
        author=clean(meta.author),
        subject=subject,
        creator="DB Sizer",
        invariant=1,  # no timestamp or random id: the same design gives the same bytes
    )
    frame = Frame(MARGIN, MARGIN, WIDTH, PAGE[1] - 2 * MARGIN, id="body")
    doc.addPageTemplates([PageTemplate(id="page", frames=[frame])])
    doc.build(_headings_not_orphaned(story), canvasmaker=_canvas_class(title, meta))
    return buf.getvalue()


# --- sections -------------------------------------------------------------------------------------


def _meta_rows(meta: DesignMeta) -> list[list[Any]]:
    rows = [
        ["Design", P(meta.name, "cell_b")],
        ["Customer", P(meta.customer or "-")],
        ["Author", P(meta.author or "-")],
        ["Date", meta.date.strftime("%Y-%m-%d")],
        ["Revision", P(meta.revision_words if meta.unsaved else str(meta.revision))],
        ["Status", P(meta.status)],
    ]
    if meta.team:
        rows.append(["Team", P(meta.team)])
    return rows


def _facts_table(facts: Sequence[Fact], cite: Callable[[str], str] = str) -> Table:
    rows: list[list[Any]] = [["Item", "Value", "Source"]]
    rows += [[P(f.label), P(fmt_fact(f)), P(cite(f.source) or "-", "small")] for f in facts]
    return _grid_table(rows, [0.34 * WIDTH, 0.26 * WIDTH, 0.40 * WIDTH])


def _total_cells(label: str, amount: Decimal | None, unpriced: int) -> tuple[str, str]:
    if unpriced:
        label += f", excl. {unpriced} unpriced line{'s' if unpriced != 1 else ''}"
    return label, fmt_amount(amount)


def bom_flowables(bom: Bom) -> list[Flowable]:
    """The BOM table with section sub-headings, subtotals and the total (or "No price book")."""
    out: list[Flowable] = []
    if bom.priced:
        book = f" from price book {bom.price_book}" if bom.price_book else ""
        out.append(P(f"Prices in {bom.currency}{book}. Extended price = quantity x unit price.", "body"))
        header = [
            "Part number",
            "Description",
            "Qty",
            f"Unit ({bom.currency})",
            f"Extended ({bom.currency})",
            "Rule",
        ]
        widths = [0.15, 0.35, 0.05, 0.12, 0.14, 0.19]
    else:
        out.append(P(f"{NO_PRICE_BOOK}: part numbers and quantities only.", "body"))
        header = ["Part number", "Description", "Qty", "Rule"]
        widths = [0.16, 0.56, 0.08, 0.20]
    # The part-number column grows to the longest part number (up to a cap) so a number is never
    # broken across lines; the description gives up the width.
    longest = max((stringWidth(clean(ln.part_number), FONT, 8) + 8 for ln in bom.lines), default=0.0)
    grow = min(max(longest / WIDTH - widths[0], 0.0), 0.30 - widths[0])
    widths = [widths[0] + grow, widths[1] - grow, *widths[2:]]
    ncol = len(header)
    rows: list[list[Any]] = [header]
    style: list[tuple[Any, ...]] = []
    for section, lines in bom.sections():
        r = len(rows)
        rows.append([P(section.capitalize(), "cell_b")] + [""] * (ncol - 1))
        style += [("SPAN", (0, r), (-1, r)), ("BACKGROUND", (0, r), (-1, r), colors.Color(0.96, 0.97, 1.0))]
        for line in lines:
            description = line.description
            if line.part_number_is_model:
                description += " (model designation: the source document gives no part number)"
            row: list[Any] = [P(line.part_number, "part"), P(description), P(str(line.quantity), "cell_r")]
            if bom.priced:
                row += [
                    P(fmt_amount(line.unit_price), "cell_r"),
                    P(fmt_amount(line.extended_price), "cell_r"),
                ]
            row.append(P(line.rule or "-", "small"))
            rows.append(row)
        if bom.priced:
            r = len(rows)
            label, amount = _total_cells(
                f"Subtotal {section}", bom.section_total(section), bom.unpriced(section)
            )
            rows.append(["", P(label, "cell_b"), "", "", P(amount, "cell_rb"), ""])
            style.append(("LINEABOVE", (0, r), (-1, r), 0.4, colors.black))
    r = len(rows)
    if bom.priced:
        label, amount = _total_cells(f"Total ({bom.currency})", bom.total, bom.unpriced())
        rows.append(["", P(label, "cell_b"), "", "", P(amount, "cell_rb"), ""])
    else:
        rows.append(["", P(f"Total: {NO_PRICE_BOOK}", "cell_b"), "", ""])
    style += [("LINEABOVE", (0, r), (-1, r), 1.0, colors.black), ("BACKGROUND", (0, r), (-1, r), GREY)]
    table = _grid_table(rows, [w * WIDTH for w in widths])
    table.setStyle(TableStyle(style))
    out.append(table)
    return out


Cite = Callable[[str], str]


def _citer(data: ProposalData) -> Cite:
    return citer(data.rules, {d.slug: d.short or d.title for d in data.documents})


# The model's source tag in the customer's words (the annex names the method: MVA).
CUSTOMER_SOURCES = {MODEL: "sizing model", "model": "sizing model"}


def _customer_citer(data: ProposalData) -> Cite:
    """A citation as the customer proposal prints it: documents by publisher and year, the model as
    "sizing model" (the annex says which model)."""
    cite = _citer(data)

    def customer(text: str) -> str:
        parts = [CUSTOMER_SOURCES.get(p.strip(), p.strip()) for p in cite(text).split(";")]
        return "; ".join(dict.fromkeys(p for p in parts if p))

    return customer


def _headline_rows(data: ProposalData, cite: Cite) -> list[list[Any]]:
    h = data.headline
    rows: list[list[Any]] = [["Figure", "Value", "Source"]]

    def add(label: str, fact: Fact | None) -> None:
        if fact is None:
            return
        rows.append([P(label), P(fmt_fact(fact), "cell_b"), P(cite(fact.source) or "-", "small")])

    add("TPS at SLA", h.tps_at_sla)
    add("SLA response time", h.sla_response)
    add("Headroom", h.headroom)
    if h.bottleneck:
        rows.append([P("Bottleneck"), P(h.bottleneck, "cell_b"), P(cite("model") or "-", "small")])
    add("IOPS demand", h.iops_demand)
    add("IOPS capacity", h.iops_capacity)
    for fact in (*h.capacity, *h.extra):
        add(fact.label, fact)
    bom, cost = data.bom, data.cost_per
    if bom.priced:
        label, amount = _total_cells("Bill of materials", bom.total, bom.unpriced())
        rows.append([P(label), P(f"{bom.currency} {amount}", "cell_b"), P(bom.price_book or "-", "small")])
    if cost is not None and cost.amount is not None and cost.unit:
        rows.append(
            [
                P(f"Cost per {cost.unit.split(' per ')[-1]}"),
                P(f"{fmt_amount(cost.amount)} {cost.unit}", "cell_b"),
                P(f"total / {cost.basis}", "small"),
            ]
        )
    return rows


def cost_words(data: ProposalData) -> str:
    """The cost sentence of the executive summary (money exact, to the cent)."""
    bom, cost = data.bom, data.cost_per
    if not bom.priced:
        return f"{NO_PRICE_BOOK}: the bill of materials lists part numbers and quantities without prices."
    text = f"The bill of materials totals {bom.currency} {fmt_amount(bom.total)}"
    unpriced = bom.unpriced()
    if unpriced:
        text += f" without its {unpriced} unpriced line{'s' if unpriced != 1 else ''}"
    software = bom.section_total("software")
    if software:
        text += f", of which {bom.currency} {fmt_amount(software)} are Oracle software licences and support"
    text += f" (price book {bom.price_book})." if bom.price_book else "."
    if cost is not None and cost.amount is not None and cost.unit:
        text += f" That is {fmt_amount(cost.amount)} {cost.unit}, for {cost.basis}."
    elif cost is not None and cost.note:
        text += f" No cost per unit of throughput: {cost.note[:1].lower()}{cost.note[1:]}."
    return text


BANDS_INTRO = (
    "Each interval is the projection +/- its platform family's worst absolute error on the held-out "
    "validation rows of that kind (measurements of the family's document the model was not fitted on: "
    "throughput for TPS and MB/s, latency for response and storage latency), doubled when the design "
    "reaches beyond the measured configurations (more arrays, nodes or users than measured)."
)


def band_line(band: Band) -> str:
    """ "Maximum sustained TPS within the SLA: 25,800 TPS (22,700 - 28,900 TPS; +/-12 %: worst absolute
    error of 16 held-out throughput rows of this family)": the basis in the engine's words, which also
    say when a family has no held-out row yet (the acceptance ceiling stands in)."""
    unit = f" {band.unit}" if band.unit else ""
    interval = f"{fmt_number(band.low)} - {fmt_number(band.high)}{unit}"
    return (
        f"{band.label}: {fmt_number(band.value)}{unit} ({interval}; "
        f"+/-{fmt_percent(band.half_width_pct)} %: {band.basis})"
    )


CUSTOMER_BANDS_INTRO = (
    "Each range is the projection plus or minus the largest error the sizing model made on this "
    "platform's published measurements it was not fitted to; the technical annex gives the basis."
)


def customer_band_line(band: Band) -> str:
    """ "Maximum sustained TPS within the SLA: 25,800 TPS, between 22,700 and 28,900 TPS (+/-12 %)"."""
    unit = f" {band.unit}" if band.unit else ""
    return (
        f"{band.label}: {fmt_number(band.value)}{unit}, between {fmt_number(band.low)} and "
        f"{fmt_number(band.high)}{unit} (+/-{fmt_percent(band.half_width_pct)} %)"
    )


def band_flowables(bands: Sequence[Band], *, customer: bool = False) -> list[Flowable]:
    """The error band of every banded projection, one line each: for the customer as a range in
    words, for the annex with how the intervals are made."""
    if not bands:
        return []
    intro, line = (CUSTOMER_BANDS_INTRO, customer_band_line) if customer else (BANDS_INTRO, band_line)
    out: list[Flowable] = [P("How far to trust these figures", "h2"), P(intro, "small")]
    out += [P(line(b), "body") for b in bands]
    if any(b.widened for b in bands):
        widened = (
            "The ranges are wider because the design goes beyond the configurations that were measured."
            if customer
            else "The intervals are widened: the design reaches beyond the configurations the documents measured."
        )
        out.append(P(widened, "body"))
    return out


def _executive_summary(data: ProposalData, cite: Cite) -> list[Flowable]:
    h = data.headline
    out: list[Flowable] = [P("Executive summary", "h1")]
    if data.databases is not None:
        return out + _consolidated_summary(data, cite)

    if h.verdict:
        out.append(P(h.verdict, "h3"))
    sentences = list(h.narrative) or [
        f"Workload: {data.workload.title}.",
        f"Platform: {data.platform.title}.",
    ]
    out += [P(round_numbers_in_text(sentence), "body") for sentence in sentences]
    if data.evidence is not None:
        out.append(P(evidence_words(data.evidence), "body"))
    out.append(P(cost_words(data), "body"))
    out += [
        P("Key figures", "h2"),
        _grid_table(_headline_rows(data, cite), [0.34 * WIDTH, 0.26 * WIDTH, 0.40 * WIDTH]),
    ]
    out += band_flowables(h.bands, customer=True)
    return out


def _databases(data: ProposalData, cite: Cite, *, technical: bool = False) -> list[Flowable]:
    """A design of several databases: each one's figures beside the others, the shared platform, why
    the figures are the model's extrapolation, and the capacity with the clones (issue 40)."""
    section = data.databases
    if section is None:
        return []
    out: list[Flowable] = [CondPageBreak(60 * mm), P("Databases", "h1"), P(section.verdict, "h3")]
    if section.sharing:
        out.append(P(round_numbers_in_text(section.sharing[0].upper() + section.sharing[1:] + "."), "body"))
    rows: list[list[Any]] = [
        ["Database", "Workload", "Load", "Throughput", "Response", "Alone", "Change", "Verdict"]
    ]
    for r in section.rows:
        rows.append([P(r.name), P(r.kind), P(r.load), P(r.throughput), P(r.response or "-"), P(r.alone or "-"),
                     P(r.change or "-"), P(r.verdict)])  # fmt: skip
    widths = [w * WIDTH for w in (0.16, 0.13, 0.11, 0.12, 0.11, 0.11, 0.14, 0.12)]
    out.append(_grid_table(rows, widths))
    out += [
        P(round_numbers_in_text(f"{r.name}: {r.statement}."), "body") for r in section.rows if r.statement
    ]
    if section.not_validated:
        out.append(
            P(round_numbers_in_text(f"How far to trust these figures: {section.not_validated}."), "body")
        )
    out.append(P(round_numbers_in_text(f"Capacity: {section.capacity}."), "body"))
    out += [P(round_numbers_in_text(f"Clones of {source}."), "body") for source in section.clone_sources]
    if section.first:
        out.append(P(f"The figures in the rest of this document are those of {section.first} alone.", "body"))
    if technical and section.stations:
        names = [r.name for r in section.rows]
        grid: list[list[Any]] = [["Station", "Utilisation", *names]]
        for st in section.stations:
            shares = dict(st.by_database)
            grid.append([P(st.label), P(f"{fmt_number(st.total_pct)} %"),
                         *[P(f"{fmt_number(shares[n])} %" if n in shares else "-") for n in names]])  # fmt: skip
        out += [P("Shared stations", "h2"), _grid_table(grid, [WIDTH / (len(names) + 2)] * (len(names) + 2))]
    return out


def _technical_databases(data: ProposalData, cite: Cite) -> list[Flowable]:
    return _databases(data, cite, technical=True)


def _consolidated_summary(data: ProposalData, cite: Cite) -> list[Flowable]:
    """The executive summary of a design of several databases: the verdict together, what is proposed
    for which databases, each database's outcome beside the others, the cost; the key figures are the
    first database's alone, and say so."""
    section = data.databases
    assert section is not None
    running = [r for r in section.rows if r.verdict != "Paused"]
    listed = "; ".join(f"{r.name} ({r.kind}, {r.load})" for r in running)
    out: list[Flowable] = [P(section.verdict, "h3")]
    out.append(
        P(
            round_numbers_in_text(
                f"We propose {data.platform.title} for {len(running)} databases: {listed}."
            ),
            "body",
        )
    )
    out += [P(round_numbers_in_text(f"{r.name}: {r.statement}."), "body") for r in running if r.statement]
    out.append(P(cost_words(data), "body"))
    out += [
        P(f"Key figures of {section.first} alone", "h2"),
        _grid_table(_headline_rows(data, cite), [0.34 * WIDTH, 0.26 * WIDTH, 0.40 * WIDTH]),
    ]
    out += band_flowables(data.headline.bands, customer=True)
    return out


def _customer_facts(facts: Sequence[Fact]) -> tuple[Fact, ...]:
    return tuple(f for f in facts if not f.technical)


def _configuration(data: ProposalData, cite: Cite) -> list[Flowable]:
    """The recommended configuration and the workload it is sized for, as the customer states them."""
    out: list[Flowable] = [CondPageBreak(60 * mm), P("Recommended configuration", "h1")]
    out += [P(data.platform.title, "body"), _facts_table(_customer_facts(data.platform.facts), cite)]
    out += [CondPageBreak(50 * mm), P("Workload it is sized for", "h2"), P(data.workload.title, "body")]
    out += [_facts_table(_customer_facts(data.workload.facts), cite)]
    return out


def _model_facts(data: ProposalData, cite: Cite) -> list[Flowable]:
    """Every workload and platform figure the model ran on, the per-transaction demands included."""
    out: list[Flowable] = [P("Model inputs", "h2")]
    out += [P(data.workload.title, "body"), _facts_table(data.workload.facts, cite)]
    out += [Spacer(1, 3 * mm), P(data.platform.title, "body"), _facts_table(data.platform.facts, cite)]
    return out


def _charts(data: ProposalData, cite: Cite) -> list[Flowable]:
    # No forced page break: a chart that does not fit moves on whole (KeepTogether), so the page
    # before it is never left nearly blank.
    out: list[Flowable] = [CondPageBreak(110 * mm), P("Performance", "h1")]
    if data.balance is not None:
        caption = (
            "Server CPU against storage read latency as load grows; shaded areas are stress zones, the "
            "black point is the SLA point and the blue one the design load."
        )
        if data.headline.limits:
            caption += f" {data.headline.limits}"
        if data.balance.band_pct:
            caption += (
                f" The band around the curve is the storage latency +/-{fmt_percent(data.balance.band_pct)} %"
                " (its error band, see the executive summary)."
            )
        if data.balance.source:
            caption += f" Source: {cite(data.balance.source)}."
        out.append(
            KeepTogether([P("Balance", "h2"), balance_drawing(data.balance, WIDTH), P(caption, "small")])
        )
    if data.load_response is not None:
        caption = "Response time against throughput per RAC node count; the dashed line is the SLA."
        if data.load_response.band_pct:
            caption += (
                f" The band around each curve is the response +/-{fmt_percent(data.load_response.band_pct)} %"
                " (its error band, see the executive summary)."
            )
        cap = curves_cut_at(data.load_response)
        if cap is not None:
            caption += f" Curves are cut at {fmt_number(cap, 3)} ms, where the platform is saturated."
        if data.load_response.unreachable:
            caption += f" {data.load_response.unreachable}"
        if data.load_response.source:
            caption += f" Source: {cite(data.load_response.source)}."
        drawing = load_response_drawing(data.load_response, WIDTH)
        out.append(KeepTogether([P("Load and response", "h2"), drawing, P(caption, "small")]))
    if data.balance is None and data.load_response is None:
        out.append(P("The evaluation produced no curves for this design.", "body"))
    return out


def evidence_words(section: EvidenceSection) -> str:
    """The executive summary's pointer to the section on the customer's own measurements."""
    if section.calibrated:
        return (
            "These figures are calibrated on measurements of your own systems as well as the published "
            f'evidence; "{section.title}" sets them beside the figures on the published evidence alone.'
        )
    return f'Your own measurements are compared with the sizing model under "{section.title}".'


def _evidence(data: ProposalData, cite: Cite, *, technical: bool = False) -> list[Flowable]:
    """The customer's own measurements the design names: which, the projection on the published
    evidence beside the one with theirs and the difference, each measured point against the model,
    and how far the error bands hold (issue 38 point 5); the annex adds the engine's own notes.
    Nothing when the design names none."""
    section = data.evidence
    if section is None:
        return []
    heading = "h2" if technical else "h1"
    out: list[Flowable] = [CondPageBreak(60 * mm), P(section.title, heading), P(section.intro, "body")]
    if data.databases is not None and data.databases.first:
        out.append(P(f"The figures of this section are those of {data.databases.first} alone.", "body"))
    out.append(P("Your measurements", "h2"))
    rows: list[list[Any]] = [["Measurement", "Kind", "Measured on", "Points", "Use in this sizing"]]
    rows += [
        [P(i.name, "cell_b"), P(i.kind), P(i.system or "-"), P(str(i.points), "cell_r"), P(i.used)]
        for i in section.imports
    ]
    out.append(_grid_table(rows, [w * WIDTH for w in (0.22, 0.16, 0.20, 0.08, 0.34)]))
    if section.figures:
        out.append(P("Projection: published evidence and your measurements", "h2"))
        grid: list[list[Any]] = [
            ["Figure", "Published evidence alone", "With your measurements", "Difference"]
        ]
        grid += [
            [P(f.label), P(f.published, "cell_r"), P(f.yours, "cell_rb"), P(f.difference, "cell_r")]
            for f in section.figures
        ]
        out.append(_grid_table(grid, [w * WIDTH for w in (0.34, 0.20, 0.20, 0.26)]))
    if section.verdict:
        out.append(P(section.verdict, "body"))
    out.append(P("Your measured points against the model", "h2"))
    out.append(P(section.points_intro, "small"))
    if section.points:
        points: list[list[Any]] = [["Measurement", "Measured at", "Figure", "Measured", "Projected", "Error"]]
        points += [
            [
                P(p.measurement),
                P(p.at),
                P(p.quantity),
                P(p.measured, "cell_r"),
                P(p.predicted, "cell_r"),
                P(p.error, "cell_r"),
            ]
            for p in section.points
        ]
        out.append(_grid_table(points, [w * WIDTH for w in (0.18, 0.28, 0.12, 0.14, 0.16, 0.12)]))
    else:
        out.append(P("None of your measurements has a point the sizing model can be compared at.", "body"))
    out += [P(note, "small") for note in section.notes]
    out.append(P(section.bands, "body"))
    if technical:
        out += [P(round_numbers_in_text(note), "small") for note in section.technical_notes]
    return out


def _technical_evidence(data: ProposalData, cite: Cite) -> list[Flowable]:
    return _evidence(data, cite, technical=True)


def _capacity(data: ProposalData, cite: Cite) -> list[Flowable]:
    out: list[Flowable] = [CondPageBreak(60 * mm), P("Capacity", "h1")]
    if not data.capacity_rows:
        return [*out, P("No capacity figures.", "body")]
    rows: list[list[Any]] = [["Item", "Required", "Available", "Unit", "Utilisation", "Source"]]
    for c in data.capacity_rows:
        util = c.utilisation_pct
        rows.append(
            [
                P(c.label),
                P(fmt_number(c.required) if c.required is not None else "-", "cell_r"),
                P(fmt_number(c.available) if c.available is not None else "-", "cell_r"),
                P(c.unit),
                P(f"{fmt_percent(util)} %" if util is not None else "-", "cell_r"),
                P(cite(c.source) or "-", "small"),
            ]
        )
    out.append(_grid_table(rows, [w * WIDTH for w in (0.24, 0.11, 0.11, 0.08, 0.11, 0.35)]))
    return out


def _rule_ref(slug: str, version: int | None) -> str:
    if not slug:
        return "-"
    return f"{slug} v{version}" if version is not None else slug


def _warnings_table(data: ProposalData, cite: Cite, heading: str) -> Table:
    """The warnings, severity first, numbers in their text rounded as a customer reads them."""
    rows: list[list[Any]] = [["Severity", heading, "Source"]]
    rows += [
        [
            P(w.severity.capitalize(), "cell_b"),
            P(round_numbers_in_text(w.message)),
            P(cite(w.source) or "-", "small"),
        ]
        for w in data.warnings
    ]
    return _grid_table(rows, [w * WIDTH for w in (0.12, 0.53, 0.35)])


def _points_to_note(data: ProposalData, cite: Cite) -> list[Flowable]:
    """The warnings in the customer's words, then what the design needs from the customer: the build
    practices of the platform's documents it must be built to (the annex has each check's result)."""
    out: list[Flowable] = [CondPageBreak(50 * mm), P("Points to note", "h1")]
    out.append(
        _warnings_table(data, cite, "Point") if data.warnings else P("The design raises no warning.", "body")
    )
    out.append(P("What this design needs from you", "h2"))
    needs = [
        "Confirm the workload figures above (users or transaction rate, read share, database size and "
        "growth): the sizing holds for them, not for a different workload.",
        "Build the platform to its vendor's best practices below; the figures assume them.",
    ]
    out += [P(f"- {n}", "body") for n in needs]
    practices = [c for c in data.checks if c.title]
    if practices:
        rows = [["Best practice", "Source"]]
        rows += [[P(round_numbers_in_text(c.title)), P(cite(c.source) or "-", "small")] for c in practices]
        out.append(_grid_table(rows, [0.63 * WIDTH, 0.37 * WIDTH]))
    return out


def _customer_assumptions(data: ProposalData, cite: Cite) -> list[Flowable]:
    out: list[Flowable] = [CondPageBreak(50 * mm), P("Assumptions", "h1")]
    out.append(
        P(
            "The figures of this proposal assume the following; the technical annex lists the "
            "documents, tables and figures every number comes from.",
            "small",
        )
    )
    assumptions = _customer_facts(data.assumptions)
    if not assumptions:
        return [*out, P("None beyond the workload and the configuration above.", "body")]
    rows: list[list[Any]] = [["Assumption", "Source"]]
    for f in assumptions:
        # A plain sentence, its figure after a colon when it has one (a value column would print
        # "-" for the many that are statements, not figures).
        text = round_numbers_in_text(f.label)
        if f.value is not None:
            text += f": {fmt_fact(f)}"
        rows.append([P(text), P(cite(f.source) or "-", "small")])
    out.append(_grid_table(rows, [0.63 * WIDTH, 0.37 * WIDTH]))
    return out


def _warnings(data: ProposalData, cite: Cite) -> list[Flowable]:
    out: list[Flowable] = [CondPageBreak(50 * mm), P("Warnings and best-practice checks", "h1")]
    out.append(_warnings_table(data, cite, "Message") if data.warnings else P("No warnings.", "body"))
    if data.checks:
        out.append(P("Best-practice checks", "h2"))
        out.append(
            P(
                'The platform\'s best-practice rules at the versions the design pins. "No warning": the '
                "design meets the rule, or the rule is build advice the inputs do not describe; follow it "
                "when building.",
                "small",
            )
        )
        rows = [["Practice", "Result", "Source"]]
        for c in data.checks:
            title = f"{c.title} ({c.detail})" if c.detail else c.title
            rows.append(
                [
                    P(round_numbers_in_text(title)),
                    P("No warning" if c.passed else "WARNING", "cell_b"),
                    P(cite(c.source) or "-", "small"),
                ]
            )
        out.append(_grid_table(rows, [w * WIDTH for w in (0.50, 0.13, 0.37)]))
    return out


def _rules_table(rules: Sequence[RuleRef], cite: Cite) -> Table:
    rows: list[list[Any]] = [["Rule", "Version", "Title", "Source"]]
    rows += [
        [P(r.slug, "small"), str(r.version), P(r.title or "-"), P(cite(r.source) or "-", "small")]
        for r in rules
    ]
    return _grid_table(rows, [w * WIDTH for w in (0.30, 0.08, 0.34, 0.28)])


def _sources_table(data: ProposalData) -> Table:
    """The documents by title, each followed by its tables / figures / sections and what they gave."""
    titles = {d.slug: f"{d.short}: {d.title}" if d.short else d.title for d in data.documents}
    rows: list[list[Any]] = [["Table / figure / section", "Used for"]]
    style: list[tuple[Any, ...]] = []
    current = None
    for s in data.sources:
        if s.document != current:
            current = s.document
            r = len(rows)
            rows.append([P(titles.get(s.document, s.document), "cell_b"), ""])
            style += [
                ("SPAN", (0, r), (-1, r)),
                ("BACKGROUND", (0, r), (-1, r), colors.Color(0.96, 0.97, 1.0)),
            ]
        rows.append([P(s.locator or "(whole document)"), P(s.used_for or "-")])
    table = _grid_table(rows, [0.42 * WIDTH, 0.58 * WIDTH])
    table.setStyle(TableStyle(style))
    return table


def _appendix(data: ProposalData, cite: Cite) -> list[Flowable]:
    out: list[Flowable] = [CondPageBreak(80 * mm), P("Evidence", "h1")]
    out.append(
        P(
            "Every figure of the proposal comes from the documents below (by table, figure or section) "
            "or from the sizing model calibrated on them.",
            "small",
        )
    )
    out.append(P("Source documents", "h2"))
    out.append(_sources_table(data) if data.sources else P("None recorded.", "body"))
    out.append(P("Assumptions", "h2"))
    out.append(_facts_table(data.assumptions, cite) if data.assumptions else P("None recorded.", "body"))
    return out


TECHNICAL_ANNEX = "Technical annex"


MODEL_WORDS = (
    "Transaction throughput and response times are projected with a closed queueing network of the "
    "RAC nodes' CPUs, the host I/O path and the storage, solved by mean value analysis "
    "(Bard-Schweitzer approximation), with service demands calibrated on the platform's published "
    "measurements; DSS scan throughput comes from the measured throughput per storage unit. "
    "docs/model.md of DB Sizer gives the equations and the validation per platform family."
)


def _technical_annex(data: ProposalData, cite: Cite) -> list[Flowable]:
    """What an engineer checks the sizing with: the model, its inputs and error bands, the evidence,
    the rules by their catalog ids and versions, each warning and check with its rule."""
    out: list[Flowable] = [P(TECHNICAL_ANNEX, "h1")]
    out.append(
        P(
            "For the engineers who review the sizing: the model and the figures it ran on, how far its "
            "projections can be trusted, the documents every number comes from, and the catalog "
            "identifiers (rule id and version) of every rule the evaluation applied or the design pins.",
            "small",
        )
    )
    out += [P("Model", "h2"), P(MODEL_WORDS, "body")]
    # The model notes (the engine's version) are a line or two: under the model's paragraph.
    out += [P(note, "small") for note in data.model_notes]
    out += _model_facts(data, cite)
    out += band_flowables(data.headline.bands)
    out += _technical_evidence(data, cite)
    out += _technical_databases(data, cite)
    out += _appendix(data, cite)
    out += _warnings(data, cite)
    applied = [r for r in data.rules if r.applied]
    pinned = [r for r in data.rules if not r.applied]
    out.append(P("Rules applied in this evaluation", "h2"))
    out.append(_rules_table(applied, cite) if applied else P("None recorded.", "body"))
    if pinned:
        out.append(P("Other rules pinned by the design for this platform", "h2"))
        out.append(P("Checked or available at these versions; none of them changed a figure above.", "small"))
        out.append(_rules_table(pinned, cite))
    raised = [(w.message, w.rule_slug, w.rule_version) for w in data.warnings if w.rule_slug]
    raised += [(c.title, c.rule_slug, c.rule_version) for c in data.checks if c.rule_slug]
    if raised:
        out.append(P("Warnings and checks by rule", "h2"))
        rows: list[list[Any]] = [["Warning or check", "Rule"]]
        rows += [
            [P(round_numbers_in_text(text)), P(_rule_ref(slug, version), "small")]
            for text, slug, version in raised
        ]
        out.append(_grid_table(rows, [0.62 * WIDTH, 0.38 * WIDTH]))
    return out


LOGO_BOX = (60 * mm, 25 * mm)


def logo_flowable(png: bytes) -> Flowable:
    """The team's logo, from bytes in memory (ImageReader of a BytesIO: no path, no URL), scaled to
    fit the cover's logo box."""
    reader = ImageReader(io.BytesIO(png))
    width, height = reader.getSize()
    scale = min(LOGO_BOX[0] / width, LOGO_BOX[1] / height)
    image = Image(io.BytesIO(png), width=width * scale, height=height * scale)
    image.hAlign = "LEFT"
    return image


def _cover(data: ProposalData, cite: Cite) -> list[Flowable]:
    meta = data.meta
    out: list[Flowable] = []
    if meta.logo_png:
        out += [logo_flowable(meta.logo_png), Spacer(1, 6 * mm)]
    if meta.company:
        out.append(P(meta.company, "cover_company"))
    out += [
        Spacer(1, 20 * mm if meta.logo_png or meta.company else 35 * mm),
        P("Oracle database infrastructure proposal", "cover_kicker"),
        P(meta.name, "cover_title"),
    ]
    if meta.customer:
        out.append(P(f"Prepared for {meta.customer}", "cover_kicker"))
    table = Table(_meta_rows(meta), colWidths=[35 * mm, WIDTH - 35 * mm])
    table.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (0, -1), BOLD),
                ("FONTSIZE", (0, 0), (-1, -1), 10),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 5),
            ]
        )
    )
    out.append(table)
    if meta.unsaved:
        out += [
            Spacer(1, 6 * mm),
            P(
                f"This document shows the design as it was on screen, with changes that are not saved: it is "
                f"not a saved revision. The last saved revision is {meta.revision}.",
                "cover_warning",
            ),
        ]
    if meta.description:
        out += [Spacer(1, 8 * mm), P(meta.description, "body")]
    out += [
        Spacer(1, 12 * mm),
        P(
            "Sized from measured vendor benchmarks. Every figure cites its source document and table; "
            "a separate technical annex gives the model, the evidence and the rule versions used.",
            "small",
        ),
        PageBreak(),
    ]
    return out


def _bom_section(data: ProposalData, cite: Cite) -> list[Flowable]:
    return [CondPageBreak(60 * mm), P("Bill of materials", "h1"), *bom_flowables(data.bom)]


def render_proposal_pdf(data: ProposalData) -> bytes:
    """The customer proposal: what is proposed, whether it holds, what it costs, what it needs; the
    model's workings are in the technical annex (render_annex_pdf)."""
    cite = _customer_citer(data)
    story: list[Flowable] = []
    sections: Sequence[Callable[[ProposalData, Cite], list[Flowable]]] = (
        _cover,
        _executive_summary,
        _databases,
        _configuration,
        _charts,
        _evidence,
        _capacity,
        _points_to_note,
        _bom_section,
        _customer_assumptions,
    )
    for section in sections:
        story += section(data, cite)
    return _build(story, "Proposal", data.meta, "Oracle database infrastructure proposal")


def render_annex_pdf(data: ProposalData) -> bytes:
    """The technical annex of the proposal, a document of its own an engineer can attach."""
    meta = data.meta
    story: list[Flowable] = [
        P(f"{meta.name}: technical annex to the proposal", "cover_kicker"),
        Table(_meta_rows(meta), colWidths=[35 * mm, WIDTH - 35 * mm]),
        Spacer(1, 6 * mm),
    ]
    story += _technical_annex(data, _citer(data))
    return _build(story, TECHNICAL_ANNEX, meta, "Technical annex to the proposal")


def render_bom_pdf(data: ProposalData) -> bytes:
    meta = data.meta
    story: list[Flowable] = [P("Bill of materials", "h1")]
    table = Table(_meta_rows(meta), colWidths=[30 * mm, WIDTH - 30 * mm])
    table.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (0, -1), BOLD),
                ("FONTSIZE", (0, 0), (-1, -1), 9),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ]
        )
    )
    story += [table, Spacer(1, 4 * mm), P(f"Platform: {data.platform.title}", "body")]
    story += bom_flowables(data.bom)
    story += [
        Spacer(1, 4 * mm),
        P(
            f"{len(data.bom.lines)} lines. Quantities follow the rules named on each line; "
            "check part numbers against the vendor's current price list before ordering.",
            "small",
        ),
    ]
    return _build(story, "Bill of materials", meta, "Bill of materials")
