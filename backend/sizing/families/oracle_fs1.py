"""Oracle FS1-2 all-flash behind a RAC quarter or half rack (oracle-fs1-2016): the Swingbench
OrderEntry calibration carries its model; its BOM is the Table 11 reference rack."""

from __future__ import annotations

from sizing.bom import reference_rack_bom
from sizing.calibration import fs1_storage_for
from sizing.evidence import Estimate
from sizing.families.base import (
    ModelBuild,
    PlatformFamily,
    PlatformModel,
    ServerDefault,
    StorageGeometry,
    StorageModel,
)
from sizing.families.shared import fs1_calibration, raid_penalty, ssd_shape

DOCUMENT = "oracle-fs1-2016"
DEFAULT_SSDS_PER_ENCLOSURE = 13  # oracle-fs1-2016, Table 2: the quarter rack's enclosures


def build_model(b: ModelBuild) -> PlatformModel:
    w, p = b.workload, b.platform
    fs1 = fs1_calibration(b.evidence, b.rules)
    ssds = p.arrays * (p.drives_per_enclosure or DEFAULT_SSDS_PER_ENCLOSURE)
    iops, v, basis = fs1_storage_for(fs1, ssds)
    iops *= raid_penalty(b, FAMILY.measured_raid, "FS1-2 was rated with the Mirrored profile")
    srcs = tuple(c.sources[0] for c in fs1.ios_constants)
    notes: list[str] = []
    if basis == "extrapolated":
        rated = ", ".join(str(s) for s, _, _ in fs1.storage)
        b.flag("platform.arrays", f"{ssds} SSDs is outside the rated FS1-2 systems ({rated} SSDs)")
    elif basis == "interpolated":
        notes.append("nominal IOPS and IOs per transaction interpolated in SSD count between rated systems")
    if w.block_size_kb != 8 or b.read_pct != 70:
        factor, _ = ssd_shape(b.evidence, w.block_size_kb, b.read_pct)
        iops *= factor
        b.flag(
            "workload.block_size_kb",
            "FS1-2 was rated for Swingbench OrderEntry only; the "
            f"block size / read mix effect ({factor:.2f}x) is taken from the Dell PS6010S SSD curve",
        )
    estimate = Estimate(iops, "IOPS", basis, srcs, tuple(notes))
    b.const(fs1.think_time)
    b.const(fs1.cpu_demand)
    for c in fs1.ios_constants:
        b.const(c)
    think = w.think_time_s if w.think_time_s is not None else fs1.think_time.value
    sla = (w.sla_response_ms / 1000.0) if w.sla_response_ms is not None else fs1.sla_s
    b.note(
        "sla_response", "Swingbench transaction response threshold", f"{DOCUMENT}, Table 1", sla * 1000, "ms"
    )
    b.note(
        "storage_servers",
        "storage modelled as one multi-server queue, one server per SSD",
        f"{DOCUMENT}, Table 2",
        ssds,
        "count",
    )
    return PlatformModel.saturating(
        p.family, think, sla, v, iops, ssds, fs1.cpu_demand.value, p.node_cores, estimate, True,
        tuple(b.assumptions), tuple(b.flags),
    )  # fmt: skip


FAMILY = PlatformFamily(
    slug="oracle-fs1",
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
)
