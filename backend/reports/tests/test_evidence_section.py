"""The proposal's section on the customer's own measurements (issue 38 point 5), from an
`evidence_overlay` as the designs payload publishes it (no database), mapped and read back with
pdftotext: the imports by name, both projections and the difference with units, each point against the
model, the error-band sentence; the customer's words in the proposal, the engine's in the annex; no
section without an overlay."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from reports import render_annex_pdf, render_proposal_pdf
from reports.mapping import EVIDENCE_CALIBRATED, EVIDENCE_COMPARED, NOT_PROJECTED, evidence_section
from reports.tests.readback import pdftotext, rows_with
from reports.tests.samples import sample_proposal

ENGINE_NOTE = (
    "Bench series: not used by the equallogic model: no equallogic fit takes a measured users / TPS / "
    "response series of a system outside the catalog"
)


def _q(value: float, unit: str) -> dict[str, Any]:
    return {"value": value, "unit": unit}


def overlay(*, recalibrated: bool = True) -> dict[str, Any]:
    baseline = {
        "verdict": "holds",
        "max_sustained_tps": _q(333.5, "TPS"),
        "users_at_max": _q(7045.0, "users"),
        "response_at_design": _q(1574.2, "ms"),
        "headroom_pct": _q(2.1034, "%"),
    }
    headline = (
        {
            "verdict": "does-not-hold",
            "max_sustained_tps": _q(328.1, "TPS"),
            "users_at_max": _q(6930.3, "users"),
            "response_at_design": _q(1909.0, "ms"),
            "headroom_pct": _q(0.4401, "%"),
        }
        if recalibrated
        else dict(baseline)
    )
    rows = [
        {"import": 7, "source": "prod_iops.csv, row 2", "at": "8 KB, 70 % read, 14 ms (64 outstanding)",
         "quantity": "iops", "unit": "IOPS", "measured": 4300.0, "predicted": 4512.25, "error_pct": 4.94,
         "note": ""},
        {"import": 7, "source": "prod_mbps.csv, row 2", "at": "1024 KB sequential, 8 outstanding",
         "quantity": "throughput", "unit": "MB/s", "measured": 610.0, "predicted": None, "error_pct": None,
         "note": "not predicted: no family model gives MB/s at an outstanding large-I/O count"},
        {"import": 8, "source": "soe_100u.xml", "at": "100 users", "quantity": "tps", "unit": "TPS",
         "measured": 4.9, "predicted": 5.1, "error_pct": 4.08, "note": ""},
    ]  # fmt: skip
    return {
        "imports": [
            {
                "id": 7,
                "name": "Prod array ORION",
                "kind": "orion",
                "points": 5,
                "existing_system": "Prod array",
                "family": "equallogic",
                "storage_model": "PS6010XV",
                "used_by_model": recalibrated,
                "notes": [],
            },
            {
                "id": 8,
                "name": "Bench series",
                "kind": "swingbench",
                "points": 3,
                "existing_system": "Prod array",
                "family": "equallogic",
                "storage_model": "PS6010XV",
                "used_by_model": False,
                "notes": [],
            },
        ],
        "recalibrated": recalibrated,
        "baseline": baseline,
        "headline": headline,
        "difference": {
            "verdict_changed": recalibrated,
            "max_sustained_tps": _q(-5.4, "TPS") | {"pct": -1.62},
            "users_at_max": _q(-114.7, "users") | {"pct": -1.63},
            "response_at_design": _q(334.8, "ms") | {"pct": 21.27},
            "headroom_pct": _q(-1.6633, "%") | {"pct": -79.08},
        }
        if recalibrated
        else {"verdict_changed": False},
        "notes": ["Evidence import 12 is no longer one of this design's team's: left out.", ENGINE_NOTE],
        "validation": {
            "on": "the recalibrated model" if recalibrated else "the catalog's model",
            "rows": rows,
            "error_bands_recomputed": False,
            "error_bands": "The error bands are the catalog's held-out errors per family "
            "(sizing/error_bands.json); they were not recomputed for this evidence set.",
        },
    }


def test_no_overlay_no_section() -> None:
    assert evidence_section(None) is None
    assert evidence_section({}) is None
    text = pdftotext(render_proposal_pdf(sample_proposal()))
    assert EVIDENCE_CALIBRATED not in text and EVIDENCE_COMPARED not in text


def test_the_calibrated_section_in_the_customers_words() -> None:
    section = evidence_section(overlay(), family="equallogic")
    assert section is not None and section.calibrated and section.title == EVIDENCE_CALIBRATED
    figures = {f.label: f for f in section.figures}
    tps = figures["Maximum throughput within the SLA"]
    assert (tps.published, tps.yours, tps.difference) == ("333.5 TPS", "328.1 TPS", "-5.4 TPS (-1.6 %)")
    assert figures["Response time at the design load"].difference == "+334.8 ms (+21 %)"
    # A headroom is a percentage: printed as people write one, its change in percentage points.
    headroom = figures["Headroom"]
    assert (headroom.published, headroom.yours) == ("2.1 %", "0.4 %")
    assert headroom.difference == "-1.7 percentage points"
    assert section.verdict == (
        "On the published evidence alone the design holds; with your measurements it does not hold."
    )
    orion, bench = section.imports
    assert (orion.name, orion.kind, orion.system, orion.points) == ("Prod array ORION", "ORION storage test",
                                                                    "Prod array (PS6010XV)", 5)  # fmt: skip
    assert orion.used == "The sizing model is calibrated on it"
    assert bench.kind == "Swingbench load test" and bench.used.startswith("Compared only")
    iops, mbps, users = section.points
    assert (iops.measurement, iops.quantity, iops.measured, iops.predicted, iops.error) == (
        "Prod array ORION", "I/O rate", "4,300 IOPS", "4,512 IOPS", "+4.9 %",
    )  # fmt: skip
    assert iops.at == "8 KB, 70 % read, 14 ms (64 I/Os in flight)"
    assert (mbps.measured, mbps.predicted, mbps.error) == ("610 MB/s", NOT_PROJECTED, "-")
    assert (users.measurement, users.measured, users.predicted) == ("Bench series", "4.9 TPS", "5.1 TPS")
    # The engine's notes are the annex's; the customer reads them in plain words.
    assert ENGINE_NOTE in section.technical_notes
    assert not any("equallogic" in n or "Evidence import" in n for n in section.notes)
    assert any("import 12" in n and "left out" in n for n in section.notes)
    assert "not recalculated with your measurements" in section.bands


def test_the_proposal_prints_the_section_and_the_annex_the_engines_notes() -> None:
    data = replace(sample_proposal(), evidence=evidence_section(overlay(), family="equallogic"))
    text = pdftotext(render_proposal_pdf(data))
    flat = " ".join(text.split())
    assert EVIDENCE_CALIBRATED in text
    assert rows_with(text, "Prod array ORION", "ORION storage test", "5")
    assert rows_with(text, "Figure", "Published evidence alone", "With your measurements", "Difference")
    assert rows_with(text, "Maximum throughput within the SLA", "333.5 TPS", "328.1 TPS", "-5.4 TPS")
    assert rows_with(text, "Users within the SLA", "7,045 users", "6,930 users", "-114.7 users")
    assert rows_with(text, "Prod array ORION", "I/O rate", "4,300 IOPS", "4,512 IOPS", "+4.9")
    assert rows_with(text, "610 MB/s", NOT_PROJECTED)
    assert "not recalculated with your measurements" in flat
    for raw in (ENGINE_NOTE, "error_bands.json", "outstanding", "recalibrated"):
        assert raw not in flat
    # The executive summary points to it; the section sits between the performance charts and the
    # capacity.
    assert "calibrated on measurements of your own systems" in flat
    headings = [line.strip() for line in text.splitlines()]
    assert headings.index("Performance") < headings.index(EVIDENCE_CALIBRATED) < headings.index("Capacity")
    annex = " ".join(pdftotext(render_annex_pdf(data)).split())
    assert EVIDENCE_CALIBRATED in annex and ENGINE_NOTE in annex and "error_bands.json" in annex


def test_named_but_not_calibrated_compares_without_a_second_projection() -> None:
    section = evidence_section(overlay(recalibrated=False), family="equallogic")
    assert section is not None and not section.calibrated and section.title == EVIDENCE_COMPARED
    assert section.figures == () and section.verdict == ""
    assert all(i.used.startswith("Compared with the model") for i in section.imports)
    text = pdftotext(render_proposal_pdf(replace(sample_proposal(), evidence=section)))
    assert EVIDENCE_COMPARED in text and "Published evidence alone" not in text
    assert rows_with(text, "Prod array ORION", "I/O rate", "4,300 IOPS", "4,512 IOPS")
    assert "which the model was not calibrated on" in " ".join(text.split())


def test_an_import_of_another_platform_is_said_to_be_compared_only() -> None:
    section = evidence_section(overlay(), family="netapp")
    assert section is not None
    assert section.imports[1].used == "Compared only: it was measured on another platform than this design's"
