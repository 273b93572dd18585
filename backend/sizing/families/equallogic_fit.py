"""Dell EqualLogic OLTP (dell-equallogic-oltp-2010): the Benchmark Factory TPC-C profile and the storage
path, fitted on the document's own measurements.

The storage path has two queues:
- the array (station `storage`): its active drives as servers, a fixed service time per 8 KB read that
  grows with the block size, writes costing `write_cost` reads (background demand: DBWR). Fitted so
  that every ORION maximum of Tables 2 and 3 sits at its latency (20 ms; 16.7 ms for the PS6010S 8 KB
  70/30 run, Section 4.1 footnote 12): a latency point on the curve, not the saturation rate.
- the host side of the ASM volumes (station `storage_path`): a database reaches only n / (n + k) of
  what ORION drove through its ten volumes. One queue saturating at that IOPS: the transactions wait
  there, the array's own latency stays on its ORION curve (Section 4.2: 3,600 IOPS is below the
  4,047 IOPS ORION measured within 20 ms). `k` is fitted on the peak TPC-C run's response time alone,
  so the two-volume run (Table 5, test 1) and the +18 % it gives are predictions.

The split (sizing.validation): the peak run (Table 5 test 2 = Table 6 test 5, and the Section 3.2.1 /
4.2 figures of that run) calibrates think time, I/Os per transaction, the CPU bound and `k`; the other
TPC-C runs are held out. ORION points are held out one at a time (leave-one-out).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from scipy.optimize import brentq, least_squares

from sizing import mva
from sizing.calibration import DELL_ACTIVE_DRIVES, ORION, TPCC, Constant
from sizing.cases import ValidationCase, design, oltp
from sizing.errors import EvidenceError
from sizing.evidence import Estimate, EvidenceBundle, MeasuredValue, Observation, Source
from sizing.families.base import PlatformModel, ProfileFit, WorkloadProfile
from sizing.notes import Assumption, Flag
from sizing.rules import RuleSet

OLTP = "dell-equallogic-oltp-2010"
PROFILE = "tpcc-benchmark-factory"

# Test facts (not results) of the document's systems.
ORION_VOLUMES = Constant(
    "orion_volumes", 10, "count", "ORION ran against one pool of ten 50 GB volumes per array",
    (Source(OLTP, "Section 2 (Figure 1 text)"),),
)  # fmt: skip
TEST_CORES = 16  # Table 9: 2 x R710, each 2 x quad-core X5570
TEST_NODES = 2  # Section 3.1: two-node RAC
TEST_SERVER = "2 x PowerEdge R710 (2 x quad-core Xeon X5570, 64 GB)"
# The document's own TPC-C / ORION configurations (Table 9, Section 3.1) in API shape.
PS6010XV = {
    "family": "equallogic",
    "storage_model": "PS6010XV",
    "rac_nodes": 2,
    "cores_per_node": 8,
    "arrays": 1,
}
PS6010S = {**PS6010XV, "storage_model": "PS6010S"}


# --- the array: ORION latency curve --------------------------------------------------------------


@dataclass(frozen=True)
class ArrayCurve:
    """One array's storage station: `drives` servers, each serving an 8 KB read in `read_service_s`
    (the fixed latency at light load), `transfer_s_per_kb` more per KB above 8 KB, a write costing
    `write_cost` reads. Read latency at a load U per drive: the engine's residence (sizing.mva, Erlang C),
    S (1 + C(c, c U) / (c (1 - U)))."""

    storage_model: str
    read_service_s: float  # at `base_block_kb`
    base_block_kb: float
    transfer_s_per_kb: float
    write_cost: float
    drives: int
    sources: tuple[Source, ...]

    def read_service(self, block_kb: float) -> float:
        return max(self.read_service_s + self.transfer_s_per_kb * (block_kb - self.base_block_kb), 1e-6)

    def mean_service(self, block_kb: float, read_pct: float, write_cost: float | None = None) -> float:
        """Drive time per I/O of a read / write mix."""
        r = read_pct / 100.0
        w = self.write_cost if write_cost is None else write_cost
        return self.read_service(block_kb) * (r + (1 - r) * w)

    def iops_at(self, latency_s: float, block_kb: float, read_pct: float, *, servers: float | None = None,
                write_cost: float | None = None) -> float:  # fmt: skip
        """IOPS at which the read latency reaches `latency_s`."""
        c = float(servers or self.drives)
        s = self.read_service(block_kb)
        room = latency_s - s * (c - 1) / c
        if room <= s / c:
            return 0.0  # even one I/O takes longer
        u = mva.utilisation_at(c, room / (s / c))
        return u * c / self.mean_service(block_kb, read_pct, write_cost)

    def latency_at(self, iops: float, block_kb: float, read_pct: float) -> float:
        c = float(self.drives)
        s = self.read_service(block_kb)
        u = iops * self.mean_service(block_kb, read_pct) / c
        return math.inf if u >= 1 else s * (c - 1) / c + mva.queue_term(s / c, c, 1 - u)

    def constants(self, limit_ms: float) -> tuple[Constant, ...]:
        m, srcs = self.storage_model, self.sources
        return (
            Constant(f"read_service_{m}", self.read_service_s * 1000, "ms",
                     f"{m}: fixed service time of an {self.base_block_kb:g} KB read on each of its {self.drives} "
                     f"active drives, fitted so that the ORION read-only maximum sits at {limit_ms:g} ms", srcs),
            Constant(f"read_service_64kb_{m}", self.read_service(64.0) * 1000, "ms",
                     f"{m}: service time of a 64 KB read, on a line from {self.base_block_kb:g} KB whose slope (time per "
                     "KB) is least squares over the larger-block ORION maxima", srcs),
            Constant(f"write_cost_{m}", self.write_cost, "ratio",
                     f"{m}: drive time of a write over a read (RAID 10), from the 70/30 and read-only maxima at "
                     f"{self.base_block_kb:g} KB", srcs),
        )  # fmt: skip


def orion_points(evidence: EvidenceBundle, storage_model: str) -> list[Observation]:
    pts = evidence.find("max_iops", storage_model=storage_model, tool=ORION)
    return [
        p for p in pts if p.cond("io_pattern", "random") == "random" and int(p.cond("arrays", 1) or 1) == 1
    ]


def _stated_latency(
    evidence: EvidenceBundle, storage_model: str, block_kb: float, read_pct: float
) -> Observation | None:
    """A latency the text states at an ORION maximum (PS6010S 8 KB 70/30: 16.7 ms, Section 4.1)."""
    for o in evidence.find("io_latency", storage_model=storage_model, tool=ORION):
        if math.isclose(float(o.cond("block_size_kb", 0)), block_kb) and math.isclose(
            float(o.cond("read_pct", 0)), read_pct
        ):
            return o
    return None


def _ms(o: Observation, quantity: str) -> float:
    v = o.values[quantity]
    return v.value * (1000.0 if v.unit == "s" else 1.0)


def fit_array(evidence: EvidenceBundle, storage_model: str, limit_ms: float) -> ArrayCurve:
    """Fit an array's curve on its ORION maxima: the read-only point gives the read service time, the
    70/30 point at the same block size the write cost, the larger blocks the time per KB."""
    pts = orion_points(evidence, storage_model)
    drives = DELL_ACTIVE_DRIVES[storage_model]
    # (block, read %, IOPS, latency s, observation)
    rows: list[tuple[float, float, float, float, Observation]] = []
    for p in pts:
        b, r, iops = float(p.cond("block_size_kb")), float(p.cond("read_pct", 70)), p.value("max_iops") or 0.0
        lat_ms = float(p.cond("latency_limit_ms", limit_ms))
        stated = _stated_latency(evidence, storage_model, b, r)
        if stated is not None:
            lat_ms = _ms(stated, "io_latency")
        rows.append((b, r, iops, lat_ms / 1000.0, p))
    reads = sorted((row for row in rows if row[1] >= 100), key=lambda row: row[0])
    mixed = [row for row in rows if row[1] < 100]
    if not reads or not mixed:
        raise EvidenceError(
            f"{storage_model}: ORION needs a read-only and a mixed maximum to fit the write cost"
        )
    base_b, _, base_iops, base_lat, _ = reads[0]

    def read_service_for(iops: float, lat: float) -> float:
        # the read service time S whose read-only curve puts `iops` at `lat`
        def gap(s: float) -> float:
            c = drives
            room = lat - s * (c - 1) / c
            return mva.utilisation_at(c, room / (s / c)) * c / s - iops if room > s / c else -iops

        return float(brentq(gap, 1e-7, lat * 0.999999, xtol=1e-12))

    s_base = read_service_for(base_iops, base_lat)
    same_block = [row for row in mixed if math.isclose(row[0], base_b)]
    others = [row for row in mixed if not math.isclose(row[0], base_b)]

    def curve(t: float, w: float) -> ArrayCurve:
        return ArrayCurve(storage_model, s_base, base_b, t, w, drives,
                          tuple(sorted({row[4].source for row in rows}, key=lambda s: s.locator)))  # fmt: skip

    def log_errors(
        c: ArrayCurve, use: Sequence[tuple[float, float, float, float, Observation]]
    ) -> list[float]:
        return [math.log(max(c.iops_at(lat, b, r), 1e-9) / iops) for b, r, iops, lat, _ in use]

    if same_block:
        # the write cost from the mixed run at the read-only run's block size, exactly
        b, r, iops, lat, _ = same_block[0]
        # the read latency depends on the read service time S only: solve the write cost with S fixed
        w = float(brentq(lambda w: curve(0.0, w).iops_at(lat, b, r) - iops, 0.05, 100.0, xtol=1e-12))
        if others:
            sol = least_squares(
                lambda x: log_errors(curve(x[0] * 1e-6, w), others), [10.0], bounds=([0.0], [1e4])
            )
            t = float(sol.x[0]) * 1e-6
        else:
            t = 0.0
        return curve(t, w)
    if len(others) < 2:
        raise EvidenceError(
            f"{storage_model}: too few mixed ORION maxima to fit the write cost and block-size slope"
        )
    sol = least_squares(lambda x: log_errors(curve(x[0] * 1e-6, x[1]), others), [10.0, 2.0],
                        bounds=([0.0, 0.05], [1e4, 100.0]))  # fmt: skip
    return curve(float(sol.x[0]) * 1e-6, float(sol.x[1]))


def array_curve(evidence: EvidenceBundle, rules: RuleSet, storage_model: str) -> ArrayCurve:
    """The fitted curve of an array the document measured (memoised per evidence bundle)."""
    limit_ms, _ = rules.param("disk-latency-limit", "latency_limit", "ms")
    key = f"equallogic-curve:{storage_model}:{limit_ms}"
    if key not in evidence.cache:
        evidence.cache[key] = fit_array(evidence, storage_model, limit_ms)
    c: ArrayCurve = evidence.cache[key]
    return c


# --- the storage path of a design ------------------------------------------------------------------


def volume_share(volumes: float, k: float) -> float:
    """Share of the array's ORION IOPS a database reaches through `volumes` ASM volumes: n / (n + k)
    (saturating: Section 3.2.2, little gain past five volumes)."""
    return volumes / (volumes + k)


@dataclass(frozen=True)
class StoragePath:
    """The storage stations of one design: the arrays' drives and the host path of its volumes."""

    read_service_s: float  # per foreground read, at the design's block size
    write_service_s: float  # drive time per background write (RAID write penalty included)
    drives: float  # servers of the storage station (all arrays)
    iops_at_limit: float  # the arrays' IOPS at the latency limit, at the design's mix
    path_iops: float  # the most IOPS the database drives through its volumes
    beyond_limit: bool = False  # a single I/O exceeds the latency limit: iops_at_limit is the saturation rate

    @property
    def sustained_iops(self) -> float:
        return min(self.iops_at_limit, self.path_iops)


