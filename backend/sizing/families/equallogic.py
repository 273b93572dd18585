"""Dell EqualLogic PS6010XV / PS6010S / PS6110XV (dell-equallogic-oltp-2010, dell-equallogic-dss-2012):
ORION IOPS curves per array, the ASM-volume efficiency of the TPC-C runs, linear array scaling as far
as measured."""

from __future__ import annotations

from sizing.bom import scaled_bom
from sizing.calibration import DELL_ACTIVE_DRIVES, orion_estimate, volume_efficiency
from sizing.evidence import Estimate
from sizing.families.base import (
    ModelBuild,
    PlatformFamily,
    PlatformModel,
    ServerDefault,
    StorageGeometry,
    StorageModel,
)
from sizing.families.equallogic_dss import dss_calibration_keys, dss_validation_cases
from sizing.families.shared import dell_calibration, raid_penalty, tpcc_calibrated_model

OLTP = "dell-equallogic-oltp-2010"
DSS = "dell-equallogic-dss-2012"


def _storage(b: ModelBuild) -> tuple[Estimate, int]:
    w, p = b.workload, b.platform
    dell = dell_calibration(b.evidence, b.rules)
    curve = b.storage.orion_iops_curve or p.storage_model
    est = orion_estimate(b.evidence, curve, w.block_size_kb, b.read_pct)
    per_array = est.value
    basis = est.basis
    notes = list(est.notes)
    if curve != p.storage_model:
        ratio = DELL_ACTIVE_DRIVES[p.storage_model] / DELL_ACTIVE_DRIVES[curve]
        per_array *= ratio
        basis = "transferred"
        b.flag(
            "platform.storage_model",
            f"no OLTP IOPS measured on {p.storage_model}: {curve} ORION "
            f"IOPS scaled by active drives {DELL_ACTIVE_DRIVES[p.storage_model]}/{DELL_ACTIVE_DRIVES[curve]} "
            f"= {ratio:.2f}",
        )
    eff = volume_efficiency(p.asm_volumes, dell.volume_k.value)
    b.const(dell.volume_k)
    b.note(
        "asm_volume_efficiency",
        f"{p.asm_volumes} ASM volumes reach {eff:.1%} of the ORION IOPS",
        dell.volume_k.cite(),
        eff * 100,
        "%",
    )
    if p.asm_volumes > max(dell.max_tps_by_volumes) or p.asm_volumes < min(dell.max_tps_by_volumes):
        measured = ", ".join(str(n) for n in sorted(dell.max_tps_by_volumes))
        b.flag(
            "platform.asm_volumes",
            f"TPC-C was measured with {measured} volumes; the saturating curve is extrapolated",
        )
    iops = per_array * eff * p.arrays
    iops *= raid_penalty(b, FAMILY.measured_raid, "ORION measured RAID 10")
    servers = DELL_ACTIVE_DRIVES[p.storage_model] * p.arrays
    if p.arrays > 2:
        b.flag(
            "platform.arrays",
            f"{p.arrays} arrays: scaling measured only from 1 to 2 arrays "
            f"({DSS}, Section 2.3.4); linear beyond is an extrapolation",
        )
    elif p.arrays == 2:
        b.note(
            "array_scaling",
            "IOPS scale linearly with arrays (measured 1 -> 2 arrays for large random reads)",
            f"{DSS}, Section 2.3.4",
        )
    estimate = Estimate(iops, "IOPS", basis, est.sources, tuple(notes))
    if est.extrapolated:
        b.flag("workload.block_size_kb", f"I/O profile outside the ORION evidence: {'; '.join(est.notes)}")
    return estimate, servers


def build_model(b: ModelBuild) -> PlatformModel:
    return tpcc_calibrated_model(b, _storage)


def _array(name: str, label: str, technology: str, geometry: StorageGeometry, pattern: str,
           curve: str, *, iops_per_user_rule_array: bool = False) -> StorageModel:  # fmt: skip
    return StorageModel(
        name=name,
        label=label,
        drive_technology=technology,
        workload_kinds=("oltp", "dss"),
        array_unit="array",
        array_unit_label="EqualLogic arrays",
        geometry=geometry,
        name_pattern=pattern,
        orion_iops_curve=curve,
        iops_per_user_rule_array=iops_per_user_rule_array,
    )


FAMILY = PlatformFamily(
    slug="equallogic",
    label="Dell EqualLogic",
    vendor="Dell EqualLogic",
    storage_models=(
        _array(
            "PS6010XV",
            "PS6010XV (15K SAS)",
            "sas_15k",
            StorageGeometry(16, 300, 2, 1.0, f"{OLTP}, Table 9 (16 x 300 GB 15K SAS, 2 spares)"),
            r"ps\s*-?6010\s*-?xv",
            "PS6010XV",
            iops_per_user_rule_array=True,
        ),
        _array(
            "PS6010S",
            "PS6010S (SSD)",
            "ssd",
            StorageGeometry(16, 100, 2, 1.0, f"{OLTP}, Table 9 (16 x 100 GB SSD, 2 spares)"),
            r"ps\s*-?6010\s*-?s\b",
            "PS6010S",
        ),
        _array(
            "PS6110XV",
            "PS6110XV (10GbE, 15K SAS)",
            "sas_15k",
            StorageGeometry(
                24, 600, 2, 1.0, f"{DSS}, Section 2.3.1 (24 disks, 2 spares); 600 GB drive size assumed"
            ),
            r"ps\s*-?6110\s*-?xv",
            # No OLTP ORION curve for the PS6110XV: the PS6010XV's, scaled by active drives (22/14).
            "PS6010XV",
        ),
    ),
    raid_levels=("raid10", "raid50", "raid6", "raid5"),
    default_raid="raid10",
    default_server=ServerDefault(
        "PowerEdge R710, 2 x quad-core Xeon X5570, 64 GB", 8, 64.0, f"{OLTP}, Section 3.1; Table 9"
    ),
    reference_configurations=(),
    measured_systems=(
        "dell-oltp-2010-tpcc-test-system",
        "dell-oltp-2010-orion-test-system",
        "dell-dss-2012-rac-test-system",
        "dell-dss-2012-orion-1-array",
        "dell-dss-2012-orion-2-arrays",
    ),
    measured_raid="raid10",  # dell-equallogic-oltp-2010, Table 9: ORION measured RAID 10
    build_model=build_model,
    bom_rule=scaled_bom,
    dell_tpcc_rules=True,
    document=OLTP,
    validation_cases=dss_validation_cases,
    calibration_keys=dss_calibration_keys,
)
