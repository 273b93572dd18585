"""Dell EqualLogic PS6010XV / PS6010S / PS6110XV (dell-equallogic-oltp-2010, dell-equallogic-dss-2012):
ORION IOPS curves per array, the ASM-volume efficiency of the TPC-C runs, linear array scaling as far
as measured."""

from __future__ import annotations

from dataclasses import replace

from sizing.bom import scaled_bom
from sizing.calibration import DELL_ACTIVE_DRIVES
from sizing.evidence import Estimate
from sizing.families.base import (
    ModelBuild,
    PlatformFamily,
    PlatformModel,
    ServerDefault,
    StorageGeometry,
    StorageModel,
    UnitFailure,
)
from sizing.families.equallogic_dss import dss_calibration_keys, dss_same_runs, dss_validation_cases
from sizing.families.equallogic_fit import (
    ORION_VOLUMES,
    PROFILE,
    ArrayCurve,
    array_curve,
    fit_profile,
    oltp_calibration_keys,
    oltp_same_runs,
    oltp_validation_cases,
    orion_points,
    queueing_model,
    storage_path,
    tpcc_fit,
    tpcc_runs,
    transfer_ceiling,
)
from sizing.families.shared import raid_penalty

OLTP = "dell-equallogic-oltp-2010"
DSS = "dell-equallogic-dss-2012"


def _curve(b: ModelBuild) -> tuple[ArrayCurve, str]:
    """The design's array curve and its basis: its own ORION fit, or (PS6110XV) the PS6010XV's per-drive
    service times on its own active drives (flagged)."""
    name = b.platform.storage_model
    measured = b.storage.orion_iops_curve or name
    curve = array_curve(b.evidence, b.rules, measured)
    if measured == name:
        return curve, "measured"
    drives = DELL_ACTIVE_DRIVES[name]
    b.flag(
        "platform.storage_model",
        f"no OLTP ORION curve for {name}: the {measured} drives' fitted service times on {drives} active drives "
        f"(instead of {curve.drives})",
    )
    return replace(curve, storage_model=name, drives=drives), "transferred"


def _basis(b: ModelBuild, measured_model: str, basis: str) -> str:
    """measured at an ORION point, interpolated inside the measured block sizes and mixes, else
    extrapolated (flagged)."""
    key = f"equallogic-orion-points:{measured_model}"
    if key not in b.evidence.cache:
        found = orion_points(b.evidence, measured_model)
        b.evidence.cache[key] = {
            (float(p.cond("block_size_kb")), float(p.cond("read_pct", 70))) for p in found
        }
    points: set[tuple[float, float]] = b.evidence.cache[key]
    kb, r = b.workload.block_size_kb, b.read_pct
    blocks, mixes = sorted({x for x, _ in points} or {8.0}), sorted({y for _, y in points} or {70.0})
    if not (blocks[0] <= kb <= blocks[-1] and mixes[0] <= r <= mixes[-1]):
        b.flag("workload.block_size_kb", f"I/O profile {kb:g} KB {r:g} % read outside the ORION evidence "
               f"({blocks[0]:g}-{blocks[-1]:g} KB, {mixes[0]:g}-{mixes[-1]:g} % read): the fitted curve is "
               "extrapolated")  # fmt: skip
        return "extrapolated"
    if basis != "measured":
        return basis
    return "measured" if (kb, r) in points else "interpolated"


def _flags(b: ModelBuild) -> None:
    p, w = b.platform, b.workload
    if "equallogic-tpcc-volumes" not in b.evidence.cache:
        b.evidence.cache["equallogic-tpcc-volumes"] = sorted({r.asm_volumes for r in tpcc_runs(b.evidence)})
    volumes: list[int] = b.evidence.cache["equallogic-tpcc-volumes"]
    if volumes and not volumes[0] <= p.asm_volumes <= volumes[-1]:
        measured = ", ".join(str(n) for n in volumes)
        b.flag("platform.asm_volumes", f"TPC-C was measured with {measured} ASM volumes (ORION with "
               f"{ORION_VOLUMES.value:g}): the volume share n / (n + k) is extrapolated")  # fmt: skip
    if p.arrays > 2:
        b.flag(
            "platform.arrays",
            f"{p.arrays} arrays: scaling measured only from 1 to 2 arrays "
            "(Dell's DSS report, Section 2.3.4); linear beyond is an extrapolation",
        )
    elif p.arrays == 2:
        # the OLTP document ran one array (ORION and TPC-C); only the DSS document's large random reads
        # were measured on two: linear scaling of small OLTP I/O is taken from there (issue 37)
        b.flag(
            "platform.arrays",
            "2 arrays: Dell's OLTP runs (ORION, Tables 2-3; TPC-C, Tables 5-6) measured one array; the IOPS "
            "scale linearly, as Dell's DSS report measured from 1 to 2 arrays for large random reads (Section "
            "2.3.4), an extrapolation for 8 KB OLTP I/O",
        )
    if w.sga_gb is not None:
        b.flag("workload.sga_gb", f"memory is not modelled on EqualLogic: Table 6 ({OLTP}) measured 32, 40 and 48 GB "
               "(ASMM and AMM) with a 40 GB sweet spot; the model describes the AMM 40 GB runs")  # fmt: skip


