"""NetApp FAS3140 with or without the Performance Acceleration Module (netapp-pam-2009).

The design's workload profile brings its per-transaction reads, writes, CPU and other delay (the
family's own is the document's order-entry load, OET: sizing/families/netapp_fit.py). The FAS3140
side is the document's: the SGA's misses reach the controllers over NFS; their memory and PAM serve
the blocks they hold, the rest go to the data disks. The read cache follows the miss curve fitted on
the document (warehouses, SGA, controller memory and PAM size), so PAM's gain grows with the
working set and shrinks as the SGA grows, as Figures 1-4 show.
"""

from __future__ import annotations

from sizing.bom import scaled_bom_with_pam
from sizing.calibration import orion_estimate
from sizing.errors import EvidenceError
from sizing.evidence import Estimate
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
from sizing.families.netapp_fit import (
    BLOCK_KB,
    DATA_DISKS_PER_CONTROLLER,
    DOCUMENT,
    MEASURED_CONTROLLERS,
    MEASURED_NODES,
    PROFILE,
    REFERENCE_SGA_GB,
    SGA_RANGE_GB,
    WAREHOUSE_RANGE,
    disk_share,
    fit_profile,
    netapp_calibration,
    storage_cache_gb,
    validation_cases,
)
from sizing.families.netapp_fit import calibration_keys as netapp_calibration_keys
from sizing.families.netapp_fit import same_runs as netapp_same_runs

# Reads per transaction below which a design has none (a vanishing read share): no time per read.
NO_READS = 1e-9


def _block_factor(b: ModelBuild) -> float:
    """Disk time per I/O at the design's block size relative to the document's 8 KB: the Dell 15K
    drives' ORION shape (70/30), flagged; 1 at 8 KB."""
    block = b.workload.block_size_kb
    if block == BLOCK_KB:
        return 1.0
    try:
        factor = (orion_estimate(b.evidence, "PS6010XV", BLOCK_KB, 70).value
                  / orion_estimate(b.evidence, "PS6010XV", block, 70).value)  # fmt: skip
    except (EvidenceError, LookupError, ZeroDivisionError):
        factor = 1.0
    b.flag(
        "workload.block_size_kb",
        f"NetApp measured 8 KB I/O; disk time per I/O at {block:g} KB scaled by {factor:.2f} with the Dell "
        "PS6010XV 15K ORION block-size curve (transferred)",
    )
    return factor


def _cache_inputs(b: ModelBuild, fit: ProfileFit) -> tuple[float, float]:
    """(warehouses ratio to the profile's schema, SGA per instance in GB) with their flags."""
    w = b.workload
    sga = w.sga_gb if w.sga_gb is not None else (fit.sga_gb or REFERENCE_SGA_GB)
    if fit.sga_gb is None and w.sga_gb is None:
        b.note("sga_gb", "SGA per instance: the profile states none; the NetApp document's 12 GB assumed",
               f"{DOCUMENT}, Section 3.1", sga, "GB")  # fmt: skip
    if not SGA_RANGE_GB[0] <= sga <= SGA_RANGE_GB[1]:
        b.flag(
            "workload.sga_gb",
            f"SGA {sga:g} GB: the document measured {SGA_RANGE_GB[0]:g}-{SGA_RANGE_GB[1]:g} GB",
        )
    ratio = 1.0
    if w.warehouses is not None:
        if fit.warehouses:
            ratio = w.warehouses / fit.warehouses
            if fit.profile.slug != PROFILE:
                b.flag("workload.warehouses", "the growth of reads with warehouses is the NetApp OET schema's, "
                       f"applied to {fit.profile.label}")  # fmt: skip
        else:
            b.flag("workload.warehouses", f"{fit.profile.label} states no schema size: warehouses not used")
        if not WAREHOUSE_RANGE[0] <= w.warehouses <= WAREHOUSE_RANGE[1]:
            b.flag("workload.warehouses", f"{w.warehouses:,} warehouses: the document measured "
                   f"{WAREHOUSE_RANGE[0]:,}-{WAREHOUSE_RANGE[1]:,}")  # fmt: skip
    return ratio, sga


