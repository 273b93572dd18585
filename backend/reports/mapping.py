"""The one place that turns a typed evaluation (sizing.evaluation, as printed) into a `ProposalData`.

Input: the engine's evaluation with every number as the API publishes it (`sizing.as_printed`, or
`sizing.evaluation_from_json` of the API's JSON), the priced BOM, and what the designs service adds
(its assumptions, the pinned rule versions, the rule catalog). The types say which sections exist: a
DSS evaluation has no curves, so its document has no charts.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import fields, is_dataclass
from decimal import Decimal

from pydantic import BaseModel

from reports.model import (
    BalanceChart,
    Bom,
    BomLine,
    CapacityRow,
    CatalogRule,
    Check,
    DesignMeta,
    Fact,
    Headline,
    LoadResponseChart,
    LoadSeries,
    ProposalData,
    RuleRef,
    SourceRef,
    Summary,
    WarningItem,
    Zone,
    build_bom,
)
from reports.text import fmt_number
from sizing import (
    Assumption,
    DesignEvaluation,
    DssEvaluation,
    OltpEvaluation,
    Quantity,
    platform_family,
    storage_model,
)
from sizing import RuleRef as CitedRule

RAID_NAMES = {"raid10": "RAID 10", "raid50": "RAID 50", "raid5": "RAID 5", "raid6": "RAID 6",
              "raid_dp": "RAID-DP", "xdp": "XDP", "mirrored": "mirrored", "single_parity": "single parity",
              "double_parity": "double parity"}  # fmt: skip
MODEL = "model (MVA)"
INPUT = "design input"


def _fact(label: str, value: Quantity | float | None, source: str, unit: str = "") -> Fact | None:
    if value is None:
        return None
    if isinstance(value, Quantity):
        return Fact(label, value.value, value.unit, source)
    return Fact(label, float(value), unit, source)


def _facts(*facts: Fact | None) -> tuple[Fact, ...]:
    return tuple(f for f in facts if f is not None)


def _rule_text(ref: CitedRule | None) -> str:
    return f"{ref.slug} v{ref.version}" if ref is not None else ""


def _cites(values: Iterable[str]) -> str:
    """A list of "document, locator" citations, de-duplicated in order."""
    return "; ".join(dict.fromkeys(v for v in values if v))


def _cited_rules(node: object) -> Iterator[CitedRule]:
    """Every rule reference anywhere in the evaluation (capacity, IOPS rule, zones, warnings)."""
    if isinstance(node, CitedRule):
        yield node
    elif isinstance(node, BaseModel):
        for value in node.__dict__.values():
            yield from _cited_rules(value)
    elif is_dataclass(node):
        for f in fields(node):
            yield from _cited_rules(getattr(node, f.name))
    elif isinstance(node, list | tuple):
        for value in node:
            yield from _cited_rules(value)


_DOCUMENT_SLUG = re.compile(r"^([a-z0-9]+(?:-[a-z0-9]+)+)(?:, (.+))?$")


def _split_cites(cite: str) -> list[tuple[str, str]]:
    """ "doc, locator; doc2, locator2; more of doc2" -> [(doc, locator), ...]. A part that does not
    start with a document slug continues the previous document's locator list."""
    out: list[tuple[str, str]] = []
    document = ""
    for part in (p.strip() for p in cite.split(";")):
        match = _DOCUMENT_SLUG.match(part)
        if match:
            document = match.group(1)
            out.append((document, (match.group(2) or "").strip()))
        elif document and part:
            out.append((document, part))
    return out


# --- sections -------------------------------------------------------------------------------------


