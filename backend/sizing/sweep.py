"""Evaluate many designs at once (what-if sweeps): the headline numbers of evaluate_design for each
design, with the queueing model solved for all designs together in numpy.

Same model and same Bard-Schweitzer equations as sizing.mva (its Erlang C residence at a multi-server
station, `mva.queue_terms`); only the iteration is vectorised. The full per-design report (balance, projections, warnings) stays in evaluate_design.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
from scipy import special

from sizing import mva
from sizing.demand import capacity_breakdown, raw_capacity, stated_usable_gb_per_unit
from sizing.evidence import EvidenceBundle
from sizing.inputs import DesignInputs, OltpWorkload
from sizing.model import PlatformModel, build_model
from sizing.rules import RuleSet

F = npt.NDArray[np.float64]


@dataclass(frozen=True)
class SweepResult:
    users: F
    design_tps: F
    max_sustained_tps: F
    users_at_max: F
    response_ms: F
    capacity_fits: npt.NDArray[np.bool_]
    extrapolated: npt.NDArray[np.bool_]
    cpu_pct: F  # CPU utilisation at the design load (utilisation law at the design throughput)
    required_gb: F
    usable_gb: F

    @property
    def holds(self) -> npt.NDArray[np.bool_]:
        ok: npt.NDArray[np.bool_] = (
            self.design_tps <= self.max_sustained_tps * (1 + 1e-9)
        ) & self.capacity_fits
        return ok


def _model_key(inputs: DesignInputs) -> tuple[object, ...]:
    w, p = inputs.workload, inputs.platform
    assert isinstance(w, OltpWorkload)
    return (p.family, p.storage_model, p.arrays, p.drives_per_enclosure, p.asm_volumes, p.pam, p.node_cores, p.raid_level,
            w.block_size_kb, w.read_pct, w.think_time_s, w.sla_response_ms, w.profile, w.warehouses, w.sga_gb,
            w.tx_per_s, w.reads_per_s, w.writes_per_s, w.db_cpu_s_per_s)  # fmt: skip


def _servers(srv: F | None, q: F) -> tuple[F, F, npt.NDArray[np.bool_]]:
    """Server counts (1 where not given), their Erlang constants and the single-server mask."""
    srv = np.ones_like(q) if srv is None else srv
    single = srv == 1
    lg = np.where(single, 0.0, special.gammaln(np.where(single, 2.0, srv) + 1.0))
    return srv, lg, single


def _bisect_x(
    q: F, fixed: F, a: F, target: F, think: F, iters: int = 64, bq: F | None = None, srv: F | None = None
) -> F:
    """X solving X (think + fixed + sum q_k) = target (the population), q_k the queue term at the
    utilisation a X q + X bq (q / (1 - that) with one server, sizing.mva's Erlang C term with `srv`
    servers), for every design at once (bq: background demand per server, as sizing.mva)."""
    bq = np.zeros_like(q) if bq is None else bq
    srv, lg, single = _servers(srv, q)
    hi = 1.0 / np.maximum(np.maximum(a, 1e-12)[:, None] * q + bq, 1e-300).max(axis=1)
    hi = np.minimum(hi, target / (think + fixed + q.sum(axis=1)))
    lo = np.zeros_like(hi)
    for _ in range(iters):
        mid = 0.5 * (lo + hi)
        denom = np.maximum(1.0 - a[:, None] * mid[:, None] * q - mid[:, None] * bq, 1e-300)
        r = fixed + mva.queue_terms(q, srv, lg, denom, single).sum(axis=1)
        below = mid * (think + r) < target
        lo = np.where(below, mid, lo)
        hi = np.where(below, hi, mid)
    return lo


def _sla_fixed_point(q: F, bq: F, fixed: F, think: F, sla: F, iters: int = 64, srv: F | None = None) -> F:
    """X with fixed + sum q_k = SLA, q_k the queue term at the utilisation a X q + X bq, where
    a = (N-1)/N and N = X (Z + SLA), for every design at once: with T = Z + SLA the utilisation is
    (q + bq) X - q/T and each queue's term (q / (1 + q/T - (q + bq) X) with one server) one increasing
    function of X below the SLA at X = 0, bisected up to its first pole (sizing.mva)."""
    srv, lg, single = _servers(srv, q)
    total = (think + sla)[:, None]
    p = 1.0 + q / total
    c = q + bq
    # the first pole of a queue (q > 0: a padded or delay-only column has none); every design has a
    # CPU and a storage queue, so it is finite
    hi = np.where((q > 0) & (c > 0), p / np.where(c > 0, c, 1.0), np.inf).min(axis=1)
    lo = np.zeros_like(hi)
    for _ in range(iters):
        mid = 0.5 * (lo + hi)
        denom = np.maximum(p - c * mid[:, None], 1e-300)
        r = fixed + mva.queue_terms(q, srv, lg, denom, single).sum(axis=1)  # (a column with q = 0 adds 0)
        below = r < sla
        lo = np.where(below, mid, lo)
        hi = np.where(below, hi, mid)
    # one user alone already waits the SLA (the light-load response reaches it): no load meets it
    return np.where(fixed + q.sum(axis=1) >= sla, 0.0, lo)


def sweep(
    designs: Sequence[DesignInputs], evidence: EvidenceBundle, rules: RuleSet, *, iters: int = 64
) -> SweepResult:
    """`iters`: bisection steps (64 reach the float's precision; a screen with a 1 % margin needs 40:
    2^-40 of the bracket is ~1e-12)."""
    n = len(designs)
    models: dict[tuple[object, ...], PlatformModel] = {}
    q = np.zeros((n, 3))  # cpu, storage and the optional delay station
    bq = np.zeros((n, 3))
    srv = np.ones((n, 3))
    fixed = np.empty(n)
    think = np.empty(n)
    sla = np.empty(n)
    users = np.empty(n)
    target_tps = np.full(n, np.nan)
    fits = np.empty(n, dtype=bool)
    extrap = np.empty(n, dtype=bool)
    cpu_busy = np.zeros(n)
    required = np.empty(n)
    usable_gb = np.empty(n)
    cap_cache: dict[tuple[object, ...], tuple[float, float, bool]] = {}
    for i, d in enumerate(designs):
        w, p = d.workload, d.platform
        assert isinstance(w, OltpWorkload), "sweeps are for OLTP designs"
        key = _model_key(d)
        m = models.get(key)
        if m is None:
            m = models[key] = build_model(d, evidence, rules)
        st = m.stations(p.rac_nodes)
        q[i, : len(st)] = [s.queue_demand for s in st]
        bq[i, : len(st)] = [s.background_per_server for s in st]
        srv[i, : len(st)] = [1.0 if s.delay else float(s.servers) for s in st]
        fixed[i] = sum(s.fixed_delay for s in st)
        cpu_busy[i] = next(s.busy_per_server for s in st if s.name == "cpu")
        think[i], sla[i] = m.think_s, m.sla_s
        extrap[i] = bool(m.flags)
        if w.users is not None:
            users[i] = w.users
        else:
            target_tps[i] = w.target_tps or 0.0
            users[i] = np.nan
        ckey = (w.database_size_gb, w.include_backup_overhead, p.storage_model, p.raid_level, p.arrays,
                p.drives_per_enclosure, p.dedup_ratio, p.thin_provisioning)  # fmt: skip
        if ckey not in cap_cache:
            br = capacity_breakdown(w.database_size_gb, rules, include_backup=w.include_backup_overhead)
            # as sizing.evaluation_common's capacity: the stated usable figure per unit where a document gives one
            raw = raw_capacity(br.total_gb, p.storage_model, p.raid_level, p.arrays, p.drives_per_enclosure,
                               p.dedup_ratio if p.thin_provisioning or p.dedup_ratio else None,
                               stated_usable_gb_per_unit(p.storage_model, rules))  # fmt: skip
            cap_cache[ckey] = (raw.required_gb, raw.usable_gb, raw.fits)
        required[i], usable_gb[i], fits[i] = cap_cache[ckey]
    # SLA point: the fixed point of mva.sla_population's rounds (a = (N-1)/N with N = X (Z + SLA)),
    # solved directly as mva._sla_population_direct does: rounds of a creep to it at a few users.
    x_sla = _sla_fixed_point(q, bq, fixed, think, sla, iters, srv)
    n_sla = np.maximum(x_sla * (think + sla), 1.0)
    # design point: by users, or users for a target TPS by the response time law at the SLA point's R
    by_tps = np.isnan(users)
    users = np.where(by_tps, np.maximum(np.nan_to_num(target_tps) * (think + sla), 1.0), users)
    a_u = (users - 1.0) / users
    x_u = _bisect_x(q, fixed, a_u, users, think, iters, bq=bq, srv=srv)
    resp = users / np.maximum(x_u, 1e-300) - think
    design_tps = np.where(by_tps, np.nan_to_num(target_tps), x_u)
    cpu_pct = np.minimum(design_tps * cpu_busy, 1.0) * 100.0
    return SweepResult(
        users, design_tps, x_sla, n_sla, resp * 1000.0, fits, extrap, cpu_pct, required, usable_gb
    )
