"""The SLOB profile and the XtremIO storage, fitted on emc-xtremio-2014 (Tables 11-13, Figures 10-12).

One SLOB operation (a "transaction") is one foreground read wait of a zero-think-time SLOB session, with
the CPU and the writes that go with it: a query's `db file sequential read` (one block) or `db file
parallel read` (a batch of blocks), or an UPDATE, which reads the block of its row in one
single-block read and dirties it (DBWR writes it back later; LGWR writes the redo). The tests are
told apart by their share of query sessions (the evidence's `read_pct` condition): 100 the read-only
test (Table 11), 0 the 100 % UPDATE test (Table 12), 75 the 75/25 QUERY/UPDATE test (Table 13). A
design's `read_pct` is the contract's, the share of reads in the I/O: `XtremioFit.session_mix`
translates it into the session share whose per-operation reads and writes give that I/O mix.

Per measured mix, from its AWR (the same interval for every figure of a report):
- interval T = DB time / sessions (zero think time keeps every session in a database call), DB time
  = DB CPU / its %DB time;
- operations = read waits (sequential + parallel); CPU per operation = DB CPU / operations (the
  utilisation law needs no interval: both are totals of one report);
- wait per operation = read wait time / operations; single-block read latency = db file sequential
  read time / waits (the device latency of one 8 KB read);
- blocks and writes per operation = the table's physical read / write IOPS / (operations / T);
- reads in flight = blocks per operation x single-block latency / wait per operation (Little's law:
  a session waiting on a parallel read keeps that many reads at the array).
The UPDATE-only mix is described by its AWR and the document's account of an UPDATE (one block read,
written out again soon after: one write), so Table 12 stays out of the fit and is predicted.

The storage is one multi-server station for the two-X-Brick cluster: `s` per 8 KB read at light load,
`C` servers (linear per X-Brick, the vendor's statement), and a write costing `write_cost` reads of
array time (inline hashing, XDP, flash programming: writes are acknowledged from controller memory,
so their own latency, DBWR 0.5-0.6 ms, is not their cost). The three constants are fitted so that the
model's single-block read latency is the AWR's at each mix's operating point (measured IOPS for the
query mixes; the model's own closed loop for the UPDATE mix): three mixes, three constants.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from scipy.optimize import least_squares

from sizing import mva
from sizing.calibration import SLOB, Constant
from sizing.errors import EvidenceError
from sizing.evidence import Estimate, EvidenceBundle, Observation, Source
from sizing.families.base import PlatformModel, ProfileFit, WorkloadProfile
from sizing.rules import RuleSet

DOCUMENT = "emc-xtremio-2014"
PLATFORM = "xtremio"
PROFILE = "slob"
MEASURED_XBRICKS = 2  # Table 1: one cluster of two X-Brick units
MEASURED_RAC_NODES = 4  # Solution architecture: a four-node RAC, one VM per ESXi server
MEASURED_VCPUS_PER_NODE = 8  # Table 7: 8 vCPUs per OLTP VM (Table 1: 8-core hosts)
MEASURED_BLOCK_KB = 8.0  # Table 8: data block size 8 KB
UPDATE_ONLY_PCT = 0.0  # query-session share of the 100 % UPDATE test
DEFAULT_MIX_PCT = 75.0  # the document's "real-world" mix (75/25 QUERY/UPDATE test), in query sessions
# A read share of the I/O this close to a measured test's is that test: AWR shares are read off to the
# whole percent (the 75/25 test's 79.55 % is "79.5" or "80"), so half a point is the reading's precision.
MEASURED_MIX_TOLERANCE_PCT = 0.5
SEQUENTIAL = "db file sequential read"
PARALLEL = "db file parallel read"
DB_CPU = "DB CPU"
SERVER = "vSphere VM, 8 vCPUs on a 2.9 GHz 8-core host (emc-xtremio-2014, Tables 1 and 7)"


def _src(locator: str) -> Source:
    return Source(DOCUMENT, locator)


@dataclass(frozen=True)
class SlobMix:
    """One measured SLOB test, per operation (one foreground read wait)."""

    query_pct: float  # query share of the sessions (the evidence's read_pct condition)
    sessions: float
    reads: float  # 8 KB blocks read per operation
    writes: float  # DBWR blocks written per operation
    cpu_s: float  # DB CPU per operation (vCPU-seconds)
    wait_s: float  # foreground read wait per operation
    single_read_s: float  # db file sequential read average
    ops_per_s: float | None  # measured operation rate (None: not used, the closed loop gives it)
    keys: tuple[str, ...]
    sources: tuple[Source, ...]
    derivation: str
    # The read share of the I/O the test's own table prints, where it differs from the per-operation
    # reading (the UPDATE test: Table 12's 31,646 read / 33,136 write IOPS are 48.8 %, the AWR's one read
    # and one write per operation 50 %): a design at either share is that test. A label only, never a
    # fitted figure (Table 12 stays held out).
    printed_read_pct: float | None = None

    def reads_at(self, io_read_pct: float) -> bool:
        """The read share is this test's: between its per-operation reading and its table's printed mix
        (either alone when the table prints none), to the reading's precision."""
        shares = [x for x in (self.io_read_pct, self.printed_read_pct) if x is not None]
        tol = MEASURED_MIX_TOLERANCE_PCT
        return min(shares) - tol <= io_read_pct <= max(shares) + tol

    @property
    def rounds(self) -> float:
        """Single-block read times one operation waits (1 for single-block reads)."""
        return self.wait_s / self.single_read_s

    @property
    def in_flight(self) -> float:
        return max(self.reads / self.rounds, 1.0)

    @property
    def io_read_pct(self) -> float:
        """Share of reads in the test's I/O (blocks read over blocks read and written)."""
        return 100.0 * self.reads / (self.reads + self.writes)


