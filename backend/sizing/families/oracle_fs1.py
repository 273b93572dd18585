"""Oracle FS1-2 all-flash behind a RAC quarter or half rack (oracle-fs1-2016): the Swingbench
OrderEntry profile and the storage latency fitted on the document (oracle_fs1_fit); its BOM is the
Table 11 reference rack."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from sizing.bom import reference_rack_bom
from sizing.calibration import Constant
from sizing.cases import ValidationCase, design, oltp
from sizing.errors import EvidenceError
from sizing.evidence import Estimate, EvidenceBundle, MeasuredValue, Observation, Source
from sizing.families.base import (
    ModelBuild,
    PlatformFamily,
    PlatformModel,
    ProfileFit,
    ServerDefault,
    StorageGeometry,
    StorageModel,
    UnitFailure,
    WorkloadProfile,
)
from sizing.families.oracle_fs1_fit import (
    DATA_RAID,
    DOCUMENT,
    PROFILE_SLUG,
    REFERENCE_DRIVES,
    SWINGBENCH,
    Fs1Fit,
    Fs1PlatformModel,
    RatedSystem,
    along_ssds,
    awr_cpu,
    awr_example,
    cached_fit,
    cluster_share,
    fit_keys,
    home_system,
    rated_systems,
    write_cost,
)
from sizing.families.shared import WRITE_PENALTY, ssd_shape
from sizing.rules import RuleSet

SLUG = "oracle-fs1"
DEFAULT_SSDS_PER_ENCLOSURE = 13  # oracle-fs1-2016, Table 2: the quarter rack's enclosures
MEASURED_NODES = 4  # oracle-fs1-2016, System Charts: 1 to 4 RAC nodes were run
SERVER = "Sun Server X5-2 (2 x 18-core Xeon E5-2699 v3)"
SGA_GB = 128.0  # oracle-fs1-2016, Table 7 / Table 9: sga_target per node
CUSTOM = "custom"  # sizing.inputs.CUSTOM_PROFILE (not imported: inputs reads the registry)
# A read share this close to a measured one (the AWR's, Table 1's 70:30) counts as measured.
READ_MIX_TOLERANCE_PCT = 5.0


# --- the workload profile ---------------------------------------------------------------------------


def fit_profile(evidence: EvidenceBundle, rules: RuleSet) -> ProfileFit:
    """Swingbench OrderEntry per transaction, from the AWR example and the quarter rack's rated point."""
    f = cached_fit(evidence, rules)
    a = f.awr
    sga = Constant("sga_per_instance", SGA_GB, "GB", "sga_target per RAC instance the runs used",
                   (Source(DOCUMENT, "Table 7"), Source(DOCUMENT, "Table 9")))  # fmt: skip
    delay = Constant(
        "other_delay", f.other_s, "s",
        "delay per transaction outside CPU and storage at two instances: commit "
        f"{a.commit_wait.value * 1000:.3f} + cluster {a.cluster_wait.value * 1000:.3f} + remastering "
        f"{a.remaster_wait.value * 1000:.3f} + Swingbench client {f.client_time.value * 1000:.3f} ms",
        (*a.commit_wait.sources, *a.cluster_wait.sources, *a.remaster_wait.sources, *f.client_time.sources),
    )  # fmt: skip
    return ProfileFit(
        profile=WorkloadProfile(
            PROFILE_SLUG,
            "Swingbench OrderEntry (Oracle FS1-2 reference architecture)",
            SWINGBENCH,
            DOCUMENT,
            f.think.value,
            f.sla_s,
            f"{DOCUMENT}, Figures 2-4, Table 1, Table 8",
        ),
        family=SLUG,
        server=SERVER,
        read_pct=a.read_pct,
        block_size_kb=round(a.block_kb, 1),
        reads_per_tx=a.reads_per_tx.value,
        writes_per_tx=a.writes_per_tx.value,
        cpu_s_per_tx=f.cpu.value,
        other_s=f.other_s,
        sga_gb=SGA_GB,
        constants=(
            f.think,
            a.interval,
            a.tx_per_s,
            a.reads_per_tx,
            a.writes_per_tx,
            f.cpu,
            f.cluster_cpu,
            a.commit_wait,
            a.cluster_wait,
            a.remaster_wait,
            f.client_time,
            delay,
            sga,
        ),
    )