def storage_path(
    curve: ArrayCurve, block_kb: float, read_pct: float, raid_factor: float, arrays: int, volumes: int,
    k: float, limit_s: float, drives: int | None = None, transfer_ceiling_iops: float | None = None,
) -> StoragePath:  # fmt: skip
    """`raid_factor`: front-end IOPS at the design's RAID level over RAID 10 (textbook write penalty):
    a write's drive time grows until a mixed I/O costs 1 / raid_factor times its RAID 10 drive time."""
    r = read_pct / 100.0
    w = curve.write_cost
    if r < 1.0 and raid_factor != 1.0:
        w = ((r + (1 - r) * w) / raid_factor - r) / (1 - r)
    c = float((drives or curve.drives) * arrays)
    at_limit = curve.iops_at(limit_s, block_kb, read_pct, servers=c, write_cost=w)
    over = at_limit <= 0.0
    if over:  # one I/O alone takes longer than the limit (very large blocks): the drives' saturation rate
        at_limit = c / curve.mean_service(block_kb, read_pct, w)
    path = at_limit * volume_share(volumes, k) / volume_share(ORION_VOLUMES.value, k)
    if transfer_ceiling_iops is not None:
        # large blocks: the controller's transfer rate, not the drives, bounds the host path
        path = min(path, transfer_ceiling_iops)
    s = curve.read_service(block_kb)
    return StoragePath(s, s * w, c, at_limit, path, over)


