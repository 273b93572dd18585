"""The one place that turns a typed evaluation (sizing.evaluation, as printed) into a `ProposalData`.

Input: the engine's evaluation with every number as the API publishes it (`sizing.as_printed`, or
`sizing.evaluation_from_json` of the API's JSON), the priced BOM, and what the designs service adds
(its assumptions, the pinned rule versions, the rule catalog). The types say which sections exist: a
DSS evaluation has no curves, so its document has no charts.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from reports.chart_data import balance_chart, load_response_chart
from reports.citations import (
    best_practice_checklist,
    in_customer_words,
    rule_text,
    rules_cited_and_pinned,
    sources_used,
    storage_sources,
    warnings_and_checks,
)
from reports.facts import INPUT, MODEL, PROFILE, as_float, assumption_facts, band, fact, present
from reports.model import (
    Bom,
    CapacityRow,
    CatalogRule,
    CostPer,
    DatabaseRow,
    DatabasesSection,
    DesignMeta,
    DocumentRef,
    EvidenceFigureRow,
    EvidenceImportRow,
    EvidencePointRow,
    EvidenceSection,
    Fact,
    Headline,
    ProposalData,
    StationShareRow,
    Summary,
)
from reports.text import fmt_number, fmt_percent
from sizing import (
    RAID_LABELS,
    Assumption,
    DesignEvaluation,
    DssEvaluation,
    OltpEvaluation,
    platform_family,
    storage_model,
)

# The registry's RAID words; running text writes the Oracle FS profile names in lower case.
RAID_NAMES = {
    **RAID_LABELS,
    "mirrored": "mirrored",
    "single_parity": "single parity",
    "double_parity": "double parity",
}


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
            fact("Target throughput", d.target_throughput_mb_s, INPUT, "MB/s"),
            fact("Query streams", d.query_streams, INPUT, "count"),
            fact("Block size", d.block_size_kb, INPUT, "KB"),
        ]
    else:
        o = ev.inputs.workload
        demand = ev.demand
        users = float(o.users) if o.users is not None else None
        target = float(o.target_tps) if o.target_tps is not None else None
        load = f"{fmt_number(users)} users" if users is not None else f"{fmt_number(target)} TPS target"
        # The read share as the engine ran it: the design's, else the profile's measured mix.
        title = (
            f"OLTP, {load}, profile: {profile_words(ev)}, {fmt_percent(demand.read_pct.value)} % reads, "
            f"{fmt_number(float(o.block_size_kb))} KB blocks, "
            f"{fmt_number(float(o.database_size_gb))} GB database"
        )
        if users is not None:
            facts.append(fact("Users", users, INPUT, "users"))
        else:
            facts.append(fact("Target throughput", target, INPUT, "TPS"))
            facts.append(fact("Users to carry it", ev.summary.users, MODEL))
        facts += [
            Fact(
                "Workload profile",
                profile_words(ev),
                "",
                INPUT if o.profile else "the platform's own benchmark",
            ),
            *_custom_profile_facts(ev),
            fact("Warehouses", o.warehouses, INPUT, "warehouses"),
            fact("SGA per instance", o.sga_gb, INPUT, "GB"),
            fact(
                "Read share",
                demand.read_pct,
                INPUT if o.read_pct is not None else f"{PROFILE}: its measured mix",
            ),
            fact("Block size", o.block_size_kb, INPUT, "KB"),
            # 0 is a think time too (a closed loop such as SLOB): only None is the profile's.
            fact(
                "Think time",
                demand.think_time,
                INPUT if o.think_time_s is not None else f"{PROFILE}: its calibration",
            ),
            fact("Reads per transaction (foreground)", demand.reads_per_transaction, PROFILE, technical=True),
            fact(
                "Writes per transaction (background)", demand.writes_per_transaction, PROFILE, technical=True
            ),
            fact("CPU per transaction", demand.cpu_per_transaction, PROFILE, technical=True),
            fact("I/Os per transaction", demand.ios_per_transaction, MODEL, technical=True),
            fact("User growth", o.user_growth_pct_per_year, INPUT, "%/year"),
        ]
    facts += [
        fact("Database size", w.database_size_gb, INPUT, "GB"),
        fact("Data growth", w.data_growth_pct_per_year, INPUT, "%/year"),
        fact("Horizon", w.horizon_years, INPUT, "years"),
    ]
    return Summary(title, present(*facts))


CUSTOM_PROFILE = "custom"
CUSTOM_PROFILE_WORDS = "your own workload (AWR figures)"


def profile_words(ev: OltpEvaluation) -> str:
    """The workload profile the engine ran, in words (its label, else its slug)."""
    d = ev.demand
    if d.profile == CUSTOM_PROFILE and not d.profile_label:
        return CUSTOM_PROFILE_WORDS
    return d.profile_label or d.profile or "the platform's own benchmark"


def _custom_profile_facts(ev: OltpEvaluation) -> list[Fact | None]:
    """The user's own AWR figures the custom profile is built from (none for a document's profile)."""
    o = ev.inputs.workload
    if o.profile != CUSTOM_PROFILE:
        return []
    src = f"{INPUT} (AWR)"
    return [
        fact("Transactions per second", o.tx_per_s, src, "TPS"),
        fact("Physical reads per second", o.reads_per_s, src, "IOPS"),
        fact("Physical writes per second", o.writes_per_s, src, "IOPS"),
        fact("DB CPU per second", o.db_cpu_s_per_s, src, "s/s"),
        fact("Redo per second", o.redo_mb_per_s, src, "MB/s"),
    ]


def _platform(ev: DesignEvaluation, reference_names: Mapping[str, str] | None = None) -> Summary:
    p = ev.inputs.platform
    nodes, arrays = float(p.rac_nodes), float(p.arrays)
    word = storage_model(p.storage_model).array_unit_word
    # An unset RAID level means the family's default; the capacity section names the one used.
    raid_key = p.raid or ev.capacity.raid
    raid = RAID_NAMES.get(raid_key, raid_key or "default RAID")
    title = (
        f"{platform_family(p.family).vendor} {p.storage_model}, "
        f"{fmt_number(nodes)} RAC node{'s' if nodes != 1 else ''} x {fmt_number(as_float(p.cores_per_node))} cores, "
        f"{fmt_number(arrays)} {word}{'s' if arrays != 1 else ''}, {raid}"
    )
    if p.pam:
        title += ", Performance Acceleration Module"
    facts = [
        Fact("Storage model", p.storage_model, "", INPUT),
        fact("RAC nodes", nodes, INPUT, "count"),
        fact("Cores per node", as_float(p.cores_per_node), INPUT, "count"),
        fact("Memory per node", as_float(p.memory_gb_per_node), INPUT, "GB"),
        fact(word.capitalize() + "s", arrays, INPUT, "count"),
        Fact("RAID", raid, "", INPUT),
        fact("ASM volumes", p.asm_volumes, INPUT, "count"),
        Fact(
            "Storage performance basis",
            _basis_words(ev.storage.basis),
            "",
            storage_sources(ev),
            technical=True,
        )
        if ev.storage.basis
        else None,
    ]
    if p.reference:
        # The configuration's name for the customer; its catalog slug only when no name is known.
        facts.insert(
            0,
            Fact("Reference configuration", (reference_names or {}).get(p.reference, p.reference), "", INPUT),
        )
    return Summary(title, present(*facts))


# "holds-until": every target met today, one missed within the growth horizon (targets.months_until_missed).
VERDICTS = {
    "holds": "Design holds",
    "holds-until": "Design holds until month {months} of the growth horizon",
    "does-not-hold": "Design does not hold",
}


def verdict_words(ev: DesignEvaluation) -> str:
    """The verdict as the document's headline says it."""
    return VERDICTS[ev.verdict].format(months=ev.targets.months_until_missed)