# --- the performance model ------------------------------------------------------------------------


def _nominal_estimate(f: Fs1Fit, ssds: int) -> tuple[float, str, tuple[Source, ...]]:
    """Table 1's nominal IOPS (70:30, < 1 ms) at an SSD count."""
    if not f.nominal:
        raise EvidenceError(f"{DOCUMENT}: no nominal IOPS (Table 1)")
    value, basis = along_ssds([(float(s), v) for s, v, _ in f.nominal], ssds)
    return value, basis, tuple(dict.fromkeys(src for _, _, src in f.nominal))


def build_model(b: ModelBuild) -> PlatformModel:
    w, p = b.workload, b.platform
    f = cached_fit(b.evidence, b.rules)
    prof = b.profile_fit or fit_profile(b.evidence, b.rules)
    own = prof.family == SLUG and prof.profile.slug == PROFILE_SLUG
    if prof.profile.slug != CUSTOM:  # model.py lists a custom profile's figures itself
        for c in prof.constants:
            b.const(c)

    # Storage: the fixed latency and the concurrency of the design's SSD count.
    ssds = p.arrays * (p.drives_per_enclosure or DEFAULT_SSDS_PER_ENCLOSURE)
    concurrency, basis = f.concurrency_at(ssds)
    rated = ", ".join(str(s) for s, _ in f.concurrency)
    if basis == "extrapolated":
        b.flag("platform.arrays", f"{ssds} SSDs is outside the rated FS1-2 systems ({rated} SSDs)")
    service = f.read_service.value
    block_factor = 1.0
    if w.block_size_kb != 8:
        try:
            block_factor, _ = ssd_shape(b.evidence, w.block_size_kb, 70)
        except EvidenceError:
            block_factor = 1.0
        service /= block_factor
        b.flag(
            "workload.block_size_kb",
            f"FS1-2 was measured with 8 KB I/O (AWR example); the {w.block_size_kb:g} KB effect "
            f"({block_factor:.2f}x IOPS) is the Dell PS6010S SSD curve's, not the FS1-2's",
        )

    # I/O per transaction at the design's read share, and what a write costs the storage.
    total = prof.reads_per_tx + prof.writes_per_tx
    # a vanishing read share is none (a denormal foreground demand breaks the solver's pole arithmetic)
    reads = total * b.read_pct / 100.0 if b.read_pct >= 1e-9 else 0.0
    writes = max(total * (100.0 - b.read_pct) / 100.0, 0.0)
    raid = p.raid_level
    a = f.awr
    wc = write_cost(a.dbwr_per_tx, a.lgwr_per_tx, raid) if own else float(WRITE_PENALTY.get(raid, 2))
    if raid != DATA_RAID:
        b.flag(
            "platform.raid",
            f"FS1-2 was rated with the Mirrored data profile (Table 6); {raid.replace('_', ' ')} data writes cost "
            f"{WRITE_PENALTY.get(raid, 2)} back-end I/Os (textbook penalty, not measured)",
        )
    measured_mixes = (prof.read_pct, *(r.nominal_read_pct for r in f.rated))
    if min(abs(b.read_pct - m) for m in measured_mixes) > READ_MIX_TOLERANCE_PCT:
        mixes = ", ".join(f"{m:.3g} %" for m in dict.fromkeys(round(m, 1) for m in measured_mixes))
        b.flag(
            "workload.read_pct",
            f"{b.read_pct:g} % reads is outside the measured mixes ({mixes}): the write cost is the textbook "
            "RAID write penalty, not a measurement",
        )
    if not own and prof.profile.slug != CUSTOM:
        b.note("write_service_factor", "the profile's writes cost the data LUNs' RAID write penalty (its redo share "
               "is not measured)", f"{DOCUMENT}, Table 6", wc, "ratio")  # fmt: skip
    if w.sga_gb is not None and own and w.sga_gb != SGA_GB:
        b.flag("workload.sga_gb", f"the Swingbench profile was measured at {SGA_GB:g} GB per instance; the SGA "
               "does not enter the FS1-2 model (the quarter rack gains nothing from more nodes' caches)")  # fmt: skip
    if p.rac_nodes > MEASURED_NODES:
        b.flag("platform.rac_nodes", f"{p.rac_nodes} RAC nodes: the document ran 1 to {MEASURED_NODES}")

    # CPU and delay: the global-cache share grows with the node count (the profile is at two instances).
    cluster_cpu = f.cluster_cpu.value if own else 0.0
    cluster_wait = f.cluster_wait_s if own else 0.0
    shift = cluster_share(p.rac_nodes) - cluster_share(2)
    cpu = max(prof.cpu_s_per_tx + cluster_cpu * shift, 0.0)
    other = max(prof.other_s + cluster_wait * shift, 0.0)

    b.const(f.read_service)
    if own:
        b.const(f.write_cost)
    for _, c in f.concurrency:
        b.const(c)
    how = {
        "measured": "a rated system's",
        "interpolated": "interpolated in SSD count between the rated systems",
    }
    text = f"storage concurrency of {ssds} SSDs ({how.get(basis, 'extrapolated from the rated systems')})"
    b.note("storage_concurrency", text, "; ".join(c.cite() for _, c in f.concurrency), concurrency, "count")
    b.note(
        "sla_response", "Swingbench transaction response threshold", f.sla_source.cite(), b.sla_s * 1000, "ms"
    )

    # The storage section: Table 1's nominal IOPS at the design's SSD count, in this design's I/O mix.
    nominal, nbasis, srcs = _nominal_estimate(f, ssds)
    nominal_cost = 0.7 + 0.3 * WRITE_PENALTY[DATA_RAID]
    design_cost = (reads + wc * writes) / total if total else 1.0
    iops = nominal * nominal_cost / design_cost * block_factor
    notes = [f"Table 1 nominal IOPS (70:30, < 1 ms) converted to this design's I/O mix ({design_cost:.2f} vs "
             f"{nominal_cost:.2f} storage units per I/O)"]  # fmt: skip
    if nbasis == "interpolated":
        notes.append("nominal IOPS interpolated in SSD count between the rated systems")
    if nbasis == "measured" and not math.isclose(iops, nominal, rel_tol=1e-9):
        # a rated system's cell converted to another I/O mix or block size: the model's figure on a
        # measured cell, not the cell (issue 37: "measured" only on a measured cell)
        nbasis = "derived"
    estimate = Estimate(iops, "IOPS", nbasis, srcs, tuple(notes))

    return Fs1PlatformModel(
        family=p.family, think_s=b.think_s, sla_s=b.sla_s, reads_per_tx=reads, storage_estimate=estimate,
        read_service_s=service, storage_concurrency=concurrency, cpu_demand_s=cpu, cores_per_node=p.node_cores,
        ssd=True, assumptions=tuple(b.assumptions), flags=tuple(b.flags), profile=prof.profile,
        writes_per_tx=writes, write_service_s=wc * service, other_s=other, rac_nodes=p.rac_nodes,
        read_pct=b.read_pct, cluster_cpu_s=cluster_cpu, cluster_wait_s=cluster_wait,
    )  # fmt: skip


