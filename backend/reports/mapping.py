"""The one place that turns the designs app's evaluation dict into a `ProposalData`.

Input: the JSON-ready dict of `designs.services.design_evaluation` - the engine evaluation
(`sizing.api.DesignEvaluation.to_dict()`: inputs, summary, demand, capacity, storage, performance,
balance, projection, warnings, assumptions, extrapolation, rule_versions) plus the priced BOM. The
mapping reads it defensively: a section the engine did not produce (a DSS design has no curves)
becomes "n/a" or an empty table, never an error in an export.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from decimal import Decimal, InvalidOperation
from typing import Any

from reports.model import (
    BalanceChart,
    Bom,
    BomLine,
    CapacityRow,
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

# Vendor names placed before the storage model ("Oracle FS1-2", "NetApp FAS3140").
FAMILY_NAMES = {
    "oracle-fs1": "Oracle",
    "equallogic": "Dell EqualLogic",
    "xtremio": "EMC XtremIO",
    "netapp": "NetApp",
}
ARRAY_WORDS = {
    "oracle-fs1": "drive enclosure",
    "equallogic": "array",
    "xtremio": "X-Brick",
    "netapp": "controller",
}
RAID_NAMES = {
    "raid10": "RAID 10",
    "raid50": "RAID 50",
    "raid5": "RAID 5",
    "raid6": "RAID 6",
    "raid_dp": "RAID-DP",
    "xdp": "XDP",
    "mirrored": "mirrored",
    "single_parity": "single parity",
    "double_parity": "double parity",
}
MODEL = "model (MVA)"
INPUT = "design input"
Json = Mapping[str, Any]


def _map(value: Any) -> Json:
    return value if isinstance(value, Mapping) else {}


def _list(value: Any) -> list[Any]:
    return list(value) if isinstance(value, list | tuple) else []


def _num(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float | Decimal):
        return float(value)
    if isinstance(value, str):
        try:
            return float(Decimal(value))
        except InvalidOperation:
            return None
    return None


def _qty(value: Any) -> tuple[float | None, str]:
    """({value, unit} or a bare number) -> (value, unit)."""
    if isinstance(value, Mapping):
        return _num(value.get("value")), str(value.get("unit") or "")
    return _num(value), ""


def _fact(label: str, value: Any, source: str, unit: str = "") -> Fact | None:
    v, u = _qty(value)
    if v is None:
        return None
    return Fact(label, v, u or unit, source)


def _money(value: Any) -> Decimal | None:
    if value is None or value == "":
        return None
    try:
        return Decimal(str(value))
    except InvalidOperation:
        return None


def _rule_text(ref: Any) -> str:
    ref = _map(ref)
    if not ref.get("slug"):
        return ""
    version = ref.get("version")
    return f"{ref['slug']} v{version}" if version is not None else str(ref["slug"])


def _rule_refs(node: Any) -> Iterator[Json]:
    """Every {slug, version, source} rule reference anywhere in the evaluation."""
    if isinstance(node, Mapping):
        if "slug" in node and "version" in node and "source" in node:
            yield node
        for value in node.values():
            yield from _rule_refs(value)
    elif isinstance(node, list | tuple):
        for value in node:
            yield from _rule_refs(value)


def _cites(values: Any) -> str:
    """A list of "document, locator" citations, de-duplicated in order."""
    return "; ".join(dict.fromkeys(str(v) for v in _list(values) if v))


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


def _workload(ev: Json) -> Summary:
    w = _map(_map(ev.get("inputs")).get("workload"))
    summary, demand = _map(ev.get("summary")), _map(ev.get("demand"))
    facts: list[Fact | None] = []
    if w.get("kind") == "dss":
        title = (
            f"DSS, {fmt_number(_num(w.get('target_throughput_mb_s')))} MB/s target, "
            f"{fmt_number(_num(w.get('query_streams')))} query stream{'' if _num(w.get('query_streams')) == 1 else 's'}, "
            f"{fmt_number(_num(w.get('block_size_kb')))} KB {w.get('io_pattern', '')} I/O, "
            f"{fmt_number(_num(w.get('database_size_gb')))} GB database"
        )
        facts += [
            _fact("Target throughput", w.get("target_throughput_mb_s"), INPUT, "MB/s"),
            _fact("Query streams", w.get("query_streams"), INPUT, "count"),
            _fact("Block size", w.get("block_size_kb"), INPUT, "KB"),
        ]
    else:
        users = _num(w.get("users"))
        load = (
            f"{fmt_number(users)} users"
            if users is not None
            else f"{fmt_number(_num(w.get('target_tps')))} TPS target"
        )
        title = (
            f"OLTP, {load}, {fmt_number(_num(w.get('read_pct')))} % reads, "
            f"{fmt_number(_num(w.get('block_size_kb')))} KB blocks, "
            f"{fmt_number(_num(w.get('database_size_gb')))} GB database"
        )
        if users is not None:
            facts.append(_fact("Users", users, INPUT, "users"))
        else:
            facts.append(_fact("Target throughput", w.get("target_tps"), INPUT, "TPS"))
            facts.append(_fact("Users to carry it", summary.get("users"), MODEL))
        facts += [
            _fact("Read share", w.get("read_pct"), INPUT, "%"),
            _fact("Block size", w.get("block_size_kb"), INPUT, "KB"),
            _fact(
                "Think time",
                demand.get("think_time"),
                INPUT if w.get("think_time_s") else "benchmark calibration",
            ),
            _fact("I/Os per transaction", demand.get("ios_per_transaction"), MODEL),
            _fact("User growth", w.get("user_growth_pct_per_year"), INPUT, "%/year"),
        ]
    facts += [
        _fact("Database size", w.get("database_size_gb"), INPUT, "GB"),
        _fact("Data growth", w.get("data_growth_pct_per_year"), INPUT, "%/year"),
        _fact("Horizon", w.get("horizon_years"), INPUT, "years"),
    ]
    return Summary(title, tuple(f for f in facts if f is not None))


def _platform(ev: Json) -> Summary:
    p = _map(_map(ev.get("inputs")).get("platform"))
    family = str(p.get("family") or "")
    nodes, arrays = _num(p.get("rac_nodes")), _num(p.get("arrays"))
    word = ARRAY_WORDS.get(family, "array")
    # An unset RAID level means the family's default; the capacity section names the one used.
    raid_key = str(p.get("raid") or _map(ev.get("capacity")).get("raid") or "")
    raid = RAID_NAMES.get(raid_key, raid_key or "default RAID")
    title = (
        f"{FAMILY_NAMES.get(family, family)} {p.get('storage_model', '')}, "
        f"{fmt_number(nodes)} RAC node{'s' if nodes != 1 else ''} x {fmt_number(_num(p.get('cores_per_node')))} cores, "
        f"{fmt_number(arrays)} {word}{'s' if arrays != 1 else ''}, {raid}"
    )
    if p.get("pam"):
        title += ", Performance Acceleration Module"
    storage = _map(ev.get("storage"))
    basis = _cites(storage.get("sources"))
    facts = [
        Fact("Storage model", str(p.get("storage_model", "")), "", INPUT),
        _fact("RAC nodes", nodes, INPUT, "count"),
        _fact("Cores per node", p.get("cores_per_node"), INPUT, "count"),
        _fact("Memory per node", p.get("memory_gb_per_node"), INPUT, "GB"),
        _fact(word.capitalize() + "s", arrays, INPUT, "count"),
        Fact("RAID", raid, "", INPUT),
        _fact("ASM volumes", p.get("asm_volumes"), INPUT, "count"),
        Fact("Storage performance basis", str(storage["basis"]), "", basis) if storage.get("basis") else None,
    ]
    if p.get("reference"):
        facts.insert(0, Fact("Reference configuration", str(p["reference"]), "", INPUT))
    return Summary(title, tuple(f for f in facts if f is not None))


def _headline(ev: Json) -> Headline:
    s, demand, storage, cap = (_map(ev.get(k)) for k in ("summary", "demand", "storage", "capacity"))
    storage_src = _cites(storage.get("sources")) or "model"
    verdict = {"holds": "Design holds", "does-not-hold": "Design does not hold"}.get(
        str(ev.get("verdict")), ""
    )
    capacity = [
        _fact("Capacity required", cap.get("total"), _rule_text(cap.get("rule")) or "model"),
        _fact("Usable capacity", cap.get("usable"), str(cap.get("hardware_source") or "")),
        _fact("Raw capacity", cap.get("raw"), str(cap.get("hardware_source") or "")),
    ]
    if ev.get("kind") == "dss":
        extra = [
            _fact("Target throughput", s.get("target_throughput"), INPUT),
            _fact("Sustained throughput", s.get("sustained_throughput"), storage_src),
            _fact("Storage utilisation", s.get("storage_utilisation"), "model"),
        ]
        return Headline(
            headroom=_fact("Headroom", s.get("headroom_pct"), "model"),
            bottleneck=str(s.get("bottleneck") or "") or None,
            capacity=tuple(f for f in capacity if f is not None),
            extra=tuple(f for f in extra if f is not None),
            verdict=verdict,
        )
    extra = [
        _fact("Design load", s.get("design_tps"), MODEL),
        _fact("Response time at design load", s.get("response_at_design"), MODEL),
        _fact("Users at the SLA", s.get("users_at_max"), MODEL),
    ]
    iops_rule = _map(demand.get("iops_rule"))
    if iops_rule.get("iops") is not None:
        extra.append(
            _fact(
                "IOPS demand by the IOPS-per-user rule",
                iops_rule.get("iops"),
                _rule_text(iops_rule.get("rule")),
            )
        )
    return Headline(
        tps_at_sla=_fact("TPS at SLA", s.get("max_sustained_tps"), f"{MODEL}; storage: {storage_src}"),
        sla_response=_fact("SLA response time", s.get("sla_response"), INPUT),
        headroom=_fact("Headroom", s.get("headroom_pct"), MODEL),
        bottleneck=str(s.get("bottleneck") or "") or None,
        iops_demand=_fact("IOPS demand", demand.get("iops_model"), MODEL),
        iops_capacity=_fact("IOPS capacity", storage.get("iops_capacity"), storage_src),
        capacity=tuple(f for f in capacity if f is not None),
        extra=tuple(f for f in extra if f is not None),
        verdict=verdict,
    )


def _balance(ev: Json) -> BalanceChart | None:
    b = _map(ev.get("balance"))
    points = []
    for p in _list(b.get("points")):
        x, y = _num(_map(p).get("cpu_utilisation_pct")), _num(_map(p).get("read_latency_ms"))
        if x is not None and y is not None:
            points.append((x, y))
    if not points:
        return None
    z = _map(b.get("zones"))
    zones: list[Zone] = []
    cpu_stress, cpu_limit = _qty(z.get("cpu_stress"))[0], _qty(z.get("cpu_limit"))[0]
    lat_stress, lat_limit = _qty(z.get("read_latency_stress"))[0], _qty(z.get("read_latency_limit"))[0]
    if cpu_stress is not None:
        zones.append(Zone("CPU stress", "warning", x_min=cpu_stress))
    if cpu_limit is not None:
        zones.append(Zone("CPU limit", "critical", x_min=cpu_limit))
    if lat_stress is not None:
        zones.append(Zone("Read latency stress", "warning", y_min=lat_stress))
    if lat_limit is not None:
        zones.append(Zone("Read latency limit", "critical", y_min=lat_limit))
    at_sla = _map(b.get("at_sla"))
    op = (_num(at_sla.get("cpu_utilisation_pct")), _num(at_sla.get("read_latency_ms")))
    operating = (op[0], op[1]) if op[0] is not None and op[1] is not None else None
    sources = "; ".join(
        _rule_text(r) + f" ({_map(r).get('source')})" for r in _list(z.get("rules")) if _rule_text(r)
    )
    classification = str(b.get("classification") or "")
    source = f"{MODEL}; zones: {sources}" if sources else MODEL
    if classification:
        source = f"{classification} at the SLA point; {source}"
    return BalanceChart(tuple(points), tuple(zones), operating, "At the SLA point", source)


def _load_response(ev: Json) -> LoadResponseChart | None:
    proj = _map(ev.get("projection"))
    series = []
    for s in _list(proj.get("series")):
        s = _map(s)
        pts = []
        for p in _list(s.get("points")):
            x, y = _num(_map(p).get("tps")), _num(_map(p).get("response_ms"))
            if x is not None and y is not None:
                pts.append((x, y))
        nodes = int(_num(s.get("rac_nodes")) or 0)
        label = f"{nodes} RAC node{'s' if nodes != 1 else ''}"
        series.append(LoadSeries(label, nodes, tuple(pts), _qty(s.get("max_sustained_tps"))[0]))
    if not series:
        return None
    at_design = _map(_map(ev.get("performance")).get("at_design"))
    tps, ms = _qty(at_design.get("tps"))[0], _qty(at_design.get("response"))[0]
    operating = (tps, ms) if tps is not None and ms is not None else None
    return LoadResponseChart(tuple(series), _qty(proj.get("sla"))[0], operating, MODEL)


def _capacity_rows(ev: Json) -> tuple[CapacityRow, ...]:
    cap, s, demand, storage = (_map(ev.get(k)) for k in ("capacity", "summary", "demand", "storage"))
    rule = _rule_text(cap.get("rule"))
    hw = str(cap.get("hardware_source") or "")
    storage_src = _cites(storage.get("sources"))
    rows: list[CapacityRow] = []
    for e in _list(cap.get("elements")):
        e = _map(e)
        v, u = _qty(e.get("size"))
        rows.append(CapacityRow(str(e.get("label") or e.get("element") or ""), v, None, u, rule))
    total, unit = _qty(cap.get("total"))
    usable, _ = _qty(cap.get("usable"))
    after, _ = _qty(cap.get("after_data_reduction"))
    if total is not None:
        rows.append(
            CapacityRow("Total required", total, usable, unit or "GB", f"{rule}; usable: {hw}".strip("; "))
        )
    if after is not None and after != total:
        rows.append(CapacityRow("After data reduction", after, usable, unit or "GB", hw))
    raw, _ = _qty(cap.get("raw"))
    if raw is not None:
        efficiency = _qty(cap.get("raid_efficiency"))[0]
        note = f"{RAID_NAMES.get(str(cap.get('raid')), cap.get('raid'))}"
        if efficiency is not None:
            note += f", efficiency {fmt_number(efficiency)}"
        rows.append(CapacityRow(f"Raw ({note})", None, raw, unit or "GB", hw))
    iops_d, iops_c = _qty(demand.get("iops_model"))[0], _qty(storage.get("iops_capacity"))[0]
    if iops_d is not None or iops_c is not None:
        rows.append(CapacityRow("IOPS", iops_d, iops_c, "IOPS", storage_src or MODEL))
    tps_d, tps_c = _qty(s.get("design_tps"))[0], _qty(s.get("max_sustained_tps"))[0]
    if tps_d is not None or tps_c is not None:
        rows.append(CapacityRow("Throughput within the SLA", tps_d, tps_c, "TPS", MODEL))
    mb_d, mb_c = _qty(s.get("target_throughput"))[0], _qty(s.get("sustained_throughput"))[0]
    if mb_d is not None or mb_c is not None:
        rows.append(CapacityRow("Scan throughput", mb_d, mb_c, "MB/s", storage_src or "measured"))
    return tuple(rows)


def _warnings(ev: Json) -> tuple[tuple[WarningItem, ...], tuple[Check, ...]]:
    warnings, checks = [], []
    for w in _list(ev.get("warnings")):
        w = _map(w)
        rule = _map(w.get("rule"))
        version = _num(rule.get("version"))
        item = WarningItem(
            severity=str(w.get("severity") or "warning"),
            message=str(w.get("message") or ""),
            rule_slug=str(rule.get("slug") or ""),
            rule_version=int(version) if version is not None else None,
            source=str(
                rule.get("source") or ("model" if w.get("code") != "extrapolation" else "evidence coverage")
            ),
        )
        warnings.append(item)
        if w.get("code") == "best-practice":
            checks.append(Check(item.message, False, item.rule_slug, item.rule_version, item.source))
    for c in _list(ev.get("checks")):  # passed and failed checks, when the service lists them
        c = _map(c)
        rule = _map(c.get("rule"))
        version = _num(rule.get("version"))
        checks.append(
            Check(
                str(c.get("title") or c.get("message") or ""),
                bool(c.get("passed")),
                str(rule.get("slug") or ""),
                int(version) if version is not None else None,
                str(rule.get("source") or ""),
                str(c.get("detail") or ""),
            )
        )
    return tuple(warnings), tuple(checks)


def _best_practice_list(rules: Iterable[RuleRef], catalog: Any, failed: Iterable[Check]) -> tuple[Check, ...]:
    """The platform's pinned best-practice rules that raised no warning, as a checklist: met, or
    advice the engine cannot check from the design inputs (the document says so)."""
    kinds = {
        (str(_map(r).get("slug")), int(_num(_map(r).get("version")) or 0)): str(_map(r).get("kind") or "")
        for r in _list(catalog)
    }
    warned = {(c.rule_slug, c.rule_version) for c in failed}
    return tuple(
        Check(r.title or r.slug, True, r.slug, r.version, r.source)
        for r in rules
        if kinds.get((r.slug, r.version)) == "best_practice" and (r.slug, r.version) not in warned
    )


def _assumptions(ev: Json) -> tuple[Fact, ...]:
    out = []
    for a in _list(ev.get("assumptions")):
        a = _map(a)
        v, u = _qty(a.get("value"))
        out.append(Fact(str(a.get("text") or a.get("key") or ""), v, u, str(a.get("source") or "")))
    return tuple(out)


def _rules(ev: Json, catalog: Any) -> tuple[RuleRef, ...]:
    """Rules the evaluation cites (applied) and the other pinned rules that concern the design's
    platform family; titles and sources from the service's `rule_catalog` when it sends one."""
    cited: dict[tuple[str, int], str] = {}
    for ref in _rule_refs(ev):
        version = _num(ref.get("version"))
        if version is not None:
            cited.setdefault((str(ref["slug"]), int(version)), str(ref.get("source") or ""))
    pinned = {(str(k), int(v)) for k, v in _map(ev.get("rule_versions")).items() if _num(v) is not None}
    info: dict[tuple[str, int], Json] = {}
    for row in _list(catalog):
        row = _map(row)
        version = _num(row.get("version"))
        if row.get("slug") and version is not None:
            info[(str(row["slug"]), int(version))] = row
    family = str(_map(_map(ev.get("inputs")).get("platform")).get("family") or "")
    out = []
    for key in sorted(pinned | set(cited)):
        row = info.get(key, {})
        applies = [str(a) for a in _list(row.get("applies_to"))]
        if key not in cited and applies and family not in applies:
            continue  # another platform's rule: pinned, but irrelevant to this document
        source = cited.get(key) or str(row.get("source") or "")
        out.append(RuleRef(key[0], key[1], str(row.get("title") or ""), source, applied=key in cited))
    return tuple(out)


