"""The headline of a design for the designs list: its verdict, the throughput it sustains (TPS for
OLTP, MB/s for DSS) and its cost, as of its latest saved content.

Evaluated when the design is saved (designs.services records it with the revision) and stored on the
design's row, so the list never evaluates: a page costs the same at 10 designs and at 1,000. The
editor and the exports evaluate afresh; `manage.py refresh_design_headlines` re-evaluates stored
headlines (after the migration that added them, or after a price book's prices changed in place).
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from core.errors import InvalidInput
from designs.evaluation import evaluation_payload
from designs.models import Design

NOT_EVALUATED = "Not evaluated yet"
NO_PRICE_BOOK = "No price book chosen"
# The columns of Design that hold the headline (designs.models).
HEADLINE_FIELDS = (
    "verdict",
    "months_until_missed",
    "throughput",
    "throughput_unit",
    "cost_total",
    "cost_currency",
    "cost_note",
    "evaluation_note",
)


def _first_message(errors: Any) -> str:
    """The first message of an InvalidInput's field errors (nested like the input)."""
    if isinstance(errors, dict | list):
        for value in errors.values() if isinstance(errors, dict) else errors:
            message = _first_message(value)
            if message:
                return message
    return errors if isinstance(errors, str) else ""


def months_until_missed(evaluation: dict[str, Any]) -> int | None:
    """holds-until's month (targets.months_until_missed); None for a design that holds through its
    horizon or does not hold today."""
    return (
        evaluation["targets"]["months_until_missed"] if evaluation.get("verdict") == "holds-until" else None
    )


def headline_of(payload: dict[str, Any]) -> dict[str, Any]:
    """The headline columns from an evaluation payload (designs.evaluation.evaluation_payload)."""
    evaluation = payload["evaluation"]
    summary = evaluation.get("summary", {})
    # OLTP: the most TPS held within the SLA; DSS: the MB/s the query streams sustain.
    figure = summary.get("max_sustained_tps") or summary.get("sustained_throughput")
    bom = payload["bom"]
    if bom["currency"] is None:
        cost_note = NO_PRICE_BOOK
    elif bom["unpriced_lines"]:
        lines = bom["unpriced_lines"]
        cost_note = f"{lines} BOM line{'s' if lines != 1 else ''} without a price: the total excludes them"
    else:
        cost_note = ""
    consolidation = payload.get("consolidation")
    if consolidation is not None:
        # A design of several databases: its verdict is theirs together; the figure stays the first
        # database's (alone), as its own evaluation states it.
        evaluation = {**evaluation, "verdict": consolidation["verdict"]}
    return {
        "verdict": evaluation["verdict"],
        "months_until_missed": months_until_missed(evaluation),
        "throughput": figure["value"] if figure else None,
        "throughput_unit": figure["unit"] if figure else "",
        "cost_total": Decimal(bom["total"]) if bom["total"] is not None else None,
        "cost_currency": bom["currency"] or "",
        "cost_note": cost_note,
        "evaluation_note": "",
    }


def not_evaluated(reason: str = NOT_EVALUATED) -> dict[str, Any]:
    """The headline columns of a design without an evaluation, saying why."""
    reason = reason[:300]
    return {
        "verdict": "",
        "months_until_missed": None,
        "throughput": None,
        "throughput_unit": "",
        "cost_total": None,
        "cost_currency": "",
        "cost_note": reason,
        "evaluation_note": reason,
    }


def evaluated_headline(*, design: Design, overrides: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Evaluate the design's content as saved (its pinned rule versions and price book, the given
    BOM overrides) and return its headline columns. A design the evaluation refuses (evidence that
    cannot size it, a BOM rule that fails) is still saved: its headline says why instead."""
    try:
        payload = evaluation_payload(
            workload=design.workload,
            platform=design.platform,
            rule_versions=design.rule_versions,
            configuration=design.reference_configuration,
            price_book=design.price_book,
            overrides=overrides,
            databases=design.databases,
            clone_reduction_ratio=design.clone_reduction_ratio,
            # The figures the editor shows: on the team's measurements too when the design opts in.
            team_id=design.team_id,
            evidence_imports=design.evidence_imports if design.calibrate_on_evidence else [],
            calibrate_on_evidence=design.calibrate_on_evidence,
        )
    except InvalidInput as exc:
        return not_evaluated(f"Cannot be evaluated: {_first_message(exc.field_errors) or exc.message}")
    return headline_of(payload)


def headline_payload(design: Design) -> dict[str, Any]:
    """The list row's `headline` (designs.serializers.DesignHeadlineSerializer) from the stored columns."""
    evaluated = bool(design.verdict)
    reason = None if evaluated else (design.evaluation_note or NOT_EVALUATED)
    return {
        "verdict": design.verdict or None,
        "months_until_missed": design.months_until_missed,
        "throughput": (
            {"value": design.throughput, "unit": design.throughput_unit}
            if design.throughput is not None
            else None
        ),
        "cost": {
            "total": str(design.cost_total) if design.cost_total is not None else None,
            "currency": design.cost_currency or None,
            "note": design.cost_note or reason,
        },
        "note": reason,
    }