def _growth_words(ev: DesignEvaluation) -> str | None:
    """When a design that holds today stops holding: the month, and the target the growth misses."""
    t = ev.targets
    if ev.verdict != "holds-until" or t.months_until_missed is None:
        return None
    label = next((c.label for c in t.checks if c.target == t.first_missed), "one of its targets")
    if not label[:2].isupper():  # "Capacity" -> "capacity"; "CPU at ..." stays
        label = label[0].lower() + label[1:]
    months = t.months_until_missed
    return (
        f"It holds until month {months} (year {(months - 1) // 12 + 1}) of the "
        f"{fmt_number(t.horizon_months / 12)}-year growth horizon, when the growth misses its target on {label}."
    )


def _headline(ev: DesignEvaluation) -> Headline:
    storage_src = storage_sources(ev) or "model"
    cap = ev.capacity
    capacity = present(
        fact("Capacity required", cap.total, cap.rule.source if cap.rule else "model"),
        fact("Usable capacity", cap.usable, cap.hardware_source),
        fact("Raw capacity", cap.raw, cap.hardware_source),
    )
    if isinstance(ev, DssEvaluation):
        s = ev.summary
        return Headline(
            headroom=fact("Headroom", s.headroom_pct, "model"),
            bottleneck=s.limits.bottleneck_label or None,
            limits=s.limits.statement,
            capacity=capacity,
            extra=present(
                fact("Target throughput", s.target_throughput, INPUT),
                fact("Sustained throughput", s.sustained_throughput, storage_src),
                fact("Storage utilisation", s.storage_utilisation, "model"),
            ),
            verdict=verdict_words(ev),
            narrative=narrative(ev),
            bands=tuple(band(b) for b in ev.bands),
        )
    o = ev.summary
    extra = [
        fact("Design load", o.design_tps, MODEL),
        fact("Response time at design load", o.response_at_design, MODEL),
        fact("Users at the SLA", o.users_at_max, MODEL),
        fact("Storage latency per I/O at design load", o.storage_latency_at_design, MODEL),
        fact("Storage latency per I/O at the SLA", o.storage_latency_at_sla, MODEL),
        fact("Server CPU utilisation at design load", o.cpu_utilisation_at_design, MODEL),
        fact("Storage utilisation at design load", o.storage_utilisation_at_design, MODEL),
    ]
    iops_rule = ev.demand.iops_rule
    if iops_rule is not None:
        extra.append(
            fact(
                "IOPS demand by the IOPS-per-user rule",
                iops_rule.iops,
                iops_rule.rule.source if iops_rule.rule else rule_text(iops_rule.rule),
            )
        )
    return Headline(
        tps_at_sla=fact("TPS at SLA", o.max_sustained_tps, f"{MODEL}; storage: {storage_src}"),
        sla_response=fact("SLA response time", o.sla_response, INPUT),
        headroom=fact("Headroom", o.headroom_pct, MODEL),
        bottleneck=o.limits.bottleneck_label or None,
        limits=o.limits.statement,
        iops_demand=fact("IOPS demand", ev.demand.iops_model, MODEL),
        iops_capacity=fact("IOPS capacity", ev.storage.iops_capacity, storage_src),
        capacity=capacity,
        extra=present(*extra),
        verdict=verdict_words(ev),
        narrative=narrative(ev),
        bands=tuple(band(b) for b in ev.bands),
    )


