"""Proposal and BOM PDFs with ReportLab (pure Python; see docs/exports.md for why not WeasyPrint).

Safety: every piece of user or catalog text that goes into a Paragraph passes through
`reports.text.markup`, so ReportLab's mini-markup (`<img>`, `<a>`, `<font>`) never sees a tag from
data; canvas strings are drawn literally. Only the standard PDF fonts (Helvetica) are used, so no
font file is looked up, and no Image flowable exists, so nothing is read from disk or network.
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
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    CondPageBreak,
    Flowable,
    Frame,
    KeepTogether,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from reports.charts import balance_drawing, load_response_drawing, response_axis_cap
from reports.model import Band, Bom, DesignMeta, Fact, ProposalData, RuleRef
from reports.text import clean, fmt_amount, fmt_fact, fmt_number, markup

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
    right = f"Revision {meta.revision}  |  {meta.date.strftime('%Y-%m-%d')}  |  {meta.status}"
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
            self.drawRightString(w - MARGIN, h - 11 * mm, right)
            self.setStrokeColor(colors.Color(0.7, 0.7, 0.7))
            self.setLineWidth(0.4)
            self.line(MARGIN, h - 12.5 * mm, w - MARGIN, h - 12.5 * mm)
            self.line(MARGIN, 12.5 * mm, w - MARGIN, 12.5 * mm)
            self.drawString(MARGIN, 9 * mm, _fit(footer_left, FONT, 7.5, WIDTH / 2))
            self.drawRightString(w - MARGIN, 9 * mm, f"Page {self._pageNumber} of {total}")
            self.restoreState()

    return NumberedCanvas


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
    doc.build(story, canvasmaker=_canvas_class(title, meta))
    return buf.getvalue()


# --- sections -------------------------------------------------------------------------------------


def _meta_rows(meta: DesignMeta) -> list[list[Any]]:
    rows = [
        ["Design", P(meta.name, "cell_b")],
        ["Customer", P(meta.customer or "-")],
        ["Author", P(meta.author or "-")],
        ["Date", meta.date.strftime("%Y-%m-%d")],
        ["Revision", str(meta.revision)],
        ["Status", P(meta.status)],
    ]
    if meta.team:
        rows.append(["Team", P(meta.team)])
    return rows


def _facts_table(facts: Sequence[Fact]) -> Table:
    rows: list[list[Any]] = [["Item", "Value", "Source"]]
    rows += [[P(f.label), P(fmt_fact(f)), P(f.source or "-", "small")] for f in facts]
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


def _headline_rows(data: ProposalData) -> list[list[Any]]:
    h = data.headline
    rows: list[list[Any]] = [["Figure", "Value", "Source"]]

    def add(label: str, fact: Fact | None) -> None:
        rows.append(
            [P(label), P(fmt_fact(fact), "cell_b"), P(fact.source if fact and fact.source else "-", "small")]
        )

    add("TPS at SLA", h.tps_at_sla)
    add("SLA response time", h.sla_response)
    add("Headroom", h.headroom)
    rows.append([P("Bottleneck"), P(h.bottleneck or "n/a", "cell_b"), P("model", "small")])
    add("IOPS demand", h.iops_demand)
    add("IOPS capacity", h.iops_capacity)
    for fact in (*h.capacity, *h.extra):
        add(fact.label, fact)
    return rows


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
        f"+/-{fmt_number(band.half_width_pct, 3)} %: {band.basis})"
    )


def band_flowables(bands: Sequence[Band]) -> list[Flowable]:
    """The error band of every banded projection, one line each, with how the intervals are made."""
    if not bands:
        return []
    out: list[Flowable] = [P("How far to trust these figures", "h2"), P(BANDS_INTRO, "small")]
    out += [P(band_line(b), "body") for b in bands]
    if any(b.widened for b in bands):
        out.append(
            P(
                "The intervals are widened: the design reaches beyond the configurations the documents measured.",
                "body",
            )
        )
    return out


def _executive_summary(data: ProposalData) -> list[Flowable]:
    h = data.headline
    out: list[Flowable] = [P("Executive summary", "h1")]
    if h.verdict:
        out.append(P(h.verdict, "h3"))
    parts = [f"Workload: {data.workload.title}.", f"Platform: {data.platform.title}."]
    if h.tps_at_sla is not None:
        parts.append(f"At the SLA the platform sustains {fmt_fact(h.tps_at_sla)}")
        if h.headroom is not None:
            parts[-1] += f" with {fmt_fact(h.headroom)} headroom"
        parts[-1] += "."
    if h.bottleneck:
        parts.append(f"The first resource to saturate is {h.bottleneck}.")
    out.append(P(" ".join(parts), "body"))
    out.append(_grid_table(_headline_rows(data), [0.34 * WIDTH, 0.26 * WIDTH, 0.40 * WIDTH]))
    out += band_flowables(h.bands)
    out += [P("Workload", "h2"), P(data.workload.title, "body"), _facts_table(data.workload.facts)]
    out += [P("Platform", "h2"), P(data.platform.title, "body"), _facts_table(data.platform.facts)]
    return out


def _charts(data: ProposalData) -> list[Flowable]:
    out: list[Flowable] = [PageBreak(), P("Performance", "h1")]
    if data.balance is not None:
        caption = "Server CPU against storage read latency as load grows; shaded areas are stress zones."
        if data.balance.band_pct:
            caption += (
                f" The band around the curve is the storage latency +/-{fmt_number(data.balance.band_pct, 3)} %"
                " (its error band, see the executive summary)."
            )
        if data.balance.source:
            caption += f" Source: {data.balance.source}."
        out.append(
            KeepTogether([P("Balance", "h2"), balance_drawing(data.balance, WIDTH), P(caption, "small")])
        )
    if data.load_response is not None:
        caption = "Response time against throughput per RAC node count; the dashed line is the SLA."
        if data.load_response.band_pct:
            caption += (
                f" The band around each curve is the response +/-{fmt_number(data.load_response.band_pct, 3)} %"
                " (its error band, see the executive summary)."
            )
        cap = response_axis_cap(data.load_response)
        if cap is not None:
            caption += f" Curves are cut at {fmt_number(cap, 3)} ms, where the platform is saturated."
        if data.load_response.source:
            caption += f" Source: {data.load_response.source}."
        drawing = load_response_drawing(data.load_response, WIDTH)
        out.append(KeepTogether([P("Load and response", "h2"), drawing, P(caption, "small")]))
    if data.balance is None and data.load_response is None:
        out.append(P("The evaluation produced no curves for this design.", "body"))
    return out


def _capacity(data: ProposalData) -> list[Flowable]:
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
                P(f"{util:.0f} %" if util is not None else "-", "cell_r"),
                P(c.source or "-", "small"),
            ]
        )
    out.append(_grid_table(rows, [w * WIDTH for w in (0.26, 0.12, 0.12, 0.08, 0.11, 0.31)]))
    return out


def _rule_ref(slug: str, version: int | None) -> str:
    if not slug:
        return "-"
    return f"{slug} v{version}" if version is not None else slug


def _with_rule(text: str, slug: str, version: int | None) -> Paragraph:
    """Text with the rule (slug and version) on a small line under it: slugs are long and unbreakable."""
    rule = _rule_ref(slug, version)
    tail = "" if rule == "-" else f'<br/><font size="6.5" color="#555555">rule {markup(rule)}</font>'
    return Paragraph(markup(text) + tail, S["cell"])


def _warnings(data: ProposalData) -> list[Flowable]:
    out: list[Flowable] = [CondPageBreak(50 * mm), P("Warnings and best-practice checks", "h1")]
    if data.warnings:
        rows: list[list[Any]] = [["Severity", "Message", "Source"]]
        for w in data.warnings:
            rows.append(
                [
                    P(w.severity.upper(), "cell_b"),
                    _with_rule(w.message, w.rule_slug, w.rule_version),
                    P(w.source or "-", "small"),
                ]
            )
        out.append(_grid_table(rows, [w * WIDTH for w in (0.12, 0.58, 0.30)]))
    else:
        out.append(P("No warnings.", "body"))
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
        rows = [["Rule", "Result", "Source"]]
        for c in data.checks:
            title = f"{c.title} ({c.detail})" if c.detail else c.title
            rows.append(
                [
                    _with_rule(title, c.rule_slug, c.rule_version),
                    P("No warning" if c.passed else "WARNING", "cell_b"),
                    P(c.source or "-", "small"),
                ]
            )
        out.append(_grid_table(rows, [w * WIDTH for w in (0.55, 0.13, 0.32)]))
    return out


def _rules_table(rules: Sequence[RuleRef]) -> Table:
    rows: list[list[Any]] = [["Rule", "Version", "Title", "Source"]]
    rows += [
        [P(r.slug, "small"), str(r.version), P(r.title or "-"), P(r.source or "-", "small")] for r in rules
    ]
    return _grid_table(rows, [w * WIDTH for w in (0.32, 0.08, 0.36, 0.24)])


def _appendix(data: ProposalData) -> list[Flowable]:
    out: list[Flowable] = [PageBreak(), P("Appendix: assumptions, rules and sources", "h1")]
    out.append(P("Assumptions", "h2"))
    if data.assumptions:
        out.append(_facts_table(data.assumptions))
    else:
        out.append(P("None recorded.", "body"))
    applied = [r for r in data.rules if r.applied]
    pinned = [r for r in data.rules if not r.applied]
    out.append(P("Rules applied in this evaluation", "h2"))
    out.append(_rules_table(applied) if applied else P("None recorded.", "body"))
    if pinned:
        out.append(P("Other rules pinned by the design for this platform", "h2"))
        out.append(P("Checked or available at these versions; none of them changed a figure above.", "small"))
        out.append(_rules_table(pinned))
    out.append(P("Sources", "h2"))
    if data.sources:
        rows = [["Document", "Table / figure / section", "Used for"]]
        rows += [[P(s.document), P(s.locator), P(s.used_for or "-")] for s in data.sources]
        out.append(_grid_table(rows, [w * WIDTH for w in (0.38, 0.24, 0.38)]))
    else:
        out.append(P("None recorded.", "body"))
    if data.model_notes:
        out.append(P("Model notes", "h2"))
        out += [P(note, "body") for note in data.model_notes]
    return out


def _cover(data: ProposalData) -> list[Flowable]:
    meta = data.meta
    out: list[Flowable] = [
        Spacer(1, 35 * mm),
        P("Oracle database infrastructure proposal", "cover_kicker"),
        P(meta.name, "cover_title"),
    ]
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
    if meta.description:
        out += [Spacer(1, 8 * mm), P(meta.description, "body")]
    out += [
        Spacer(1, 12 * mm),
        P(
            "Sized by DB Sizer from measured vendor benchmarks. Every figure cites its source document and "
            "table; the appendix lists the assumptions and rule versions used.",
            "small",
        ),
        PageBreak(),
    ]
    return out


def render_proposal_pdf(data: ProposalData) -> bytes:
    story: list[Flowable] = []
    sections: Sequence[Callable[[ProposalData], list[Flowable]]] = (
        _cover,
        _executive_summary,
        _charts,
        _capacity,
        _warnings,
    )
    for section in sections:
        story += section(data)
    story += [CondPageBreak(60 * mm), P("Bill of materials", "h1"), *bom_flowables(data.bom)]
    story += _appendix(data)
    return _build(story, "Proposal", data.meta, "Oracle database infrastructure proposal")


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