@dataclass(frozen=True)
class SlobOperation:
    """The per-operation constants at one session mix (measured or interpolated)."""

    query_pct: float  # query share of the sessions
    reads: float
    writes: float
    cpu_s: float
    in_flight: float
    basis: str  # measured | interpolated

    @property
    def io_read_pct(self) -> float:
        total = self.reads + self.writes
        return 100.0 * self.reads / total if total else 100.0


@dataclass(frozen=True)
class SessionMix:
    """A design's read share of the I/O as a SLOB session mix."""

    io_read_pct: float  # as asked
    query_pct: float  # the query-session share that gives it (the measured test's at a clamp)
    # measured (within MEASURED_MIX_TOLERANCE_PCT of a test) | interpolated | extrapolated (clamped)
    basis: str
    lo: SlobMix  # the measured tests it lies between (the same one twice at a test or a clamp)
    hi: SlobMix

    @property
    def clamped(self) -> bool:
        return self.basis == "extrapolated"


@dataclass(frozen=True)
class XtremioStorage:
    read_service_s: float  # s: one 8 KB read at light load
    concurrency_per_xbrick: float
    write_cost: float  # array time of one 8 KB write, in reads
    constants: tuple[Constant, ...]
    keys: tuple[str, ...]

    @property
    def write_service_s(self) -> float:
        return self.write_cost * self.read_service_s

    def read_capacity(self, xbricks: int) -> float:
        """8 KB reads per second at 100 % utilisation."""
        return self.concurrency_per_xbrick * xbricks / self.read_service_s


