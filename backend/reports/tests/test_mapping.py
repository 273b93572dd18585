"""The engine's typed evaluation (real output, no database), as printed, mapped to a proposal and read
back."""

from __future__ import annotations

import datetime
from decimal import Decimal
from typing import Any

import pytest
from pydantic import ValidationError

from reports import render_annex_pdf, render_proposal_pdf
from reports.mapping import proposal_from_evaluation
from reports.model import CatalogRule, DesignMeta, bom_from_priced
from reports.tests.readback import pdftotext, rows_with
from reports.tests.samples import table11_lines
from reports.text import fmt_number
from sizing import (
    Assumption,
    DesignEvaluation,
    OltpEvaluation,
    as_printed,
    bundle_from_documents,
    design_inputs_from_dict,
    evaluate_design,
    evaluation_from_json,
)
from sizing.tests.seed_evidence import DOCS

META = DesignMeta("FS1 quarter rack", "Acme", "alice", datetime.date(2026, 11, 22), 5, "review")


@pytest.fixture(scope="module")
def bundle():
    return bundle_from_documents(DOCS)


def _evaluate(bundle, inputs: dict[str, Any]) -> dict[str, Any]:
    """The evaluation as the API publishes it (what the assertions compare with)."""
    evidence, rules = bundle
    return evaluate_design(design_inputs_from_dict(inputs), evidence, rules).to_dict()


def _printed(ev: dict[str, Any]) -> DesignEvaluation:
    return evaluation_from_json(ev)


def _proposal(ev: dict[str, Any], currency: str | None = "USD", **kwargs: Any):
    return proposal_from_evaluation(
        _printed(ev), meta=META, bom=bom_from_priced(_priced_bom(currency)), **kwargs
    )


def _priced_bom(currency: str | None = "USD") -> dict[str, Any]:
    """The designs service's priced-BOM shape (prices as strings, as the API serialises them)."""
    lines = table11_lines("quarter")
    return {
        "currency": currency,
        "price_book": {"id": 1, "name": "List 2026", "version": 3} if currency else None,
        "lines": [
            {
                "line": i,
                "section": ln.section,
                "part_number": ln.part_number,
                "description": ln.description,
                "quantity": ln.quantity,
                "unit_price": str(ln.unit_price) if currency else None,
                "extended_price": str(ln.extended_price) if currency else None,
                "rule": ln.rule,
                "source": ln.source,
            }
            for i, ln in enumerate(lines, start=1)
        ],
        "total": str(sum((ln.extended_price or Decimal(0) for ln in lines), Decimal(0)))
        if currency
        else None,
        "notes": [],
    }


FS1 = {
    "workload": {"kind": "oltp", "users": 2000, "database_size_gb": 2000},
    "platform": {
        "family": "oracle-fs1",
        "storage_model": "FS1-2",
        "rac_nodes": 2,
        "arrays": 2,
        "drives_per_enclosure": 13,
    },
}


def test_oltp_evaluation_maps_every_headline_number_with_its_source(bundle) -> None:
    ev = _evaluate(bundle, FS1)
    data = _proposal(ev)
    h = data.headline
    assert h.tps_at_sla is not None
    assert (h.tps_at_sla.value, h.tps_at_sla.unit) == (ev["summary"]["max_sustained_tps"]["value"], "TPS")
    assert "oracle-fs1-2016, Table 1" in h.tps_at_sla.source
    assert h.headroom is not None and h.headroom.value == ev["summary"]["headroom_pct"]["value"]
    assert h.bottleneck == ev["summary"]["limits"]["bottleneck_label"]
    assert h.iops_capacity is not None and h.iops_capacity.value == ev["storage"]["iops_capacity"]["value"]
    assert h.verdict == "Design holds"
    assert data.balance is not None and len(data.balance.points) == len(ev["balance"]["points"])
    assert data.load_response is not None
    assert [s.rac_nodes for s in data.load_response.series] == [
        s["rac_nodes"] for s in ev["projection"]["series"]
    ]
    assert data.load_response.sla_ms == ev["projection"]["sla"]["value"]
    # Every rule the evaluation pinned or cited is listed with its version.
    listed = {(r.slug, r.version) for r in data.rules}
    assert {(k, v) for k, v in ev["rule_versions"].items()} <= listed
    assert all(r.source for r in data.rules if r.applied)
    assert any(s.document == "oracle-fs1-2016" and s.locator == "Table 1" for s in data.sources)
    assert data.bom.total == Decimal(_priced_bom()["total"])
    assert data.bom.price_book == "List 2026 (version 3)"


