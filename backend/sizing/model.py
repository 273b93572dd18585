"""The performance model of one design: stations, think time, SLA and storage capacity, from the
calibrated constants. Each platform family builds its own (sizing/families/, via the registry in
sizing.platforms); this module adds what every family shares and flags everything reached beyond
the evidence."""

from __future__ import annotations

from sizing.errors import EvidenceError
from sizing.evidence import EvidenceBundle
from sizing.families.base import ModelBuild, PlatformModel
from sizing.families.shared import WRITE_PENALTY, write_factor
from sizing.inputs import DesignInputs, OltpWorkload
from sizing.platforms import platform_family, storage_model
from sizing.rules import RuleSet

__all__ = ["WRITE_PENALTY", "PlatformModel", "build_model", "raid_write_factor"]


def raid_write_factor(family: str, raid: str, read_pct: float) -> float:
    """Front-end IOPS at `raid` relative to the level the family's IOPS were measured at, for a read share."""
    return write_factor(platform_family(family).measured_raid, raid, read_pct)


def build_model(inputs: DesignInputs, evidence: EvidenceBundle, rules: RuleSet) -> PlatformModel:
    w = inputs.workload
    p = inputs.platform
    if not isinstance(w, OltpWorkload):
        raise EvidenceError("the queueing model is for OLTP workloads")
    family = platform_family(p.family)
    b = ModelBuild(w, p, storage_model(p.storage_model), evidence, rules)
    server = family.default_server
    if p.node_cores == server.cores_per_node:
        b.note("cores_per_node", f"cores per RAC node of the measured server ({server.server})", server.source,
               p.node_cores, "count")  # fmt: skip
    else:
        b.note("cores_per_node", f"cores per RAC node as designed (measured server: {server.server})",
               "design input", p.node_cores, "count")  # fmt: skip
    return family.build_model(b)
