"""Side-by-side comparison of 2-4 designs: TPS at SLA, headroom, bottleneck, capacity, cost, cost per
unit of throughput, the BOM by section, and (within one platform family) the BOM lines whose
quantities differ. A design of several databases (issue 40) is compared as them together: the
consolidated verdict and capacity, and each database's figures in the engine's order."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from designs.choices import BomSection
from designs.evaluation import cost_per_throughput
from designs.headline import months_until_missed
from designs.models import Design
from designs.services import design_evaluation

SECTION_LABELS = dict(BomSection.choices)


def _section_summaries(designs: Sequence[Design], boms: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each BOM section with, per design, its lines (quantity and description: like with like, never
    a sum of unlike units), its cost and its unpriced lines."""
    present = {line["section"] for bom in boms for line in bom["lines"]}
    out = []
    for section in SECTION_LABELS:
        if section not in present:
            continue
        per_design = []
        for design, bom in zip(designs, boms, strict=True):
            totals = next((s for s in bom["sections"] if s["section"] == section), None)
            per_design.append(
                {
                    "design": design.pk,
                    "items": [
                        {
                            "part_number": line["part_number"],
                            "description": line["description"],
                            "quantity": line["quantity"],
                        }
                        for line in bom["lines"]
                        if line["section"] == section
                    ],
                    "currency": bom["currency"],
                    "total": totals["total"] if totals and bom["currency"] else None,
                    "unpriced_lines": totals["unpriced_lines"] if totals else 0,
                }
            )
        out.append({"section": section, "label": SECTION_LABELS[section], "designs": per_design})
    return out


# A database's figures as a column lists them (sizing.consolidation.DatabaseResult, engine order).
DATABASE_FIGURES = (
    "throughput",
    "target_throughput",
    "response",
    "alone_throughput",
    "alone_response",
    "response_change",
    "response_change_pct",
    "headroom_pct",
)
SEVERAL_DATABASES_NOTE = (
    "A design of several databases: their throughputs (TPS and MB/s of different databases) are not "
    "one figure to divide the cost by"
)


def _database_row(result: dict[str, Any]) -> dict[str, Any]:
    verdict = result.get("verdict")
    return {
        "name": result["name"],
        "kind": result["kind"],
        "priority": result["priority"],
        "paused": result["paused"],
        "verdict": verdict,
        # holds-until meets its targets today (its month is the design's months_until_missed)
        "meets_targets": None if result["paused"] or verdict is None else verdict != "does-not-hold",
        **{figure: result.get(figure) for figure in DATABASE_FIGURES},
        "clones": result.get("clones", 0),
        "statement": result.get("statement", ""),
    }


def _consolidated_capacity(consolidation: dict[str, Any], evaluation: dict[str, Any]) -> dict[str, Any]:
    """The capacity of the databases and their clones together, in the column's shape: needed before
    and after the clones' data reduction, the platform's usable and raw capacity."""
    capacity = consolidation["capacity"]
    return {
        "total": capacity["required_without_clone_reduction"],
        "usable": capacity["usable"],
        "after_data_reduction": capacity["required"],
        "raw": capacity["raw"],
        "fits": capacity["fits"],
        # one platform: its RAID is the first database's evaluation's
        "raid": (evaluation.get("capacity") or {}).get("raid", ""),
    }


def _capacity_together(consolidation: dict[str, Any]) -> dict[str, Any]:
    capacity = consolidation["capacity"]
    return {
        "fits_only_with_clone_reduction": capacity["fits_only_with_clone_reduction"],
        "clone_reduction": capacity["clones"],
        "statement": capacity["statement"],
    }


def _warning_counts(warnings: Sequence[dict[str, Any]]) -> dict[str, int]:
    return {
        "warnings": len(warnings),
        "critical_warnings": sum(1 for w in warnings if w.get("severity") == "critical"),
    }