@dataclass(frozen=True)
class XtremioFit:
    mixes: tuple[SlobMix, ...]
    storage: XtremioStorage
    sla: Constant
    latency_limit_s: float  # the read-latency target the SLA was built on (storage estimates read at it)
    latency_limit_source: Source
    profile: ProfileFit

    @property
    def keys(self) -> frozenset[str]:
        out = set(self.storage.keys)
        for m in self.mixes:
            out |= set(m.keys)
        return frozenset(out)

    def operation(self, query_pct: float) -> SlobOperation:
        """Per-operation constants at a session mix: the measured mix, or piecewise-linear between the
        two measured mixes around it (the nearest one outside them)."""
        ms = sorted(self.mixes, key=lambda m: m.query_pct)
        exact = next((m for m in ms if math.isclose(m.query_pct, query_pct, abs_tol=1e-9)), None)
        if exact is not None:
            return SlobOperation(
                query_pct, exact.reads, exact.writes, exact.cpu_s, exact.in_flight, "measured"
            )
        lo = max((m for m in ms if m.query_pct < query_pct), key=lambda m: m.query_pct, default=ms[0])
        hi = min((m for m in ms if m.query_pct > query_pct), key=lambda m: m.query_pct, default=ms[-1])
        if lo is hi:
            return SlobOperation(query_pct, lo.reads, lo.writes, lo.cpu_s, lo.in_flight, "extrapolated")
        f = (query_pct - lo.query_pct) / (hi.query_pct - lo.query_pct)

        def at(get: Callable[[SlobMix], float]) -> float:
            return get(lo) + f * (get(hi) - get(lo))

        reads, rounds = at(lambda m: m.reads), at(lambda m: m.rounds)
        return SlobOperation(
            query_pct,
            reads,
            at(lambda m: m.writes),
            at(lambda m: m.cpu_s),
            max(reads / rounds, 1.0),
            "interpolated",
        )

    def session_mix(self, io_read_pct: float) -> SessionMix:
        """The query-session share whose operation reads `io_read_pct` % of its I/O: the inverse of
        `operation`'s r / (r + w). Between two measured tests the reads r and writes w per operation
        are linear in the session share (s = s_lo + f (s_hi - s_lo)), so r(f) = p (r(f) + w(f)) is
        linear in f: f = (p w_lo - (1 - p) r_lo) / ((1 - p)(r_hi - r_lo) - p (w_hi - w_lo)). Outside
        the tests' read shares: the nearest test (clamped, basis extrapolated)."""
        ms = sorted(self.mixes, key=lambda m: m.query_pct)  # their read shares rise too (_check_read_shares)
        near = next((m for m in ms if m.reads_at(io_read_pct)), None) or min(
            ms, key=lambda m: abs(m.io_read_pct - io_read_pct)
        )
        measured = near.reads_at(io_read_pct)
        if measured and not ms[0].io_read_pct < io_read_pct < ms[-1].io_read_pct:
            return SessionMix(io_read_pct, near.query_pct, "measured", near, near)
        if not ms[0].io_read_pct < io_read_pct < ms[-1].io_read_pct:
            edge = ms[0] if io_read_pct <= ms[0].io_read_pct else ms[-1]
            return SessionMix(
                io_read_pct, edge.query_pct, "measured" if measured else "extrapolated", edge, edge
            )
        lo, hi = next(
            (a, b) for a, b in itertools.pairwise(ms) if a.io_read_pct <= io_read_pct <= b.io_read_pct
        )
        p = io_read_pct / 100.0
        f = (p * lo.writes - (1 - p) * lo.reads) / (
            (1 - p) * (hi.reads - lo.reads) - p * (hi.writes - lo.writes)
        )
        query = lo.query_pct + f * (hi.query_pct - lo.query_pct)
        return SessionMix(io_read_pct, query, "measured" if measured else "interpolated", lo, hi)


# --- the model the fit and the family share -------------------------------------------------------------


def slob_model(
    op: SlobOperation, storage: XtremioStorage, xbricks: int, cores_per_node: int, sla_s: float
) -> PlatformModel:
    """A SLOB operation on the XtremIO storage as the closed network (zero think time)."""
    return PlatformModel(
        family=PLATFORM,
        think_s=0.0,
        sla_s=sla_s,
        reads_per_tx=op.reads,
        storage_estimate=Estimate(0.0, "IOPS", "measured", ()),
        read_service_s=storage.read_service_s,
        storage_concurrency=storage.concurrency_per_xbrick * xbricks,
        cpu_demand_s=op.cpu_s,
        cores_per_node=cores_per_node,
        ssd=True,
        assumptions=(),
        flags=(),
        writes_per_tx=op.writes,
        write_service_s=storage.write_service_s,
        reads_in_flight=op.in_flight,
        read_calls_per_tx=1.0,
    )


def single_read_latency_s(model: PlatformModel, rac_nodes: int, sol: mva.Solution) -> float:
    """Latency of one 8 KB read (db file sequential read) at a solved operating point."""
    stations = model.stations(rac_nodes)
    k = sol.station_index(stations, "storage")
    rounds = model.reads_per_tx / model.reads_in_flight
    return sol.residence_s[k] / rounds