def _workload(ev: DesignEvaluation) -> Summary:
    w = ev.inputs.workload
    facts: list[Fact | None] = []
    if isinstance(ev, DssEvaluation):
        d = ev.inputs.workload
        title = (
            f"DSS, {fmt_number(float(d.target_throughput_mb_s))} MB/s target, "
            f"{fmt_number(float(d.query_streams))} query stream{'' if d.query_streams == 1 else 's'}, "
            f"{fmt_number(float(d.block_size_kb))} KB {d.io_pattern} I/O, "
            f"{fmt_number(float(d.database_size_gb))} GB database"
        )
        facts += [
            _fact("Target throughput", d.target_throughput_mb_s, INPUT, "MB/s"),
            _fact("Query streams", d.query_streams, INPUT, "count"),
            _fact("Block size", d.block_size_kb, INPUT, "KB"),
        ]
    else:
        o = ev.inputs.workload
        users = float(o.users) if o.users is not None else None
        target = float(o.target_tps) if o.target_tps is not None else None
        load = f"{fmt_number(users)} users" if users is not None else f"{fmt_number(target)} TPS target"
        title = (
            f"OLTP, {load}, {fmt_number(float(o.read_pct))} % reads, "
            f"{fmt_number(float(o.block_size_kb))} KB blocks, "
            f"{fmt_number(float(o.database_size_gb))} GB database"
        )
        if users is not None:
            facts.append(_fact("Users", users, INPUT, "users"))
        else:
            facts.append(_fact("Target throughput", target, INPUT, "TPS"))
            facts.append(_fact("Users to carry it", ev.summary.users, MODEL))
        facts += [
            _fact("Read share", o.read_pct, INPUT, "%"),
            _fact("Block size", o.block_size_kb, INPUT, "KB"),
            _fact("Think time", ev.demand.think_time, INPUT if o.think_time_s else "benchmark calibration"),
            _fact("I/Os per transaction", ev.demand.ios_per_transaction, MODEL),
            _fact("User growth", o.user_growth_pct_per_year, INPUT, "%/year"),
        ]
    facts += [
        _fact("Database size", w.database_size_gb, INPUT, "GB"),
        _fact("Data growth", w.data_growth_pct_per_year, INPUT, "%/year"),
        _fact("Horizon", w.horizon_years, INPUT, "years"),
    ]
    return Summary(title, _facts(*facts))


def _storage_sources(ev: DesignEvaluation) -> str:
    return _cites(ev.storage.sources)


def _platform(ev: DesignEvaluation) -> Summary:
    p = ev.inputs.platform
    nodes, arrays = float(p.rac_nodes), float(p.arrays)
    word = storage_model(p.storage_model).array_unit_word
    # An unset RAID level means the family's default; the capacity section names the one used.
    raid_key = p.raid or ev.capacity.raid
    raid = RAID_NAMES.get(raid_key, raid_key or "default RAID")
    title = (
        f"{platform_family(p.family).vendor} {p.storage_model}, "
        f"{fmt_number(nodes)} RAC node{'s' if nodes != 1 else ''} x {fmt_number(_float(p.cores_per_node))} cores, "
        f"{fmt_number(arrays)} {word}{'s' if arrays != 1 else ''}, {raid}"
    )
    if p.pam:
        title += ", Performance Acceleration Module"
    facts = [
        Fact("Storage model", p.storage_model, "", INPUT),
        _fact("RAC nodes", nodes, INPUT, "count"),
        _fact("Cores per node", _float(p.cores_per_node), INPUT, "count"),
        _fact("Memory per node", _float(p.memory_gb_per_node), INPUT, "GB"),
        _fact(word.capitalize() + "s", arrays, INPUT, "count"),
        Fact("RAID", raid, "", INPUT),
        _fact("ASM volumes", p.asm_volumes, INPUT, "count"),
        Fact("Storage performance basis", ev.storage.basis, "", _storage_sources(ev))
        if ev.storage.basis
        else None,
    ]
    if p.reference:
        facts.insert(0, Fact("Reference configuration", p.reference, "", INPUT))
    return Summary(title, _facts(*facts))


def _float(value: float | None) -> float | None:
    return None if value is None else float(value)


VERDICTS = {"holds": "Design holds", "does-not-hold": "Design does not hold"}


def _headline(ev: DesignEvaluation) -> Headline:
    storage_src = _storage_sources(ev) or "model"
    cap = ev.capacity
    capacity = _facts(
        _fact("Capacity required", cap.total, _rule_text(cap.rule) or "model"),
        _fact("Usable capacity", cap.usable, cap.hardware_source),
        _fact("Raw capacity", cap.raw, cap.hardware_source),
    )
    if isinstance(ev, DssEvaluation):
        s = ev.summary
        return Headline(
            headroom=_fact("Headroom", s.headroom_pct, "model"),
            bottleneck=s.bottleneck or None,
            capacity=capacity,
            extra=_facts(
                _fact("Target throughput", s.target_throughput, INPUT),
                _fact("Sustained throughput", s.sustained_throughput, storage_src),
                _fact("Storage utilisation", s.storage_utilisation, "model"),
            ),
            verdict=VERDICTS[ev.verdict],
        )
    o = ev.summary
    extra = [
        _fact("Design load", o.design_tps, MODEL),
        _fact("Response time at design load", o.response_at_design, MODEL),
        _fact("Users at the SLA", o.users_at_max, MODEL),
    ]
    iops_rule = ev.demand.iops_rule
    if iops_rule is not None:
        extra.append(
            _fact("IOPS demand by the IOPS-per-user rule", iops_rule.iops, _rule_text(iops_rule.rule))
        )
    return Headline(
        tps_at_sla=_fact("TPS at SLA", o.max_sustained_tps, f"{MODEL}; storage: {storage_src}"),
        sla_response=_fact("SLA response time", o.sla_response, INPUT),
        headroom=_fact("Headroom", o.headroom_pct, MODEL),
        bottleneck=o.bottleneck or None,
        iops_demand=_fact("IOPS demand", ev.demand.iops_model, MODEL),
        iops_capacity=_fact("IOPS capacity", ev.storage.iops_capacity, storage_src),
        capacity=capacity,
        extra=_facts(*extra),
        verdict=VERDICTS[ev.verdict],
    )