def test_oltp_proposal_reads_back(bundle) -> None:
    ev = _evaluate(bundle, FS1)
    data = _proposal(ev)
    text = pdftotext(render_proposal_pdf(data))
    tps = ev["summary"]["max_sustained_tps"]["value"]
    assert rows_with(text, "TPS at SLA", f"{tps:,.0f} TPS")
    assert rows_with(text, "Revision", "5")
    assert "Oracle FS1-2, 2 RAC nodes x 36 cores, 2 drive enclosures, mirrored" in " ".join(text.split())
    for e in ev["capacity"]["elements"]:
        assert rows_with(text, e["label"], f"{e['size']['value']:,.0f}")
    assert "2 RAC nodes (max" in text
    assert f"SLA {ev['projection']['sla']['value']:g} ms" in text


def test_service_assumptions_and_pins_replace_the_engine_copy(bundle) -> None:
    ev = _evaluate(bundle, FS1)
    extra = {
        "key": "bom.prices",
        "text": "No price book chosen: the BOM is unpriced",
        "source": "",
        "value": None,
    }
    data = _proposal(
        ev,
        None,
        assumptions=[
            *_printed(ev).assumptions,
            Assumption("bom.prices", "No price book chosen: the BOM is unpriced", "", None),
        ],
        rule_versions={**ev["rule_versions"], "fs1-bom": 2},
    )
    assert data.assumptions[-1].label == extra["text"]
    assert ("fs1-bom", 2) in {(r.slug, r.version) for r in data.rules}
    assert not data.bom.priced and data.bom.total is None
    assert all(line.unit_price is None for line in data.bom.lines)


def test_dss_evaluation_has_no_tps_but_throughput(bundle) -> None:
    ev = _evaluate(
        bundle,
        {
            "workload": {"kind": "dss", "target_throughput_mb_s": 500, "query_streams": 4},
            "platform": {"family": "equallogic", "storage_model": "PS6110XV", "arrays": 1},
        },
    )
    data = _proposal(ev)
    assert data.headline.tps_at_sla is None
    labels = {f.label: f for f in data.headline.extra}
    assert labels["Sustained throughput"].unit == "MB/s"
    assert data.balance is None and data.load_response is None
    text = pdftotext(render_proposal_pdf(data))
    assert not rows_with(text, "TPS at SLA")  # a DSS proposal prints no empty TPS row
    assert "No balance curve" not in text  # no chart at all rather than an empty frame
    assert "Sustained throughput" in text
    assert "4 query streams" in data.workload.title
    one = _evaluate(
        bundle,
        {
            "workload": {"kind": "dss", "target_throughput_mb_s": 500, "query_streams": 1},
            "platform": {"family": "equallogic", "storage_model": "PS6110XV", "arrays": 1},
        },
    )
    title = _proposal(one).workload.title
    assert "1 query stream," in title


def test_an_odd_evaluation_is_refused_by_its_type_not_guessed_at(bundle) -> None:
    ev = _evaluate(bundle, FS1)
    with pytest.raises(ValidationError):
        evaluation_from_json({**ev, "summary": "??"})
    with pytest.raises(ValidationError):
        evaluation_from_json({**ev, "balance": {**ev["balance"], "points": [{"x": 1}]}})


