"""EMC XtremIO X-Bricks (emc-xtremio-2014): SLOB IOPS by read mix, linear per-X-Brick scaling as the
vendor states; no TPC-C run, so the Dell TPC-C calibration carries the workload."""

from __future__ import annotations

from sizing.bom import scaled_bom
from sizing.calibration import XTREMIO_SSDS_PER_BRICK, xtremio_iops
from sizing.evidence import Estimate
from sizing.families.base import (
    ModelBuild,
    PlatformFamily,
    PlatformModel,
    ServerDefault,
    StorageGeometry,
    StorageModel,
)
from sizing.families.shared import ssd_shape, tpcc_calibrated_model

DOCUMENT = "emc-xtremio-2014"
MEASURED_XBRICKS = 2  # emc-xtremio-2014, Table 1: the two-X-Brick cluster


def _storage(b: ModelBuild) -> tuple[Estimate, int]:
    w, p = b.workload, b.platform
    iops, basis, srcs = xtremio_iops(b.evidence, b.read_pct, p.arrays)
    if w.block_size_kb != 8:
        factor, _ = ssd_shape(b.evidence, w.block_size_kb, 70)
        iops *= factor
        b.flag(
            "workload.block_size_kb",
            f"XtremIO measured with 8 KB SLOB I/O; block-size effect ({factor:.2f}x) from the Dell PS6010S SSD curve",
        )
    if basis == "extrapolated":
        b.flag("workload.read_pct", "read mix outside the measured XtremIO mixes")
    if p.arrays != MEASURED_XBRICKS:
        rule = b.rules.get("xtremio-linear-scaling")
        b.flag(
            "platform.arrays",
            f"{p.arrays} X-Bricks: only two were measured; linear per-X-Brick "
            f"scaling is the vendor's statement ({rule.source.cite()})",
        )
    servers = XTREMIO_SSDS_PER_BRICK * p.arrays
    b.flag(
        "workload",
        "XtremIO has no TPC-C run: think time, IOs and CPU per transaction are the Dell TPC-C calibration",
    )
    return Estimate(iops, "IOPS", basis, srcs), servers


def build_model(b: ModelBuild) -> PlatformModel:
    return tpcc_calibrated_model(b, _storage)


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
    measured_raid=None,  # XDP only; the SLOB IOPS are the array's as measured
    build_model=build_model,
    bom_rule=scaled_bom,
    data_reduction_option=True,
    document=DOCUMENT,
)