def _open_single_read_s(model: PlatformModel, rac_nodes: int, sessions: float, ops_per_s: float) -> float:
    """Single-block read latency of the storage station at a given operation rate (Bard-Schweitzer's
    residence with the arrival-theorem factor (N-1)/N, as at the closed loop's own operating point)."""
    st = model.stations(rac_nodes)[1]
    a = (sessions - 1.0) / sessions
    free = 1.0 - a * ops_per_s * st.queue_demand - ops_per_s * st.background_per_server
    if free <= 0:
        return math.inf
    residence = mva.queue_term(st.queue_demand, st.servers, free) + st.fixed_delay
    return residence / (model.reads_per_tx / model.reads_in_flight)


# --- reading the evidence ---------------------------------------------------------------------------------


def _slob(evidence: EvidenceBundle, quantity: str, **conditions: Any) -> list[Observation]:
    return evidence.find(quantity, platform=PLATFORM, tool=SLOB, **conditions)


def _awr(evidence: EvidenceBundle, query_pct: float, event: str) -> Observation | None:
    quantity = "wait_time_total"
    hits = [o for o in _slob(evidence, quantity, awr_event=event) if _pct(o) == query_pct]
    return hits[0] if hits else None


def _pct(o: Observation) -> float:
    """A SLOB observation's query-session share (the fixture's read_pct condition)."""
    return float(o.cond("read_pct", 100))


def _seconds(o: Observation, quantity: str) -> float:
    v = o.values[quantity]
    return v.value / 1000.0 if v.unit == "ms" else v.value


def _table(evidence: EvidenceBundle, query_pct: float) -> Observation | None:
    hits = [o for o in _slob(evidence, "iops") + _slob(evidence, "read_iops") if _pct(o) == query_pct]
    return hits[0] if hits else None


def measured_mixes(evidence: EvidenceBundle) -> tuple[SlobMix, ...]:
    out = []
    for pct in sorted({_pct(o) for o in _slob(evidence, "waits", awr_event=SEQUENTIAL)}):
        seq, par, cpu = (_awr(evidence, pct, e) for e in (SEQUENTIAL, PARALLEL, DB_CPU))
        if seq is None or cpu is None:
            continue
        sessions = float(seq.cond("sessions", 0) or 0)
        share = cpu.value("db_time_pct")
        n1, t1 = seq.value("waits") or 0.0, _seconds(seq, "wait_time_total")
        n2, t2 = (par.value("waits") or 0.0, _seconds(par, "wait_time_total")) if par else (0.0, 0.0)
        cpu_total = _seconds(cpu, "wait_time_total")
        if sessions <= 0 or not share or n1 <= 0:
            continue
        ops = n1 + n2
        interval = cpu_total / (share / 100.0) / sessions
        rate = ops / interval
        keys = [seq.key, cpu.key] + ([par.key] if par else [])
        sources = [seq.source, cpu.source] + ([par.source] if par else [])
        if pct == UPDATE_ONLY_PCT and par is None:
            # each UPDATE reads its row's block in one single-block read and, with the 64 MB buffer
            # cache, writes it out soon after: one read and one write per operation
            reads, writes = 1.0, 1.0
            ops_rate: float | None = None
            how = (
                "UPDATE: one single-block read (only db file sequential read waits) and one DBWR write "
                "per operation (the document: blocks are read into the cache and written out soon after "
                "the rows are updated)"
            )
            sources.append(_src("One-hundred percent UPDATE transaction test, Test methodology"))
            table = _table(evidence, pct)
            printed_r = table.value("read_iops") if table is not None else None
            printed_w = table.value("write_iops") if table is not None else None
            printed = 100.0 * printed_r / (printed_r + printed_w) if printed_r and printed_w else None
        else:
            table = _table(evidence, pct)
            if table is None:
                continue
            read_iops = table.value("read_iops")
            if read_iops is None:
                read_iops = table.value("iops") or 0.0
            write_iops = table.value("write_iops") or 0.0
            reads, writes, ops_rate = read_iops / rate, write_iops / rate, rate
            keys.append(table.key)
            sources.append(table.source)
            printed = None
            how = (
                f"{read_iops:,.0f} read and {write_iops:,.0f} write IOPS over {rate:,.0f} read waits/s "
                f"({ops:,.0f} waits in T = DB CPU / %DB time / {sessions:g} sessions = {interval:.1f} s)"
            )
        wait = (t1 + t2) / ops
        single = t1 / n1
        out.append(
            SlobMix(
                query_pct=pct,
                sessions=sessions,
                reads=reads,
                writes=writes,
                cpu_s=cpu_total / ops,
                wait_s=wait,
                single_read_s=single,
                ops_per_s=ops_rate,
                keys=tuple(keys),
                sources=tuple(sources),
                derivation=(
                    f"{pct:g} % query sessions, {sessions:g} sessions: {ops:,.0f} read waits; CPU "
                    f"{cpu_total:,.2f} s / waits = {cpu_total / ops * 1000:.4f} ms per operation; wait "
                    f"{wait * 1000:.4f} ms per operation, single-block read {single * 1000:.4f} ms; {how}"
                ),
                printed_read_pct=printed,
            )
        )
    return tuple(out)