# --- validation -----------------------------------------------------------------------------------

CHARTS = "Quarter Rack and Half Rack System Charts"


def _statement(index: int, configuration: str, locator: str, **conditions: Any) -> Observation:
    """A node-scaling statement of the System Charts text (the charts are pictures): no measured figure,
    a ratio of throughputs (1 = no gain)."""
    return Observation(
        "oracle-fs1-2016-system-charts-text", configuration, SLUG, "FS1-2", conditions,
        {"tps_ratio": MeasuredValue("tps_ratio", 1.0, "ratio")}, Source(DOCUMENT, f"{CHARTS} ({locator})"), index,
    )  # fmt: skip


def _platform(r: RatedSystem, nodes: int | None = None) -> dict[str, Any]:
    enclosures, per = REFERENCE_DRIVES.get(r.configuration, (0, 0))
    enclosures = int(r.tps_obs.cond("drive_enclosures", enclosures) or enclosures)
    per = int(r.tps_obs.cond("drives_per_enclosure", per) or per)
    return {"family": SLUG, "storage_model": "FS1-2", "rac_nodes": nodes or r.rac_nodes,
            "cores_per_node": FAMILY.default_server.cores_per_node, "arrays": enclosures,
            "drives_per_enclosure": per}  # fmt: skip


def _max_tps(e: Sequence[Any]) -> float:
    return float(e[0].summary.max_sustained_tps.value)