def _q(value: float, unit: str) -> str:
    """A figure with its unit in running text (4 significant figures; "%" without a space)."""
    if unit == "%":
        return f"{fmt_percent(value)} %"
    return f"{fmt_number(value)} {unit}".strip()


def narrative(ev: DesignEvaluation) -> tuple[str, ...]:
    """The executive summary in words: what is proposed, whether it holds and why, the headroom."""
    # The workload title starts with its kind ("OLTP, 12,000 users, ..."), kept as written.
    out = [f"We propose {_platform(ev).title}, for this workload: {_workload(ev).title}."]
    holds = ev.verdict != "does-not-hold"  # holds-until holds today: the growth sentence says until when
    holds_words = "The design holds today" if ev.verdict == "holds-until" else "The design holds"
    critical = [in_customer_words(w.message, w.rule) for w in ev.warnings if w.severity == "critical"]
    if isinstance(ev, DssEvaluation):
        d = ev.summary
        sustained = _q(d.sustained_throughput.value, d.sustained_throughput.unit)
        target = _q(d.target_throughput.value, d.target_throughput.unit)
        if holds:
            out.append(
                f"{holds_words}: it sustains {sustained} against the {target} target, "
                f"{_q(d.headroom_pct.value, '%')} headroom."
            )
        else:
            out.append(
                f"The design does not hold: it sustains {sustained} against the {target} target "
                f"({_q(d.headroom_pct.value, '%')} headroom)."
            )
    else:
        o = ev.summary
        sla = _q(o.sla_response.value, o.sla_response.unit)
        design = _q(o.design_tps.value, o.design_tps.unit)
        most = _q(o.max_sustained_tps.value, o.max_sustained_tps.unit)
        response = _q(o.response_at_design.value, o.response_at_design.unit)
        headroom = _q(o.headroom_pct.value, "%")
        if holds:
            out.append(
                f"{holds_words}: at the design load of {design} it answers in {response}, within "
                f"the {sla} SLA, and it sustains up to {most} within the SLA ({headroom} headroom)."
            )
        elif o.design_tps.value > o.max_sustained_tps.value:
            out.append(
                f"The design does not hold: the design load of {design} exceeds the {most} it "
                f"sustains within the {sla} SLA ({headroom} headroom); at that load it answers in {response}."
            )
        else:
            out.append(
                f"The design does not hold: it sustains up to {most} within the {sla} SLA "
                f"({headroom} headroom) against a design load of {design}."
            )
    overloaded = (
        isinstance(ev, OltpEvaluation) and ev.summary.design_tps.value > ev.summary.max_sustained_tps.value
    )
    if critical and not holds and not overloaded:  # an overload is said above already
        out.append("Why: " + " ".join(m.rstrip(".") + "." for m in critical[:2]))
    growth = _growth_words(ev)
    if growth:
        out.append(growth)
    if ev.summary.limits.statement:
        out.append(ev.summary.limits.statement)
    n_warn = len(ev.warnings)
    if n_warn:
        out.append(
            f"{n_warn} warning{'s' if n_warn != 1 else ''} ({len(critical)} critical) "
            "are listed under Warnings and best-practice checks."
        )
    return tuple(out)