@dataclass(frozen=True)
class EqualLogicModel(PlatformModel):
    """PlatformModel plus the host path of the ASM volumes: one queue saturating at the IOPS a database
    drives through its volumes (`path_demand_s` = I/Os per transaction / that IOPS)."""

    storage_stations: ClassVar[frozenset[str]] = frozenset({"storage", "storage_path"})

    path_demand_s: float = 0.0

    def stations(self, rac_nodes: int) -> tuple[mva.Station, ...]:
        out = super().stations(rac_nodes)
        if self.path_demand_s > 0:
            out = (*out, mva.Station("storage_path", self.path_demand_s, 1.0))
        return out


def queueing_model(
    think_s: float, sla_s: float, reads: float, writes: float, cpu_s: float, cores_per_node: int,
    path: StoragePath, estimate: Estimate, ssd: bool, assumptions: tuple[Assumption, ...] = (),
    flags: tuple[Flag, ...] = (), read_pct: float = 70.0,
) -> EqualLogicModel:  # fmt: skip
    """The closed network of a design: CPU, the arrays' drives (foreground reads, background writes)
    and the host path of its ASM volumes."""
    return EqualLogicModel(
        family="equallogic", think_s=think_s, sla_s=sla_s, reads_per_tx=reads, storage_estimate=estimate,
        read_service_s=path.read_service_s, storage_concurrency=path.drives, cpu_demand_s=cpu_s,
        cores_per_node=cores_per_node, ssd=ssd, assumptions=assumptions, flags=flags, writes_per_tx=writes,
        write_service_s=path.write_service_s, read_pct=read_pct,
        path_demand_s=(reads + writes) / path.path_iops if path.path_iops > 0 else 0.0,
    )  # fmt: skip