def _sources(ev: Json, rules: Iterable[RuleRef], bom: Bom) -> tuple[SourceRef, ...]:
    used: dict[tuple[str, str], list[str]] = {}

    def add(cite: str, purpose: str) -> None:
        if not cite or cite in ("model", "model assumption"):
            return
        for document, locator in _split_cites(cite):
            purposes = used.setdefault((document, locator), [])
            if purpose not in purposes:
                purposes.append(purpose)

    for s in _list(_map(ev.get("storage")).get("sources")):
        add(str(s), "storage performance")
    add(str(_map(ev.get("capacity")).get("hardware_source") or ""), "drive and RAID geometry")
    for a in _list(ev.get("assumptions")):
        add(str(_map(a).get("source") or ""), f"assumption: {_map(a).get('key', '')}")
    for r in rules:
        add(r.source, f"rule {r.slug} v{r.version}")
    for line in bom.lines:
        add(line.source, "bill of materials")
    return tuple(SourceRef(doc, loc, ", ".join(purposes)) for (doc, loc), purposes in sorted(used.items()))


def bom_from_dict(bom: Any) -> Bom:
    """The priced BOM of the designs service: lines + currency (None: no price book)."""
    bom = _map(bom)
    currency = bom.get("currency") or None
    lines = []
    for raw in _list(bom.get("lines")):
        line = _map(raw)
        qty = _num(line.get("quantity"))
        lines.append(
            BomLine(
                section=str(line.get("section") or "miscellaneous"),
                part_number=str(line.get("part_number") or ""),
                description=str(line.get("description") or ""),
                quantity=int(qty or 0),
                unit_price=_money(line.get("unit_price")) if currency else None,
                extended_price=_money(line.get("extended_price")) if currency else None,
                rule=str(line.get("rule") or ""),
                source=str(line.get("source") or ""),
                part_number_is_model=bool(line.get("part_number_is_model")),
            )
        )
    book = _map(bom.get("price_book"))
    book_name = str(book.get("name") or "") if book else str(bom.get("price_book") or "")
    if book.get("version") not in (None, ""):
        book_name += f" (version {book['version']})"
    return build_bom(lines, currency=str(currency) if currency else None, price_book=book_name)


