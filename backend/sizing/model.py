"""The performance model of one design: stations, think time, SLA and storage capacity, per platform
family, from the calibrated constants. Everything reached beyond the evidence is flagged."""

from __future__ import annotations

from dataclasses import dataclass

from sizing import mva
from sizing.calibration import (
    DELL_ACTIVE_DRIVES,
    XTREMIO_SSDS_PER_BRICK,
    DellCalibration,
    Fs1Calibration,
    calibrate_dell,
    calibrate_fs1,
    fs1_storage_for,
    orion_estimate,
    volume_efficiency,
    xtremio_iops,
)
from sizing.errors import EvidenceError
from sizing.evidence import Estimate, EvidenceBundle, Source
from sizing.inputs import DEFAULT_SERVER, DesignInputs, OltpWorkload
from sizing.notes import Assumption, Flag
from sizing.rules import RuleSet
from sizing.units import q

SSD_MODELS = {"PS6010S", "FS1-2", "X-Brick"}
NETAPP_DATA_DISKS_PER_CONTROLLER = 51  # netapp-pam-2009, Section 2: 102 data disks on two controllers


@dataclass(frozen=True)
class PlatformModel:
    family: str
    think_s: float
    sla_s: float
    ios_per_tx: float
    storage_iops: float  # IOPS the storage sustains within its latency limit
    storage_servers: int
    cpu_demand_s: float  # CPU-seconds per transaction
    cores_per_node: int
    storage_estimate: Estimate
    ssd: bool
    assumptions: tuple[Assumption, ...]
    flags: tuple[Flag, ...]

    @property
    def storage_tps(self) -> float:
        return self.storage_iops / self.ios_per_tx

    def stations(self, rac_nodes: int) -> tuple[mva.Station, ...]:
        return (
            mva.Station("cpu", self.cpu_demand_s, rac_nodes * self.cores_per_node),
            mva.Station("storage", self.storage_servers / self.storage_tps, self.storage_servers),
        )


def dell_calibration(evidence: EvidenceBundle, rules: RuleSet) -> DellCalibration:
    key = f"dell:{id(rules)}:{sorted(rules.versions().items())}"
    if key not in evidence.cache:
        evidence.cache[key] = calibrate_dell(evidence, rules)
    cal: DellCalibration = evidence.cache[key]
    return cal


def fs1_calibration(evidence: EvidenceBundle, rules: RuleSet) -> Fs1Calibration:
    key = f"fs1:{id(rules)}:{sorted(rules.versions().items())}"
    if key not in evidence.cache:
        evidence.cache[key] = calibrate_fs1(evidence, rules)
    cal: Fs1Calibration = evidence.cache[key]
    return cal


def _ssd_shape(evidence: EvidenceBundle, block_kb: float, read_pct: float) -> tuple[float, Estimate]:
    """Block-size / read-mix shape of an SSD array (Dell PS6010S ORION) relative to 8 KB 70/30."""
    at = orion_estimate(evidence, "PS6010S", block_kb, read_pct)
    ref = orion_estimate(evidence, "PS6010S", 8, 70)
    return at.value / ref.value, at


# Back-end I/Os per front-end write (the textbook RAID write penalty): mirrors write twice, single
# parity reads and writes data and parity (4), double parity 6. Reads cost one I/O at every level.
WRITE_PENALTY = {"raid10": 2, "mirrored": 2, "raid50": 4, "raid5": 4, "single_parity": 4, "raid6": 6,
                 "double_parity": 6}  # fmt: skip
MEASURED_RAID = {"equallogic": "raid10", "oracle-fs1": "mirrored"}  # ORION (Dell OLTP Table 9), FS1 Table 6


def raid_write_factor(family: str, raid: str, read_pct: float) -> float:
    """Front-end IOPS at `raid` relative to the level the IOPS were measured at, for a read share."""
    measured = MEASURED_RAID.get(family)
    if measured is None or raid == measured or raid not in WRITE_PENALTY:
        return 1.0
    r = read_pct / 100.0
    return (r + (1 - r) * WRITE_PENALTY[measured]) / (r + (1 - r) * WRITE_PENALTY[raid])


def _raid_penalty(family: str, raid: str, read_pct: float, measured: str, flags: list[Flag]) -> float:
    """The write-penalty factor for the design's RAID level, flagged when it is not the measured one."""
    factor = raid_write_factor(family, raid, read_pct)
    if factor != 1.0:
        flags.append(
            Flag(
                "platform.raid",
                f"{measured}; {raid.replace('_', ' ')} at {read_pct:g} % reads scales the IOPS by {factor:.2f} "
                f"(write penalty {WRITE_PENALTY[raid]} vs 2 back-end I/Os per write, textbook, not measured)",
            )
        )
    return factor