# --- the TPC-C profile: fitted on the peak run -----------------------------------------------------


@dataclass(frozen=True)
class TpccRun:
    users: float
    tps: float
    response_s: float
    asm_volumes: int
    obs: Observation


def tpcc_runs(evidence: EvidenceBundle) -> list[TpccRun]:
    """Every Benchmark Factory TPC-C run printed with users, TPS and response time (a run printed in
    two tables appears twice)."""
    out = []
    for o in evidence.find("tps", tool=TPCC, platform="equallogic"):
        users = o.value("users") if o.value("users") is not None else o.cond("users")
        tps, r = o.value("tps"), o.value("response_time")
        if users is None or tps is None or r is None:
            continue
        out.append(
            TpccRun(
                float(users), tps, _ms(o, "response_time") / 1000.0, int(o.cond("asm_volumes", 4) or 4), o
            )
        )
    return out


def amm_40gb(o: Observation) -> bool:
    """Run with the memory setting of the document's best configuration (AMM, MEMORY_TARGET 40 GB)."""
    mm = o.cond("memory_management")
    if mm is not None:
        return bool(mm == "amm" and float(o.cond("memory_target_gb", 0) or 0) == 40)
    text = str(o.cond("memory", "")).upper()
    return "AMM" in text and "ASMM" not in text and "40" in text


@dataclass(frozen=True)
class TpccFit:
    """The peak run's constants: think time, I/Os per transaction and their read share, CPU bound, and
    the storage path's volume constant k."""

    think: Constant
    ios: Constant
    read_share: Constant
    block: Constant
    cpu: Constant
    volume_k: Constant
    sla_s: float
    sla_source: Source
    peak: TpccRun

    @property
    def reads(self) -> float:
        return self.ios.value * self.read_share.value / 100.0

    @property
    def writes(self) -> float:
        return self.ios.value * (1 - self.read_share.value / 100.0)


def peak_runs(evidence: EvidenceBundle, rules: RuleSet) -> list[TpccRun]:
    """The run the document's sizing rule is built on (Section 4.2: 3,600 IOPS at 6,900 users), as
    every table prints it."""
    users, _ = rules.param("dell-iops-per-user", "users_at_peak")
    runs = [r for r in tpcc_runs(evidence) if math.isclose(r.users, users)]
    if not runs:
        raise EvidenceError(f"no TPC-C run at the {users:g} users of the IOPS-per-user rule")
    best = max(r.tps for r in runs)
    return [r for r in runs if math.isclose(r.tps, best)]


def tpcc_fit(evidence: EvidenceBundle, rules: RuleSet) -> TpccFit:
    key = f"equallogic-tpcc:{rules.cache_key()}"
    if key not in evidence.cache:
        evidence.cache[key] = _fit_tpcc(evidence, rules)
    fit: TpccFit = evidence.cache[key]
    return fit