def build_model(b: ModelBuild) -> PlatformModel:
    """Workload from the design's profile (b.profile_fit); the storage path from this family's own
    evidence: the array's ORION curve and the ASM-volume share fitted on the TPC-C peak."""
    fit = b.profile_fit or fit_profile(b.evidence, b.rules)
    if fit.family:  # a document's benchmark (a custom profile's constants are noted already)
        for c in fit.constants:
            b.const(c)
    w, p = b.workload, b.platform
    own = tpcc_fit(b.evidence, b.rules)
    b.note("sla_response", "response time threshold of the design's profile", own.sla_source.cite()
           if fit.profile.slug == PROFILE else fit.profile.source, b.sla_s * 1000, "ms")  # fmt: skip
    limit_ms, limit_rule = b.rules.param("disk-latency-limit", "latency_limit", "ms")
    curve, basis = _curve(b)
    for c in curve.constants(limit_ms):
        b.const(c)
    b.const(ORION_VOLUMES)
    b.const(own.volume_k)
    tested = own.peak.obs.storage_model
    if tested and tested != p.storage_model:
        # the ASM host path is fitted on the TPC-C test system's runs: on another array it is borrowed,
        # and says so (the PS6010S ran ORION only)
        # the runs by their tables (the flag reads in the customer's proposal: no catalog slug)
        runs = "; ".join(dict.fromkeys(s.locator for s in own.volume_k.sources))
        b.flag(
            "platform.storage_model",
            f"the ASM volumes' host path (k = {own.volume_k.value:.3g}) is fitted on the {tested} TPC-C runs "
            f"({runs}); the {p.storage_model} ran ORION only",
        )
    factor = raid_penalty(b, FAMILY.measured_raid, "ORION measured RAID 10")
    ceiling = transfer_ceiling(b.evidence, p.storage_model)
    ceiling_iops = ceiling[0] * 1024.0 / w.block_size_kb * p.arrays if ceiling else None
    path = storage_path(curve, w.block_size_kb, b.read_pct, factor, p.arrays, p.asm_volumes,
                        own.volume_k.value, limit_ms / 1000.0, transfer_ceiling_iops=ceiling_iops)  # fmt: skip
    if ceiling is not None and ceiling_iops is not None:
        mb_s, obs = ceiling
        b.note("transfer_ceiling", f"{p.arrays} x {mb_s:g} MB/s large sequential read ({obs.storage_model}): "
               f"at most {ceiling_iops:,.0f} IOPS of {w.block_size_kb:g} KB", obs.source.cite(), ceiling_iops, "IOPS")  # fmt: skip
        if obs.storage_model != p.storage_model and path.path_iops >= ceiling_iops:
            b.flag("workload.block_size_kb", f"{w.block_size_kb:g} KB I/O on the {p.storage_model} is bounded by the "
                   f"{obs.storage_model}'s measured transfer rate ({mb_s:g} MB/s, the same PS6010 controller; "
                   "the document measured no large I/O on this model)")  # fmt: skip
    if path.beyond_limit:
        b.flag("workload.block_size_kb", f"one {w.block_size_kb:g} KB read takes {path.read_service_s * 1000:.3g} ms "
               f"alone, beyond the {limit_ms:g} ms limit: the storage IOPS are the drives' saturation rate")  # fmt: skip
    b.note("asm_volume_share", f"{p.asm_volumes} ASM volumes reach {path.path_iops / path.iops_at_limit:.1%} of the "
           f"IOPS ORION reached through {ORION_VOLUMES.value:g} volumes", own.volume_k.cite(),
           path.path_iops, "IOPS")  # fmt: skip
    b.note("array_iops_at_limit", f"IOPS at which the arrays' read latency reaches {limit_ms:g} ms (design mix)",
           f"{limit_rule.source.cite()}; " + "; ".join(s.cite() for s in curve.sources), path.iops_at_limit, "IOPS")  # fmt: skip
    _flags(b)
    basis = _basis(b, b.storage.orion_iops_curve or p.storage_model, basis)
    if basis == "measured":
        # the array's IOPS at the latency limit through the design's ASM volumes: the model's figure on
        # the ORION cells of this array (issue 37: "measured" only on a measured cell)
        basis = "derived"
    ios = fit.reads_per_tx + fit.writes_per_tx
    # the design's mix (the profile's unless given); a write-only mix keeps a trace of foreground reads so
    # that the latency a read would see stays defined
    reads = ios * max(b.read_pct / 100.0, 1e-6)
    estimate = Estimate(
        path.sustained_iops, "IOPS", basis, tuple(dict.fromkeys((*curve.sources, own.peak.obs.source))),
        (f"array at {limit_ms:g} ms: {path.iops_at_limit:,.0f} IOPS; through {p.asm_volumes} ASM volumes: "
         f"{path.path_iops:,.0f} IOPS",),
    )  # fmt: skip
    b.note("storage_iops", "storage IOPS within the latency limit (the lower of the two)",
           "; ".join(s.cite() for s in estimate.sources), estimate.value, "IOPS")  # fmt: skip
    return queueing_model(b.think_s, b.sla_s, reads, ios - reads, fit.cpu_s_per_tx, p.node_cores, path, estimate,
                          b.storage.ssd, tuple(b.assumptions), tuple(b.flags), b.read_pct)  # fmt: skip


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
    sharing=(
        "the databases share the RAC nodes' cores, the arrays' drives and the iSCSI host path as queues; "
        "a DSS database's scans load the arrays at their share of the ORION large-I/O figure"
    ),
    validation_cases=lambda evidence: [*oltp_validation_cases(evidence), *dss_validation_cases(evidence)],
    calibration_keys=lambda evidence: oltp_calibration_keys(evidence) | dss_calibration_keys(evidence),
    same_runs=lambda evidence: oltp_same_runs(evidence) + dss_same_runs(evidence),
    profile=PROFILE,
    profile_label="Benchmark Factory TPC-C (Dell EqualLogic, 2010)",
    fit_profile=fit_profile,
    unit_failure=UnitFailure(
        "one array's active controller fails over to its standby (cache mirrored): performance unchanged; a "
        "whole pool member down takes its volumes offline, which no size absorbs",
        0,
        f"{OLTP}, Table 9 (dual controllers per array)",
    ),
)
