"""EMC XtremIO X-Bricks (emc-xtremio-2014): the document ran SLOB (zero-think-time sessions) on two
X-Bricks under a four-node virtualised RAC. Its own profile `slob` and the storage (a fixed 8 KB read
latency, queueing on a fitted concurrency that scales linearly per X-Brick as the vendor states, and a
write cost) are fitted in `xtremio_fit`; any other profile (another document's benchmark, the user's
AWR figures) runs on the same fitted storage."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from sizing import mva
from sizing.bom import scaled_bom
from sizing.calibration import SLOB, XTREMIO_SSDS_PER_BRICK
from sizing.cases import Kind, ValidationCase, design, oltp
from sizing.errors import EvidenceError
from sizing.evidence import Estimate, EvidenceBundle, Observation
from sizing.families.base import (
    ModelBuild,
    PlatformFamily,
    PlatformModel,
    ProfileFit,
    ServerDefault,
    StorageGeometry,
    StorageModel,
    UnitFailure,
)
from sizing.families.shared import ssd_shape
from sizing.families.xtremio_fit import (
    DOCUMENT,
    MEASURED_BLOCK_KB,
    MEASURED_RAC_NODES,
    MEASURED_XBRICKS,
    PROFILE,
    SlobOperation,
    XtremioFit,
    fit_xtremio,
)
from sizing.rules import RuleSet

_ORDER = ("measured", "interpolated", "stated-scaling", "transferred", "extrapolated")


def _worst(*bases: str) -> str:
    return max(bases, key=_ORDER.index)


def _profile(evidence: EvidenceBundle, rules: RuleSet) -> ProfileFit:
    return fit_xtremio(evidence, rules).profile


def _slob_operation(b: ModelBuild, fit: XtremioFit) -> SlobOperation:
    """The SLOB operation at the design's read share of the I/O (the contract's `read_pct`): the
    query-session mix that reads that share, from the fitted per-operation reads and writes."""
    mix = fit.session_mix(b.read_pct)
    op = fit.operation(mix.query_pct)
    tests = sorted(fit.mixes, key=lambda m: m.query_pct)
    spans = ", ".join(f"{m.io_read_pct:.1f}" for m in tests)
    sessions = ", ".join(f"{m.query_pct:g}" for m in tests)
    if mix.clamped:
        side = "below" if b.read_pct < mix.lo.io_read_pct else "above"
        why = "; an UPDATE reads the block it writes" if side == "below" else ""
        b.flag(
            "workload.read_pct",
            f"{b.read_pct:g} % reads is {side} the read shares of the I/O SLOB was measured at ({spans} %, "
            f"the {sessions} % query-session tests{why}): sized at the nearest, the {mix.lo.query_pct:g} % "
            f"query-session test ({mix.lo.io_read_pct:.1f} % reads)",
        )
    elif mix.basis != "measured":
        b.flag(
            "workload.read_pct",
            f"SLOB was measured at {spans} % reads of the I/O (the {sessions} % query-session tests); "
            f"{b.read_pct:g} % reads is {mix.query_pct:.1f} % query sessions, interpolated between them "
            "(per-operation reads, writes, CPU, reads in flight)",
        )
    if mix.lo is mix.hi:
        how = f"the {mix.lo.query_pct:g} % query-session test reads {mix.lo.io_read_pct:.2f} % of its I/O"
    else:
        how = (
            f"the session share s at which the per-operation reads r(s) and writes w(s), linear in s between "
            f"the {mix.lo.query_pct:g} % ({mix.lo.io_read_pct:.2f} % reads) and {mix.hi.query_pct:g} % "
            f"({mix.hi.io_read_pct:.2f} % reads) query-session tests, give r / (r + w) = {b.read_pct:g} %"
        )
    b.note(
        "slob_session_mix",
        f"{b.read_pct:g} % reads of the I/O is {mix.query_pct:.2f} % SLOB query sessions ({mix.basis}): {how}",
        f"{DOCUMENT}, Tables 11-13; Figures 10-12",
        mix.query_pct,
        "%",
    )
    return replace(op, basis=mix.basis)


def _workload(b: ModelBuild, fit: XtremioFit) -> tuple[SlobOperation, float | None, float]:
    """(per-transaction reads, writes, CPU and reads in flight; read waits per transaction; other delay)."""
    pf = b.profile_fit
    assert pf is not None
    if pf.profile.slug == PROFILE:
        op = _slob_operation(b, fit)
        for c in fit.profile.constants:  # the measured mixes and the SLA, with their derivations
            if c is not fit.sla or b.workload.sla_response_ms is None:
                b.const(c)
        b.note(
            "slob_operation",
            f"one SLOB operation at {op.query_pct:.2f} % query sessions ({op.basis}): {op.reads:.3f} blocks "
            f"read, {op.in_flight:.2f} in flight, {op.writes:.3f} blocks written (DBWR), "
            f"{op.cpu_s * 1000:.4f} ms CPU: {op.io_read_pct:.2f} % reads of the I/O",
            f"{DOCUMENT}, Tables 11-13; Figures 10-12",
        )
        return op, 1.0, 0.0
    # Another profile: its own per-transaction demands, one read per wait (no parallel reads known).
    reads, writes = pf.reads_per_tx, pf.writes_per_tx
    asked = b.workload.read_pct
    if asked is not None and abs(asked - pf.read_pct) > 1e-9:
        # the design's read share of the I/O, as on every family: the profile's I/Os re-split (a trace
        # of reads stays at 0 % so that a read's latency stays defined)
        total = reads + writes
        reads = total * max(asked / 100.0, 1e-6)
        writes = total - reads
        b.flag("workload.read_pct", f"read share {asked:g} %: {pf.profile.label} measured {pf.read_pct:.1f} %; "
               "its I/Os per transaction are re-split (reads and writes, not measured)")  # fmt: skip
    share = 100.0 * reads / (reads + writes) if reads + writes else 100.0
    lowest = min(m.io_read_pct for m in fit.mixes)
    b.flag(
        "workload.profile",
        f"XtremIO's storage was fitted under SLOB (8 KB random reads, {lowest:.0f}-100 % of the I/O read); "
        f"{pf.profile.label} reads {share:.0f} % of its I/O one block at a time on those service times",
    )
    if share < lowest:
        b.flag(
            "workload.read_pct",
            f"{share:.0f} % reads is below the lowest measured SLOB read share ({lowest:.0f} %)",
        )
    op = SlobOperation(share, reads, writes, pf.cpu_s_per_tx, 1.0, "transferred")
    return op, None, pf.other_s


def _storage_estimate(model: PlatformModel, rac_nodes: int, fit: XtremioFit, basis: str) -> Estimate:
    """Front-end IOPS (reads + writes of the design's mix) at which one 8 KB read reaches the document's
    latency target: the open storage station, solved for the transaction rate."""
    st = model.stations(rac_nodes)[1]
    rounds = model.reads_per_tx / model.reads_in_flight
    per_tx = st.queue_demand + st.background_per_server
    room = fit.latency_limit_s * rounds - st.fixed_delay
    x = (
        mva.utilisation_at(st.servers, room / st.queue_demand) / per_tx
        if room > st.queue_demand and per_tx > 0
        else 0.0
    )
    return Estimate(
        x * model.ios_per_tx,
        "IOPS",
        basis,
        # the cells the storage constants are fitted on (each with its own table or figure), not a name
        # for the fit (issue 37: every citation resolves to an observation)
        tuple(
            dict.fromkeys((fit.latency_limit_source, *(s for c in fit.storage.constants for s in c.sources)))
        ),
        (
            f"IOPS at which one 8 KB read reaches {fit.latency_limit_s * 1000:g} ms (the read-only test's target)",
        ),
    )


def build_model(b: ModelBuild) -> PlatformModel:
    p = b.platform
    fit = fit_xtremio(b.evidence, b.rules)
    storage = fit.storage
    for c in storage.constants:
        b.const(c)
    op, calls, other_s = _workload(b, fit)
    basis = op.basis  # measured | interpolated (between SLOB mixes) | transferred (another profile)
    service = storage.read_service_s
    if not math.isclose(b.workload.block_size_kb, MEASURED_BLOCK_KB):
        try:
            factor, _ = ssd_shape(b.evidence, b.workload.block_size_kb, 70)
            service /= factor
            b.flag(
                "workload.block_size_kb",
                f"XtremIO was measured with 8 KB I/O only; the {b.workload.block_size_kb:g} KB service time is "
                f"scaled by {1 / factor:.2f} from the Dell PS6010S SSD ORION curve (another platform)",
            )
        except EvidenceError:
            b.flag(
                "workload.block_size_kb", "XtremIO was measured with 8 KB I/O only; 8 KB service times used"
            )
        basis = _worst(basis, "extrapolated")
    if p.arrays != MEASURED_XBRICKS:
        rule = b.rules.get("xtremio-linear-scaling")
        stated = rule.param("max_xbricks_stated")
        beyond = (
            f"; beyond the {stated:g} X-Bricks the statement names" if stated and p.arrays > stated else ""
        )
        b.flag(
            "platform.arrays",
            f"{p.arrays} X-Bricks: two were measured; the storage concurrency scales linearly per X-Brick, "
            f"the vendor's statement ({rule.source.cite()}){beyond}",
        )
        basis = _worst(basis, "stated-scaling" if not beyond else "extrapolated")
    if p.rac_nodes > MEASURED_RAC_NODES:
        b.flag("platform.rac_nodes", f"{p.rac_nodes} RAC nodes: the document measured {MEASURED_RAC_NODES}")
    profile = b.profile_fit.profile if b.profile_fit else fit.profile.profile
    own = profile.slug == PROFILE
    if b.workload.think_time_s is None:
        b.note("think_time", f"{profile.label}: think time", profile.source, b.think_s, "s")
    if b.workload.sla_response_ms is None and not own:
        b.note("sla_response", f"{profile.label}: response threshold of one transaction", profile.source,
               b.sla_s * 1000, "ms")  # fmt: skip
    b.note(
        "redo_writes",
        "LGWR's redo writes (21-26 MB/s) are no separate storage load: the fitted write cost carries them",
        f"{DOCUMENT}, Tables 12 and 13",
    )
    model = PlatformModel(
        family=p.family,
        think_s=b.think_s,
        sla_s=b.sla_s,
        reads_per_tx=op.reads,
        storage_estimate=Estimate(0.0, "IOPS", basis, ()),
        read_service_s=service,
        storage_concurrency=storage.concurrency_per_xbrick * p.arrays,
        cpu_demand_s=op.cpu_s,
        cores_per_node=p.node_cores,
        ssd=b.storage.ssd,
        assumptions=(),
        flags=(),
        writes_per_tx=op.writes,
        write_service_s=storage.write_cost * service,
        other_s=other_s,
        reads_in_flight=op.in_flight,
        read_calls_per_tx=calls,
    )
    # a measured SLOB mix, but the IOPS at the latency target are the fitted storage's, no cell of Tables
    # 11-13 (issue 37: "measured" only on a measured cell)
    estimate = _storage_estimate(model, p.rac_nodes, fit, "derived" if basis == "measured" else basis)
    b.note(
        "storage_iops",
        estimate.notes[0],
        "; ".join(s.cite() for s in estimate.sources),
        estimate.value,
        "IOPS",
    )
    return replace(model, storage_estimate=estimate, assumptions=tuple(b.assumptions), flags=tuple(b.flags))


# --- validation: the document's own configuration (four-node RAC, two X-Bricks, the 4 TB OLTP database
# with archive logging off, so no backup space) ----------------------------------------------------------

_PLATFORM = {"family": "xtremio", "storage_model": "X-Brick", "rac_nodes": 4, "arrays": 2}  # Table 1


def slob_design(sessions: int, read_pct: float) -> dict[str, Any]:
    """A SLOB test of the document as a design (profile, think time and SLA: the profile's own);
    `read_pct` is the share of reads in its I/O, as the contract means it."""
    workload = oltp(users=sessions, read_pct=read_pct, database_size_gb=4000, include_backup_overhead=False)
    return design(workload, **_PLATFORM)


def _cpu_share_pct(evaluations: Sequence[Any]) -> float:
    """DB CPU as a share of DB time: the CPU station's residence over the response time."""
    e = evaluations[0]
    cpu = next(s for s in e.performance.stations if s.name == "cpu")
    return float(cpu.residence_at_design.value / e.summary.response_at_design.value * 100.0)


def _read_iops(evaluations: Sequence[Any]) -> float:
    return float(evaluations[0].demand.read_iops.value)


def _write_iops(evaluations: Sequence[Any]) -> float:
    return float(evaluations[0].demand.write_iops.value)


def _total_iops(evaluations: Sequence[Any]) -> float:
    return float(evaluations[0].demand.read_iops.value + evaluations[0].demand.write_iops.value)


def _latency_ms(evaluations: Sequence[Any]) -> float:
    return float(evaluations[0].summary.storage_latency_at_design.value)


def _first(
    evidence: EvidenceBundle, quantity: str, query_pct: float, **conditions: Any
) -> Observation | None:
    """A SLOB test's observation by its query-session share (the fixture's read_pct condition)."""
    hits = [
        o for o in evidence.find(quantity, platform="xtremio", tool="slob", **conditions)
        if float(o.cond("read_pct", 100)) == query_pct and not o.cond("target") and not o.cond("approximate")
    ]  # fmt: skip
    return hits[0] if hits else None


def printed_read_pct(table: Observation) -> float:
    """The read share of a SLOB test's I/O as its table prints it (read IOPS over read + write IOPS;
    the read-only test prints one IOPS figure, all reads): what a user reading the report would send."""
    reads, writes = table.value("read_iops"), table.value("write_iops")
    if reads is None or writes is None:
        return 100.0
    return 100.0 * reads / (reads + writes)


def validation_cases(evidence: EvidenceBundle) -> list[ValidationCase]:
    cases: list[ValidationCase] = []
    tests = (
        (100.0, 32, "read-only (query) test, 32 sessions"),
        (0.0, 32, "100 % UPDATE test, 32 sessions"),
        (75.0, 64, "75/25 QUERY/UPDATE test, 64 sessions"),
    )
    for pct, sessions, label in tests:
        table = _first(evidence, "iops", pct)
        seq = _first(evidence, "waits", pct, awr_event="db file sequential read")
        cpu = _first(evidence, "db_time_pct", pct, awr_event="DB CPU")
        # sent as the I/O mix its table prints (the engine derives the session mix from it); a test
        # without a table is sent at its session mix's I/O share (none today: every test has one)
        io_pct = printed_read_pct(table) if table is not None else _session_read_pct(evidence, pct)
        designs = (slob_design(sessions, io_pct),)
        if table is not None:
            rows: tuple[tuple[str, str, Callable[[Sequence[Any]], float], Kind], ...] = (
                ("read_iops", "read IOPS", _read_iops, "throughput"),
                ("write_iops", "write IOPS", _write_iops, "throughput"),
                ("iops", "aggregate IOPS (read + write)", _total_iops, "throughput"),
            )
            for quantity, what, extract, kind in rows:
                value = table.value(quantity)
                if quantity == "read_iops" and value is None and pct == 100.0:
                    value = table.value("iops")  # the read-only test's IOPS are all reads
                if value is None or (quantity == "iops" and pct == 100.0):
                    continue
                cases.append(
                    ValidationCase(
                        f"XtremIO SLOB {label}: {what}",
                        (table,),
                        quantity,
                        "IOPS",
                        value,
                        designs,
                        extract,
                        kind,
                    )
                )
            latency = table.value("io_latency") or table.value("foreground_read_response_time")
            if latency is not None:
                # the same wait as the AWR's read averages (Figures 10-12): listed with them
                obs = (table, seq) if seq is not None else (table,)
                cases.append(
                    ValidationCase(
                        f"XtremIO SLOB {label}: foreground read latency (per read wait)",
                        obs,
                        "io_latency",
                        "ms",
                        latency,
                        designs,
                        _latency_ms,
                        "latency",
                    )
                )
        if cpu is not None:
            cases.append(
                ValidationCase(
                    f"XtremIO SLOB {label}: DB CPU share of DB time (AWR)",
                    (cpu,),
                    "db_time_pct",
                    "%",
                    cpu.value("db_time_pct") or 0.0,
                    designs,
                    _cpu_share_pct,
                    "utilisation",
                )
            )
    cases += _dw_cases(evidence)
    return cases


# The DW tests ran on the same four hosts and two X-Bricks as the OLTP tests, each alone (issue 40):
# the DSS model's throughput on XtremIO is these two measurements themselves (sizing.dss has no ORION
# figures for the family), so their rows are calibration, listed to show it, never evidence.
_DW_TESTS = (
    ("read_throughput", 100.0, "DW query test, 128 users: physical read throughput (AWR)"),
    ("load_rate", 0.0, "DW data-loading test, 4 sessions: physical write throughput (AWR)"),
)
_TO_MB_S = {"GB/s": 1000.0, "MB/s": 1.0, "TB/h": 1e6 / 3600.0}


def _dw_observations(evidence: EvidenceBundle) -> list[tuple[Observation, str, float, str]]:
    out = []
    for quantity, read_pct, label in _DW_TESTS:
        hits = evidence.find(quantity, platform="xtremio", tool="dw_generator")
        if hits:
            out.append((hits[0], quantity, read_pct, label))
    return out


def _sustained_mb_s(evaluations: Sequence[Any]) -> float:
    return float(evaluations[0].summary.sustained_throughput.value)


def _dw_cases(evidence: EvidenceBundle) -> list[ValidationCase]:
    cases = []
    for obs, quantity, read_pct, label in _dw_observations(evidence):
        v = obs.values[quantity]
        if v.unit not in _TO_MB_S:
            continue
        measured = v.value * _TO_MB_S[v.unit]
        design = {"workload": {"kind": "dss", "target_throughput_mb_s": 1000.0, "read_pct": read_pct},
                  "platform": dict(_PLATFORM)}  # fmt: skip
        cases.append(
            ValidationCase(
                f"XtremIO {label}",
                (obs,),
                quantity,
                "MB/s",
                measured,
                (design,),
                _sustained_mb_s,
                "throughput",
            )
        )
    return cases


def _session_read_pct(evidence: EvidenceBundle, query_pct: float) -> float:
    return next(m.io_read_pct for m in fit_xtremio(evidence).mixes if m.query_pct == query_pct)


def calibration_keys(evidence: EvidenceBundle) -> frozenset[str]:
    return fit_xtremio(evidence).keys | {obs.key for obs, *_ in _dw_observations(evidence)}


def same_runs(evidence: EvidenceBundle) -> tuple[frozenset[str], ...]:
    """One SLOB test printed in several places: its table (Tables 11-13), its AWR figures (Figures
    10-12) and its RAC-scaling figures, told apart by the query-session share and the sessions."""
    tests: dict[tuple[Any, Any], set[str]] = {}
    for o in evidence.observations:
        if o.platform == "xtremio" and o.cond("tool") == SLOB:
            tests.setdefault((o.cond("read_pct"), o.cond("sessions")), set()).add(o.key)
    return tuple(frozenset(keys) for keys in tests.values())


FAMILY = PlatformFamily(
    slug="xtremio",
    label="EMC XtremIO",
    vendor="EMC XtremIO",
    storage_models=(
        StorageModel(
            name="X-Brick",
            label="X-Brick",
            drive_technology="ssd",
            workload_kinds=("oltp", "dss"),
            array_unit="x_brick",
            array_unit_label="X-Bricks",
            geometry=StorageGeometry(
                XTREMIO_SSDS_PER_BRICK,
                400,
                0,
                1.0,
                f"{DOCUMENT}, Storage configuration (25 x 400 GB SSDs per X-Brick)",
            ),
            name_pattern=r"x-?brick|xtremio",
            # emc-xtremio-2014: 14.94 TB usable for two X-Bricks, less than XDP alone leaves
            stated_usable_capacity_rule="xtremio-xdp-capacity",
        ),
    ),
    raid_levels=("xdp",),
    default_raid="xdp",
    default_server=ServerDefault(
        "vSphere host, 8 cores at 2.9 GHz, 512 GB", 8, 512.0, f"{DOCUMENT}, Table 1"
    ),
    reference_configurations=("xtremio-two-xbrick-cluster",),
    measured_systems=("xtremio-vsphere-rac-test-system",),
    measured_raid=None,  # XDP only; the SLOB latencies are the array's as measured
    build_model=build_model,
    bom_rule=scaled_bom,
    data_reduction_option=True,
    sharing=(
        "the databases share the RAC nodes' cores and the X-Bricks' SSDs as one cluster of queues (the "
        "document ran its OLTP and DW databases on the same four hosts and two X-Bricks)"
    ),
    clone_capacity_rule="xtremio-thin-dedup-clones",
    document=DOCUMENT,
    validation_cases=validation_cases,
    calibration_keys=calibration_keys,
    same_runs=same_runs,
    profile=PROFILE,
    profile_label="SLOB (EMC XtremIO, 2014)",
    fit_profile=_profile,
    unit_failure=UnitFailure(
        "one X-Brick storage controller down: its partner keeps the data online; modelled as one X-Brick "
        "fewer (conservative: half an X-Brick's controllers are lost)",
        1,
        f"{DOCUMENT}, Fault protection",
    ),
)