def test_the_document_prints_the_published_numbers(bundle) -> None:
    """The mapping reads the evaluation as printed: the raw engine numbers and the API's agree."""
    evidence, rules = bundle
    raw = evaluate_design(design_inputs_from_dict(FS1), evidence, rules)
    printed = as_printed(raw)
    assert isinstance(raw, OltpEvaluation) and isinstance(printed, OltpEvaluation)
    assert printed.summary.max_sustained_tps.value == raw.to_dict()["summary"]["max_sustained_tps"]["value"]
    assert printed.summary.max_sustained_tps.value != raw.summary.max_sustained_tps.value  # rounded once
    data = proposal_from_evaluation(printed, meta=META, bom=bom_from_priced(_priced_bom()))
    assert data.headline.tps_at_sla is not None
    assert data.headline.tps_at_sla.value == printed.summary.max_sustained_tps.value


def test_bom_from_priced_keeps_exact_decimals() -> None:
    bom = bom_from_priced(
        {
            "currency": "EUR",
            "lines": [
                {
                    "section": "storage",
                    "part_number": "X",
                    "description": "",
                    "quantity": 3,
                    "unit_price": "0.10",
                    "extended_price": "0.30",
                },
            ],
        }
    )
    assert bom.total == Decimal("0.30")
    assert bom.lines[0].unit_price == Decimal("0.10")


def test_citations_split_into_document_and_locator() -> None:
    from reports.citations import split_cites

    assert split_cites("oracle-fs1-2016, Table 11; 2.5-inch SAS-2 SSDs per Table 2") == [
        ("oracle-fs1-2016", "Table 11"),
        ("oracle-fs1-2016", "2.5-inch SAS-2 SSDs per Table 2"),
    ]
    assert split_cites("a-doc, Table 1; b-doc, Figure 2") == [("a-doc", "Table 1"), ("b-doc", "Figure 2")]
    assert split_cites("docs/model.md") == [] and split_cites("model") == []


def test_pinned_rules_of_other_platforms_are_left_out(bundle) -> None:
    ev = _evaluate(bundle, FS1)
    pins = {**ev["rule_versions"], "netapp-raid-dp": 1, "oracle-fs1-data-mirrored": 1, "generic": 2}
    catalog: list[dict[str, Any]] = [
        {
            "slug": "netapp-raid-dp",
            "version": 1,
            "title": "RAID-DP",
            "source": "netapp-pam-2009, S 3",
            "applies_to": ("netapp",),
        },
        {
            "slug": "oracle-fs1-data-mirrored",
            "version": 1,
            "title": "Mirrored data",
            "source": "oracle-fs1-2016, Table 6",
            "applies_to": ("oracle-fs1",),
        },
        {"slug": "generic", "version": 2, "title": "For all", "source": "x-doc, T", "applies_to": ()},
    ]
    data = _proposal(ev, rule_versions=pins, rule_catalog=[CatalogRule(**row) for row in catalog])
    by_slug = {r.slug: r for r in data.rules}
    assert "netapp-raid-dp" not in by_slug
    assert by_slug["oracle-fs1-data-mirrored"].title == "Mirrored data"
    assert not by_slug["oracle-fs1-data-mirrored"].applied
    assert by_slug["generic"].source == "x-doc, T"
    # the Dell IOPS-per-user rule counts TPC-C users: pinned, but not applied to an FS1-2 design
    assert not by_slug["dell-iops-per-user"].applied
    assert all(by_slug[slug].applied for slug in ev["rule_versions"] if slug != "dell-iops-per-user")