def _ratio(e: Sequence[Any]) -> float:
    return float(e[0].summary.max_sustained_tps.value / e[1].summary.max_sustained_tps.value)


def _latency_ms(e: Sequence[Any]) -> float:
    return float(e[0].summary.storage_latency_at_design.value)


def _cpu_pct(e: Sequence[Any]) -> float:
    return float(e[0].summary.cpu_utilisation_at_design.value)


def _restated(evidence: EvidenceBundle) -> dict[str, Observation]:
    """The Conclusion's "about 26,000 / 40,000" per configuration: the Table 1 runs, restated."""
    out: dict[str, Observation] = {}
    for o in evidence.find("approximate_tps", platform=SLUG, tool=SWINGBENCH):
        out.setdefault(o.configuration, o)
    return out


def validation_cases(evidence: EvidenceBundle) -> list[ValidationCase]:
    a = awr_example(evidence)
    rated = rated_systems(evidence)
    cases: list[ValidationCase] = []
    users = oltp(users=1000)
    restated = _restated(evidence)
    for r in rated:
        label = f"{r.configuration.removeprefix('oracle-fs1-').replace('-', ' ')}, {r.rac_nodes} nodes / {r.ssds} SSDs"
        at = design(users, **_platform(r))
        cases.append(ValidationCase(
            f"{label}: Swingbench TPS at {r.response_s * 1000:g} ms", (r.tps_obs,), "max_sustained_tps", "TPS", r.tps,
            (at,), _max_tps, "throughput"))  # fmt: skip
        if r.configuration in restated:
            o = restated[r.configuration]
            cases.append(ValidationCase(
                f"{label}: about {o.value('approximate_tps'):,.0f} TPS at 20 ms (Conclusion)", (o,), "max_sustained_tps",
                "TPS", o.value("approximate_tps") or 0.0, (at,), _max_tps, "throughput"))  # fmt: skip
        if r.nominal_iops and r.nominal_obs is not None:
            n, pct = r.nominal_iops, r.nominal_read_pct
            nominal = oltp(target_tps=n, profile=CUSTOM, tx_per_s=n, reads_per_s=n * pct / 100,
                           writes_per_s=n * (1 - pct / 100), db_cpu_s_per_s=0.0)  # fmt: skip
            cases.append(ValidationCase(
                f"{label}: storage latency at the nominal {n:,.0f} IOPS ({pct:g}:{100 - pct:g} random)",
                (r.nominal_obs,), "storage_latency_at_design", "ms", r.nominal_latency_s * 1000,
                (design(nominal, **_platform(r)),), _latency_ms, "latency", bound="upper"))  # fmt: skip
    home = home_system(a, rated)
    if home is not None:
        seq = next(o for o in a.observations if o.cond("event") == "db file sequential read")
        at_awr = design(oltp(target_tps=a.tx_per_s.value), **_platform(home))
        cases.append(
            ValidationCase(
                f"AWR example, {a.instances} instances at {a.tx_per_s.value:,.0f} TPS: db file sequential read",
                (seq,),
                "storage_latency_at_design",
                "ms",
                a.read_latency_s * 1000,
                (at_awr,),
                _latency_ms,
                "latency",
            )
        )
        cpu = awr_cpu(evidence)
        if cpu is not None:
            cores = home.rac_nodes * FAMILY.default_server.cores_per_node
            measured = (cpu.value("wait_time_total") or 0.0) / a.interval.value / cores * 100
            cases.append(ValidationCase(
                f"AWR example at {a.tx_per_s.value:,.0f} TPS: CPU utilisation (DB CPU over {cores} cores)", (cpu,),
                "cpu_utilisation_at_design", "%", measured, (at_awr,), _cpu_pct, "utilisation"))  # fmt: skip
    # The System Charts text: no gain past two nodes on the quarter rack, a gain with every server on the
    # half rack, one node too little CPU.
    by_nodes = {r.rac_nodes: r for r in rated}
    quarter, half = by_nodes.get(2), by_nodes.get(4)
    if quarter is not None:
        two = design(users, **_platform(quarter))
        for i, n in enumerate((3, 4)):
            obs = _statement(
                i, quarter.configuration, "Figure 8", rac_nodes=n, versus_rac_nodes=2, change="none"
            )
            cases.append(ValidationCase(
                f"quarter rack: {n} nodes vs 2 (no further performance, storage limited)", (obs,),
                "max_sustained_tps ratio", "ratio", 1.0, (design(users, **_platform(quarter, n)), two), _ratio,
                "ratio"))  # fmt: skip
        obs = _statement(
            2, quarter.configuration, "Figure 8", rac_nodes=1, versus_rac_nodes=2, change="decrease"
        )
        cases.append(ValidationCase(
            "quarter rack: 1 node vs 2 (a single node is too little CPU)", (obs,), "max_sustained_tps ratio", "ratio",
            1.0, (design(users, **_platform(quarter, 1)), two), _ratio, "ratio", bound="upper"))  # fmt: skip
    if half is not None:
        for i, (n, m) in enumerate(((3, 2), (4, 3))):
            obs = _statement(
                3 + i, half.configuration, "Figure 10", rac_nodes=n, versus_rac_nodes=m, change="increase"
            )
            cases.append(ValidationCase(
                f"half rack: {n} nodes vs {m} (performance increases with every server)", (obs,),
                "max_sustained_tps ratio", "ratio", 1.0,
                (design(users, **_platform(half, n)), design(users, **_platform(half, m))), _ratio, "ratio",
                bound="lower"))  # fmt: skip
    return cases


