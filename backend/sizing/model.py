"""The performance model of one design: stations, think time, SLA and storage capacity, from the
calibrated constants. Each platform family builds its own (sizing/families/, via the registry in
sizing.platforms); this module adds what every family shares and flags everything reached beyond
the evidence."""

from __future__ import annotations

from sizing.calibration import Constant
from sizing.errors import EvidenceError
from sizing.evidence import EvidenceBundle, Source
from sizing.families.base import (
    KEPT_STATIONS,
    ModelBuild,
    PlatformFamily,
    PlatformModel,
    ProfileFit,
    WorkloadProfile,
)
from sizing.families.shared import WRITE_PENALTY
from sizing.inputs import CUSTOM_PROFILE, DesignInputs, OltpWorkload
from sizing.platforms import REGISTRY, platform_family, storage_model
from sizing.rules import RuleSet

__all__ = ["WRITE_PENALTY", "PlatformModel", "build_model"]


def build_model(inputs: DesignInputs, evidence: EvidenceBundle, rules: RuleSet) -> PlatformModel:
    w = inputs.workload
    p = inputs.platform
    if not isinstance(w, OltpWorkload):
        raise EvidenceError("the queueing model is for OLTP workloads")
    family = platform_family(p.family)
    b = ModelBuild(w, p, storage_model(p.storage_model), evidence, rules)
    b.profile_fit = resolve_profile(b, family)
    server = family.default_server
    if p.node_cores == server.cores_per_node:
        b.note("cores_per_node", f"cores per RAC node of the measured server ({server.server})", server.source,
               p.node_cores, "count")  # fmt: skip
    else:
        b.note("cores_per_node", f"cores per RAC node as designed (measured server: {server.server})",
               "design input", p.node_cores, "count")  # fmt: skip
    model = family.build_model(b)
    profile = model.profile or (b.profile_fit.profile if b.profile_fit else None)
    # dataclasses.replace without re-running __init__ over the model's ~25 fields (a frozen dataclass
    # with no __post_init__: the copy is the one replace makes)
    out = object.__new__(type(model))
    out.__dict__.update(model.__dict__, read_pct=b.read_pct, rac_nodes=p.rac_nodes, profile=profile)
    out.__dict__.pop(KEPT_STATIONS, None)  # networks kept for the family's model are not this copy's
    return out


# A custom profile's defaults where the AWR figures say nothing about them (flagged).
CUSTOM_THINK_S = 0.0
CUSTOM_SLA_S = 0.020


def custom_profile(w: OltpWorkload) -> ProfileFit:
    """The user's own workload from AWR load-profile figures: per-transaction reads, writes and CPU by
    the forced-flow and utilisation laws (V = X_io / X, D_cpu = DB CPU / X)."""
    tps = float(w.tx_per_s or 0.0)
    reads = float(w.reads_per_s or 0.0) / tps
    # AWR's physical write requests are the database writers' (and direct writes); LGWR's redo is the
    # "redo size" row. It loads the same storage: taken as writes of the workload's block size, an upper
    # bound on the request rate (LGWR writes are larger and sequential, so fewer requests carry them).
    redo_writes_per_s = float(w.redo_mb_per_s or 0.0) * 1e6 / (w.block_size_kb * 1024)
    writes = (float(w.writes_per_s or 0.0) + redo_writes_per_s) / tps
    cpu = float(w.db_cpu_s_per_s or 0.0) / tps
    total = reads + writes
    src = (Source("design input", "AWR load profile"),)
    return ProfileFit(
        profile=WorkloadProfile(
            CUSTOM_PROFILE,
            "Your workload (AWR figures)",
            CUSTOM_PROFILE,
            "",
            CUSTOM_THINK_S,
            CUSTOM_SLA_S,
            "design input (AWR load profile)",
        ),
        family="",
        server="the server the AWR report was taken on",
        read_pct=100.0 * reads / total if total else 100.0,
        block_size_kb=w.block_size_kb,
        reads_per_tx=reads,
        writes_per_tx=writes,
        cpu_s_per_tx=cpu,
        constants=(
            Constant(
                "reads_per_transaction",
                reads,
                "IOs/transaction",
                f"physical reads/s {w.reads_per_s:g} / transactions/s {tps:g} (forced flow law)",
                src,
            ),
            Constant(
                "writes_per_transaction",
                writes,
                "IOs/transaction",
                f"(physical writes/s {w.writes_per_s or 0:g} + redo {w.redo_mb_per_s or 0:g} MB/s as "
                f"{w.block_size_kb:g} KB writes, {redo_writes_per_s:.4g}/s) / transactions/s {tps:g}",
                src,
            ),
            Constant(
                "cpu_per_transaction",
                cpu,
                "s",
                f"DB CPU s/s {w.db_cpu_s_per_s:g} / transactions/s {tps:g} (utilisation law)",
                src,
            ),
        ),
    )


def resolve_profile(b: ModelBuild, family: PlatformFamily) -> ProfileFit | None:
    """The profile the design runs: its own AWR figures, a named document's benchmark, or its family's
    own. A benchmark measured on another family's servers is flagged: its CPU cost per transaction is
    that server's."""
    w = b.workload
    if w.profile == CUSTOM_PROFILE:
        own = custom_profile(w)
        if w.think_time_s is None:
            b.flag(
                "workload.think_time_s", f"custom profile without a think time: {CUSTOM_THINK_S:g} s assumed"
            )
        if w.sla_response_ms is None:
            b.flag("workload.sla_response_ms",
                   f"custom profile without an SLA: {CUSTOM_SLA_S * 1000:g} ms assumed")  # fmt: skip
        for c in own.constants:
            b.const(c)
        return own
    slug = w.profile or family.profile
    if not slug:
        return None
    owner = next((f for f in REGISTRY.values() if f.profile == slug and f.fit_profile is not None), None)
    if owner is None or owner.fit_profile is None:
        return None
    key = ("profile", slug, b.rules.cache_key())  # (a tuple: the long rules key is not copied and re-hashed)
    if key not in b.evidence.cache:
        b.evidence.cache[key] = owner.fit_profile(b.evidence, b.rules)
    fit: ProfileFit = b.evidence.cache[key]
    if owner.slug != family.slug:
        b.flag(
            "workload.profile",
            # The profile's label names its document ("... (Dell EqualLogic 2010)"); its slug is a key.
            f"{fit.profile.label} was measured on {fit.server}: its CPU cost per "
            f"transaction is that server's, transferred to this platform's cores",
        )
    return fit