def _fit_tpcc(evidence: EvidenceBundle, rules: RuleSet) -> TpccFit:
    runs = peak_runs(evidence, rules)
    peak = runs[0]
    srcs = tuple(sorted({r.obs.source for r in runs}, key=lambda s: s.locator))
    n, x = peak.users, peak.tps
    r_peak = sum(r.response_s for r in runs) / len(runs)
    z = n / x - r_peak
    think = Constant(
        "think_time_tpcc", z, "s",
        f"Z = N / X - R at the peak run ({n:g} users, {x:g} TPS, R {r_peak:.4g} s; interactive response "
        "time law); the other runs are held out", srcs,
    )  # fmt: skip
    peak_iops, iops_rule = rules.param("dell-iops-per-user", "peak_iops")
    users_at_peak, _ = rules.param("dell-iops-per-user", "users_at_peak")
    v = peak_iops / users_at_peak * (z + r_peak)
    ios = Constant(
        "ios_per_transaction_tpcc", v, "IOs/transaction",
        f"peak IOPS / users x (Z + R) = {peak_iops:g} / {users_at_peak:g} x ({z:.3f} + {r_peak:.3g}) = peak IOPS / "
        "peak TPS (forced flow law); data, temp, redo and archive I/O together (Section 4.2, footnote 13)",
        (iops_rule.source, *srcs),
    )  # fmt: skip
    read_share = Constant(
        "read_share_tpcc", 70.0, "%",
        "read share of the TPC-C I/O: not measured; the 70/30 mix the document calls typical of OLTP and "
        "ran ORION with (reads on the response path, writes as DBWR background demand)",
        (Source(OLTP, "Section 2.1 (Table 1, footnote 5)"),),
    )  # fmt: skip
    block = Constant(
        "block_size_tpcc", 8.0, "KB", "OLTP small random I/O of 8 KB", (Source(OLTP, "Section 4.1"),)
    )
    stress, cpu_rule = rules.param("cpu-utilisation-limit", "stress", "%")
    cpu = Constant(
        "cpu_demand_tpcc", stress / 100.0 * TEST_CORES / x, "s",
        f"upper bound, CPU-seconds per transaction: Dell reports no CPU figure; the document says the storage "
        f"limited the peak ({x:g} TPS), so its {TEST_CORES} cores are taken at most at the {stress:g} % CPU "
        f"stress line ({cpu_rule.source.cite()}, a general threshold): CPU does not decide the throughput there",
        (peak.obs.source, cpu_rule.source, Source(OLTP, "Table 9")),
    )  # fmt: skip
    sla_s, sla_rule = rules.param("tpcc-response-threshold", "response_time", "s")
    limit_ms, _ = rules.param("disk-latency-limit", "latency_limit", "ms")
    curve = array_curve(evidence, rules, "PS6010XV")
    reads, writes = v * read_share.value / 100, v * (1 - read_share.value / 100)
    placeholder = Estimate(0.0, "IOPS", "measured", ())  # the fit reads only the response time

    def response(k: float) -> float:
        path = storage_path(
            curve, block.value, read_share.value, 1.0, 1, peak.asm_volumes, k, limit_ms / 1000
        )
        m = queueing_model(
            z, sla_s, reads, writes, cpu.value, TEST_CORES // TEST_NODES, path, placeholder, False
        )
        return mva.solve(m.stations(TEST_NODES), z, n).response_s - r_peak

    if response(1e-6) >= 0:
        raise EvidenceError(
            "the peak TPC-C response is reached without any volume limit: k is not identifiable"
        )
    k = float(brentq(response, 1e-6, 1e3, xtol=1e-10))
    volume_k = Constant(
        "asm_volume_k", k, "count",
        f"k in n / (n + k), the share of ORION's IOPS (reached through {ORION_VOLUMES.value:g} volumes) a database "
        f"reaches through n ASM volumes: the value that gives the peak run's {r_peak:.3g} s at {n:g} users with "
        f"{peak.asm_volumes} volumes",
        (*srcs, *ORION_VOLUMES.sources),
    )  # fmt: skip
    return TpccFit(think, ios, read_share, block, cpu, volume_k, sla_s, sla_rule.source, peak)


def fit_profile(evidence: EvidenceBundle, rules: RuleSet) -> ProfileFit:
    fit = tpcc_fit(evidence, rules)
    profile = WorkloadProfile(
        PROFILE, "Benchmark Factory TPC-C (Dell EqualLogic 2010)", TPCC, OLTP, fit.think.value, fit.sla_s,
        f"{OLTP}, Sections 3-4; Tables 5, 6, 9",
    )  # fmt: skip
    return ProfileFit(
        profile=profile, family="equallogic", server=TEST_SERVER, read_pct=fit.read_share.value,
        block_size_kb=fit.block.value, reads_per_tx=fit.reads, writes_per_tx=fit.writes, cpu_s_per_tx=fit.cpu.value,
        constants=(fit.think, fit.ios, fit.read_share, fit.block, fit.cpu),
    )  # fmt: skip


# --- validation rows --------------------------------------------------------------------------------


def _tps(e: Sequence[Any]) -> float:
    return float(e[0].performance.at_design.tps.value)


def _response_s(e: Sequence[Any]) -> float:
    return float(e[0].summary.response_at_design.value) / 1000.0


def _max_tps(e: Sequence[Any]) -> float:
    return float(e[0].summary.max_sustained_tps.value)


def _users_at_max(e: Sequence[Any]) -> float:
    return float(e[0].summary.users_at_max.value)


def _gain_pct(e: Sequence[Any]) -> float:
    return (
        float(e[0].summary.max_sustained_tps.value) / float(e[1].summary.max_sustained_tps.value) - 1
    ) * 100


def _tps_ratio(e: Sequence[Any]) -> float:
    return float(e[0].summary.max_sustained_tps.value / e[1].summary.max_sustained_tps.value)