def _capacity_rows(ev: DesignEvaluation) -> tuple[CapacityRow, ...]:
    cap = ev.capacity
    rule = cap.rule.source if cap.rule else ""
    hw = cap.hardware_source
    storage_src = storage_sources(ev)
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


def proposal_from_evaluation(
    evaluation: DesignEvaluation,
    *,
    meta: DesignMeta,
    bom: Bom,
    assumptions: Sequence[Assumption] | None = None,
    rule_versions: Mapping[str, int] | None = None,
    rule_catalog: Sequence[CatalogRule] = (),
    cost_per_throughput: Mapping[str, object] | None = None,
    documents: Sequence[DocumentRef] = (),
    reference_names: Mapping[str, str] | None = None,
) -> ProposalData:
    """The document of an evaluation (numbers as printed: `sizing.as_printed`). The designs service
    adds BOM assumptions and the pinned rule versions beside the engine's own (None: the engine's)."""
    assumptions = evaluation.assumptions if assumptions is None else assumptions
    rule_versions = evaluation.rule_versions if rule_versions is None else rule_versions
    warnings, checks = warnings_and_checks(evaluation)
    rules = rules_cited_and_pinned(evaluation, rule_versions, rule_catalog)
    checks += best_practice_checklist(rules, rule_catalog, checks)
    notes = [f"Extrapolation ({f.field}): {f.message}" for f in evaluation.extrapolation]
    notes.append(f"Sizing engine version {evaluation.engine_version}.")
    oltp = evaluation if isinstance(evaluation, OltpEvaluation) else None
    return ProposalData(
        meta=meta,
        workload=_workload(evaluation),
        platform=_platform(evaluation, reference_names),
        headline=_headline(evaluation),
        bom=bom,
        balance=balance_chart(oltp) if oltp else None,
        load_response=load_response_chart(oltp) if oltp else None,
        capacity_rows=_capacity_rows(evaluation),
        warnings=warnings,
        checks=checks,
        assumptions=assumption_facts(assumptions),
        rules=rules,
        sources=sources_used(evaluation, assumptions, rules, bom),
        model_notes=tuple(notes),
        cost_per=_cost_per(cost_per_throughput),
        documents=tuple(documents),
    )