def _balance(ev: OltpEvaluation) -> BalanceChart | None:
    b = ev.balance
    points = tuple((p.cpu_utilisation_pct, p.read_latency_ms) for p in b.points)
    if not points:
        return None
    z = b.zones
    zones = (
        Zone("CPU stress", "warning", x_min=z.cpu_stress.value),
        Zone("CPU limit", "critical", x_min=z.cpu_limit.value),
        Zone("Read latency stress", "warning", y_min=z.read_latency_stress.value),
        Zone("Read latency limit", "critical", y_min=z.read_latency_limit.value),
    )
    operating = (b.at_sla.cpu_utilisation_pct, b.at_sla.read_latency_ms)
    sources = "; ".join(f"{_rule_text(r)} ({r.source})" for r in z.rules)
    source = f"{MODEL}; zones: {sources}" if sources else MODEL
    source = f"{b.classification} at the SLA point; {source}"
    return BalanceChart(points, zones, operating, "At the SLA point", source)


def _load_response(ev: OltpEvaluation) -> LoadResponseChart | None:
    series = tuple(
        LoadSeries(
            f"{s.rac_nodes} RAC node{'s' if s.rac_nodes != 1 else ''}",
            s.rac_nodes,
            tuple((p.tps, p.response_ms) for p in s.points),
            s.max_sustained_tps.value,
        )
        for s in ev.projection.series
    )
    if not series:
        return None
    at_design = ev.performance.at_design
    operating = (at_design.tps.value, at_design.response.value)
    return LoadResponseChart(series, ev.projection.sla.value, operating, MODEL)


def _capacity_rows(ev: DesignEvaluation) -> tuple[CapacityRow, ...]:
    cap = ev.capacity
    rule = _rule_text(cap.rule)
    hw = cap.hardware_source
    storage_src = _storage_sources(ev)
    rows = [CapacityRow(e.label or e.element, e.size.value, None, e.size.unit, rule) for e in cap.elements]
    total, unit, usable = cap.total.value, cap.total.unit, cap.usable.value
    rows.append(
        CapacityRow("Total required", total, usable, unit or "GB", f"{rule}; usable: {hw}".strip("; "))
    )
    if cap.after_data_reduction.value != total:
        rows.append(
            CapacityRow("After data reduction", cap.after_data_reduction.value, usable, unit or "GB", hw)
        )
    note = f"{RAID_NAMES.get(cap.raid, cap.raid)}, efficiency {fmt_number(cap.raid_efficiency.value)}"
    rows.append(CapacityRow(f"Raw ({note})", None, cap.raw.value, unit or "GB", hw))
    if isinstance(ev, OltpEvaluation):
        s = ev.summary
        rows.append(
            CapacityRow(
                "IOPS",
                ev.demand.iops_model.value,
                ev.storage.iops_capacity.value,
                "IOPS",
                storage_src or MODEL,
            )
        )
        rows.append(
            CapacityRow(
                "Throughput within the SLA", s.design_tps.value, s.max_sustained_tps.value, "TPS", MODEL
            )
        )
    else:
        d = ev.summary
        rows.append(
            CapacityRow(
                "Scan throughput",
                d.target_throughput.value,
                d.sustained_throughput.value,
                "MB/s",
                storage_src or "measured",
            )
        )
    return tuple(rows)


def _warnings(ev: DesignEvaluation) -> tuple[tuple[WarningItem, ...], tuple[Check, ...]]:
    warnings, checks = [], []
    for w in ev.warnings:
        item = WarningItem(
            severity=w.severity,
            message=w.message,
            rule_slug=w.rule.slug if w.rule else "",
            rule_version=w.rule.version if w.rule else None,
            source=w.rule.source
            if w.rule
            else ("model" if w.code != "extrapolation" else "evidence coverage"),
        )
        warnings.append(item)
        if w.code == "best-practice":
            checks.append(Check(item.message, False, item.rule_slug, item.rule_version, item.source))
    return tuple(warnings), tuple(checks)