def test_best_practice_rules_form_a_checklist(bundle) -> None:
    ev = _evaluate(bundle, FS1)
    ev["warnings"] = [
        {
            "code": "best-practice",
            "severity": "warning",
            "message": "Use RAID 10",
            "rule": {"slug": "raid-rule", "version": 1, "source": "x-doc, T1", "from_catalog": True},
        },
    ]
    pins = {**ev["rule_versions"], "raid-rule": 1, "fs1-advice": 2, "fs1-param": 1}
    catalog: list[dict[str, Any]] = [
        {"slug": "raid-rule", "version": 1, "title": "RAID 10", "kind": "best_practice", "applies_to": ()},
        {
            "slug": "fs1-advice",
            "version": 2,
            "title": "Large pages",
            "kind": "best_practice",
            "applies_to": ("oracle-fs1",),
        },
        {"slug": "fs1-param", "version": 1, "title": "A threshold", "kind": "threshold", "applies_to": ()},
    ]
    data = _proposal(ev, rule_versions=pins, rule_catalog=[CatalogRule(**row) for row in catalog])
    result = {(c.rule_slug, c.passed) for c in data.checks}
    assert result == {("raid-rule", False), ("fs1-advice", True)}
    # The customer proposal lists the practices in words; the annex has each result and its rule id.
    body = pdftotext(render_proposal_pdf(data))
    annex = pdftotext(render_annex_pdf(data))
    assert rows_with(body, "Large pages") and "fs1-advice" not in body
    assert rows_with(annex, "Large pages", "No warning")
    assert rows_with(annex, "Warning", "Use RAID 10")
    assert rows_with(annex, "Large pages", "fs1-advice v2")


def test_bands_profile_latency_and_utilisations_are_mapped_and_printed(bundle) -> None:
    ev = _evaluate(bundle, FS1)
    data = _proposal(ev)
    published = {b["quantity"]: b for b in ev["bands"]}
    assert [(b.value, b.low, b.high, b.half_width_pct, b.basis, b.widened) for b in data.headline.bands] == [
        (
            b["value"]["value"],
            b["low"]["value"],
            b["high"]["value"],
            b["half_width"]["value"],
            b["basis"],
            b["widened"],
        )
        for b in ev["bands"]
    ]
    assert data.headline.bands[0].label == "Maximum sustained TPS within the SLA"
    extra = {f.label: f for f in data.headline.extra}
    s = ev["summary"]
    assert extra["Storage latency per I/O at design load"].value == s["storage_latency_at_design"]["value"]
    assert extra["Storage latency per I/O at the SLA"].value == s["storage_latency_at_sla"]["value"]
    assert extra["Server CPU utilisation at design load"].value == s["cpu_utilisation_at_design"]["value"]
    assert extra["Storage utilisation at design load"].value == s["storage_utilisation_at_design"]["value"]
    assert data.load_response is not None and data.balance is not None
    assert data.load_response.band_pct == published["response_at_design"]["half_width"]["value"]
    assert data.balance.band_pct == published["storage_latency_at_design"]["half_width"]["value"]
    workload = {f.label: f for f in data.workload.facts}
    # No profile named: the family's own benchmark, and its measured read share (read_pct left empty).
    assert workload["Workload profile"].source == "the platform's own benchmark"
    assert workload["Read share"].value == ev["demand"]["read_pct"]["value"]
    assert workload["Read share"].source == "workload profile: its measured mix"
    assert workload["CPU per transaction"].value == ev["demand"]["cpu_per_transaction"]["value"]
    assert "profile: " in data.workload.title

    text = " ".join(pdftotext(render_annex_pdf(data)).split())
    tps = published["max_sustained_tps"]
    # Four significant figures for people (the band's ends are computed, not measured); the
    # half-width as a percentage to one decimal.
    assert (
        f"Maximum sustained TPS within the SLA: {fmt_number(tps['value']['value'])} TPS "
        f"({fmt_number(tps['low']['value'])} - {fmt_number(tps['high']['value'])} TPS; "
        f"+/-{round(tps['half_width']['value'], 1):g} %: {tps['basis']})"
    ) in text
    assert "Workload profile" in text
    # The key figures are the customer's: in the proposal.
    assert "Storage latency per I/O at design load" in " ".join(pdftotext(render_proposal_pdf(data)).split())