# --- the fit --------------------------------------------------------------------------------------------


def _fit_storage(mixes: tuple[SlobMix, ...]) -> XtremioStorage:
    if len(mixes) < 3:
        raise EvidenceError(
            f"the XtremIO storage fit needs three SLOB mixes with AWR figures ({DOCUMENT}, Figures 10-12); "
            f"the evidence has {len(mixes)}"
        )

    def storage(p: list[float]) -> XtremioStorage:
        return XtremioStorage(p[0] / 1000.0, p[1] / MEASURED_XBRICKS, p[2], (), ())

    def latency(m: SlobMix, st: XtremioStorage) -> float:
        op = SlobOperation(m.query_pct, m.reads, m.writes, m.cpu_s, m.in_flight, "measured")
        model = slob_model(op, st, MEASURED_XBRICKS, MEASURED_VCPUS_PER_NODE, 1.0)
        if m.ops_per_s is not None:
            return _open_single_read_s(model, MEASURED_RAC_NODES, m.sessions, m.ops_per_s)
        sol = mva.schweitzer(model.stations(MEASURED_RAC_NODES), 0.0, m.sessions)
        return single_read_latency_s(model, MEASURED_RAC_NODES, sol)

    def residuals(p: list[float]) -> list[float]:
        st = storage(p)
        out = []
        for m in mixes:
            lat = latency(m, st)
            out.append(min(lat / m.single_read_s - 1.0, 10.0) if math.isfinite(lat) else 10.0)
        return out

    fastest = min(m.single_read_s for m in mixes) * 1000
    busiest = max((m.ops_per_s or 0.0) * (m.reads + m.writes) for m in mixes)
    start = [fastest * 0.98, busiest * fastest / 1000 * 1.2, 2.0]
    fit = least_squares(
        residuals, start, bounds=([1e-3, 1.0, 0.0], [fastest * 1.0001, 1e6, 50.0]), xtol=1e-12
    )
    worst = max(abs(r) for r in fit.fun)
    if worst > 0.02:
        raise EvidenceError(f"the XtremIO storage fit leaves {worst:.1%} between model and AWR latency")
    st = storage(list(fit.x))
    per_mix = "; ".join(f"{m.query_pct:g} %: {m.single_read_s * 1000:.3f} ms" for m in mixes)
    srcs = tuple(dict.fromkeys(s for m in mixes for s in m.sources))
    consts = (
        Constant(
            "xtremio_read_service",
            st.read_service_s * 1000,
            "ms",
            "one 8 KB read at light load (host, FC and array), fitted with the concurrency and the write "
            f"cost so that the model's db file sequential read latency is the AWR's at each SLOB mix ({per_mix})",
            srcs,
        ),
        Constant(
            "xtremio_concurrency_per_xbrick",
            st.concurrency_per_xbrick,
            "count",
            f"storage servers per X-Brick (fitted on the two-X-Brick cluster: {st.concurrency_per_xbrick * 2:.1f}; "
            f"linear per X-Brick, rule xtremio-linear-scaling): {st.read_capacity(1):,.0f} 8 KB reads/s per "
            "X-Brick at 100 % utilisation",
            srcs,
        ),
        Constant(
            "xtremio_write_cost",
            st.write_cost,
            "ratio",
            "array time of one 8 KB DBWR write in 8 KB reads (background: acknowledged from controller memory, "
            "then hashed, deduplicated and written under XDP); fitted with the two constants above",
            srcs,
        ),
    )
    keys = tuple(k for m in mixes for k in m.keys)
    return XtremioStorage(st.read_service_s, st.concurrency_per_xbrick, st.write_cost, consts, keys)