def proposal_from_evaluation(result: Json, *, meta: DesignMeta) -> ProposalData:
    """`result`: the service's dict; the engine evaluation is `result["evaluation"]` or `result` itself."""
    ev = dict(_map(result.get("evaluation")) or result)
    # The service adds BOM assumptions and the pinned rule versions beside the engine's own.
    for key in ("assumptions", "rule_versions"):
        if key in result and result is not ev:
            ev[key] = result[key]
    bom = bom_from_dict(result.get("bom") if "bom" in result else ev.get("bom"))
    warnings, checks = _warnings(ev)
    rules = _rules(ev, result.get("rule_catalog"))
    checks += _best_practice_list(rules, result.get("rule_catalog"), checks)
    notes = [
        f"Extrapolation ({_map(f).get('field')}): {_map(f).get('message')}"
        for f in _list(ev.get("extrapolation"))
    ]
    if ev.get("engine_version"):
        notes.append(f"Sizing engine version {ev['engine_version']}.")
    return ProposalData(
        meta=meta,
        workload=_workload(ev),
        platform=_platform(ev),
        headline=_headline(ev),
        bom=bom,
        balance=_balance(ev),
        load_response=_load_response(ev),
        capacity_rows=_capacity_rows(ev),
        warnings=warnings,
        checks=checks,
        assumptions=_assumptions(ev),
        rules=rules,
        sources=_sources(ev, rules, bom),
        model_notes=tuple(notes),
    )