def _storage_iops(e: Sequence[Any]) -> float:
    return float(e[0].storage.iops_capacity.value)


def _model_iops(e: Sequence[Any]) -> float:
    return float(e[0].demand.iops_model.value)


def _latency_ms(e: Sequence[Any]) -> float:
    return float(e[0].summary.storage_latency_at_design.value)


def _run_label(o: Observation) -> str:
    memory = o.cond("memory") or ""
    return (
        f"{o.source.locator} ({o.cond('asm_volumes', 4)} ASM volumes{', ' + str(memory) if memory else ''})"
    )


def _volumes_statement(configuration: str, more: int, fewer: int) -> Observation:
    """The text's statement about volumes beyond five (the additional tests print no figure): a ratio of
    maximum throughputs, 1 = no gain."""
    return Observation(
        "dell-oltp-2010-tpcc-volumes-text", configuration, "equallogic", "PS6010XV",
        {"tool": TPCC, "asm_volumes": more, "baseline_asm_volumes": fewer, "change": "minimal"},
        {"tps_ratio": MeasuredValue("tps_ratio", 1.0, "ratio")},
        Source(OLTP, "Section 3.2.2, text (additional tests past five volumes); Section 5.1.2"),
    )  # fmt: skip


def _orion_load(iops: float, block_kb: float, read_pct: float) -> dict[str, Any]:
    """ORION's load as a workload: one I/O per 'transaction' at the run's mix, no CPU, no SLA in the way;
    the design asks for the IOPS and reads the storage latency there."""
    r = read_pct / 100.0
    return oltp(target_tps=iops, profile="custom", tx_per_s=1.0, reads_per_s=r, writes_per_s=1.0 - r,
                db_cpu_s_per_s=0.0, think_time_s=1.0, sla_response_ms=600_000.0, block_size_kb=block_kb,
                read_pct=read_pct)  # fmt: skip


def _array(storage_model: str) -> dict[str, Any]:
    return PS6010S if storage_model == "PS6010S" else PS6010XV


# Why a run's printed response is not a point the model reproduces: it is the last load step under 2 s,
# where the response rises tenfold within one step of users, so a knee a few per cent off in users is an
# order of magnitude off in response. The model's knee is within the TPS rows' error of the runs'.
KNEE_RESPONSE_LIMIT = (
    "not reproduced as a point: the run's last load step under 2 s sits on the knee, where the response "
    "rises tenfold within one step of users; the model's knee is within the run's TPS error (its TPS row), "
    "its response there is not"
)