def _cost_per(cost: Mapping[str, object] | None) -> CostPer | None:
    """The designs payload's cost_per_throughput (money as a decimal string) as the document's."""
    if not cost:
        return None
    amount = cost.get("amount")
    return CostPer(
        amount=Decimal(str(amount)) if amount is not None else None,
        currency=str(cost["currency"]) if cost.get("currency") else None,
        unit=str(cost["unit"]) if cost.get("unit") else None,
        basis=str(cost.get("basis") or ""),
        note=str(cost.get("note") or ""),
    )


# --- several databases (issue 40) ------------------------------------------------------------------

DATABASE_KINDS = {"oltp": "OLTP", "dss": "DSS (data warehouse)"}
DATABASE_VERDICTS = {"holds": "Holds", "holds-until": "Holds for now", "does-not-hold": "Does not hold"}


def _printed(quantity: Mapping[str, Any] | None) -> str:
    """A published quantity {value, unit} as the proposal prints it; "" when absent."""
    if not quantity or quantity.get("value") is None:
        return ""
    value = float(quantity["value"])
    unit = str(quantity.get("unit") or "")
    return f"{fmt_number(value)} {unit}".strip() if unit != "%" else f"{fmt_number(value)} %"


def _signed(quantity: Mapping[str, Any] | None) -> str:
    text = _printed(quantity)
    return text if not text or text.startswith("-") else f"+{text}"


def databases_section(consolidation: Mapping[str, Any] | None) -> DatabasesSection | None:
    """The published consolidated evaluation (the designs payload's `consolidation`) as the document's
    databases section; None for a design of one database."""
    if not consolidation:
        return None
    rows = []
    first = ""
    for db in consolidation["databases"]:
        kind = str(db["kind"])
        if not first:
            first = str(db["name"])
        if kind == "oltp":
            load = (
                _printed(db.get("users"))
                if db.get("target_throughput") is None
                else _printed(db.get("target_throughput"))
            )
            change = ""
            if db.get("response_change") is not None:
                change = f"{_signed(db['response_change'])} ({_signed(db.get('response_change_pct'))})"
            alone = _printed(db.get("alone_response"))
            response = _printed(db.get("response"))
        else:
            load = _printed(db.get("target_throughput"))
            alone, response, change = _printed(db.get("alone_throughput")), "", ""
        rows.append(
            DatabaseRow(
                name=str(db["name"]),
                kind=DATABASE_KINDS.get(kind, kind.upper()),
                load=load,
                throughput=_printed(db.get("throughput")),
                response=response,
                alone=alone,
                change=change,
                verdict="Paused" if db.get("paused") else DATABASE_VERDICTS.get(str(db.get("verdict")), ""),
                statement=str(db.get("statement") or ""),
            )
        )
    capacity = consolidation["capacity"]
    verdict = VERDICTS.get(str(consolidation["verdict"]), "").format(months="")
    return DatabasesSection(
        verdict=f"{verdict}: {len(rows)} databases together" if len(rows) > 1 else verdict,
        rows=tuple(rows),
        sharing=str(consolidation.get("sharing") or ""),
        not_validated=consolidation.get("not_validated_reason"),
        capacity=str(capacity["statement"]),
        clone_sources=tuple(f"{c['database']}: {c['source']}" for c in capacity["clones"]),
        stations=tuple(
            StationShareRow(
                str(st["label"]),
                float(st["utilisation"]["value"]),
                tuple((name, float(q["value"])) for name, q in st["by_database"].items()),
            )
            for st in consolidation["stations"]
        ),
        first=first,
    )


# --- the customer's own measurements (issue 38 point 5) --------------------------------------------

