"""Model steps more than one family uses: the RAID write penalty and the SSD block-size shape."""

from __future__ import annotations

from sizing.calibration import orion_estimate
from sizing.evidence import Estimate, EvidenceBundle
from sizing.families.base import ModelBuild


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