def test_a_closed_loop_and_the_users_own_awr_figures_are_printed_as_given(bundle) -> None:
    custom = {
        "workload": {
            "kind": "oltp",
            "users": 64,
            "think_time_s": 0,
            "read_pct": 75,
            "profile": "custom",
            "tx_per_s": 1200,
            "reads_per_s": 35400,
            "writes_per_s": 17000,
            "db_cpu_s_per_s": 11.5,
        },
        "platform": FS1["platform"],
    }
    data = _proposal(_evaluate(bundle, custom))
    workload = {f.label: f for f in data.workload.facts}
    # A think time of 0 is the user's (a closed loop), not the profile's calibration.
    assert (workload["Think time"].value, workload["Think time"].source) == (0.0, "design input")
    assert (workload["Read share"].value, workload["Read share"].source) == (75.0, "design input")
    assert workload["Workload profile"].source == "design input"
    assert workload["Transactions per second"].value == 1200
    assert workload["Physical writes per second"].source == "design input (AWR)"
    assert "Redo per second" not in workload  # not given
    assert "Warehouses" not in workload


def test_the_executive_summary_says_in_words_what_is_proposed_and_whether_it_holds(bundle) -> None:
    light = {**FS1, "workload": {"kind": "oltp", "users": 1000, "database_size_gb": 500}}
    heavy = {**FS1, "workload": {"kind": "oltp", "target_tps": 60000, "database_size_gb": 500}}
    holds, fails = _proposal(_evaluate(bundle, light)), _proposal(_evaluate(bundle, heavy))
    assert holds.headline.verdict == "Design holds" and fails.headline.verdict == "Design does not hold"
    first = holds.headline.narrative[0]
    assert (
        first.startswith("We propose Oracle FS1-2, 2 RAC nodes x 36 cores")
        and "for this workload: OLTP, 1,000 users" in first
    )
    assert holds.headline.narrative[1].startswith("The design holds: at the design load of ")
    assert "headroom" in holds.headline.narrative[1]
    why = fails.headline.narrative[1]
    assert why.startswith("The design does not hold: the design load of 60,000 TPS exceeds the ")
    text = " ".join(pdftotext(render_proposal_pdf(fails)).split())
    assert why in text  # printed as built (its numbers already for people)
    # And the cost, exact to the cent, from the priced BOM.
    assert f"The bill of materials totals USD {fails.bom.total:,.2f}" in text


def test_a_design_that_holds_until_a_month_says_so_in_its_headline_and_summary(bundle) -> None:
    # 60 % more users a year: 1,000 users hold today, the CPU target is missed in year 2 of 3.
    growing = {
        **FS1,
        "workload": {
            "kind": "oltp",
            "users": 1000,
            "database_size_gb": 500,
            "user_growth_pct_per_year": 60,
            "horizon_years": 3,
        },
    }
    ev = _evaluate(bundle, growing)
    assert ev["verdict"] == "holds-until"
    months = ev["targets"]["months_until_missed"]
    assert 12 < months <= 24 and ev["targets"]["first_missed"] == "cpu"
    data = _proposal(ev)
    assert data.headline.verdict == f"Design holds until month {months} of the growth horizon"
    assert data.headline.narrative[1].startswith("The design holds today: at the design load of ")
    assert data.headline.narrative[2] == (
        f"It holds until month {months} (year 2) of the 3-year growth horizon, when the growth misses "
        "its target on CPU at the design load."
    )
    text = " ".join(pdftotext(render_proposal_pdf(data)).split())
    assert f"Design holds until month {months} of the growth horizon" in text


def test_a_warning_names_its_catalog_rule_in_words_not_by_slug(bundle) -> None:
    # 25,800 TPS (the quarter rack's rating): the CPU target, the catalog's 80 % limit, is missed.
    rated = {**FS1, "workload": {"kind": "oltp", "target_tps": 25800, "database_size_gb": 500}}
    ev = _evaluate(bundle, rated)
    (engine,) = [w for w in ev["warnings"] if w["code"] == "cpu-target-missed"]
    assert "the catalog's CPU utilisation limit" in engine["message"]
    data = _proposal(ev)
    (printed,) = [
        w for w in data.warnings if w.rule_slug == "cpu-utilisation-limit" and w.severity == "critical"
    ]
    assert printed.message == engine["message"]
    assert "cpu-utilisation-limit" not in " ".join(data.headline.narrative)
    assert any("the catalog's CPU utilisation limit" in sentence for sentence in data.headline.narrative)
