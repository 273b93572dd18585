"""The engine's entry point: evaluate one design against the evidence and the rules.

    evaluate_design(inputs, evidence, rules) -> DesignEvaluation   (.to_dict() is JSON-ready)

Every number in the output carries its unit; the output lists the assumptions (with sources) and
flags whatever lies beyond the measured evidence.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from sizing import __version__, balance, demand, mva, projection
from sizing.errors import EvidenceError
from sizing.evidence import EvidenceBundle
from sizing.inputs import DesignInputs, DssWorkload, OltpWorkload
from sizing.model import PlatformModel, build_model
from sizing.notes import Assumption, Flag
from sizing.rules import RuleSet
from sizing.units import Quantity, q, rounded
from sizing.warnings import Warning, best_practice_warnings, extrapolation_warnings


def _qd(value: float, unit: str, digits: int = 4) -> dict[str, Any]:
    return Quantity(float(value), unit).to_dict(digits)


@dataclass(frozen=True)
class DesignEvaluation:
    kind: str
    inputs: DesignInputs
    verdict: str  # holds | does-not-hold
    summary: dict[str, Any]
    sections: dict[str, Any]
    warnings: tuple[Warning, ...]
    assumptions: tuple[Assumption, ...]
    flags: tuple[Flag, ...]
    rule_versions: dict[str, int] = field(default_factory=dict)

    @property
    def extrapolated(self) -> bool:
        return bool(self.flags)

    def to_dict(self) -> dict[str, Any]:
        return {
            "engine_version": __version__,
            "kind": self.kind,
            "verdict": self.verdict,
            "inputs": self.inputs.to_dict(),
            "summary": self.summary,
            **self.sections,
            "warnings": [w.to_dict() for w in self.warnings],
            "extrapolated": self.extrapolated,
            "extrapolation": [f.to_dict() for f in self.flags],
            "assumptions": [a.to_dict() for a in self.assumptions],
            "rule_versions": dict(sorted(self.rule_versions.items())),
        }


def evaluate_design(inputs: DesignInputs, evidence: EvidenceBundle, rules: RuleSet) -> DesignEvaluation:
    if isinstance(inputs.workload, DssWorkload):
        return _evaluate_dss(inputs, inputs.workload, evidence, rules)
    return _evaluate_oltp(inputs, inputs.workload, evidence, rules)


def _critical(warns: list[Warning]) -> bool:
    return any(w.severity == "critical" for w in warns)


def _users_for_tps(st: tuple[mva.Station, ...], think: float, tps: float, at_sla: mva.Solution) -> float:
    """Population whose model throughput is the target (bisection; X(N) increases with N)."""
    if tps >= at_sla.throughput:
        # beyond the SLA point: users by the response time law at the SLA response
        return max(1.0, tps * (think + at_sla.response_s))
    lo, hi = 0.0, at_sla.users
    for _ in range(60):
        mid = 0.5 * (lo + hi)
        if mva.schweitzer(st, think, max(mid, 1e-9)).throughput < tps:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-6 * hi:
            break
    return max(hi, 1e-6)


def _capacity_section(
    size_gb: float, inputs: DesignInputs, rules: RuleSet, include_backup: bool
) -> tuple[dict[str, Any], demand.RawCapacity, demand.CapacityBreakdown]:
    p = inputs.platform
    br = demand.capacity_breakdown(size_gb, rules, include_backup=include_backup)
    stated: float | None = None
    if p.storage_model == "X-Brick":
        usable_gb, _ = rules.param("xtremio-xdp-capacity", "usable_capacity", "GB")
        xbricks, _ = rules.param("xtremio-xdp-capacity", "xbricks")
        stated = usable_gb / xbricks
    raw = demand.raw_capacity(
        br.total_gb,
        p.storage_model,
        p.raid_level,
        p.arrays,
        p.drives_per_enclosure,
        p.dedup_ratio if p.thin_provisioning or p.dedup_ratio else None,
        stated,
    )
    section = {
        "elements": [
            {"element": name, "label": demand.ELEMENT_LABELS[name], "size": _qd(gb, "GB")}
            for name, gb in br.elements
        ],
        "total": _qd(br.total_gb, "GB"),
        "after_data_reduction": _qd(raw.required_gb, "GB"),
        "dedup_ratio": _qd(raw.dedup_ratio, "ratio"),
        "usable": _qd(raw.usable_gb, "GB"),
        "raw": _qd(raw.raw_gb, "GB"),
        "raid": p.raid_level,
        "raid_efficiency": _qd(raw.raid_efficiency, "fraction"),
        "raid_note": raw.raid_note,
        "hot_spares_per_unit": _qd(raw.geometry.hot_spares, "count"),
        "asm_redundancy": "external",
        "fits": raw.fits,
        "rule": br.rule.ref(),
        "hardware_source": raw.geometry.source,
    }
    return section, raw, br


DRIVE_TECHNOLOGY = {"PS6010XV": "sas_15k", "PS6110XV": "sas_15k", "PS6010S": "ssd", "FS1-2": "ssd",
                    "X-Brick": "ssd", "FAS3140": "fc_15k"}  # fmt: skip


def design_facts(inputs: DesignInputs) -> dict[str, Any]:
    """The design as flat facts for the catalog's best-practice checks ({field, op, value, when}).
    A rule naming a field the design does not carry (e.g. NFS mount options) is not evaluated."""
    p = inputs.platform
    return {
        "family": p.family, "storage_model": p.storage_model, "raid": p.raid_level, "data_raid": p.raid_level,
        "asm_volumes": p.asm_volumes, "asm_redundancy": "external", "rac_nodes": p.rac_nodes, "arrays": p.arrays,
        "workload_kind": inputs.workload.kind, "pam": p.pam, "drive_technology": DRIVE_TECHNOLOGY[p.storage_model],
        "cores_per_node": p.node_cores, "memory_gb_per_node": p.node_memory_gb,
        "thin_provisioning": p.thin_provisioning,
    }  # fmt: skip


def _evaluate_oltp(
    inputs: DesignInputs, w: OltpWorkload, evidence: EvidenceBundle, rules: RuleSet
) -> DesignEvaluation:
    p = inputs.platform
    m: PlatformModel = build_model(inputs, evidence, rules)
    assumptions = list(m.assumptions)
    flags = list(m.flags)
    warns: list[Warning] = []
    st = m.stations(p.rac_nodes)
    at_sla = mva.sla_point(st, m.think_s, m.sla_s)
    if w.users is not None:
        users = float(w.users)
    else:
        users = _users_for_tps(st, m.think_s, float(w.target_tps or 0.0), at_sla)
    sol = mva.solve(st, m.think_s, users) if users >= 1 else mva.schweitzer(st, m.think_s, 1.0)
    if users < 1:
        sol = mva.Solution(
            users,
            sol.throughput * users,
            sol.response_s,
            sol.residence_s,
            tuple(u * users for u in sol.utilisation),
            tuple(x * users for x in sol.queue),
        )
    design_tps = sol.throughput if w.users is not None else float(w.target_tps or 0.0)
    bnd = mva.bounds(st, m.think_s, max(users, 1.0))
    bottleneck = projection.bottleneck(st, at_sla)
    # Below the SLA response time no load at all may be possible (a single user already waits longer).
    sla_attainable = at_sla.response_s <= m.sla_s * (1 + 1e-9)
    max_tps = at_sla.throughput if sla_attainable else 0.0
    users_at_max = at_sla.users if sla_attainable else 0.0
    # Headroom in the quantity the architect set: users (throughput flattens past the knee, so a TPS ratio
    # reads ~0% however far a user load overshoots) or target TPS.
    if w.users is not None:
        headroom = (users_at_max / users - 1.0) * 100.0
    else:
        headroom = (max_tps / design_tps - 1.0) * 100.0 if design_tps > 0 else 0.0

    rule_iops = demand.iops_per_user(
        rules, backup=w.include_backup_overhead, growth=w.include_growth_overhead
    )
    iops_rule_value = rule_iops.iops(users)
    iops_model = design_tps * m.ios_per_tx
    cap_section, raw, br = _capacity_section(w.database_size_gb, inputs, rules, w.include_backup_overhead)

    # balance and projections
    zones = balance.zones(rules, m.ssd)
    bal_points = balance.curve(st, m.think_s, m.ios_per_tx, at_sla.users)
    at_limit = balance.point(st, at_sla, m.ios_per_tx)
    verdict_balance = balance.classify(at_limit, zones, bottleneck)
    nodes = sorted({1, 2, 3, 4, p.rac_nodes})
    series = projection.series(m.stations, m.think_s, m.sla_s, nodes)

    # warnings
    facts = {
        **design_facts(inputs), "read_pct": w.read_pct, "block_size_kb": w.block_size_kb, "users": users,
    }  # fmt: skip
    bp, checked = best_practice_warnings(rules, facts)
    warns.extend(bp)
    if p.storage_model == "PS6010XV":
        need = rule_iops.arrays_needed(users)
        if need > p.arrays:
            warns.append(
                Warning(
                    "add-arrays",
                    "critical",
                    f"{users:,.0f} users need {iops_rule_value:,.0f} IOPS by the IOPS-per-user rule, above "
                    f"{p.arrays} x {rule_iops.peak_iops:,.0f} IOPS: use {need} PS6010XV arrays "
                    f"(one array carries up to {rule_iops.max_users_per_array():,.0f} users)",
                    rule_iops.rule,
                )
            )
    if "asm_volumes" not in checked and p.family == "equallogic":
        lim, r = rules.param("asm-volumes-optimal", "max_useful_volumes")
        if p.asm_volumes > lim:
            warns.append(
                Warning(
                    "asm-volumes",
                    "info",
                    f"{p.asm_volumes} ASM volumes: more than {lim:g} adds little measured benefit",
                    r,
                )
            )
    if "raid" not in checked and p.raid_level in ("raid50", "raid5", "raid6"):
        warns.append(
            Warning(
                "raid-for-oltp",
                "warning",
                f"{p.raid_level.upper()} for OLTP: RAID 10 is the recommended level",
                rules.get("raid10-for-oltp"),
            )
        )
    cpu_idx = next(i for i, s in enumerate(st) if s.name == "cpu")
    cpu_at_sla = at_sla.utilisation[cpu_idx] * 100
    if cpu_at_sla > zones.cpu_limit_pct:
        warns.append(
            Warning(
                "cpu-above-limit",
                "warning",
                f"CPU at {cpu_at_sla:.0f}% at the SLA point (limit {zones.cpu_limit_pct:g}%): add RAC nodes or cores",
                zones.rules[0],
            )
        )
    holds_perf = sol.response_s <= m.sla_s * (1 + 1e-9) and design_tps <= max_tps * (1 + 1e-9)
    if not sla_attainable:
        warns.append(
            Warning(
                "sla-unattainable",
                "critical",
                f"even one user waits {at_sla.response_s * 1000:,.3g} ms (the sum of the service demands), above "
                f"the {m.sla_s * 1000:g} ms SLA: no load meets it",
                None,
            )
        )
    elif not holds_perf:
        warns.append(
            Warning(
                "sla-missed",
                "critical",
                f"design load {design_tps:,.1f} TPS exceeds the {max_tps:,.1f} TPS sustained "
                f"within {m.sla_s * 1000:g} ms",
                None,
            )
        )
    if w.target_tps is not None and design_tps >= bnd.max_throughput * (1 - 1e-9):
        warns.append(
            Warning(
                "target-unreachable",
                "critical",
                f"{design_tps:,.1f} TPS is beyond the {bnd.max_throughput:,.1f} TPS at which the "
                f"{bottleneck} station saturates (asymptotic bound): no number of users reaches it",
                None,
            )
        )
    if not raw.fits:
        warns.append(
            Warning(
                "capacity-short",
                "critical",
                f"needs {raw.required_gb:,.0f} GB, the arrays give {raw.usable_gb:,.0f} GB usable",
                br.rule,
            )
        )
    warns.extend(extrapolation_warnings(flags))

    # growth horizon
    growth: dict[str, Any] = {
        "horizon": _qd(w.horizon_years, "years"),
        "user_growth_per_year": _qd(w.user_growth_pct_per_year, "%"),
        "data_growth_per_year": _qd(w.data_growth_pct_per_year, "%"),
        "years_until_users_exceed_sla": _years(
            demand.years_until(users, users_at_max, w.user_growth_pct_per_year, w.horizon_years)
        ),
        "years_until_iops_exceed_storage": _years(
            demand.years_until(iops_model, m.storage_iops, w.user_growth_pct_per_year, w.horizon_years)
        ),
        "years_until_capacity_full": _years(
            demand.years_until(raw.required_gb, raw.usable_gb, w.data_growth_pct_per_year, w.horizon_years)
        ),
    }
    for key, label in (
        ("years_until_users_exceed_sla", "users outgrow the SLA"),
        ("years_until_capacity_full", "data outgrows the usable capacity"),
    ):
        yrs = growth[key]
        if isinstance(yrs, dict) and yrs["value"] > 0:
            warns.append(Warning("growth-horizon", "warning", f"{label} in {yrs['value']:.1f} years", None))

    assumptions.append(
        Assumption(
            "mva",
            "closed network: think-time delay, CPU (cores x nodes) and storage "
            "(one server per drive) multi-server stations, Seidmann decomposition, "
            "Bard-Schweitzer MVA (exact MVA up to 300 users)",
            "docs/model.md",
        )
    )
    # A critical warning (SLA missed, capacity short, or the document's own sizing rule saying one more
    # array is needed) means the design does not hold, whatever the queueing model alone says.
    verdict = "holds" if holds_perf and raw.fits and not _critical(warns) else "does-not-hold"
    stations_out = []
    for k, s in enumerate(st):
        stations_out.append({
            "name": s.name, "servers": _qd(s.servers, "count"),
            "demand": _qd(s.demand_s * 1000, "ms"),
            "utilisation_at_design": _qd(sol.utilisation[k] * 100, "%"),
            "residence_at_design": _qd(sol.residence_s[k] * 1000, "ms"),
            "utilisation_at_sla": _qd(at_sla.utilisation[k] * 100, "%"),
            "residence_at_sla": _qd(at_sla.residence_s[k] * 1000, "ms"),
        })  # fmt: skip
    summary = {
        "users": _qd(users, "users", 5),
        "design_tps": _qd(design_tps, "TPS"),
        "max_sustained_tps": _qd(max_tps, "TPS"),
        "users_at_max": _qd(users_at_max, "users", 5),
        "sla_response": _qd(m.sla_s * 1000, "ms"),
        "response_at_design": _qd(sol.response_s * 1000, "ms"),
        "headroom_pct": _qd(headroom, "%"),
        "bottleneck": bottleneck,
        "balance": verdict_balance,
    }
    sections = {
        "demand": {
            "users": _qd(users, "users", 5),
            "tps": _qd(design_tps, "TPS"),
            "think_time": _qd(m.think_s, "s"),
            "ios_per_transaction": _qd(m.ios_per_tx, "IOs/transaction"),
            "iops_model": _qd(iops_model, "IOPS"),
            # The Dell rule counts TPC-C users (19 s think time) on EqualLogic: other platforms' users
            # (Swingbench's 0.1 s) would be misread by it, so it is only reported where it applies.
            "iops_rule": None
            if p.family != "equallogic"
            else {
                "iops": _qd(iops_rule_value, "IOPS"),
                "iops_per_user": _qd(rule_iops.ratio, "IOPS/user"),
                "iops_per_user_as_printed": _qd(rule_iops.ratio_rounded, "IOPS/user"),
                "backup_factor": _qd(rule_iops.backup_factor, "ratio"),
                "growth_factor": _qd(rule_iops.growth_factor, "ratio"),
                "max_users_per_array": _qd(rule_iops.max_users_per_array(), "users", 5),
                "max_users_per_array_as_printed": _qd(
                    rule_iops.max_users_per_array(rounded=True), "users", 5
                ),
                "arrays_needed": _qd(rule_iops.arrays_needed(users), "count"),
                "applies_to": "PS6010XV 15K SAS, TPC-C-like OLTP",
                "rule": rule_iops.rule.ref(),
            },
            "read_pct": _qd(w.read_pct, "%"),
            "block_size": _qd(w.block_size_kb, "KB"),
        },
        "capacity": cap_section,
        "storage": {
            "iops_capacity": _qd(m.storage_iops, "IOPS"),
            "tps_capacity": _qd(m.storage_tps, "TPS"),
            "basis": m.storage_estimate.basis,
            "sources": [s.cite() for s in m.storage_estimate.sources],
            "notes": list(m.storage_estimate.notes),
        },
        "performance": {
            "stations": stations_out,
            "at_design": {
                "users": _qd(users, "users", 5),
                "tps": _qd(sol.throughput, "TPS"),
                "response": _qd(sol.response_s * 1000, "ms"),
            },
            "at_sla": {
                "users": _qd(at_sla.users, "users", 5),
                "tps": _qd(at_sla.throughput, "TPS"),
                "response": _qd(at_sla.response_s * 1000, "ms"),
            },
            "bounds": {
                "throughput_upper": _qd(bnd.throughput_upper, "TPS"),
                "max_throughput": _qd(bnd.max_throughput, "TPS"),
                "response_lower": _qd(bnd.response_lower_s * 1000, "ms"),
                "knee_users": _qd(bnd.knee_users, "users", 5),
            },
            "bottleneck": bottleneck,
            "headroom_pct": _qd(headroom, "%"),
        },
        "balance": {
            "points": balance.to_dict(bal_points),
            "at_sla": balance.to_dict([at_limit])[0],
            "zones": zones.to_dict(),
            "classification": verdict_balance,
        },
        "projection": {"sla": _qd(m.sla_s * 1000, "ms"), "series": [s.to_dict() for s in series]},
        "growth": growth,
        "usl": _usl_section(evidence, p.family),
    }
    return DesignEvaluation(
        "oltp",
        inputs,
        verdict,
        summary,
        sections,
        tuple(warns),
        tuple(assumptions),
        tuple(flags),
        rules.versions(),
    )


def _usl_section(evidence: EvidenceBundle, family: str) -> dict[str, Any]:
    """USL fit over a measured load series of this platform (>= 6 points on one curve)."""
    from sizing.usl import MIN_POINTS, fit

    curves: dict[str, list[tuple[float, float, str]]] = {}
    for o in evidence.observations:
        if o.platform != family:
            continue
        load = o.cond("users", o.cond("sessions"))
        for quantity in ("tps", "tpm", "iops"):
            x = o.value(quantity)
            if x is not None and isinstance(load, int | float):
                curves.setdefault(f"{o.curve}:{quantity}", []).append((float(load), x, o.source.cite()))
    series = {k: v for k, v in curves.items() if len({n for n, _, _ in v}) >= MIN_POINTS}
    if not series:
        return {
            "available": False,
            "reason": f"no measured load series with {MIN_POINTS} or more points for {family}",
        }
    key, pts = max(series.items(), key=lambda kv: len(kv[1]))
    result = fit([n for n, _, _ in pts], [x for _, x, _ in pts])
    return {
        "available": True,
        "curve": key.split(":")[0],
        "quantity": key.split(":")[1],
        "fit": result.to_dict(),
        "sources": sorted({s for _, _, s in pts}),
    }


def _years(v: float | None) -> dict[str, Any] | None:
    return None if v is None else _qd(v, "years", 3)


def _evaluate_dss(
    inputs: DesignInputs, w: DssWorkload, evidence: EvidenceBundle, rules: RuleSet
) -> DesignEvaluation:
    from sizing.dss import throughput_estimate

    p = inputs.platform
    est = throughput_estimate(evidence, p, w)
    flags = [Flag("platform", n) for n in est.notes] if est.extrapolated else []
    warns: list[Warning] = []
    holds = est.value >= w.target_throughput_mb_s
    if not holds:
        warns.append(
            Warning(
                "throughput-short",
                "critical",
                f"target {w.target_throughput_mb_s:,.0f} MB/s above the {est.value:,.0f} MB/s "
                f"{'measured' if est.basis == 'measured' else est.basis + ' from the measurements'} "
                "for this storage",
                None,
            )
        )
    facts = design_facts(inputs)
    bp, _ = best_practice_warnings(rules, facts)
    warns.extend(bp)
    warns.extend(extrapolation_warnings(flags))
    per_stream = est.value / w.query_streams
    scan_s = w.database_size_gb * 1024.0 / per_stream
    cap_section, raw, _ = _capacity_section(w.database_size_gb, inputs, rules, True)
    if not raw.fits:
        warns.append(
            Warning(
                "capacity-short",
                "critical",
                f"needs {raw.required_gb:,.0f} GB, the arrays give {raw.usable_gb:,.0f} GB usable",
                None,
            )
        )
    util = w.target_throughput_mb_s / est.value * 100
    summary = {
        "target_throughput": _qd(w.target_throughput_mb_s, "MB/s"),
        "sustained_throughput": _qd(est.value, "MB/s"),
        "headroom_pct": _qd((est.value / w.target_throughput_mb_s - 1) * 100, "%"),
        "storage_utilisation": _qd(util, "%"),
        "bottleneck": "storage",
    }
    sections = {
        "storage": {
            "throughput_capacity": _qd(est.value, "MB/s"),
            "basis": est.basis,
            "sources": [s.cite() for s in est.sources],
            "notes": list(est.notes),
        },
        "streams": {
            "query_streams": _qd(w.query_streams, "count"),
            "per_stream": _qd(per_stream, "MB/s"),
            "full_scan_time_per_stream": _qd(scan_s / 60.0, "min"),
        },
        "capacity": cap_section,
        "growth": {
            "horizon": _qd(w.horizon_years, "years"),
            "data_growth_per_year": _qd(w.data_growth_pct_per_year, "%"),
            "years_until_capacity_full": _years(
                demand.years_until(
                    raw.required_gb, raw.usable_gb, w.data_growth_pct_per_year, w.horizon_years
                )
            ),
        },
    }
    assumptions = [
        Assumption(
            "dss_throughput",
            "sustained MB/s = measured ORION large-I/O throughput for the storage model, "
            "RAID level, pattern and array count",
            "; ".join(s.cite() for s in est.sources),
            q(est.value, "MB/s"),
        ),
        Assumption(
            "stream_scan",
            "each query stream gets an equal share of the throughput and scans the whole database once",
            "model assumption",
        ),
    ]
    verdict = "holds" if holds and raw.fits and not _critical(warns) else "does-not-hold"
    return DesignEvaluation(
        "dss",
        inputs,
        verdict,
        summary,
        sections,
        tuple(warns),
        tuple(assumptions),
        tuple(flags),
        rules.versions(),
    )


_ = (math, EvidenceError, rounded)
