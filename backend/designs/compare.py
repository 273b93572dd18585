"""Side-by-side comparison of 2-4 designs: TPS at SLA, headroom, bottleneck, capacity, cost, cost per
unit of throughput, the BOM by section, and (within one platform family) the BOM lines whose
quantities differ."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from designs.choices import BomSection
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


def compare_designs(*, designs: Sequence[Design]) -> dict[str, Any]:
    columns: list[dict[str, Any]] = []
    boms: list[dict[str, Any]] = []
    lines: dict[tuple[str, str], dict[str, Any]] = {}
    for design in designs:
        payload = design_evaluation(design)
        evaluation = payload["evaluation"]
        summary = evaluation.get("summary", {})
        bom = payload["bom"]
        boms.append(bom)
        columns.append(
            {
                "id": design.pk,
                "name": design.name,
                "revision": payload["revision"],
                "platform_family": design.platform.get("family"),
                "kind": evaluation.get("kind"),
                "verdict": evaluation.get("verdict"),
                "months_until_missed": months_until_missed(evaluation),
                "tps_at_sla": summary.get("max_sustained_tps"),
                "sustained_throughput": summary.get("sustained_throughput"),
                "sla_response": summary.get("sla_response"),
                "headroom_pct": summary.get("headroom_pct"),
                "bottleneck": summary.get("bottleneck"),
                "capacity": evaluation.get("capacity"),
                "warnings": len(evaluation.get("warnings", [])),
                "critical_warnings": sum(
                    1 for w in evaluation.get("warnings", []) if w.get("severity") == "critical"
                ),
                "cost": {
                    "currency": bom["currency"],
                    "total": bom["total"],
                    "complete": bom["complete"],
                    "unpriced_lines": bom["unpriced_lines"],
                },
                "cost_per_throughput": payload["cost_per_throughput"],
            }
        )
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