def oltp_validation_cases(evidence: EvidenceBundle) -> list[ValidationCase]:
    """The document's measurements beside what `evaluate` returns for its configurations."""
    cases: list[ValidationCase] = []
    # TPC-C runs (Tables 5, 6): throughput and response at the run's users, on the run's volumes. Each
    # run is "the maximum TPS sustained before the response passed 2 s" (Section 3.2): its printed
    # response is that of its last load step below the threshold, which near the knee moves by a factor
    # of ten within one step of users. Outside the peak run (the fit's) the printed response is graded as
    # the value it is (issue 37: a printed figure is a row), and the bound the run states (within 2 s at
    # its users) is checked beside it; its TPS is a point.
    runs = tpcc_runs(evidence)
    best = max((r.tps for r in runs), default=0.0)
    for run in runs:
        o, n = run.obs, run.users
        d = design(oltp(users=int(n)), **PS6010XV, asm_volumes=run.asm_volumes)
        label = _run_label(o)
        cases.append(ValidationCase(f"TPC-C TPS at {n:,.0f} users, {label}", (o,), "tps", "TPS", run.tps, (d,),
                                    _tps, "throughput"))  # fmt: skip
        if math.isclose(run.tps, best):
            cases.append(ValidationCase(f"TPC-C response at {n:,.0f} users, {label}", (o,), "response_time", "s",
                                        run.response_s, (d,), _response_s, "latency"))  # fmt: skip
        else:
            cases.append(ValidationCase(f"TPC-C response at {n:,.0f} users (last load step within 2 s), {label}", (o,),
                                        "response_time", "s", run.response_s, (d,), _response_s, "latency",
                                        limit=KNEE_RESPONSE_LIMIT))  # fmt: skip
            cases.append(ValidationCase(
                f"TPC-C response at {n:,.0f} users within the 2 s threshold, {label} (its last load step "
                f"printed {run.response_s:g} s)", (o,), "response_time", "s", 2.0, (d,), _response_s, "latency",
                bound="upper"))  # fmt: skip
        if amm_40gb(o):  # the memory setting the model describes: its maximum within 2 s is the run's
            cases.append(ValidationCase(f"TPC-C maximum TPS within 2 s, {label}", (o,), "tps", "TPS", run.tps,
                                        (d,), _max_tps, "throughput"))  # fmt: skip
            # the run is where the response passed 2 s: its users are the model's users at that limit
            cases.append(ValidationCase(f"TPC-C users at the maximum TPS within 2 s, {label}", (o,), "users",
                                        "users", n, (d,), _users_at_max, "throughput"))  # fmt: skip
    # Stated gains: four volumes over two (Sections 3.2.2, 5.1.2); AMM over ASMM at 40 GB (Section 3.2.3).
    # Each compares against the peak run the fit is on, so they are listed with it (calibration rows).
    peak_obs = tuple(r.obs for r in runs if math.isclose(r.tps, best))
    for o in evidence.find("change_pct", tool=TPCC):
        pct = o.value("change_pct") or 0.0
        if o.cond("baseline_asm_volumes") is not None:
            more, fewer = int(o.cond("asm_volumes", 4)), int(o.cond("baseline_asm_volumes"))
            ds = (
                design(oltp(users=1), **PS6010XV, asm_volumes=more),
                design(oltp(users=1), **PS6010XV, asm_volumes=fewer),
            )
            cases.append(ValidationCase(f"TPC-C maximum TPS gain, {more} over {fewer} ASM volumes ({o.source.locator})",
                                        (o, *peak_obs), "change_pct", "%", pct, ds, _gain_pct, "ratio", error="change"))  # fmt: skip
        elif o.cond("memory_management") is not None:
            # the model has no memory-management input: both designs are the same configuration
            ds = (design(oltp(users=1), **PS6010XV), design(oltp(users=1), **PS6010XV))
            cases.append(ValidationCase(f"TPC-C maximum TPS gain, AMM over ASMM at 40 GB ({o.source.locator})", (o, *peak_obs),
                                        "change_pct", "%", pct, ds, _gain_pct, "ratio", error="change"))  # fmt: skip
    # "Additional tests conducted by Dell Labs in similar configurations show minimal increases in system
    # performance once you use more than five EqualLogic volumes" (Section 3.2.2; Section 5.1.2): no figure
    # printed, so six volumes over five is graded against no gain, as the FS1 text's "no further
    # performance". Nothing in the fit reads it: k is fitted on the peak run's response alone.
    if runs:
        beyond = _volumes_statement(runs[0].obs.configuration, more=6, fewer=5)
        ds = (
            design(oltp(users=1), **PS6010XV, asm_volumes=6),
            design(oltp(users=1), **PS6010XV, asm_volumes=5),
        )
        cases.append(ValidationCase("TPC-C maximum TPS, 6 over 5 ASM volumes (minimal increase past five volumes)",
                                    (beyond,), "max_sustained_tps ratio", "ratio", 1.0, ds, _tps_ratio, "ratio"))  # fmt: skip
    # The best run as the text states it: ~7,000 users where the response passes 2 s (Section 3.2.1);
    # 3,600 IOPS at 6,900 users (Section 4.2, the run the fit is on).
    for o in evidence.find("approx_users", tool=TPCC):
        cases.append(ValidationCase("TPC-C users where the response reaches 2 s (4 ASM volumes)", (o,), "users",
                                    "users", o.value("approx_users") or 0.0, (design(oltp(users=1), **PS6010XV),),
                                    _users_at_max, "throughput"))  # fmt: skip
    for o in evidence.find("peak_iops", tool=TPCC):
        users = int(o.value("peak_users") or 6900)
        d = design(oltp(users=users), **PS6010XV)
        cases.append(ValidationCase(f"TPC-C IOPS at {users:,} users", (o,), "iops", "IOPS", o.value("peak_iops") or 0.0,
                                    (d,), _model_iops, "throughput"))  # fmt: skip
        cases.append(ValidationCase("IOPS one PS6010XV sustains for TPC-C (4 ASM volumes)", (o,), "iops", "IOPS",
                                    o.value("peak_iops") or 0.0, (d,), _storage_iops, "throughput"))  # fmt: skip
    # ORION (Tables 2, 3): the IOPS at which the model's array latency reaches the limit, through
    # ORION's ten volumes; each point predicted from the others.
    for model in ("PS6010XV", "PS6010S"):
        for o in orion_points(evidence, model):
            b, r = float(o.cond("block_size_kb")), float(o.cond("read_pct", 70))
            d = design(
                oltp(users=1, block_size_kb=b, read_pct=r),
                **_array(model),
                asm_volumes=int(ORION_VOLUMES.value),
            )
            cases.append(ValidationCase(f"{model} ORION maximum IOPS within 20 ms, {b:g} KB {r:g}/{100 - r:g}", (o,),
                                        "max_iops", "IOPS", o.value("max_iops") or 0.0, (d,), _storage_iops,
                                        "throughput", hold_out="point", storage_test=True))  # fmt: skip
            if model == "PS6010XV" and b == 8 and r == 70:
                # Section 4.2 / issue 14: the TPC-C peak's 3,600 IOPS lie below this point, so each I/O
                # stays within 20 ms at 6,900 users
                peak = design(oltp(users=6900), **PS6010XV)
                cases.append(ValidationCase("PS6010XV storage latency at 6,900 TPC-C users (3,600 IOPS), within 20 ms",
                                            (o,), "io_latency", "ms", float(o.cond("latency_limit_ms", 20) or 20),
                                            (peak,), _latency_ms, "latency", bound="upper", hold_out="point"))  # fmt: skip
    # PS6010S latencies the text states: below 2 ms at 4,047 IOPS (Section 2.3), 16.7 ms at its maximum
    # (Section 4.1, footnote 12).
    for o in evidence.find("max_io_latency", storage_model="PS6010S", tool=ORION):
        b, r = float(o.cond("block_size_kb", 8)), float(o.cond("read_pct", 70))
        d = design(_orion_load(o.value("iops") or 0.0, b, r), **PS6010S, asm_volumes=int(ORION_VOLUMES.value))
        cases.append(ValidationCase(f"PS6010S latency at {o.value('iops'):,.0f} IOPS, {b:g} KB {r:g}/{100 - r:g}", (o,),
                                    "io_latency", "ms", _ms(o, "max_io_latency"), (d,), _latency_ms, "latency",
                                    bound="upper", storage_test=True))  # fmt: skip
    for o in evidence.find("io_latency", storage_model="PS6010S", tool=ORION):
        b, r = float(o.cond("block_size_kb", 8)), float(o.cond("read_pct", 70))
        at = [
            p
            for p in orion_points(evidence, "PS6010S")
            if p.cond("block_size_kb") == b and p.cond("read_pct") == r
        ]
        iops = (at[0].value("max_iops") if at else o.value("approx_max_iops")) or 0.0
        d = design(_orion_load(iops, b, r), **PS6010S, asm_volumes=int(ORION_VOLUMES.value))
        cases.append(ValidationCase(f"PS6010S latency at its maximum ({iops:,.0f} IOPS), {b:g} KB {r:g}/{100 - r:g}",
                                    (o,), "io_latency", "ms", _ms(o, "io_latency"), (d,), _latency_ms, "latency",
                                    storage_test=True))  # fmt: skip
    return cases