def build_model(inputs: DesignInputs, evidence: EvidenceBundle, rules: RuleSet) -> PlatformModel:
    w = inputs.workload
    p = inputs.platform
    if not isinstance(w, OltpWorkload):
        raise EvidenceError("the queueing model is for OLTP workloads")
    assumptions: list[Assumption] = []
    flags: list[Flag] = []

    def note(c_name: str, text: str, source: str, value: float | None = None, unit: str = "") -> None:
        assumptions.append(Assumption(c_name, text, source, q(value, unit) if value is not None else None))

    def const(c: object) -> None:
        from sizing.calibration import Constant

        assert isinstance(c, Constant)
        note(c.name, c.derivation, c.cite(), c.value, c.unit)

    server = DEFAULT_SERVER[p.family]
    if p.node_cores == server.cores_per_node:
        note("cores_per_node", f"cores per RAC node of the measured server ({server.server})", server.source,
             p.node_cores, "count")  # fmt: skip
    else:
        note("cores_per_node", f"cores per RAC node as designed (measured server: {server.server})", "design input",
             p.node_cores, "count")  # fmt: skip

    family = p.family
    if family == "oracle-fs1":
        fs1 = fs1_calibration(evidence, rules)
        per = p.drives_per_enclosure or 13
        ssds = p.arrays * per
        iops, v, basis = fs1_storage_for(fs1, ssds)
        iops *= _raid_penalty(
            p.family, p.raid_level, w.read_pct, "FS1-2 was rated with the Mirrored profile", flags
        )
        srcs = tuple(c.sources[0] for c in fs1.ios_constants)
        notes: list[str] = []
        if basis == "extrapolated":
            flags.append(
                Flag(
                    "platform.arrays",
                    f"{ssds} SSDs is outside the rated FS1-2 systems "
                    f"({', '.join(str(s) for s, _, _ in fs1.storage)} SSDs)",
                )
            )
        elif basis == "interpolated":
            notes.append(
                "nominal IOPS and IOs per transaction interpolated in SSD count between rated systems"
            )
        if w.block_size_kb != 8 or w.read_pct != 70:
            factor, est = _ssd_shape(evidence, w.block_size_kb, w.read_pct)
            iops *= factor
            flags.append(
                Flag(
                    "workload.block_size_kb",
                    "FS1-2 was rated for Swingbench OrderEntry only; the "
                    f"block size / read mix effect ({factor:.2f}x) is taken from the Dell PS6010S SSD curve",
                )
            )
        estimate = Estimate(iops, "IOPS", basis, srcs, tuple(notes))
        const(fs1.think_time)
        const(fs1.cpu_demand)
        for c in fs1.ios_constants:
            const(c)
        think = w.think_time_s if w.think_time_s is not None else fs1.think_time.value
        sla = (w.sla_response_ms / 1000.0) if w.sla_response_ms is not None else fs1.sla_s
        note(
            "sla_response",
            "Swingbench transaction response threshold",
            "oracle-fs1-2016, Table 1",
            sla * 1000,
            "ms",
        )
        note(
            "storage_servers",
            "storage modelled as one multi-server queue, one server per SSD",
            "oracle-fs1-2016, Table 2",
            ssds,
            "count",
        )
        return PlatformModel(
            family,
            think,
            sla,
            v,
            iops,
            ssds,
            fs1.cpu_demand.value,
            p.node_cores,
            estimate,
            True,
            tuple(assumptions),
            tuple(flags),
        )

    # EqualLogic, XtremIO, NetApp: the TPC-C calibration carries the workload (think time, IOs per
    # transaction, CPU per transaction); the storage capacity comes from each platform's evidence.
    dell = dell_calibration(evidence, rules)
    const(dell.think_time)
    const(dell.ios_per_tx)
    const(dell.cpu_demand)
    think = w.think_time_s if w.think_time_s is not None else dell.think_time.value
    sla_default, sla_rule = rules.param("tpcc-response-threshold", "response_time", "s")
    sla = (w.sla_response_ms / 1000.0) if w.sla_response_ms is not None else sla_default
    note(
        "sla_response",
        "Benchmark Factory TPC-C application response threshold",
        sla_rule.source.cite(),
        sla * 1000,
        "ms",
    )
    ssd = p.storage_model in SSD_MODELS
    if family == "equallogic":
        model_for_curve = "PS6010XV" if p.storage_model == "PS6110XV" else p.storage_model
        est = orion_estimate(evidence, model_for_curve, w.block_size_kb, w.read_pct)
        per_array = est.value
        basis = est.basis
        notes = list(est.notes)
        if p.storage_model == "PS6110XV":
            ratio = DELL_ACTIVE_DRIVES["PS6110XV"] / DELL_ACTIVE_DRIVES["PS6010XV"]
            per_array *= ratio
            basis = "transferred"
            flags.append(
                Flag(
                    "platform.storage_model",
                    "no OLTP IOPS measured on PS6110XV: PS6010XV ORION "
                    f"IOPS scaled by active drives 22/14 = {ratio:.2f}",
                )
            )
        eff = volume_efficiency(p.asm_volumes, dell.volume_k.value)
        const(dell.volume_k)
        note(
            "asm_volume_efficiency",
            f"{p.asm_volumes} ASM volumes reach {eff:.1%} of the ORION IOPS",
            dell.volume_k.cite(),
            eff * 100,
            "%",
        )
        if p.asm_volumes > max(dell.max_tps_by_volumes) or p.asm_volumes < min(dell.max_tps_by_volumes):
            flags.append(
                Flag(
                    "platform.asm_volumes",
                    "TPC-C was measured with "
                    f"{', '.join(str(n) for n in sorted(dell.max_tps_by_volumes))} volumes; the saturating curve is extrapolated",
                )
            )
        iops = per_array * eff * p.arrays
        iops *= _raid_penalty(p.family, p.raid_level, w.read_pct, "ORION measured RAID 10", flags)
        servers = DELL_ACTIVE_DRIVES[p.storage_model] * p.arrays
        if p.arrays > 1:
            if p.arrays > 2:
                flags.append(
                    Flag(
                        "platform.arrays",
                        f"{p.arrays} arrays: scaling measured only from 1 to 2 arrays "
                        "(dell-equallogic-dss-2012, Section 2.3.4); linear beyond is an extrapolation",
                    )
                )
            else:
                note(
                    "array_scaling",
                    "IOPS scale linearly with arrays (measured 1 -> 2 arrays for large random reads)",
                    "dell-equallogic-dss-2012, Section 2.3.4",
                )
        estimate = Estimate(iops, "IOPS", basis, est.sources, tuple(notes))
        if est.extrapolated:
            flags.append(
                Flag(
                    "workload.block_size_kb",
                    f"I/O profile outside the ORION evidence: {'; '.join(est.notes)}",
                )
            )
    elif family == "xtremio":
        iops, basis, srcs = xtremio_iops(evidence, w.read_pct, p.arrays)
        if w.block_size_kb != 8:
            factor, _ = _ssd_shape(evidence, w.block_size_kb, 70)
            iops *= factor
            flags.append(
                Flag(
                    "workload.block_size_kb",
                    f"XtremIO measured with 8 KB SLOB I/O; block-size effect "
                    f"({factor:.2f}x) from the Dell PS6010S SSD curve",
                )
            )
        if basis == "extrapolated":
            flags.append(Flag("workload.read_pct", "read mix outside the measured XtremIO mixes"))
        if p.arrays != 2:
            rule = rules.get("xtremio-linear-scaling")
            flags.append(
                Flag(
                    "platform.arrays",
                    f"{p.arrays} X-Bricks: only two were measured; linear per-X-Brick "
                    f"scaling is the vendor's statement ({rule.source.cite()})",
                )
            )
        servers = XTREMIO_SSDS_PER_BRICK * p.arrays
        estimate = Estimate(iops, "IOPS", basis, srcs)
        flags.append(
            Flag(
                "workload",
                "XtremIO has no TPC-C run: think time, IOs and CPU per transaction are "
                "the Dell TPC-C calibration",
            )
        )
    elif family == "netapp":
        est = orion_estimate(evidence, "PS6010XV", w.block_size_kb, w.read_pct)
        per_disk = est.value / DELL_ACTIVE_DRIVES["PS6010XV"]
        disks = NETAPP_DATA_DISKS_PER_CONTROLLER * p.arrays
        iops = per_disk * disks
        if p.pam:
            gain, rule = rules.param("netapp-pam-gain", "min_gain", "%")
            top, _ = rules.param("netapp-pam-gain", "max_gain", "%")
            iops *= 1 + gain / 100.0
            note(
                "pam_gain",
                f"PAM adds the lowest stated gain (+{gain:g}%; up to +{top:g}% when the working set "
                "outgrows the SGA)",
                rule.source.cite(),
                gain,
                "%",
            )
        servers = disks
        if p.arrays > 2:
            flags.append(
                Flag(
                    "platform.arrays",
                    f"{p.arrays} FAS3140 controllers: the document measured one HA "
                    "pair (2); linear scaling beyond is an extrapolation",
                )
            )
        estimate = Estimate(iops, "IOPS", "transferred", est.sources)
        flags.append(
            Flag(
                "platform.storage_model",
                "FAS3140 IOPS per 15K disk transferred from the Dell PS6010XV "
                f"ORION curve ({per_disk:.0f} IOPS per disk at 20 ms) x {disks} data disks",
            )
        )
    else:  # pragma: no cover - inputs validate the family
        raise EvidenceError(f"no model for {family}")
    note(
        "storage_iops",
        "storage IOPS within the latency limit",
        "; ".join(s.cite() for s in estimate.sources),
        estimate.value,
        "IOPS",
    )
    return PlatformModel(
        family,
        think,
        sla,
        dell.ios_per_tx.value,
        estimate.value,
        servers,
        dell.cpu_demand.value,
        p.node_cores,
        estimate,
        ssd,
        tuple(assumptions),
        tuple(flags),
    )


_ = Source  # re-exported for type users
