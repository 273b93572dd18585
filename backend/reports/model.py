"""The typed document model every renderer reads.

Renderers never see the evaluation dict of the designs app; `reports.mapping` turns that dict into a
`ProposalData` in one place, so a change of shape there breaks one function, not four renderers.
Money is `Decimal` with a currency; `currency=None` means "no price book selected".
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal

Number = int | float | Decimal

# The BOM sections of the catalog, in the order a purchaser reads them; unknown sections go last.
SECTION_ORDER = ("servers", "storage", "network", "software", "miscellaneous")


@dataclass(frozen=True)
class Fact:
    """One number (or short text) with its unit and where it comes from."""

    label: str
    value: Number | str | None
    unit: str = ""
    source: str = ""
    exact: bool = False  # a design input: printed as typed, not rounded to 4 significant figures
    # A figure of the model's inner workings (service demand per transaction, the storage basis):
    # the technical annex prints it, the customer proposal does not.
    technical: bool = False


@dataclass(frozen=True)
class DesignMeta:
    name: str
    customer: str
    author: str
    date: datetime.date
    revision: int
    status: str
    team: str = ""
    description: str = ""
    # The author's team branding for the cover: company name and logo (PNG bytes, re-encoded by
    # the caller through Pillow; drawn from memory, never from a path).
    company: str = ""
    logo_png: bytes | None = None
    # True: the document shows unsaved changes on top of `revision` (the last saved one).
    unsaved: bool = False

    @property
    def revision_words(self) -> str:
        if self.unsaved:
            return f"Unsaved changes — not a saved revision (based on revision {self.revision})"
        return f"Revision {self.revision}"


@dataclass(frozen=True)
class Summary:
    """Workload or platform: a one-line title and its facts."""

    title: str
    facts: tuple[Fact, ...] = ()


@dataclass(frozen=True)
class Band:
    """How far a projection can be trusted: the value and its interval, +/- its platform family's worst
    held-out validation error of that kind (doubled beyond the measured configurations), as the
    engine publishes it; `basis` says where the half-width comes from."""

    label: str
    value: float
    low: float
    high: float
    unit: str
    half_width_pct: float
    basis: str
    widened: bool = False


@dataclass(frozen=True)
class Headline:
    """The executive summary numbers. A missing figure stays None and prints as "n/a"."""

    tps_at_sla: Fact | None = None
    sla_response: Fact | None = None
    headroom: Fact | None = None
    bottleneck: str | None = None
    iops_demand: Fact | None = None
    iops_capacity: Fact | None = None
    capacity: tuple[Fact, ...] = ()
    extra: tuple[Fact, ...] = ()  # workload-specific figures (DSS throughput, users at the SLA, ...)
    verdict: str = ""  # e.g. "Design holds" / "Design does not hold"
    # The executive summary in words (what is proposed, whether it holds and why, the headroom),
    # sentences built from the evaluation by reports.mapping; the cost sentence is the renderer's.
    narrative: tuple[str, ...] = ()
    bands: tuple[Band, ...] = ()  # the banded projections (max TPS, response, storage latency, MB/s)
    # What limits the design, in the engine's one sentence (sizing.limits), shown as is.
    limits: str = ""


@dataclass(frozen=True)
class Zone:
    """A shaded rectangle of a chart; a None bound means the chart's edge."""

    label: str
    level: str  # "ok" | "warning" | "critical"
    x_min: float | None = None
    x_max: float | None = None
    y_min: float | None = None
    y_max: float | None = None


@dataclass(frozen=True)
class BalanceChart:
    """Server CPU (%) against storage read latency (ms) as the load grows."""

    points: tuple[tuple[float, float], ...]
    zones: tuple[Zone, ...] = ()
    operating_point: tuple[float, float] | None = None
    operating_label: str = "Operating point"
    source: str = ""
    # The storage-latency band drawn around the curve: +/- this % of each point's latency.
    band_pct: float | None = None
    # The design's own (CPU %, read latency ms) at the design load; None when the load is beyond
    # what the configuration can process (no point on a curve it cannot reach).
    design_point: tuple[float, float] | None = None


@dataclass(frozen=True)
class LoadSeries:
    label: str
    rac_nodes: int
    points: tuple[tuple[float, float], ...]  # (TPS, response ms)
    max_sustained_tps: float | None = None


@dataclass(frozen=True)
class LoadResponseChart:
    series: tuple[LoadSeries, ...]
    sla_ms: float | None = None
    # The design load (TPS, response ms); None when it is beyond the configuration's maximum.
    operating_point: tuple[float, float] | None = None
    source: str = ""
    # The response band drawn around every curve: +/- this % of each point's response.
    band_pct: float | None = None
    # The RAC node count of the design: its curve sets the floor of a logarithmic response axis.
    design_nodes: int | None = None
    # Why there is no design point, in words (the load beyond the maximum), for the caption.
    unreachable: str = ""


