"""Service demands and think times calibrated from the measured points (operational laws).

Every constant is a `Constant` with its derivation and sources; docs/model.md explains each.
Calibration runs once per evidence bundle (memoised in the bundle) and again, without one point,
for each held-out validation row.
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass

from scipy.optimize import brentq, minimize_scalar

from sizing import mva
from sizing.errors import EvidenceError
from sizing.evidence import Estimate, EvidenceBundle, Observation, Source, block_and_mix_iops, interpolate
from sizing.rules import RuleSet

TPCC = "benchmark_factory_tpcc"
SWINGBENCH = "swingbench_orderentry"
SLOB = "slob"
ORION = "orion"

# Hardware facts of the measured test systems (not results): used to turn measured throughput into
# per-core demands.
DELL_TEST_CORES = 16  # dell-equallogic-oltp-2010, Table 9: 2 x R710, each 2 x quad-core X5570
DELL_ACTIVE_DRIVES = {"PS6010XV": 14, "PS6010S": 14, "PS6110XV": 22}  # Dell OLTP Section 2; DSS 2.3.1
FS1_REFERENCE_DRIVES = {  # oracle-fs1-2016, Table 2 / Table 10
    "oracle-fs1-quarter-rack": (2, 13),
    "oracle-fs1-half-rack": (3, 19),
}
FS1_CORES_PER_NODE = 36  # oracle-fs1-2016, Table 1 (72 cores / 2 servers)
SWINGBENCH_DELAY_S = 0.1  # oracle-fs1-2016, Figure 4: Swingbench inter-transaction delay 100 ms
XTREMIO_SSDS_PER_BRICK = 25


@dataclass(frozen=True)
class Constant:
    name: str
    value: float
    unit: str
    derivation: str
    sources: tuple[Source, ...]

    def cite(self) -> str:
        return "; ".join(sorted({s.cite() for s in self.sources}))


@dataclass(frozen=True)
class TpccPoint:
    users: float
    tps: float
    response_s: float
    asm_volumes: int
    obs: Observation


def tpcc_points(bundle: EvidenceBundle) -> list[TpccPoint]:
    """Distinct TPC-C measurements (a run printed in two tables counts once)."""
    seen: dict[tuple[float, float], TpccPoint] = {}
    for o in bundle.find("tps", tool=TPCC):
        users = o.value("users") if o.value("users") is not None else o.cond("users")
        r = o.value("response_time")
        tps = o.value("tps")
        if users is None or r is None or tps is None:
            continue
        unit = o.values["response_time"].unit
        r_s = r / 1000.0 if unit == "ms" else r
        key = (round(float(users)), round(tps, 2))
        if key not in seen:
            seen[key] = TpccPoint(float(users), tps, r_s, int(o.cond("asm_volumes", 4) or 4), o)
    return list(seen.values())


@dataclass(frozen=True)
class DellCalibration:
    think_time: Constant
    ios_per_tx: Constant
    volume_k: Constant
    cpu_demand: Constant  # core-seconds per transaction
    orion_iops: float  # PS6010XV 8 KB 70/30 at 20 ms, the base of the volume curve
    max_tps_by_volumes: dict[int, float]


def volume_efficiency(volumes: int, k: float) -> float:
    """Share of the array's ORION IOPS a database reaches through `volumes` ASM disks: n / (n + k).
    Saturating: the Dell text says gains are minimal past five volumes."""
    return volumes / (volumes + k)


def calibrate_dell(bundle: EvidenceBundle, rules: RuleSet) -> DellCalibration:
    pts = tpcc_points(bundle)
    if not pts:
        raise EvidenceError("no Benchmark Factory TPC-C points in the evidence")
    z_values = [p.users / p.tps - p.response_s for p in pts]
    z = statistics.median(z_values)
    srcs = tuple(sorted({p.obs.source for p in pts}, key=lambda s: s.locator))
    think = Constant(
        "think_time_tpcc",
        z,
        "s",
        f"median over {len(pts)} TPC-C runs of Z = N/X - R (interactive response time law); "
        f"range {min(z_values):.2f}-{max(z_values):.2f} s",
        srcs,
    )
    peak_iops, rule = rules.param("dell-iops-per-user", "peak_iops")
    users_at_peak, _ = rules.param("dell-iops-per-user", "users_at_peak")
    # IOs per transaction = IOPS per user x cycle time (Z + R) at the peak; uses the peak run's R
    # when that run is in the evidence, else the median R of the others.
    at_peak = [p for p in pts if math.isclose(p.users, users_at_peak)]
    r_peak = at_peak[0].response_s if at_peak else statistics.median(p.response_s for p in pts)
    v = peak_iops / users_at_peak * (z + r_peak)
    ios = Constant(
        "ios_per_transaction_tpcc",
        v,
        "IOs/transaction",
        f"peak IOPS / users at peak x (Z + R at peak) = {peak_iops:g}/{users_at_peak:g} x "
        f"({z:.2f} + {r_peak:.2f})",
        (rule.source, *srcs),
    )
    orion = bundle.find("max_iops", storage_model="PS6010XV", tool=ORION, block_size_kb=8, read_pct=70)
    if not orion:
        raise EvidenceError("no ORION PS6010XV 8 KB 70/30 point")
    orion_iops = orion[0].value("max_iops") or 0.0
    best: dict[int, TpccPoint] = {}
    for p in pts:
        if p.asm_volumes not in best or p.tps > best[p.asm_volumes].tps:
            best[p.asm_volumes] = p

    # fit k in n/(n+k): predicted max TPS = ORION IOPS x eff(n) / v, least squares in log error
    def loss(k: float) -> float:
        return sum(math.log(orion_iops * volume_efficiency(n, k) / v / p.tps) ** 2 for n, p in best.items())

    k = float(minimize_scalar(loss, bounds=(0.0, 50.0), method="bounded", options={"xatol": 1e-6}).x)
    vol = Constant(
        "asm_volume_k",
        k,
        "count",
        "k in efficiency n/(n+k) of ORION IOPS reached through n ASM volumes, least squares over the "
        f"best TPC-C run per volume count ({', '.join(f'{n}: {p.tps:g} TPS' for n, p in sorted(best.items()))})",
        (orion[0].source, *(p.obs.source for p in best.values())),
    )
    cpu_stress, cpu_rule = rules.param("cpu-utilisation-limit", "stress", "%")
    top = max(pts, key=lambda p: p.tps)
    d_cpu = cpu_stress / 100.0 * DELL_TEST_CORES / top.tps
    cpu = Constant(
        "cpu_demand_tpcc",
        d_cpu,
        "s",
        f"CPU-seconds per transaction, upper bound: the storage-bound peak ({top.tps:g} TPS) ran its "
        f"{DELL_TEST_CORES} cores at most at the {cpu_stress:g}% stress line (Dell reports no CPU figure)",
        (top.obs.source, cpu_rule.source),
    )
    return DellCalibration(think, ios, vol, cpu, orion_iops, {n: p.tps for n, p in best.items()})


@dataclass(frozen=True)
class Fs1Rated:
    configuration: str
    rac_nodes: int
    ssds: int
    tps: float
    nominal_iops: float
    obs: Observation
    iops_source: Source


def fs1_nominal(bundle: EvidenceBundle) -> list[tuple[int, float]]:
    """(SSDs, nominal IOPS) of every FS1-2 configuration whose nominal IOPS the evidence states."""
    out: dict[str, tuple[int, float]] = {}
    for quantity in ("max_iops", "iops"):
        for o in bundle.find(quantity, platform="oracle-fs1"):
            enclosures, per = FS1_REFERENCE_DRIVES.get(o.configuration, (0, 0))
            enclosures = int(o.cond("drive_enclosures", enclosures) or enclosures)
            per = int(o.cond("drives_per_enclosure", per) or per)
            if enclosures and per and o.configuration not in out:
                out[o.configuration] = (enclosures * per, o.value(quantity) or 0.0)
    for c in bundle.configurations:
        # FS1_REFERENCE_DRIVES names the FS1-2 reference configurations: no family test needed.
        if c.slug not in out and c.slug in FS1_REFERENCE_DRIVES:
            e, per = FS1_REFERENCE_DRIVES[c.slug]
            for name in ("nominal_iops", "max_iops", "iops"):
                if c.value(name):
                    out[c.slug] = (e * per, c.value(name) or 0.0)
                    break
    return sorted(out.values())


def fs1_rated(bundle: EvidenceBundle) -> list[Fs1Rated]:
    out = []
    for o in bundle.find("tps", platform="oracle-fs1"):
        conf = o.configuration
        enclosures, per = FS1_REFERENCE_DRIVES.get(conf, (0, 0))
        enclosures = int(o.cond("drive_enclosures", enclosures) or enclosures)
        per = int(o.cond("drives_per_enclosure", per) or per)
        nodes = int(o.cond("rac_nodes", 0) or 0)
        iops_obs = [i for i in bundle.find("max_iops", platform="oracle-fs1") if i.configuration == conf] or [
            i for i in bundle.find("iops", platform="oracle-fs1") if i.configuration == conf
        ]
        facts = bundle.configuration(conf)
        iops: float | None = None
        iops_src = o.source
        if iops_obs:
            iops = iops_obs[0].value("max_iops") or iops_obs[0].value("iops")
            iops_src = iops_obs[0].source
        elif facts is not None:
            for name in ("nominal_iops", "max_iops", "iops"):
                if facts.value(name):
                    iops = facts.value(name)
                    iops_src = facts.source
                    break
        if facts is not None and not nodes:
            nodes = int(facts.value("rac_nodes") or 0)
        if not (iops and enclosures and per and nodes):
            continue
        out.append(Fs1Rated(conf, nodes, enclosures * per, o.value("tps") or 0.0, iops, o, iops_src))
    return sorted(out, key=lambda r: r.ssds)


@dataclass(frozen=True)
class Fs1Calibration:
    think_time: Constant
    cpu_demand: Constant
    sla_s: float
    # per rated configuration: (ssds, nominal IOPS, IOs per transaction)
    storage: tuple[tuple[int, float, float], ...]
    ios_constants: tuple[Constant, ...]
    # every FS1-2 with a stated nominal IOPS (rated TPS or not): (ssds, nominal IOPS)
    nominal: tuple[tuple[int, float], ...] = ()


def fs1_stations(
    nodes: int, cores: int, d_cpu: float, ssds: int, storage_tps: float
) -> tuple[mva.Station, ...]:
    return (
        mva.Station("cpu", d_cpu, nodes * cores),
        mva.Station("storage", ssds / storage_tps, ssds),
    )


def calibrate_fs1(bundle: EvidenceBundle, rules: RuleSet) -> Fs1Calibration:
    rated = fs1_rated(bundle)
    if not rated:
        raise EvidenceError("no Oracle FS1-2 rated TPS in the evidence")
    sla_ms, sla_rule = rules.param("swingbench-response-threshold", "response_time", "ms")
    sla = sla_ms / 1000.0
    z = SWINGBENCH_DELAY_S
    think = Constant(
        "think_time_swingbench",
        z,
        "s",
        "Swingbench inter-transaction delay configured for the runs (min = max = 100 ms)",
        (Source("oracle-fs1-2016", "Figure 4"),),
    )
    # CPU demand: the smallest rated system is storage-bound at its rated point (adding nodes adds
    # nothing), so its CPUs were at most at the stress line there.
    base = rated[0]
    stress, cpu_rule = rules.param("cpu-utilisation-limit", "stress", "%")
    d_cpu = stress / 100.0 * base.rac_nodes * FS1_CORES_PER_NODE / base.tps
    cpu = Constant(
        "cpu_demand_swingbench",
        d_cpu,
        "s",
        f"CPU-seconds per transaction = {stress:g}% x {base.rac_nodes * FS1_CORES_PER_NODE} cores / "
        f"{base.tps:g} TPS ({base.configuration} is storage-bound past its rated nodes, so its CPUs "
        "sit at most at the stress line)",
        (
            base.obs.source,
            cpu_rule.source,
            Source("oracle-fs1-2016", "Quarter Rack and Half Rack System Charts"),
        ),
    )
    storage = []
    consts = []
    for r in rated:
        # the response time the rated TPS was measured at (Table 1: 20 ms), not the design's SLA rule
        resp = r.obs.values.get("response_time")
        at_s = sla if resp is None else resp.value if resp.unit == "s" else resp.value / 1000.0

        def gap(storage_tps: float, r: Fs1Rated = r, at_s: float = at_s) -> float:
            st = fs1_stations(r.rac_nodes, FS1_CORES_PER_NODE, d_cpu, r.ssds, storage_tps)
            return mva.sla_point(st, z, at_s).throughput - r.tps

        lo, hi = r.tps * 1.0001, r.tps * 10
        # gap(lo) > 0: storage is not the limit even at capacity = rated TPS (a CPU-bound rated point)
        cap = lo if gap(lo) > 0 else float(brentq(gap, lo, hi, xtol=1e-6 * r.tps))
        v = r.nominal_iops / cap
        storage.append((r.ssds, r.nominal_iops, v))
        consts.append(
            Constant(
                f"ios_per_transaction_{r.configuration}",
                v,
                "IOs/transaction",
                f"nominal IOPS {r.nominal_iops:g} / storage capacity {cap:.0f} TPS, the capacity at which "
                f"the model reaches {r.tps:g} TPS at {at_s * 1000:g} ms with {r.rac_nodes} nodes and {r.ssds} SSDs",
                (r.obs.source, r.iops_source, sla_rule.source),
            )
        )
    return Fs1Calibration(think, cpu, sla, tuple(storage), tuple(consts), tuple(fs1_nominal(bundle)))


def fs1_storage_for(cal: Fs1Calibration, ssds: int) -> tuple[float, float, str]:
    """(nominal IOPS, IOs per transaction, basis) for an FS1-2 with `ssds` drives: nominal IOPS
    linear in drive count between the stated systems, IOs per transaction between the rated ones."""
    nominal = list(cal.nominal) or [(s, i) for s, i, _ in cal.storage]
    xs = [float(s) for s, _ in nominal]
    iops, basis_i = interpolate(xs, [i for _, i in nominal], float(ssds))
    if basis_i == "extrapolated" and (ssds < min(xs) or len(xs) == 1):
        # below (or beside) the stated systems: scale the nearest with drive count
        near = min(nominal, key=lambda n: abs(n[0] - ssds))
        iops = near[1] * ssds / near[0]
    iops = max(iops, min(i for _, i in nominal) * 0.1)
    vx = [float(s) for s, _, _ in cal.storage]
    v, basis_v = interpolate(vx, [v for _, _, v in cal.storage], float(ssds))
    v = max(v, min(x for _, _, x in cal.storage) * 0.5)
    order = ["measured", "interpolated", "extrapolated"]
    basis = max(basis_i, basis_v if len(vx) > 1 else basis_i, key=order.index)
    return iops, v, basis


def xtremio_read_pct(o: Observation) -> float:
    """Read share of the I/O: the measured read/total split when stated (an UPDATE test reads too),
    else the workload's read percentage."""
    rd, tot = o.value("read_iops"), o.value("iops")
    if rd is not None and tot:
        return 100.0 * rd / tot
    return float(o.cond("read_pct", 100))


def xtremio_iops(
    bundle: EvidenceBundle, read_pct: float, bricks: int
) -> tuple[float, str, tuple[Source, ...]]:
    pts = bundle.find("iops", platform="xtremio", tool=SLOB) or bundle.find("iops", platform="xtremio")
    if not pts:
        raise EvidenceError("no XtremIO IOPS points")
    xs, ys, srcs = [], [], []
    for p in pts:
        rp = xtremio_read_pct(p)
        tot = p.value("iops") or 0.0
        per_brick = tot / float(p.cond("arrays", 2) or 2)
        xs.append(rp)
        ys.append(per_brick)
        srcs.append(p.source)
    v, basis = interpolate(xs, ys, read_pct)
    v = max(v, 0.25 * min(ys))
    return v * bricks, basis, tuple(srcs)


def orion_estimate(bundle: EvidenceBundle, storage_model: str, block_kb: float, read_pct: float) -> Estimate:
    pts = bundle.find("max_iops", storage_model=storage_model, tool=ORION)
    pts = [
        p for p in pts if p.cond("io_pattern", "random") == "random" and int(p.cond("arrays", 1) or 1) == 1
    ]
    return block_and_mix_iops(pts, block_kb, read_pct)
