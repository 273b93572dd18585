"""Model steps more than one family uses: the cached calibrations, the RAID write penalty, the SSD
block-size shape, and the TPC-C-calibrated model that EqualLogic, XtremIO and NetApp share."""

from __future__ import annotations

from collections.abc import Callable

from sizing.calibration import (
    DellCalibration,
    Fs1Calibration,
    calibrate_dell,
    calibrate_fs1,
    orion_estimate,
)
from sizing.evidence import Estimate, EvidenceBundle
from sizing.families.base import ModelBuild, PlatformModel
from sizing.rules import RuleSet


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


def ssd_shape(evidence: EvidenceBundle, block_kb: float, read_pct: float) -> tuple[float, Estimate]:
    """Block-size / read-mix shape of an SSD array (Dell PS6010S ORION) relative to 8 KB 70/30."""
    at = orion_estimate(evidence, "PS6010S", block_kb, read_pct)
    ref = orion_estimate(evidence, "PS6010S", 8, 70)
    return at.value / ref.value, at


# Back-end I/Os per front-end write (the textbook RAID write penalty): mirrors write twice, single
# parity reads and writes data and parity (4), double parity 6. Reads cost one I/O at every level.
WRITE_PENALTY = {"raid10": 2, "mirrored": 2, "raid50": 4, "raid5": 4, "single_parity": 4, "raid6": 6,
                 "double_parity": 6}  # fmt: skip


def write_factor(measured: str | None, raid: str, read_pct: float) -> float:
    """Front-end IOPS at `raid` relative to the level the IOPS were `measured` at, for a read share."""
    if measured is None or raid == measured or raid not in WRITE_PENALTY:
        return 1.0
    r = read_pct / 100.0
    return (r + (1 - r) * WRITE_PENALTY[measured]) / (r + (1 - r) * WRITE_PENALTY[raid])


def raid_penalty(b: ModelBuild, measured_raid: str | None, measured_text: str) -> float:
    """The write-penalty factor for the design's RAID level, flagged when it is not the measured one."""
    raid, read_pct = b.platform.raid_level, b.read_pct
    factor = write_factor(measured_raid, raid, read_pct)
    if factor != 1.0:
        b.flag(
            "platform.raid",
            f"{measured_text}; {raid.replace('_', ' ')} at {read_pct:g} % reads scales the IOPS by {factor:.2f} "
            f"(write penalty {WRITE_PENALTY[raid]} vs 2 back-end I/Os per write, textbook, not measured)",
        )
    return factor


def tpcc_calibrated_model(
    b: ModelBuild, storage: Callable[[ModelBuild], tuple[Estimate, int]]
) -> PlatformModel:
    """EqualLogic, XtremIO, NetApp: the Dell TPC-C calibration carries the workload (think time, IOs
    per transaction, CPU per transaction); `storage` gives the family's storage IOPS estimate and its
    number of storage servers (drives) from the family's own evidence."""
    w, p = b.workload, b.platform
    dell = dell_calibration(b.evidence, b.rules)
    b.const(dell.think_time)
    b.const(dell.ios_per_tx)
    b.const(dell.cpu_demand)
    think = w.think_time_s if w.think_time_s is not None else dell.think_time.value
    sla_default, sla_rule = b.rules.param("tpcc-response-threshold", "response_time", "s")
    sla = (w.sla_response_ms / 1000.0) if w.sla_response_ms is not None else sla_default
    b.note(
        "sla_response",
        "Benchmark Factory TPC-C application response threshold",
        sla_rule.source.cite(),
        sla * 1000,
        "ms",
    )
    estimate, servers = storage(b)
    b.note(
        "storage_iops",
        "storage IOPS within the latency limit",
        "; ".join(s.cite() for s in estimate.sources),
        estimate.value,
        "IOPS",
    )
    return PlatformModel.saturating(
        p.family,
        think,
        sla,
        dell.ios_per_tx.value,
        estimate.value,
        servers,
        dell.cpu_demand.value,
        p.node_cores,
        estimate,
        b.storage.ssd,
        tuple(b.assumptions),
        tuple(b.flags),
    )