def _best_practice_list(
    rules: Iterable[RuleRef], catalog: Sequence[CatalogRule], failed: Iterable[Check]
) -> tuple[Check, ...]:
    """The platform's pinned best-practice rules that raised no warning, as a checklist: met, or
    advice the engine cannot check from the design inputs (the document says so)."""
    kinds = {(r.slug, r.version): r.kind for r in catalog}
    warned = {(c.rule_slug, c.rule_version) for c in failed}
    return tuple(
        Check(r.title or r.slug, True, r.slug, r.version, r.source)
        for r in rules
        if kinds.get((r.slug, r.version)) == "best_practice" and (r.slug, r.version) not in warned
    )


def _assumptions(assumptions: Sequence[Assumption]) -> tuple[Fact, ...]:
    return tuple(
        Fact(a.text or a.key, a.value.value if a.value else None, a.value.unit if a.value else "", a.source)
        for a in assumptions
    )


def _rules(
    ev: DesignEvaluation, rule_versions: Mapping[str, int], catalog: Sequence[CatalogRule]
) -> tuple[RuleRef, ...]:
    """Rules the evaluation cites (applied) and the other pinned rules that concern the design's
    platform family; titles and sources from the rule catalog."""
    cited: dict[tuple[str, int], str] = {}
    for ref in _cited_rules(ev):
        cited.setdefault((ref.slug, ref.version), ref.source)
    pinned = {(slug, int(version)) for slug, version in rule_versions.items()}
    info = {(row.slug, row.version): row for row in catalog}
    family = ev.inputs.platform.family
    out = []
    for key in sorted(pinned | set(cited)):
        row = info.get(key)
        if key not in cited and row is not None and row.applies_to and family not in row.applies_to:
            continue  # another platform's rule: pinned, but irrelevant to this document
        source = cited.get(key) or (row.source if row else "")
        out.append(RuleRef(key[0], key[1], row.title if row else "", source, applied=key in cited))
    return tuple(out)


def _sources(
    ev: DesignEvaluation, assumptions: Sequence[Assumption], rules: Iterable[RuleRef], bom: Bom
) -> tuple[SourceRef, ...]:
    used: dict[tuple[str, str], list[str]] = {}

    def add(cite: str, purpose: str) -> None:
        if not cite or cite in ("model", "model assumption"):
            return
        for document, locator in _split_cites(cite):
            purposes = used.setdefault((document, locator), [])
            if purpose not in purposes:
                purposes.append(purpose)

    for s in ev.storage.sources:
        add(s, "storage performance")
    add(ev.capacity.hardware_source, "drive and RAID geometry")
    for a in assumptions:
        add(a.source, f"assumption: {a.key}")
    for r in rules:
        add(r.source, f"rule {r.slug} v{r.version}")
    for line in bom.lines:
        add(line.source, "bill of materials")
    return tuple(SourceRef(doc, loc, ", ".join(purposes)) for (doc, loc), purposes in sorted(used.items()))


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


def proposal_from_evaluation(
    evaluation: DesignEvaluation,
    *,
    meta: DesignMeta,
    bom: Bom,
    assumptions: Sequence[Assumption] | None = None,
    rule_versions: Mapping[str, int] | None = None,
    rule_catalog: Sequence[CatalogRule] = (),
) -> ProposalData:
    """The document of an evaluation (numbers as printed: `sizing.as_printed`). The designs service
    adds BOM assumptions and the pinned rule versions beside the engine's own (None: the engine's)."""
    assumptions = evaluation.assumptions if assumptions is None else assumptions
    rule_versions = evaluation.rule_versions if rule_versions is None else rule_versions
    warnings, checks = _warnings(evaluation)
    rules = _rules(evaluation, rule_versions, rule_catalog)
    checks += _best_practice_list(rules, rule_catalog, checks)
    notes = [f"Extrapolation ({f.field}): {f.message}" for f in evaluation.extrapolation]
    notes.append(f"Sizing engine version {evaluation.engine_version}.")
    oltp = evaluation if isinstance(evaluation, OltpEvaluation) else None
    return ProposalData(
        meta=meta,
        workload=_workload(evaluation),
        platform=_platform(evaluation),
        headline=_headline(evaluation),
        bom=bom,
        balance=_balance(oltp) if oltp else None,
        load_response=_load_response(oltp) if oltp else None,
        capacity_rows=_capacity_rows(evaluation),
        warnings=warnings,
        checks=checks,
        assumptions=_assumptions(assumptions),
        rules=rules,
        sources=_sources(evaluation, assumptions, rules, bom),
        model_notes=tuple(notes),
    )
