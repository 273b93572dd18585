"""Oracle FS1-2 (oracle-fs1-2016): the Swingbench OrderEntry profile and the FS1-2 storage latency,
fitted on the document's own measurements.

What is read, from where (every constant below is a `Constant` with its derivation):
- The example AWR report (Figures 2, 3; two RAC instances, the quarter rack's two-node design): the
  report interval from the db file sequential read waits over the buffer-cache reads per second, the
  transaction rate from the log file sync waits (one commit wait per transaction), and per
  transaction: foreground reads, DBWR and LGWR writes, commit and global-cache (cluster) waits. The
  db file sequential read average (0.61 ms) fixes the storage's fixed per-I/O latency.
- Table 1: the quarter rack's nominal maximum IOPS (189K at 70:30, < 1 ms) is where its storage
  latency reaches 1 ms; the rated Swingbench points (25,800 / 39,000 TPS at 20 ms) fix the CPU per
  transaction (quarter rack, two nodes) and the half rack's storage concurrency (four nodes).
- Table 6: data LUNs are mirrored, redo LUNs single parity; a write costs the RAID write penalty in
  read-service units (the textbook penalty the engine uses everywhere, sizing.families.shared).
- The Swingbench response is measured on a separate load-generator server (Swingbench Download and
  Setup): a client time per transaction AWR does not see. No figure is printed; it is the smallest that
  keeps the half rack's rated point under the balance chart's 1.5 ms stress line (Balance Charts).

Node scaling (System Charts text, Figures 8, 10): the cause modelled is CPU, with the global-cache
work (Cluster-class waits of the AWR) growing with the share of requests another instance serves,
(n - 1) / n. A buffer-cache cause is ruled out by the evidence: the AWR serves nearly as many blocks
from the other instance's cache (gc block transfers) as from disk, so a larger aggregate cache with
more nodes would raise the storage-bound quarter rack's throughput, which the text says stays flat.

Not read here (held out): the AWR's DB CPU, the half rack's nominal IOPS, the node-scaling statements.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from scipy.optimize import brentq

from sizing import mva
from sizing.calibration import Constant
from sizing.errors import EvidenceError
from sizing.evidence import Estimate, EvidenceBundle, Observation, Source
from sizing.families.base import PlatformModel
from sizing.families.shared import WRITE_PENALTY
from sizing.rules import RuleSet

DOCUMENT = "oracle-fs1-2016"
SWINGBENCH = "swingbench_orderentry"
PROFILE_SLUG = "swingbench-orderentry"
# Drive enclosures x SSDs per enclosure of the two reference designs (Table 2, Table 10).
REFERENCE_DRIVES = {"oracle-fs1-quarter-rack": (2, 13), "oracle-fs1-half-rack": (3, 19)}
X5_2_CORES = 36  # Table 2: a Sun X5-2 RAC node has 2 x 18 cores
SWINGBENCH_DELAY_S = 0.1  # Figure 4: Swingbench min = max inter-transaction delay, 100 ms
DATA_RAID = "mirrored"  # Table 6: "Oracle DB ASM: Data OLTP" profile
REDO_RAID = "single_parity"  # Table 6: "Oracle DB ASM: Redo and Control Files" profile
# The AWR example's events (Figure 2) the fit reads; the Cluster class is read by its wait class.
SEQ_READ, COMMIT, REMASTER = "db file sequential read", "log file sync", "gcs drm freeze in enter server mode"
CLUSTER = "Cluster"
# Table 1 rates the nominal IOPS "< 1 ms": the fit puts that point 0.1 % under the limit, so the engine's
# solver tolerance (1e-6 in users, magnified near saturation) never lands it over.
NOMINAL_MARGIN = 0.999


def cluster_share(nodes: int) -> float:
    """Global-cache requests served by another instance, relative to two instances: with blocks and
    their masters spread evenly over n instances, (n - 1) / n of them are remote (1/2 at n = 2)."""
    return 2.0 * (nodes - 1) / nodes


@dataclass(frozen=True)
class Fs1PlatformModel(PlatformModel):
    """The FS1-2 network with the global-cache work growing with the RAC node count: CPU and cluster
    waits per transaction at another node count move by `cluster_*` times the change of the remote
    share (the design's own count is the one `cpu_demand_s` and `other_s` are for)."""

    cluster_cpu_s: float = 0.0  # global-cache CPU per transaction at two instances
    cluster_wait_s: float = 0.0  # global-cache waits per transaction at two instances

    def stations(self, rac_nodes: int) -> tuple[mva.Station, ...]:
        shift = cluster_share(rac_nodes) - cluster_share(self.rac_nodes or rac_nodes)
        return self.network(
            rac_nodes,
            max(self.cpu_demand_s + self.cluster_cpu_s * shift, 0.0),
            max(self.other_s + self.cluster_wait_s * shift, 0.0),
        )


def read_latency(service_s: float, concurrency: float, load: float) -> float:
    """Time per foreground read of the storage station (the population limit of the solver's residence,
    Erlang C: sizing.mva) at `load` read-service units per second; infinite at or past saturation."""
    u = load * service_s / concurrency
    if u >= 1.0:
        return math.inf
    return service_s * (concurrency - 1.0) / concurrency + mva.queue_term(
        service_s / concurrency, concurrency, 1.0 - u
    )


def closed_read_latency(service_s: float, concurrency: float, read_share: float, write_units: float,
                        iops: float) -> float:  # fmt: skip
    """Time per foreground read when a storage-only load (think time 0, each I/O a transaction: `read_share`
    reads, the rest writes of `write_units` read-service units) runs `iops` through the station: the
    Bard-Schweitzer fixed point the engine solves for such a design (a fixed number of outstanding I/Os,
    as a synthetic IOPS test keeps)."""
    d = read_share * service_s
    dq, fixed = d / concurrency, d * (concurrency - 1.0) / concurrency
    bq = (1.0 - read_share) * write_units * service_s / concurrency

    def residence(n: float) -> float:
        a = (n - 1.0) / n
        free = 1.0 - a * iops * dq - iops * bq
        return fixed + mva.queue_term(dq, concurrency, free) if free > 0 else math.inf

    if iops * (dq + bq) >= 1.0:
        return math.inf
    if iops * residence(1.0) <= 1.0:  # not even one I/O outstanding on average
        return residence(1.0) / read_share
    hi = 2.0
    while hi <= iops * residence(hi):
        hi *= 2.0
    n = float(brentq(lambda n: n - iops * residence(n), 1.0, hi, xtol=1e-9))
    return residence(n) / read_share


def along_ssds(points: list[tuple[float, float]], ssds: int) -> tuple[float, str]:
    """A storage figure at an SSD count from the rated systems' (SSDs, value): the value where measured,
    linear between, proportional to the SSDs below the smallest (fewer drives carry less), linear past
    the largest but never below it (extrapolated)."""
    pts = sorted(points)
    if not pts:
        raise EvidenceError(f"{DOCUMENT}: no rated FS1-2 system")
    for s, v in pts:
        if math.isclose(s, ssds):
            return v, "measured"
    if ssds < pts[0][0] or len(pts) == 1:
        near = min(pts, key=lambda p: abs(p[0] - ssds))
        return near[1] * ssds / near[0], "extrapolated"
    if ssds > pts[-1][0]:
        (x0, y0), (x1, y1) = pts[-2], pts[-1]
        return max(y1 + (y1 - y0) / (x1 - x0) * (ssds - x1), y1), "extrapolated"
    i = next(i for i in range(1, len(pts)) if pts[i][0] >= ssds)
    (x0, y0), (x1, y1) = pts[i - 1], pts[i]
    return y0 + (y1 - y0) * (ssds - x0) / (x1 - x0), "interpolated"


def write_cost(dbwr: float, lgwr: float, data_raid: str = DATA_RAID) -> float:
    """Storage time of one write in read-service units: data-file writes at the data LUNs' RAID
    penalty, redo writes at the redo LUNs' (single parity), weighted by the measured DBWR / LGWR mix."""
    total = dbwr + lgwr
    if total <= 0:
        return float(WRITE_PENALTY[data_raid])
    return (WRITE_PENALTY[data_raid] * dbwr + WRITE_PENALTY[REDO_RAID] * lgwr) / total


# --- the evidence ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class RatedSystem:
    """A reference design's Table 1 figures: rated Swingbench TPS at a response time, nominal IOPS."""

    configuration: str
    rac_nodes: int
    ssds: int
    tps: float
    response_s: float
    tps_obs: Observation
    nominal_iops: float | None
    nominal_read_pct: float
    nominal_latency_s: float
    nominal_obs: Observation | None


def _drives(o: Observation) -> tuple[int, int]:
    enclosures, per = REFERENCE_DRIVES.get(o.configuration, (0, 0))
    return int(o.cond("drive_enclosures", enclosures) or enclosures), int(
        o.cond("drives_per_enclosure", per) or per
    )


def _ms(o: Observation, quantity: str) -> float | None:
    v = o.values.get(quantity)
    if v is None:
        return None
    return v.value / 1000.0 if v.unit == "ms" else v.value


def rated_systems(bundle: EvidenceBundle) -> list[RatedSystem]:
    """The FS1-2 reference designs with a rated Swingbench TPS (Table 1), smallest first."""
    nominal: dict[str, Observation] = {}
    for o in bundle.find("max_iops", platform="oracle-fs1"):
        nominal.setdefault(o.configuration, o)
    out = []
    for o in bundle.find("tps", platform="oracle-fs1", tool=SWINGBENCH):
        enclosures, per = _drives(o)
        facts = bundle.configuration(o.configuration)
        nodes = int(o.cond("rac_nodes", 0) or (facts.value("rac_nodes") if facts else 0) or 0)
        if not (enclosures and per and nodes):
            continue
        n = nominal.get(o.configuration)
        out.append(
            RatedSystem(
                o.configuration, nodes, enclosures * per, o.value("tps") or 0.0, _ms(o, "response_time") or 0.0,
                o, n.value("max_iops") if n else None, float(n.cond("read_pct", 70)) if n else 70.0,
                (_ms(n, "latency_limit") or 0.001) if n else 0.001, n,
            )
        )  # fmt: skip
    return sorted(out, key=lambda r: r.ssds)


def nominal_iops(bundle: EvidenceBundle) -> list[tuple[int, float, Source]]:
    """(SSDs, nominal IOPS < 1 ms, source) of every FS1-2 reference design (Table 1): the curve point,
    else the configuration's attribute."""
    out: dict[str, tuple[int, float, Source]] = {}
    for o in bundle.find("max_iops", platform="oracle-fs1"):
        e, per = _drives(o)
        if e and per and o.configuration not in out:
            out[o.configuration] = (e * per, o.value("max_iops") or 0.0, o.source)
    for c in bundle.configurations:
        if c.slug in REFERENCE_DRIVES and c.slug not in out and c.value("nominal_iops"):
            e, per = REFERENCE_DRIVES[c.slug]
            out[c.slug] = (e * per, c.value("nominal_iops") or 0.0, c.source)
    return sorted(out.values(), key=lambda t: t[0])


@dataclass(frozen=True)
class AwrExample:
    """Figures 2 and 3 per transaction (the two-instance example report)."""

    instances: int
    interval: Constant
    tx_per_s: Constant
    reads_per_tx: Constant
    dbwr_per_tx: float
    lgwr_per_tx: float
    writes_per_tx: Constant
    commit_wait: Constant
    cluster_wait: Constant  # Cluster-class waits (gc block and grant)
    remaster_wait: Constant  # gcs drm freeze (global cache resource remastering)
    read_latency_s: float  # db file sequential read average
    block_kb: float
    observations: tuple[Observation, ...]

    @property
    def read_pct(self) -> float:
        return 100.0 * self.reads_per_tx.value / (self.reads_per_tx.value + self.writes_per_tx.value)

    @property
    def storage_load(self) -> float:
        """Read-service units per second the example put on the storage."""
        x = self.tx_per_s.value
        return x * (
            self.reads_per_tx.value
            + write_cost(self.dbwr_per_tx, self.lgwr_per_tx) * self.writes_per_tx.value
        )


def _event(bundle: EvidenceBundle, quantity: str, event: str) -> Observation:
    found = [
        o
        for o in bundle.find(quantity, tool=SWINGBENCH, event=event, instance="*")
        if o.source.document == DOCUMENT
    ]
    if not found:
        raise EvidenceError(f"{DOCUMENT}: no AWR top timed event '{event}' ({quantity}) in the evidence")
    return found[0]


def awr_example(bundle: EvidenceBundle) -> AwrExample:
    seq = _event(bundle, "waits", SEQ_READ)
    commit = _event(bundle, "waits", COMMIT)
    remaster = _event(bundle, "wait_time_total", REMASTER)
    cluster = [
        o for o in bundle.find("wait_time_total", tool=SWINGBENCH, wait_class=CLUSTER, instance="*")
        if o.source.document == DOCUMENT
    ]  # fmt: skip
    io = [
        o for o in bundle.find("dbwr_write_iops", tool=SWINGBENCH, instance="sum")
        if o.source.document == DOCUMENT and o.value("buffer_cache_read_iops") is not None
    ]  # fmt: skip
    if not cluster or not io:
        raise EvidenceError(
            f"{DOCUMENT}: the AWR example (Figure 2 cluster events, Figure 3 by function) is missing"
        )
    f3 = io[0]
    reads_s = f3.value("buffer_cache_read_iops") or 0.0
    dbwr_s, lgwr_s = f3.value("dbwr_write_iops") or 0.0, f3.value("lgwr_write_iops") or 0.0
    seq_waits, commits = seq.value("waits") or 0.0, commit.value("waits") or 0.0
    if not (reads_s > 0 and seq_waits > 0 and commits > 0):
        raise EvidenceError(f"{DOCUMENT}: the AWR example has no reads or commits")
    t = seq_waits / reads_s
    x = commits / t
    interval = Constant(
        "awr_interval", t, "s",
        f"db file sequential read waits {seq_waits:,.0f} / buffer-cache reads {reads_s:,.2f} per second (each "
        "single-block buffer-cache read is one such wait): about the 5-minute statistics window of the "
        "Swingbench Workloads section",
        (seq.source, f3.source, Source(DOCUMENT, "Swingbench Workloads")),
    )  # fmt: skip
    tx = Constant(
        "awr_transactions_per_s", x, "TPS",
        f"log file sync waits {commits:,.0f} / interval {t:.1f} s: every OrderEntry transaction ends in one "
        "commit wait",
        (commit.source, seq.source, f3.source),
    )  # fmt: skip
    cluster_total = sum(o.value("wait_time_total") or 0.0 for o in cluster)
    per_tx = t * x
    reads = Constant(
        "reads_per_transaction", reads_s / x, "IOs/transaction",
        f"buffer-cache reads {reads_s:,.2f}/s / {x:,.0f} TPS (forced flow law): foreground single-block reads",
        (f3.source, commit.source),
    )  # fmt: skip
    writes = Constant(
        "writes_per_transaction", (dbwr_s + lgwr_s) / x, "IOs/transaction",
        f"(DBWR {dbwr_s:,.2f} + LGWR {lgwr_s:,.2f} writes/s) / {x:,.0f} TPS: asynchronous to the transaction "
        "(storage load, not response time)",
        (f3.source, commit.source),
    )  # fmt: skip
    commit_wait = Constant(
        "commit_wait", (commit.value("wait_time_total") or 0.0) / per_tx, "s",
        f"log file sync {commit.value('wait_time_total'):,.2f} s over {per_tx:,.0f} transactions "
        f"(average {commit.value('wait_time_avg') or 0:g} ms, one per transaction)",
        (commit.source,),
    )  # fmt: skip
    cluster_wait = Constant(
        "cluster_wait", cluster_total / per_tx, "s",
        f"Cluster-class waits among the top events ({', '.join(str(o.cond('event')) for o in cluster)}: "
        f"{cluster_total:,.2f} s) over {per_tx:,.0f} transactions, two instances",
        tuple(o.source for o in cluster),
    )  # fmt: skip
    remaster_wait = Constant(
        "remaster_wait", (remaster.value("wait_time_total") or 0.0) / per_tx, "s",
        f"gcs drm freeze (global-cache remastering) {remaster.value('wait_time_total'):,.2f} s over "
        f"{per_tx:,.0f} transactions, two instances",
        (remaster.source,),
    )  # fmt: skip
    mb_s = f3.value("buffer_cache_read_throughput")
    block = mb_s * 1024.0 / reads_s if mb_s else 8.0
    return AwrExample(
        int(seq.value("instances") or f3.cond("rac_nodes", 2) or 2), interval, tx, reads, dbwr_s / x, lgwr_s / x,
        writes, commit_wait, cluster_wait, remaster_wait, _ms(seq, "wait_time_avg") or 0.0, block,
        (seq, commit, remaster, *cluster, f3),
    )  # fmt: skip


def home_system(awr: AwrExample, rated: list[RatedSystem]) -> RatedSystem | None:
    """The rated system the AWR example ran on: the one with as many RAC nodes as the report has
    instances (two: the quarter rack's design), with a nominal IOPS."""
    return next((r for r in rated if r.rac_nodes == awr.instances and r.nominal_iops and r.nominal_obs), None)


def unrated_home(bundle: EvidenceBundle, awr: AwrExample) -> RatedSystem | None:
    """The AWR example's system known by its nominal IOPS alone (Table 1 without its Swingbench run):
    the reduced fit's home. `tps` 0 and `tps_obs` the nominal point: no rated run to fit the CPU on."""
    for o in bundle.find("max_iops", platform="oracle-fs1"):
        facts = bundle.configuration(o.configuration)
        nodes = int(facts.value("rac_nodes") or 0) if facts else 0
        enclosures, per = _drives(o)
        if nodes == awr.instances and enclosures and per:
            return RatedSystem(
                o.configuration, nodes, enclosures * per, 0.0, 0.0, o, o.value("max_iops"),
                float(o.cond("read_pct", 70)), _ms(o, "latency_limit") or 0.001, o,
            )  # fmt: skip
    return None


def awr_cpu(bundle: EvidenceBundle) -> Observation | None:
    """The example AWR report's cluster-wide DB CPU (Figure 2)."""
    found = [
        o for o in bundle.find("wait_time_total", tool=SWINGBENCH, event="DB CPU", instance="*")
        if o.source.document == DOCUMENT
    ]  # fmt: skip
    return found[0] if found else None


def fit_keys(bundle: EvidenceBundle) -> frozenset[str]:
    """The observations `fit` reads: the AWR example's events and I/O rates, the home system's nominal
    IOPS, every rated TPS (and, without a rated home, the AWR's DB CPU: the reduced fit)."""
    awr = awr_example(bundle)
    rated = rated_systems(bundle)
    home = home_system(awr, rated)
    reduced: set[str] = set()
    if home is None:
        home, cpu = unrated_home(bundle, awr), awr_cpu(bundle)
        reduced = {cpu.key} if cpu is not None else set()
    nominal = {home.nominal_obs.key} if home is not None and home.nominal_obs is not None else set()
    return frozenset({o.key for o in awr.observations} | nominal | reduced | {r.tps_obs.key for r in rated})


# --- the fit --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Fs1Fit:
    awr: AwrExample
    think: Constant
    sla_s: float
    sla_source: Source
    stress_s: float  # balance chart: storage stress above this db file sequential read
    read_service: Constant
    write_cost: Constant
    concurrency: tuple[tuple[int, Constant], ...]  # (SSDs, storage concurrency) per rated system
    cpu: Constant  # CPU per transaction at two instances (core-seconds, Sun X5-2)
    cluster_cpu: Constant  # of which the global-cache work (grows with the node count)
    client_time: Constant
    rated: tuple[RatedSystem, ...]
    nominal: tuple[tuple[int, float, Source], ...]
    cores_per_node: int
    keys: frozenset[str]  # the observations the fit read

    @property
    def other_s(self) -> float:
        """Delay per transaction outside CPU and storage at two instances."""
        a = self.awr
        return a.commit_wait.value + a.cluster_wait.value + a.remaster_wait.value + self.client_time.value

    @property
    def cluster_wait_s(self) -> float:
        return self.awr.cluster_wait.value + self.awr.remaster_wait.value

    def concurrency_at(self, ssds: int) -> tuple[float, str]:
        """Storage concurrency for an SSD count (`along_ssds` over the rated systems)."""
        value, basis = along_ssds([(float(s), c.value) for s, c in self.concurrency], ssds)
        return max(value, 1.0), basis


# The fit's networks show no storage section.
_NO_ESTIMATE = Estimate(0.0, "IOPS", "measured", ())


@dataclass(frozen=True)
class _Network:
    """What the fit holds fixed while it solves for CPU, concurrency and client time: the Swingbench
    network of a rated system (the design's own model is built by the family's build_model from the
    same constants)."""

    awr: AwrExample
    think_s: float
    service_s: float
    write_units: float
    cluster_cpu_s: float
    cores_per_node: int

    def at(
        self, nodes: int, concurrency: float, cpu_s: float, client_s: float, sla_s: float
    ) -> Fs1PlatformModel:
        a = self.awr
        cluster_wait = a.cluster_wait.value + a.remaster_wait.value
        shift = cluster_share(nodes) - cluster_share(2)
        return Fs1PlatformModel(
            family="oracle-fs1", think_s=self.think_s, sla_s=sla_s, reads_per_tx=a.reads_per_tx.value,
            storage_estimate=_NO_ESTIMATE, read_service_s=self.service_s, storage_concurrency=concurrency,
            cpu_demand_s=cpu_s + self.cluster_cpu_s * shift, cores_per_node=self.cores_per_node, ssd=True,
            assumptions=(), flags=(), writes_per_tx=a.writes_per_tx.value,
            write_service_s=self.write_units * self.service_s,
            other_s=a.commit_wait.value + cluster_wait * (1.0 + shift) + client_s, rac_nodes=nodes,
            cluster_cpu_s=self.cluster_cpu_s, cluster_wait_s=cluster_wait,
        )  # fmt: skip

    def sla_point(
        self, r: RatedSystem, concurrency: float, cpu_s: float, client_s: float
    ) -> tuple[mva.Solution, float]:
        """The network of `r` at its rated response time: (solution, time per foreground read)."""
        m = self.at(r.rac_nodes, concurrency, cpu_s, client_s, r.response_s)
        sol = mva.sla_point(m.stations(r.rac_nodes), m.think_s, r.response_s)
        return sol, sol.residence_s[1] / m.reads_per_tx


def _root(f: Callable[[float], float], lo: float, hi: float, what: str) -> float:
    flo, fhi = f(lo), f(hi)
    if flo == 0:
        return lo
    if fhi == 0:
        return hi
    if (flo > 0) == (fhi > 0):
        raise EvidenceError(f"{DOCUMENT}: cannot fit {what} (no solution between {lo:.4g} and {hi:.4g})")
    return float(brentq(f, lo, hi, xtol=1e-12 * max(abs(hi), 1.0), rtol=1e-12, maxiter=200))


def fit(bundle: EvidenceBundle, rules: RuleSet, cores_per_node: int = X5_2_CORES) -> Fs1Fit:
    """Fit the FS1-2 constants on the AWR example and the Table 1 figures (module docstring)."""
    awr = awr_example(bundle)
    rated = rated_systems(bundle)
    home = home_system(awr, rated)
    # Without the home system's rated Swingbench run (a catalog without it; leave-one-test-out), the
    # reduced fit takes the CPU per transaction from the AWR's own DB CPU (Figure 2) instead of solving it
    # from the rated TPS; the storage still comes from the AWR latency and the nominal IOPS.
    measured_cpu: Constant | None = None
    if home is None:
        home, cpu_obs = unrated_home(bundle, awr), awr_cpu(bundle)
        if home is not None and cpu_obs is not None:
            per_tx = (cpu_obs.value("wait_time_total") or 0.0) / (awr.tx_per_s.value * awr.interval.value)
            measured_cpu = Constant(
                "cpu_per_transaction", per_tx, "s",
                f"core-seconds per transaction at two instances: the AWR example's DB CPU "
                f"{cpu_obs.value('wait_time_total'):,.2f} s over its {awr.tx_per_s.value * awr.interval.value:,.0f} "
                f"transactions (the reduced fit: no rated Swingbench run of the {home.configuration} in the "
                "evidence to solve it from)",
                (cpu_obs.source, *awr.tx_per_s.sources),
            )  # fmt: skip
    if home is None or home.nominal_obs is None or home.nominal_iops is None:
        raise EvidenceError(f"{DOCUMENT}: no rated {awr.instances}-node system with a nominal IOPS (Table 1)")
    if measured_cpu is None and home.tps <= 0:
        raise EvidenceError(f"{DOCUMENT}: no CPU per transaction: neither a rated run nor the AWR's DB CPU")
    sla_ms, sla_rule = rules.param("swingbench-response-threshold", "response_time", "ms")
    stress_ms, stress_rule = rules.param("ssd-read-latency-stress", "stress", "ms")
    think = Constant(
        "think_time_swingbench", SWINGBENCH_DELAY_S, "s",
        "Swingbench inter-transaction delay of the runs (minimum = maximum = 100 ms)", (Source(DOCUMENT, "Figure 4"),),
    )  # fmt: skip

    # Storage: fixed latency S and concurrency c of the AWR's system from two latencies of its own: the
    # AWR example's 0.61 ms at its load, 1 ms at the nominal maximum IOPS (70:30 on mirrored data LUNs,
    # as the engine evaluates a storage-only load).
    w_data = float(WRITE_PENALTY[DATA_RAID])
    r_nom = home.nominal_read_pct / 100.0
    awr_load = awr.storage_load

    def service_for(c: float) -> float:
        top = min(awr.read_latency_s, c / awr_load) * (1.0 - 1e-12)
        if read_latency(top, c, awr_load) <= awr.read_latency_s:
            return top  # so many servers that the AWR's load waits for none: the latency is all fixed
        return _root(
            lambda s: read_latency(s, c, awr_load) - awr.read_latency_s, 1e-9, top, "the fixed latency"
        )

    def nominal_gap(c: float) -> float:
        latency = closed_read_latency(service_for(c), c, r_nom, w_data, home.nominal_iops or 0.0)
        return latency - home.nominal_latency_s * NOMINAL_MARGIN

    c_home = _root(nominal_gap, 1.0, 1e5, "the storage concurrency")
    s = service_for(c_home)
    wc = write_cost(awr.dbwr_per_tx, awr.lgwr_per_tx)
    wcost = Constant(
        "write_service_factor", wc, "ratio",
        f"storage time per write in fixed-latency units: DBWR writes ({awr.dbwr_per_tx:.3f}/transaction) to the "
        f"mirrored data LUNs cost {WRITE_PENALTY[DATA_RAID]}, LGWR writes ({awr.lgwr_per_tx:.3f}) to the single-parity "
        f"redo LUNs {WRITE_PENALTY[REDO_RAID]} (textbook RAID write penalties)",
        (Source(DOCUMENT, "Table 6"), Source(DOCUMENT, "Figure 3, IOStat by Function")),
    )  # fmt: skip
    service = Constant(
        "read_service_time", s, "s",
        f"fixed per-I/O latency of the FS1-2 such that the storage station gives the AWR example's db file "
        f"sequential read ({awr.read_latency_s * 1000:g} ms at {awr_load:,.0f} read-service units/s) and "
        f"{home.nominal_latency_s * NOMINAL_MARGIN * 1000:g} ms (under the < 1 ms limit) at the "
        f"{home.configuration} nominal {home.nominal_iops:,.0f} IOPS ({home.nominal_read_pct:g}:"
        f"{100 - home.nominal_read_pct:g}, mirrored writes cost {w_data:g})",
        (Source(DOCUMENT, "Figure 2, cluster-wide (*), db file sequential read"), home.nominal_obs.source),
    )  # fmt: skip
    cluster_cpu = Constant(
        "cluster_cpu", awr.cluster_wait.value, "s",
        "CPU of the global-cache work per transaction at two instances, taken equal to its Cluster-class wait "
        "(a request waits while the serving instance's LMS processes work on it; over InfiniBand with RDS the "
        "wire time is small); it grows with the remote share (n - 1)/n at n instances",
        (*awr.cluster_wait.sources, Source(DOCUMENT, "Table 7"), Source(DOCUMENT, "Table 3")),
    )  # fmt: skip

    net = _Network(awr, think.value, s, wc, cluster_cpu.value, cores_per_node)

    def cpu_for(client_s: float) -> float:
        if measured_cpu is not None:
            return measured_cpu.value
        top = home.rac_nodes * cores_per_node / home.tps

        def gap(cpu_s: float) -> float:
            return net.sla_point(home, c_home, cpu_s, client_s)[0].throughput - home.tps

        return _root(gap, cluster_cpu.value, top * (1 - 1e-9), "the CPU per transaction")

    others = [r for r in rated if r is not home]

    def concurrency_for(r: RatedSystem, cpu_s: float, client_s: float) -> float:
        def gap(c: float) -> float:
            return net.sla_point(r, c, cpu_s, client_s)[0].throughput - r.tps

        return _root(gap, 1.0, c_home * 50.0, f"the {r.configuration} storage concurrency")

    def worst_latency(client_s: float) -> float:
        """The highest foreground read latency at the other rated points, minus the stress line."""
        cpu_s = cpu_for(client_s)
        worst = max(net.sla_point(r, concurrency_for(r, cpu_s, client_s), cpu_s, client_s)[1] for r in others)
        return worst - stress_ms / 1000.0

    # The Swingbench client and its Ethernet round trips (a separate load-generator server) add a time
    # per transaction AWR does not see. No figure for it is printed: it is the smallest one that keeps
    # the other rated points out of the balance chart's stress zone (the text: the half rack still gains
    # from servers there, so its storage is not the limit).
    client = 0.0
    if others and worst_latency(0.0) > 0:
        # bracket in 2 ms steps: too long a client time leaves the rated points no time at all
        lo, step = 0.0, 0.002
        while True:
            hi = lo + step
            if hi >= sla_ms / 1000.0 or worst_latency(hi) <= 0:
                break
            lo = hi
        client = _root(worst_latency, lo, hi, "the Swingbench client time")
    cpu_s = cpu_for(client)
    concurrency = [(home.ssds, c_home)] + [(r.ssds, concurrency_for(r, cpu_s, client)) for r in others]
    conc_consts = tuple(
        (
            ssds,
            Constant(
                f"storage_concurrency_{ssds}_ssds", c, "count",
                (f"concurrency of the {ssds}-SSD FS1-2 at the fixed latency above: just under 1 ms at its nominal IOPS"
                 if ssds == home.ssds else
                 f"concurrency of the {ssds}-SSD FS1-2 that carries its rated {r.tps:,.0f} TPS at "
                 f"{r.response_s * 1000:g} ms with {r.rac_nodes} nodes"),
                ((home.nominal_obs.source, service.sources[0]) if ssds == home.ssds else (r.tps_obs.source,)),
            ),
        )
        for (ssds, c), r in zip(concurrency, [home, *others], strict=True)
    )  # fmt: skip
    cpu = measured_cpu or Constant(
        "cpu_per_transaction", cpu_s, "s",
        f"core-seconds per transaction on the Sun X5-2 at two instances (global-cache work included): the value "
        f"at which the {home.configuration} ({home.rac_nodes} x {cores_per_node} cores, {home.ssds} SSDs) carries "
        f"its rated {home.tps:,.0f} TPS at {home.response_s * 1000:g} ms",
        (home.tps_obs.source, Source(DOCUMENT, "Table 2")),
    )  # fmt: skip
    client_c = Constant(
        "swingbench_client_time", client, "s",
        "time per transaction outside the database (Swingbench on a separate server over standard Ethernet): "
        f"the smallest that keeps the other rated points at or under the {stress_ms:g} ms stress line of the "
        "balance chart (the half rack still gains from a fourth server, so its storage is not the limit there)",
        (Source(DOCUMENT, "Swingbench Download and Setup"), stress_rule.source,
         *(r.tps_obs.source for r in others)),
    )  # fmt: skip
    return Fs1Fit(
        awr, think, sla_ms / 1000.0, sla_rule.source, stress_ms / 1000.0, service, wcost, conc_consts, cpu,
        cluster_cpu, client_c, tuple(rated), tuple(nominal_iops(bundle)), cores_per_node, fit_keys(bundle),
    )  # fmt: skip


def cached_fit(bundle: EvidenceBundle, rules: RuleSet) -> Fs1Fit:
    key = f"fs1-fit:{rules.cache_key()}"
    if key not in bundle.cache:
        bundle.cache[key] = fit(bundle, rules)
    out: Fs1Fit = bundle.cache[key]
    return out
