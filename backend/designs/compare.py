"""Side-by-side comparison of 2-4 designs: TPS at SLA, headroom, bottleneck, capacity, cost and the
BOM lines whose quantities differ."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from designs.models import Design
from designs.services import design_evaluation


def compare_designs(*, designs: Sequence[Design]) -> dict[str, Any]:
    columns: list[dict[str, Any]] = []
    lines: dict[tuple[str, str], dict[str, Any]] = {}
    for design in designs:
        payload = design_evaluation(design)
        evaluation = payload["evaluation"]
        summary = evaluation.get("summary", {})
        bom = payload["bom"]
        columns.append(
            {
                "id": design.pk,
                "name": design.name,
                "revision": payload["revision"],
                "kind": evaluation.get("kind"),
                "verdict": evaluation.get("verdict"),
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
    differences = [entry for entry in lines.values() if len(set(entry["quantities"].values())) > 1]
    return {
        "designs": columns,
        "bom_differences": differences,
        "bom_lines_in_common": len(lines) - len(differences),
    }