def calibration_keys(evidence: EvidenceBundle) -> frozenset[str]:
    """What the fit reads, and the Conclusion's restatements of the fitted Table 1 runs."""
    return fit_keys(evidence) | {o.key for o in _restated(evidence).values()}


def same_runs(evidence: EvidenceBundle) -> tuple[frozenset[str], ...]:
    """One test printed in several places: each Table 1 Swingbench run and the Conclusion's "about"
    restating it; the example AWR report's figures (Figures 2 and 3, one report)."""
    restated = _restated(evidence)
    runs = [
        frozenset({r.tps_obs.key, restated[r.configuration].key})
        for r in rated_systems(evidence)
        if r.configuration in restated
    ]
    report = [o for o in evidence.observations if o.curve.startswith(f"{DOCUMENT}-awr-")]
    return (*runs, frozenset(o.key for o in report))


FAMILY = PlatformFamily(
    slug=SLUG,
    label="Oracle FS1-2",
    vendor="Oracle",
    storage_models=(
        StorageModel(
            name="FS1-2",
            label="Oracle FS1-2 all-flash",
            drive_technology="ssd",
            workload_kinds=("oltp",),
            array_unit="drive_enclosure",
            array_unit_label="Drive enclosures",
            geometry=StorageGeometry(
                DEFAULT_SSDS_PER_ENCLOSURE,
                1600,
                0,
                1.0,
                f"{DOCUMENT}, Table 2 (13 or 19 x 1.6 TB SSD per enclosure)",
            ),
            name_pattern=r"fs1",
            enclosure_drive_options=(13, 19),  # oracle-fs1-2016, Table 11: 7112956 and 7112957
        ),
    ),
    raid_levels=("mirrored", "single_parity", "double_parity"),
    default_raid="mirrored",
    default_server=ServerDefault(
        "Sun Server X5-2, 2 x 18-core Xeon E5-2699 v3, 256 GB", 36, 256.0, f"{DOCUMENT}, Table 2, Table 11"
    ),
    reference_configurations=("oracle-fs1-quarter-rack", "oracle-fs1-half-rack"),
    measured_systems=(),
    measured_raid="mirrored",  # oracle-fs1-2016, Table 6: rated with the Mirrored profile
    build_model=build_model,
    bom_rule=reference_rack_bom,
    array_part_kinds=("drive_enclosure",),  # a unit is a drive enclosure; the controllers are not counted
    document=DOCUMENT,
    sharing=(
        "the databases share the RAC cluster's cores and the FS1-2's flash as queues; each keeps its own "
        "commit and cluster waits"
    ),
    validation_cases=validation_cases,
    calibration_keys=calibration_keys,
    same_runs=same_runs,
    profile=PROFILE_SLUG,
    profile_label="Swingbench Order Entry (Oracle FS1-2, 2016)",
    fit_profile=fit_profile,
    unit_failure=UnitFailure(
        "one of the two FS1-2 controllers down: its share of the I/O falls to the other; modelled as one "
        "drive enclosure fewer (the controllers are not a station of the model)",
        1,
        f"{DOCUMENT}, Table 2 (two controllers)",
    ),
)