def oltp_calibration_keys(evidence: EvidenceBundle) -> frozenset[str]:
    """What the fit reads besides the held-out points: the peak run in every table and text that prints
    it, and the PS6010S latency stated at its 8 KB 70/30 maximum."""
    # the peak run wherever it is printed (Section 3.2.1's "~7,000 users at 348 TPS" restates it: not
    # independent of the fit)
    keys = set().union(*oltp_same_runs(evidence))
    keys |= {o.key for o in evidence.find("io_latency", tool=ORION)}
    return frozenset(keys)


def oltp_same_runs(evidence: EvidenceBundle) -> tuple[frozenset[str], ...]:
    """The peak TPC-C run as Table 5 (test 2), Table 6 (test 5) and the text (Sections 3.2.1, 4.2) print
    it: one test."""
    runs = tpcc_runs(evidence)
    best = max((r.tps for r in runs), default=0.0)
    keys = {r.obs.key for r in runs if math.isclose(r.tps, best)}
    keys |= {o.key for o in evidence.find("peak_iops", tool=TPCC)}
    keys |= {o.key for o in evidence.find("approx_users", tool=TPCC)}
    return (frozenset(keys),) if keys else ()


# The array's transfer ceiling: ORION's large sequential reads (256 KB, concat, RAID 10, one array) in
# the DSS document measure how many MB/s one controller moves. The PS6010S shares the PS6010XV's
# controller and 10 GbE ports but no large-I/O run of its own: it takes the PS6010XV's (flagged).
TRANSFER_CEILING_CURVE = {"PS6010XV": "PS6010XV", "PS6010S": "PS6010XV", "PS6110XV": "PS6110XV"}


def transfer_ceiling(evidence: EvidenceBundle, storage_model: str) -> tuple[float, Observation] | None:
    """(MB/s, observation) of one array's large sequential read, or None without the measurement."""
    curve = TRANSFER_CEILING_CURVE.get(storage_model)
    if curve is None:
        return None
    pts = evidence.find("throughput", storage_model=curve, tool=ORION, io_pattern="sequential", read_pct=100,
                        block_size_kb=256, array_mode="concat", raid="raid10")  # fmt: skip
    pts = [o for o in pts if int(o.cond("arrays", 1) or 1) == 1]
    if not pts:
        return None
    return float(pts[0].value("throughput") or 0.0), pts[0]