@dataclass(frozen=True)
class CapacityRow:
    label: str
    required: Number | None
    available: Number | None
    unit: str
    source: str = ""

    @property
    def utilisation_pct(self) -> float | None:
        if self.required is None or self.available is None or float(self.available) == 0:
            return None
        return float(self.required) / float(self.available) * 100.0


@dataclass(frozen=True)
class WarningItem:
    severity: str  # info | warning | critical
    message: str
    rule_slug: str = ""
    rule_version: int | None = None
    source: str = ""


@dataclass(frozen=True)
class Check:
    """A best-practice rule evaluated against the design."""

    title: str
    passed: bool
    rule_slug: str = ""
    rule_version: int | None = None
    source: str = ""
    detail: str = ""


@dataclass(frozen=True)
class BomLine:
    section: str
    part_number: str
    description: str
    quantity: int
    unit_price: Decimal | None = None
    extended_price: Decimal | None = None
    rule: str = ""
    source: str = ""
    part_number_is_model: bool = False  # no vendor part number: the model designation stands in


@dataclass(frozen=True)
class Bom:
    """BOM lines with totals per section and overall; no totals without a price book."""

    lines: tuple[BomLine, ...]
    currency: str | None = None
    price_book: str = ""
    section_totals: tuple[tuple[str, Decimal | None], ...] = ()
    total: Decimal | None = None

    @property
    def priced(self) -> bool:
        return self.currency is not None

    def sections(self) -> list[tuple[str, list[BomLine]]]:
        """Lines grouped by section, catalog order first, otherwise first-seen order."""
        groups: dict[str, list[BomLine]] = {}
        for line in self.lines:
            groups.setdefault(line.section, []).append(line)
        rank = {name: i for i, name in enumerate(SECTION_ORDER)}
        return sorted(groups.items(), key=lambda kv: rank.get(kv[0], len(rank)))

    def section_total(self, section: str) -> Decimal | None:
        return dict(self.section_totals).get(section)

    def unpriced(self, section: str | None = None) -> int:
        """Lines without a price (in one section, or all); 0 without a price book (nothing priced)."""
        if not self.priced:
            return 0
        return sum(1 for ln in self.lines if ln.extended_price is None and section in (None, ln.section))


def build_bom(lines: Sequence[BomLine], *, currency: str | None, price_book: str = "") -> Bom:
    """A Bom with totals summed exactly from the lines' extended prices.

    Like the designs service's priced BOM, a line without a price in the book is left out of the
    totals and counted (`unpriced_lines`); the documents print that count beside every total.
    """
    lines = tuple(lines)
    bom = Bom(lines=lines, currency=currency, price_book=price_book)
    if currency is None:
        return bom
    totals = tuple(
        (name, sum((ln.extended_price for ln in group if ln.extended_price is not None), Decimal(0)))
        for name, group in bom.sections()
    )
    total = sum((t for _, t in totals), Decimal(0))
    return Bom(lines=lines, currency=currency, price_book=price_book, section_totals=totals, total=total)


def bom_from_priced(priced: Mapping[str, object]) -> Bom:
    """The designs service's priced BOM (the API's PricedBom JSON: money as decimal strings)."""
    currency = priced.get("currency") or None
    lines = []
    for line in priced.get("lines") or ():  # type: ignore[attr-defined]
        unit, extended = line.get("unit_price"), line.get("extended_price")
        lines.append(
            BomLine(
                section=line["section"],
                part_number=line["part_number"],
                description=line["description"],
                quantity=int(line["quantity"]),
                unit_price=Decimal(unit) if currency and unit is not None else None,
                extended_price=Decimal(extended) if currency and extended is not None else None,
                rule=line.get("rule") or "",
                source=line.get("source") or "",
                part_number_is_model=bool(line.get("part_number_is_model")),
            )
        )
    book = priced.get("price_book")
    book_name = ""
    if isinstance(book, Mapping):
        book_name = str(book["name"]) + (
            f" (version {book['version']})" if book.get("version") is not None else ""
        )
    return build_bom(lines, currency=str(currency) if currency else None, price_book=book_name)


@dataclass(frozen=True)
class RuleRef:
    slug: str
    version: int
    title: str = ""
    source: str = ""
    applied: bool = True  # cited by the evaluation; False: only pinned by the design


@dataclass(frozen=True)
class CatalogRule:
    """A pinned rule version as the catalog describes it (title, source, platforms, kind)."""

    slug: str
    version: int
    title: str = ""
    source: str = ""
    applies_to: tuple[str, ...] = ()
    kind: str = ""


@dataclass(frozen=True)
class SourceRef:
    document: str
    locator: str
    used_for: str = ""


@dataclass(frozen=True)
class DocumentRef:
    slug: str
    title: str
    short: str = ""  # "Oracle 2016a": publisher and year, a letter when two share them


