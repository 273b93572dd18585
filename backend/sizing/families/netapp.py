"""NetApp FAS3140 with or without the Performance Acceleration Module (netapp-pam-2009): IOPS per
15K disk transferred from the Dell PS6010XV ORION curve, the PAM gain as the document states it."""

from __future__ import annotations

from sizing.bom import scaled_bom_with_pam
from sizing.calibration import DELL_ACTIVE_DRIVES, orion_estimate
from sizing.evidence import Estimate
from sizing.families.base import (
    ModelBuild,
    PlatformFamily,
    PlatformModel,
    ServerDefault,
    StorageGeometry,
    StorageModel,
)
from sizing.families.shared import tpcc_calibrated_model

DOCUMENT = "netapp-pam-2009"
DATA_DISKS_PER_CONTROLLER = 51  # netapp-pam-2009, Section 2: 102 data disks on two controllers
MEASURED_CONTROLLERS = 2  # netapp-pam-2009, Section 2: one HA pair
# The 15K SAS curve whose per-disk IOPS stand in for the FAS3140's 15K FC disks.
TRANSFER_CURVE = "PS6010XV"


def _storage(b: ModelBuild) -> tuple[Estimate, int]:
    w, p = b.workload, b.platform
    est = orion_estimate(b.evidence, TRANSFER_CURVE, w.block_size_kb, b.read_pct)
    per_disk = est.value / DELL_ACTIVE_DRIVES[TRANSFER_CURVE]
    disks = DATA_DISKS_PER_CONTROLLER * p.arrays
    iops = per_disk * disks
    if p.pam:
        gain, rule = b.rules.param("netapp-pam-gain", "min_gain", "%")
        top, _ = b.rules.param("netapp-pam-gain", "max_gain", "%")
        iops *= 1 + gain / 100.0
        b.note(
            "pam_gain",
            f"PAM adds the lowest stated gain (+{gain:g}%; up to +{top:g}% when the working set outgrows the SGA)",
            rule.source.cite(),
            gain,
            "%",
        )
    if p.arrays > MEASURED_CONTROLLERS:
        b.flag(
            "platform.arrays",
            f"{p.arrays} FAS3140 controllers: the document measured one HA "
            "pair (2); linear scaling beyond is an extrapolation",
        )
    b.flag(
        "platform.storage_model",
        f"FAS3140 IOPS per 15K disk transferred from the Dell {TRANSFER_CURVE} "
        f"ORION curve ({per_disk:.0f} IOPS per disk at 20 ms) x {disks} data disks",
    )
    return Estimate(iops, "IOPS", "transferred", est.sources), disks


def build_model(b: ModelBuild) -> PlatformModel:
    return tpcc_calibrated_model(b, _storage)


FAMILY = PlatformFamily(
    slug="netapp",
    label="NetApp FAS",
    vendor="NetApp",
    storage_models=(
        StorageModel(
            name="FAS3140",
            label="FAS3140",
            drive_technology="fc_15k",
            workload_kinds=("oltp",),
            array_unit="controller",
            array_unit_label="Controllers (an HA pair is 2)",
            geometry=StorageGeometry(
                56, 144, 5, 1.0, f"{DOCUMENT}, Section 2 (56 x 144 GB 15K FC per controller; 51 data disks)"
            ),
            name_pattern=r"fas\s*-?3140|netapp",
        ),
    ),
    raid_levels=("raid_dp",),
    default_raid="raid_dp",
    default_server=ServerDefault(
        "HP ProLiant DL580 G5, 2 x quad-core 2.4 GHz Xeon, 32 GB",
        8,
        32.0,
        f"{DOCUMENT}, Section 2.1; Section 4.1",
    ),
    reference_configurations=(),
    measured_systems=("netapp-pam-2009-test-system",),
    measured_raid=None,  # RAID-DP only
    build_model=build_model,
    bom_rule=scaled_bom_with_pam,
    # A FAS3140 unit is a controller.
    array_part_kinds=("drive_enclosure", "storage_array", "xbrick", "storage_controller"),
    pam_option=True,
    document=DOCUMENT,
)