def _check_read_shares(mixes: tuple[SlobMix, ...]) -> None:
    """`session_mix` inverts the read share of the I/O: it must rise with the query sessions."""
    ms = sorted(mixes, key=lambda m: m.query_pct)
    if any(b.io_read_pct <= a.io_read_pct for a, b in itertools.pairwise(ms)):
        shares = ", ".join(f"{m.query_pct:g} % sessions: {m.io_read_pct:.1f} % reads" for m in ms)
        raise EvidenceError(
            f"the SLOB tests' read shares of the I/O do not rise with their query sessions ({shares})"
        )


def _sla(evidence: EvidenceBundle, mixes: tuple[SlobMix, ...]) -> tuple[Constant, Observation]:
    """The response threshold of one SLOB operation: the document's read-latency target for the mix it
    targeted the highest latency on, plus that mix's CPU (the operation waits for both), rounded up to
    the next half millisecond (the targets are approximate: 'about 1.5 ms')."""
    best: tuple[float, Observation, SlobMix] | None = None
    for o in _slob(evidence, "latency_limit"):
        mix = next((m for m in mixes if m.query_pct == _pct(o)), None)
        if mix is None:
            continue
        target = _seconds(o, "latency_limit")
        response = target * (1.0 + mix.cpu_s / mix.wait_s)
        if best is None or response > best[0]:
            best = (response, o, mix)
    if best is None:
        raise EvidenceError(f"no SLOB latency target in the evidence ({DOCUMENT}, test methodologies)")
    response, o, mix = best
    sla = math.ceil(response * 2000.0 - 1e-9) / 2000.0
    return (
        Constant(
            "slob_sla_response",
            sla * 1000,
            "ms",
            f"read-latency target {_seconds(o, 'latency_limit') * 1000:g} ms ({mix.query_pct:g} % query test) "
            f"plus the operation's CPU ({mix.cpu_s * 1000:.3f} ms per {mix.wait_s * 1000:.3f} ms of read "
            f"wait): {response * 1000:.3f} ms, rounded up to the next half millisecond",
            (o.source, *mix.sources[:2]),
        ),
        o,
    )


def fit_xtremio(evidence: EvidenceBundle, _rules: RuleSet | None = None) -> XtremioFit:
    """The fit of a bundle (memoised in it; no rule enters it)."""
    key = "xtremio-slob-fit"
    if key not in evidence.cache:
        evidence.cache[key] = _fit(evidence)
    fit: XtremioFit = evidence.cache[key]
    return fit


def _fit(evidence: EvidenceBundle) -> XtremioFit:
    mixes = measured_mixes(evidence)
    storage = _fit_storage(mixes)
    sla, target = _sla(evidence, mixes)
    storage = XtremioStorage(
        storage.read_service_s, storage.concurrency_per_xbrick, storage.write_cost, storage.constants,
        (*storage.keys, target.key),
    )  # fmt: skip
    _check_read_shares(mixes)
    default = min(mixes, key=lambda m: abs(m.query_pct - DEFAULT_MIX_PCT))
    profile = WorkloadProfile(
        PROFILE,
        "SLOB zero-think-time sessions (one operation: one foreground read wait)",
        SLOB,
        DOCUMENT,
        0.0,
        sla.value / 1000.0,
        f"{DOCUMENT}, SLOB random single-block read/write workload test; Table 2 (SLOB 2); Tables 11-13",
    )
    constants = tuple(
        Constant(
            f"slob_{m.query_pct:g}pct_operation",
            m.reads,
            "IOs/transaction",
            f"{m.derivation}; reads in flight {m.in_flight:.2f} (Little's law), writes {m.writes:.4f} per operation: "
            f"{m.io_read_pct:.2f} % reads of the I/O",
            m.sources,
        )
        for m in mixes
    )
    fit = ProfileFit(
        profile=profile,
        family=PLATFORM,
        server=SERVER,
        read_pct=default.io_read_pct,  # the contract's read share: of the I/O, not of the sessions
        block_size_kb=MEASURED_BLOCK_KB,
        reads_per_tx=default.reads,
        writes_per_tx=default.writes,
        cpu_s_per_tx=default.cpu_s,
        sga_gb=16.0,  # Table 8: SGA 16 GB per instance, small buffer cache
        constants=(*constants, sla),
    )
    return XtremioFit(mixes, storage, sla, _seconds(target, "latency_limit"), target.source, fit)