EVIDENCE_CALIBRATED = "Calibrated on your measurements"
EVIDENCE_COMPARED = "Your measurements against the model"
# The overlay's headline figures (designs.evaluation.HEADLINE_FIGURES), as the proposal names them.
EVIDENCE_FIGURES = {
    "max_sustained_tps": "Maximum throughput within the SLA",
    "sustained_throughput": "Sustained scan throughput",
    "users_at_max": "Users within the SLA",
    "response_at_design": "Response time at the design load",
    "storage_latency_at_design": "Storage latency at the design load",
    "headroom_pct": "Headroom",
}
EVIDENCE_KINDS = {"orion": "ORION storage test", "swingbench": "Swingbench load test"}
EVIDENCE_QUANTITIES = {
    "iops": "I/O rate",
    "tps": "Throughput",
    "response_time": "Response time",
    "throughput": "Data rate",
}
# A verdict in the middle of a sentence ("it holds" / ...); holds-until's month is the summary's.
EVIDENCE_VERDICTS = {
    "holds": "holds",
    "holds-until": "holds today but not to the end of the growth horizon",
    "does-not-hold": "does not hold",
}
NOT_PROJECTED = "not projected"
_IN_FLIGHT = re.compile(r"(\d+) outstanding")  # ORION's word for the I/Os it keeps in flight
_LEFT_OUT = re.compile(r"^Evidence import (\d+) is no longer")


def _change(change: Mapping[str, Any] | None) -> str:
    """A figure's change against the published evidence: signed, in its unit, with its % of the
    published figure; a headroom's change is in percentage points."""
    if not change or change.get("value") is None:
        return "-"
    value = float(change["value"])
    unit = str(change.get("unit") or "")
    sign = "+" if value > 0 else ""
    if unit == "%":
        return f"{sign}{fmt_percent(value)} percentage points"
    text = f"{sign}{fmt_number(value)} {unit}".strip()
    pct = change.get("pct")
    if value == 0:
        return f"{text} (no change)"
    if pct is not None:
        text += f" ({'+' if float(pct) > 0 else ''}{fmt_percent(float(pct))} %)"
    return text


def _import_use(row: Mapping[str, Any], recalibrated: bool, family: str | None) -> str:
    """What the sizing model did with an import, in words."""
    if not recalibrated:
        return "Compared with the model; the design is not calibrated on it"
    if row.get("used_by_model"):
        return "The sizing model is calibrated on it"
    if row.get("family") is None:
        return "Compared only: its system is not a platform the sizing model covers"
    if family and row.get("family") != family:
        return "Compared only: it was measured on another platform than this design's"
    if row.get("kind") == "swingbench":
        return (
            "Compared only: the sizing model takes a load test into account from six runs at "
            "different numbers of users"
        )
    return "Compared only: the sizing model of this platform does not take this storage test"


def _import_system(row: Mapping[str, Any]) -> str:
    system = str(row.get("existing_system") or "")
    model = str(row.get("storage_model") or "")
    if system and model and model.lower() not in system.lower():
        return f"{system} ({model})"
    return system or model


def _figure(quantity: Mapping[str, Any] | None) -> str:
    """A headline figure {value, unit} as running text prints it (a percentage as people write it)."""
    if not quantity or quantity.get("value") is None:
        return "-"
    return _q(float(quantity["value"]), str(quantity.get("unit") or ""))


def _point_value(value: Any, unit: str) -> str:
    return NOT_PROJECTED if value is None else _q(float(value), unit)


def _point_error(error: Any) -> str:
    if error is None:
        return "-"
    error = float(error)
    return f"{'+' if error > 0 else ''}{fmt_percent(error)} %"