def _column(design: Design, payload: dict[str, Any]) -> dict[str, Any]:
    evaluation = payload["evaluation"]
    bom = payload["bom"]
    consolidation = payload.get("consolidation")
    # A design of one database with no list of databases: today's column, figure for figure.
    figures = evaluation
    cost_per = payload["cost_per_throughput"]
    if consolidation is not None and consolidation.get("single") is not None:
        # One database running (the others paused): its own evaluation is the figures', which is not
        # `evaluation` when the first database listed is a paused one.
        figures = consolidation["single"]
        cost_per = cost_per_throughput(summary=figures.get("summary", {}), bom=bom)
    summary = figures.get("summary", {}) if consolidation is None or consolidation.get("single") else {}
    column: dict[str, Any] = {
        "id": design.pk,
        "name": design.name,
        "revision": payload["revision"],
        "platform_family": design.platform.get("family"),
        "kind": figures.get("kind"),
        "verdict": figures.get("verdict"),
        "months_until_missed": months_until_missed(figures),
        "tps_at_sla": summary.get("max_sustained_tps"),
        "sustained_throughput": summary.get("sustained_throughput"),
        "sla_response": summary.get("sla_response"),
        "headroom_pct": summary.get("headroom_pct"),
        "bottleneck": summary.get("bottleneck"),
        "capacity": figures.get("capacity"),
        "capacity_together": None,
        **_warning_counts(figures.get("warnings", [])),
        "cost": {
            "currency": bom["currency"],
            "total": bom["total"],
            "complete": bom["complete"],
            "unpriced_lines": bom["unpriced_lines"],
        },
        "cost_per_throughput": cost_per,
        "consolidated": False,
        "not_validated_reason": None,
        "databases": [],
    }
    if consolidation is None:
        return column
    column.update(
        {
            "verdict": consolidation["verdict"],
            "capacity": _consolidated_capacity(consolidation, figures),
            "capacity_together": _capacity_together(consolidation),
            **_warning_counts(consolidation.get("warnings", [])),
            "consolidated": consolidation.get("single") is None,
            "not_validated_reason": consolidation.get("not_validated_reason"),
            "databases": [_database_row(result) for result in consolidation["databases"]],
        }
    )
    if consolidation["verdict"] != "holds-until":
        column["months_until_missed"] = None
    elif consolidation.get("single") is None:
        column["months_until_missed"] = consolidation.get("months_until_missed")
    if consolidation.get("single") is None:
        # Several databases together: no one TPS, SLA, headroom or cost per unit of throughput stands
        # for them (the first database alone would): each database's figures are in `databases`.
        column.update(
            {
                "kind": "consolidated",
                "bottleneck": consolidation["bottleneck"],
                "cost_per_throughput": {
                    "amount": None,
                    "currency": bom["currency"],
                    "unit": None,
                    "basis": "each database's own throughput",
                    "note": SEVERAL_DATABASES_NOTE,
                },
            }
        )
    return column


def compare_designs(*, designs: Sequence[Design]) -> dict[str, Any]:
    columns: list[dict[str, Any]] = []
    boms: list[dict[str, Any]] = []
    lines: dict[tuple[str, str], dict[str, Any]] = {}
    for design in designs:
        payload = design_evaluation(design)
        bom = payload["bom"]
        boms.append(bom)
        columns.append(_column(design, payload))
        for line in bom["lines"]:
            entry = lines.setdefault(
                (line["section"], line["part_number"]),
                {
                    "section": line["section"],
                    "part_number": line["part_number"],
                    "description": line["description"],
                    "quantities": {str(d.pk): 0 for d in designs},
                },
            )
            entry["quantities"][str(design.pk)] += line["quantity"]
    families = {column["platform_family"] for column in columns}
    # Part numbers of different platform families never coincide: their "differences" would list
    # every line of each design as missing from the others. Compare those by section only.
    comparable = len(families) == 1
    differences = [entry for entry in lines.values() if len(set(entry["quantities"].values())) > 1]
    return {
        "designs": columns,
        "bom_sections": _section_summaries(designs, boms),
        "bom_part_lines_comparable": comparable,
        "bom_part_lines_note": (
            ""
            if comparable
            else "The designs are on different platform families ("
            + ", ".join(sorted(str(f) for f in families))
            + "): their part numbers differ throughout, so part-level differences are not comparable."
            " Compare them by section."
        ),
        "bom_differences": differences if comparable else [],
        "bom_lines_in_common": len(lines) - len(differences) if comparable else 0,
    }