def build_model(b: ModelBuild) -> PlatformModel:
    p = b.platform
    cal = netapp_calibration(b.evidence)
    fit = b.profile_fit
    if fit is None:  # the named profile has no fit yet: the family's own, said so
        fit = fit_profile(b.evidence, b.rules)
        b.flag("workload.profile", f"the named profile is not fitted: {fit.profile.label} used")
    if fit.family:  # a document's profile (the user's own AWR figures are noted by sizing.model)
        for c in fit.constants:
            b.const(c)
    for c in cal.storage_constants:
        b.const(c)
    b.flag(
        "platform.storage_model",
        f"FAS3140 disk busy time per 8 KB read ({cal.disk_service.value * 1000:.2f} ms) transferred from the Dell "
        "PS6010XV 15K ORION read rate: it sets the I/O counts and time per I/O, not throughput or utilisations",
    )
    if p.arrays != MEASURED_CONTROLLERS:
        b.flag("platform.arrays", f"{p.arrays} FAS3140 controllers: the document measured one HA pair (2); "
               "disks, memory and PAM scale with the controllers (not measured)")  # fmt: skip
    if p.rac_nodes != MEASURED_NODES:
        b.flag("platform.rac_nodes", f"{p.rac_nodes} RAC nodes: the document ran one instance; the instances' "
               "SGAs are taken as one aggregate cache (not measured)")  # fmt: skip

    a, g = cal.alpha.value, cal.gamma.value
    w_ratio, sga = _cache_inputs(b, fit)
    storage_gb = storage_cache_gb(p.arrays, p.pam)
    disks = DATA_DISKS_PER_CONTROLLER * p.arrays
    block = _block_factor(b)

    def sga_scale(nodes: int) -> float:
        # what this aggregate SGA leaves of the reads the profile made at its own SGA
        return (sga * nodes / fit.sga_gb) ** (-a) if fit.sga_gb else 1.0

    # the profile's physical reads at its own SGA, scaled to this schema
    profile_reads = fit.reads_per_tx * w_ratio**g

    def nfs_reads(nodes: int) -> float:
        return profile_reads * sga_scale(nodes)

    def disk_reads(nodes: int) -> float:
        return nfs_reads(nodes) * disk_share(sga * nodes, storage_gb, a)

    reads, writes = nfs_reads(p.rac_nodes), fit.writes_per_tx
    if b.workload.read_pct is not None and abs(b.workload.read_pct - fit.read_pct) > 1e-9:
        # Re-split at the profile's own SGA, then this aggregate SGA removes reads as it does the
        # profile's: the split is then the same at every node count, so the network a model gives for
        # n RAC nodes (its projection, the searches for a fix) is the one a design built at n gets.
        # (Split after the SGA scaling, the writes a re-split turned into reads grew with the nodes'
        # cache misses: 2 nodes sustained less than 1.)
        # The split is the one sent at one instance of the design's SGA (the document ran one): with
        # R reads and W writes at the profile's SGA and s = what this SGA leaves of the reads,
        # R s / (R s + W) = p gives R = p T / (s (1 - p) + p), T = R + W the profile's I/Os. It does not
        # depend on the node count, so the one-network-per-node-count property holds; more instances
        # then pool their SGAs and the storage sees fewer reads (flagged with the share it ends at).
        total = profile_reads + writes
        share = b.workload.read_pct / 100.0
        one = sga_scale(1)
        at_profile = share * total / (one * (1 - share) + share)
        reads, writes = at_profile * sga_scale(p.rac_nodes), total - at_profile
        b.flag("workload.read_pct", f"read share {b.workload.read_pct:g} %: the profile measured "
               f"{fit.read_pct:g} %; its I/Os per transaction are re-split so that one instance with "
               f"{sga:g} GB of SGA reads {b.workload.read_pct:g} % of its I/O (reads and writes, not "
               "measured)")  # fmt: skip
        if p.rac_nodes > 1 and reads + writes > 0:
            b.flag("workload.read_pct", f"{p.rac_nodes} RAC nodes pool their SGAs ({p.rac_nodes} x {sga:g} GB): "
                   f"the storage sees {100 * reads / (reads + writes):.1f} % reads, not the "
                   f"{b.workload.read_pct:g} % sent for one instance")  # fmt: skip
    if reads < NO_READS:  # a read share that leaves no reads to speak of: none (no time per read)
        reads = 0.0
    miss = disk_share(sga * p.rac_nodes, storage_gb, a)
    s_read = cal.disk_service.value * block
    s_write = cal.write_service.value * block
    # Saturation: the disks' busy time per transaction; the storage section shows the front-end
    # (NFS) IOPS at which the disks run flat out with this cache.
    busy = reads * miss * s_read + writes * s_write
    iops = disks * (reads + writes) / busy if busy > 0 else disks / s_read
    inside = (p.arrays == MEASURED_CONTROLLERS and p.rac_nodes == MEASURED_NODES
              and SGA_RANGE_GB[0] <= sga <= SGA_RANGE_GB[1]
              and (b.workload.warehouses is None or WAREHOUSE_RANGE[0] <= b.workload.warehouses <= WAREHOUSE_RANGE[1]))  # fmt: skip
    cited = tuple(
        dict.fromkeys(
            s for c in (cal.disk_service, cal.write_service, cal.gamma, cal.alpha) for s in c.sources
        )
    )
    # the storage figure cites the measured cells it rests on; the hardware facts and ranges of the text
    # (controller memory, PAM size, the SGA and user ranges) stay with the assumption below
    cells = b.evidence.observed_sources()
    estimate = Estimate(
        iops, "IOPS", "interpolated" if inside else "extrapolated",
        tuple(s for s in cited if s in cells) or cited,
        (f"NFS IOPS at which the {disks} data disks are fully busy: {100 * (1 - miss):.0f}% of reads served by "
         f"{storage_gb:g} GB of controller memory{' and PAM' if p.pam else ''}",),
    )  # fmt: skip
    b.note("storage_iops", "front-end (NFS) IOPS at which the FAS3140 data disks saturate",
           "; ".join(s.cite() for s in cited), iops, "IOPS")  # fmt: skip
    base = disk_reads(p.rac_nodes)
    return PlatformModel(
        family=p.family,
        think_s=b.think_s,
        sla_s=b.sla_s,
        reads_per_tx=reads,
        storage_estimate=estimate,
        read_service_s=miss * s_read,  # a read the controllers' caches serve costs no disk time
        storage_concurrency=float(disks),
        cpu_demand_s=fit.cpu_s_per_tx,
        cores_per_node=p.node_cores,
        ssd=False,
        assumptions=tuple(b.assumptions),
        flags=tuple(b.flags),
        profile=fit.profile,
        writes_per_tx=writes,
        write_service_s=s_write,
        other_s=fit.other_s,
        node_read_factor=(lambda n: disk_reads(n) / base) if base > 0 else None,
    )


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
    sharing=(
        "the databases share the RAC nodes' cores and the FAS3140 disks as queues, and one cache (controller "
        "memory and PAM): each database's physical reads are taken at the schemas of all the databases together"
    ),
    shared_cache=True,
    validation_cases=validation_cases,
    calibration_keys=netapp_calibration_keys,
    same_runs=netapp_same_runs,
    profile=PROFILE,
    profile_label="Order Entry OET (NetApp PAM, 2009)",
    fit_profile=fit_profile,
    unit_failure=UnitFailure(
        "HA takeover: one FAS3140 controller serves both (the partner's CPU and PAM cache are lost, its disks "
        "kept); modelled as one controller fewer",
        1,
        f"{DOCUMENT}, test system (active-active HA pair)",
    ),
)