def evidence_section(
    overlay: Mapping[str, Any] | None, *, family: str | None = None
) -> EvidenceSection | None:
    """The designs payload's `evidence_overlay` as the proposal's section on the customer's own
    measurements; None when the design names none (the payload then has no overlay). `family`: the
    design's platform family, to say why an import of another platform was only compared."""
    if not overlay:
        return None
    calibrated = bool(overlay.get("recalibrated"))
    names = {row["id"]: str(row["name"]) for row in overlay.get("imports") or ()}
    imports = tuple(
        EvidenceImportRow(
            name=str(row["name"]),
            kind=EVIDENCE_KINDS.get(str(row.get("kind")), str(row.get("kind") or "")),
            system=_import_system(row),
            points=int(row.get("points") or 0),
            used=_import_use(row, calibrated, family),
        )
        for row in overlay.get("imports") or ()
    )
    baseline, headline = overlay.get("baseline") or {}, overlay.get("headline") or {}
    difference = overlay.get("difference") or {}
    figures = tuple(
        EvidenceFigureRow(
            label, _figure(baseline.get(key)), _figure(headline.get(key)), _change(difference.get(key))
        )
        for key, label in EVIDENCE_FIGURES.items()
        if calibrated and baseline.get(key) and headline.get(key)
    )
    verdict = ""
    before, after = baseline.get("verdict"), headline.get("verdict")
    if calibrated and before and after:
        was, now = (
            EVIDENCE_VERDICTS.get(str(before), str(before)),
            EVIDENCE_VERDICTS.get(str(after), str(after)),
        )
        verdict = (
            f"On the published evidence alone the design {was}; with your measurements it {now}."
            if before != after
            else f"With or without your measurements, the design {now}."
        )
    validation = overlay.get("validation") or {}
    rows = validation.get("rows") or ()
    points = tuple(
        EvidencePointRow(
            measurement=names.get(r.get("import"), f"import {r.get('import')}"),
            at=_IN_FLIGHT.sub(r"\1 I/Os in flight", str(r.get("at") or "")),
            quantity=EVIDENCE_QUANTITIES.get(str(r.get("quantity")), str(r.get("quantity") or "")),
            measured=_q(float(r["measured"]), str(r.get("unit") or "")),
            predicted=_point_value(r.get("predicted"), str(r.get("unit") or "")),
            error=_point_error(r.get("error_pct")),
        )
        for r in rows
    )
    notes = []
    for note in overlay.get("notes") or ():
        left_out = _LEFT_OUT.match(str(note))
        if left_out:
            notes.append(
                f"Measurement import {left_out.group(1)}, which this design named, is no longer one of "
                "your team's: it is left out."
            )
    if any(p.predicted == NOT_PROJECTED for p in points):
        notes.append(
            f'"{NOT_PROJECTED.capitalize()}": the sizing model gives no figure for that kind of measurement '
            "on that storage (a large-I/O data rate, or a storage model without a measured I/O-rate curve)."
        )
    if calibrated:
        intro = (
            "This design is sized on the platform's published measurements together with measurements "
            "of your own systems, listed below. The projection on the published measurements alone is "
            "shown beside the projection with yours, with the difference."
        )
        points_intro = (
            "Each of your measured points beside what the sizing model, calibrated with your "
            "measurements, projects at the same point. Error = (projected - measured) / measured."
        )
    else:
        intro = (
            "This design names measurements of your own systems, listed below. It is sized on the "
            "platform's published measurements alone; your measurements are compared with what that "
            "sizing model projects at the same points."
        )
        points_intro = (
            "Each of your measured points beside what the sizing model projects at the same point. "
            "Error = (projected - measured) / measured."
        )
    if validation.get("error_bands_recomputed"):
        bands = "The ranges given with this proposal's figures were recalculated with your measurements."
    else:
        bands = (
            "The ranges given with this proposal's figures (how far to trust them) are the sizing model's "
            "errors on the platform's published measurements; they were not recalculated with your "
            "measurements. "
        )
        bands += (
            "The errors above are those of your own points; a point the model was calibrated on is not "
            "an independent check of it."
            if calibrated
            else "The errors above are those of your own points, which the model was not calibrated on."
        )
    return EvidenceSection(
        calibrated=calibrated,
        title=EVIDENCE_CALIBRATED if calibrated else EVIDENCE_COMPARED,
        intro=intro,
        imports=imports,
        figures=figures,
        verdict=verdict,
        points=points,
        points_intro=points_intro,
        bands=bands,
        notes=tuple(notes),
        technical_notes=(
            *(str(n) for n in overlay.get("notes") or ()),
            *([str(validation["error_bands"])] if validation.get("error_bands") else []),
        ),
    )


def _basis_words(basis: str) -> str:
    """A storage figure's basis in words: "derived" is the model's figure on a measured cell of the
    configuration, never the cell itself (issue 37)."""
    return "model on measured cells" if basis == "derived" else basis