def document_refs(rows: Sequence[tuple[str, str, str, int | None]]) -> tuple[DocumentRef, ...]:
    """(slug, title, publisher, year) rows as references: "Publisher Year", with a/b/... where two
    documents share publisher and year (the author-year citation style)."""
    groups: dict[str, list[tuple[str, str]]] = {}
    for slug, title, publisher, year in sorted(rows):
        key = " ".join(str(x) for x in (publisher, year) if x) or title
        groups.setdefault(key, []).append((slug, title))
    out = []
    for key, docs in groups.items():
        for i, (slug, title) in enumerate(docs):
            out.append(DocumentRef(slug, title, key + (chr(ord("a") + i) if len(docs) > 1 else "")))
    return tuple(sorted(out, key=lambda d: d.slug))


@dataclass(frozen=True)
class CostPer:
    """The BOM's cost per unit of sustained throughput (designs.evaluation.cost_per_throughput):
    `amount` None with the reason in `note` when it has no meaning (no prices, unpriced lines)."""

    amount: Decimal | None
    currency: str | None
    unit: str | None
    basis: str
    note: str = ""


@dataclass(frozen=True)
class DatabaseRow:
    """One database of a design of several, as the proposal prints it (issue 40)."""

    name: str
    kind: str  # "OLTP" / "DSS (data warehouse)"
    load: str  # its design load in words ("64 users", "2,000 MB/s")
    throughput: str  # what it gets beside the others, with its unit
    response: str  # OLTP: response time beside the others; DSS: ""
    alone: str  # the same database by itself
    change: str  # the response's change against alone ("+0.91 ms (+64 %)")
    verdict: str  # "Holds" / "Does not hold" / "Paused"
    statement: str


@dataclass(frozen=True)
class StationShareRow:
    label: str
    total_pct: float
    by_database: tuple[tuple[str, float], ...]


@dataclass(frozen=True)
class DatabasesSection:
    """A design of several databases evaluated together: the design's verdict is theirs."""

    verdict: str
    rows: tuple[DatabaseRow, ...]
    sharing: str
    not_validated: str | None
    capacity: str
    clone_sources: tuple[str, ...] = ()
    stations: tuple[StationShareRow, ...] = ()
    first: str = ""  # the database the rest of the document's figures are of, alone


@dataclass(frozen=True)
class EvidenceImportRow:
    """One of the customer's measurement imports the design names (issue 38 point 5)."""

    name: str
    kind: str  # in words: "ORION storage test", "Swingbench load test"
    system: str  # the system it was measured on, with its storage model ("" when not given)
    points: int
    used: str  # in words: what the sizing model did with it


@dataclass(frozen=True)
class EvidenceFigureRow:
    """A headline figure on the published evidence alone beside the same figure of this design."""

    label: str
    published: str  # with its unit
    yours: str
    difference: str  # signed, with its unit and % of the published figure


@dataclass(frozen=True)
class EvidencePointRow:
    """One imported measurement against the model's projection at the same point."""

    measurement: str  # the import's name
    at: str  # where it was measured (users; block size, read share, latency)
    quantity: str  # "IOPS", "Throughput", "Response time"
    measured: str  # with its unit
    predicted: str  # with its unit, or "not projected"
    error: str  # signed %, or "-"


@dataclass(frozen=True)
class EvidenceSection:
    """The design's own-measurement evidence (the payload's evidence_overlay) for the customer: which
    imports, the projection on the published evidence and on theirs with the difference, each imported
    point against the model, and how far the error bands hold for this evidence set."""

    calibrated: bool
    title: str  # "Calibrated on your measurements" / "Your measurements against the model"
    intro: str
    imports: tuple[EvidenceImportRow, ...]
    figures: tuple[EvidenceFigureRow, ...]  # empty when not calibrated (the figures are the same)
    verdict: str  # a sentence on whether the verdict moved ("" when nothing to say)
    points: tuple[EvidencePointRow, ...]
    points_intro: str
    bands: str  # the error-band sentence
    notes: tuple[str, ...] = ()  # in the customer's words (an import left out, nothing projected)
    # The engine's own notes (which fit read which import, and why not) and the error bands' basis,
    # as it words them: the technical annex prints them, the customer proposal does not.
    technical_notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class ProposalData:
    meta: DesignMeta
    workload: Summary
    platform: Summary
    headline: Headline
    bom: Bom
    balance: BalanceChart | None = None
    load_response: LoadResponseChart | None = None
    capacity_rows: tuple[CapacityRow, ...] = ()
    warnings: tuple[WarningItem, ...] = ()
    checks: tuple[Check, ...] = ()
    assumptions: tuple[Fact, ...] = ()
    rules: tuple[RuleRef, ...] = ()
    sources: tuple[SourceRef, ...] = ()
    model_notes: tuple[str, ...] = field(default_factory=tuple)
    cost_per: CostPer | None = None
    # The source documents: the body cites them by `short` (publisher and year), the evidence
    # appendix by full title; never by slug.
    documents: tuple[DocumentRef, ...] = ()
    databases: DatabasesSection | None = None
    # The customer's own measurements the design names (None: it names none, and the proposal has
    # no such section).
    evidence: EvidenceSection | None = None
