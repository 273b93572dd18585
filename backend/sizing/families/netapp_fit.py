"""NetApp TR-3753 (netapp-pam-2009): the order-entry profile (OET) and the FAS3140 + PAM read cache,
fitted on the document's own measurements.

What one transaction is: the document counts completed new-order transactions per minute (OET,
Section 2.2). Its TPC-C-like mix runs other transactions too (payment, order status, delivery, stock
level), in proportions the document does not give. The model's transaction is therefore one OET
*with its share of the rest of the mix*: every per-transaction constant below is per new-order
transaction, and OET per minute = the model's TPS x 60. No share of new-orders in the mix is
assumed, so nothing is converted through a number the document does not state.

The model of one design (a closed network, no think time):
- host CPU: `cpu_s_per_tx` core-seconds per OET (utilisation law on Table 1 at the measured rates);
- storage: the SGA's misses reach the FAS3140 over NFS. The controllers' memory and PAM serve the
  ones they hold; the rest go to the data disks (one pooled station of 51 disks per controller,
  `disk_service_s` busy per disk read, background write load from the NFS writes);
- a pure delay `other_s` per OET: the time outside host CPU and disk reads (commits, NFS round
  trips, lock and latch waits, the client processes of the server-only kit), which the document
  does not break down.
The cache follows one power-law miss curve: the misses of a cache of C GB fall as C^-alpha, and the
physical reads of the schema grow as warehouses^gamma. The controllers' caches sit under the SGA and
see only its misses: the blocks they hold last are the ones the SGA has just loaded, so the combined
cache is the larger of the two (an inclusive hierarchy), not their sum.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from scipy.optimize import brentq, least_squares

from sizing import mva
from sizing.calibration import DELL_ACTIVE_DRIVES, ORION, Constant
from sizing.cases import ValidationCase, design, oltp
from sizing.errors import EvidenceError
from sizing.evidence import EvidenceBundle, Observation, Source
from sizing.families.base import ProfileFit, WorkloadProfile
from sizing.rules import RuleSet

DOCUMENT = "netapp-pam-2009"
PROFILE = "oet-order-entry"
TOOL = "oet"

# Facts of the measured test system (not results).
SERVER_CORES = 8  # Section 4.1: HP DL580 G5, two quad-core 2.4 GHz Xeon
CONTROLLER_MEMORY_GB = 8.0  # Appendix G: 8 GB cache per FAS3140 controller
PAM_GB_PER_CONTROLLER = 16.0  # Sections 2.1, 4.2: one 16 GB PAM card per controller
DATA_DISKS_PER_CONTROLLER = 51  # Section 4.2: aggr1, 51 x 15K FC disks per controller (102 in all)
MEASURED_CONTROLLERS = 2  # Section 2.1: one active-active pair
MEASURED_NODES = 1  # Section 2.1: one database server, no RAC
READ_PCT = 75.0  # Section 2.2: about 75 % random reads, 25 % random writes
BLOCK_KB = 8.0  # Section 2.2: 8 KB requests
REFERENCE_WAREHOUSES = 1000  # Section 3.1: the 87,731 OET run
REFERENCE_SGA_GB = 12.0  # Section 3.1: SGA held at 12 GB
REFERENCE_USERS = 140  # Sections 3.1, 3.2
WAREHOUSE_RANGE = (1000, 6000)  # Section 3.1
SGA_RANGE_GB = (4.0, 22.0)  # Section 3.2: SGA buffer cache 4-22 GB
USER_RANGE = (40, 140)  # Section 3.3
OET_SLA_S = 1.0  # no limit stated: a placeholder (sla_oet)
SERIES_WAREHOUSES = 3000  # Sections 3.2, 3.3: the SGA and users series ran 3,000 warehouses
# Table 1 columns the calibration is fitted on; 2,000-5,000 warehouses are held out.
CALIBRATION_WAREHOUSES = (1000, 6000)


def _src(locator: str) -> Source:
    return Source(DOCUMENT, locator)


# --- the cache ----------------------------------------------------------------------------------


def storage_cache_gb(controllers: int, pam: bool) -> float:
    """Read cache in the controllers: their memory, plus one 16 GB PAM card each when fitted."""
    return controllers * (CONTROLLER_MEMORY_GB + (PAM_GB_PER_CONTROLLER if pam else 0.0))


def disk_share(sga_gb: float, storage_gb: float, alpha: float) -> float:
    """Share of the SGA's misses (NFS reads) that the controllers' caches miss too (disk reads).

    Misses fall as C^-alpha; the controllers' caches are inclusive of the SGA (they hold what the SGA
    just missed and loaded), so the combined cache is the larger of the two."""
    if sga_gb <= 0:
        return 1.0
    return (sga_gb / max(sga_gb, storage_gb)) ** alpha


def read_scale(warehouses: float, sga_gb: float, ref_warehouses: float, ref_sga_gb: float,
               alpha: float, gamma: float) -> float:  # fmt: skip
    """Physical (NFS) reads per transaction relative to the reference schema and SGA."""
    return (warehouses / ref_warehouses) ** gamma * (sga_gb / ref_sga_gb) ** (-alpha)


@dataclass(frozen=True)
class OetPoint:
    """One configuration of the document's test system."""

    warehouses: float
    sga_gb: float
    users: float
    pam: bool


@dataclass(frozen=True)
class Params:
    """The model constants one configuration's stations are built from."""

    cpu_s: float
    reads: float  # NFS reads per OET at the reference (1,000 warehouses, 12 GB SGA)
    writes: float  # NFS writes per OET
    other_s: float
    alpha: float
    gamma: float
    disk_service_s: float  # disk busy time per disk read
    write_service_s: float  # disk busy time per NFS write


def point_stations(p: Params, at: OetPoint) -> tuple[tuple[mva.Station, ...], float]:
    """The test system's stations at one configuration, and its NFS reads per OET. The design model
    (sizing.families.netapp) builds the same network through PlatformModel."""
    reads = p.reads * read_scale(at.warehouses, at.sga_gb, REFERENCE_WAREHOUSES, REFERENCE_SGA_GB, p.alpha,
                                 p.gamma)  # fmt: skip
    disk_reads = reads * disk_share(at.sga_gb, storage_cache_gb(MEASURED_CONTROLLERS, at.pam), p.alpha)
    stations = (
        mva.Station("cpu", p.cpu_s, SERVER_CORES),
        mva.Station(
            "storage",
            disk_reads * p.disk_service_s,
            DATA_DISKS_PER_CONTROLLER * MEASURED_CONTROLLERS,
            background_s=p.writes * p.write_service_s,
        ),
        mva.Station("other", p.other_s, delay=True),
    )
    return stations, reads


# --- what the calibration reads -----------------------------------------------------------------


@dataclass(frozen=True)
class Table1Point:
    warehouses: int
    pam: bool
    disk_pct: float
    host_cpu_pct: float
    obs: Observation


def _table1(evidence: EvidenceBundle, warehouses: int, pam: bool) -> Table1Point:
    found = [
        o for o in evidence.find("disk_utilisation", platform="netapp", warehouses=warehouses, pam=pam)
        if o.value("host_cpu_utilisation") is not None
    ]  # fmt: skip
    if not found:
        raise EvidenceError(
            f"no NetApp Table 1 utilisations at {warehouses} warehouses, PAM {'on' if pam else 'off'}"
        )
    o = found[0]
    return Table1Point(
        warehouses, pam, o.value("disk_utilisation") or 0.0, o.value("host_cpu_utilisation") or 0.0, o
    )


def _peak(evidence: EvidenceBundle) -> Observation:
    """The one absolute rate the document prints: 87,731 OET with PAM (and its +6 % over PAM off)."""
    found = [o for o in evidence.find("tpm", platform="netapp") if o.value("change_pct") is not None]
    if not found:
        raise EvidenceError("no NetApp OET rate (Section 3.1) in the evidence")
    return found[0]


def _latency_ranges(evidence: EvidenceBundle) -> list[tuple[Observation, float, float]]:
    """The stated PAM read-latency cuts: (observation, lowest %, highest %)."""
    out = []
    for o in evidence.find("read_latency_reduction_min_pct", platform="netapp"):
        hi = o.value("read_latency_reduction_max_pct")
        if hi is not None:
            out.append((o, o.value("read_latency_reduction_min_pct") or 0.0, hi))
    if not out:
        raise EvidenceError("no NetApp read-latency reduction (Section 2, Section 3.1) in the evidence")
    return out


def _orion_read(evidence: EvidenceBundle) -> Observation:
    found = evidence.find("max_iops", storage_model="PS6010XV", tool=ORION, block_size_kb=8, read_pct=100)
    if not found:
        raise EvidenceError("no Dell PS6010XV ORION 8 KB read point (the 15K disk service time)")
    return found[0]


# --- the calibration ----------------------------------------------------------------------------


@dataclass(frozen=True)
class NetAppCalibration:
    cpu: Constant
    reads: Constant
    writes: Constant
    other: Constant
    alpha: Constant
    gamma: Constant
    disk_service: Constant
    write_service: Constant
    think: Constant
    sla: Constant
    keys: frozenset[str]

    @property
    def params(self) -> Params:
        return Params(self.cpu.value, self.reads.value, self.writes.value, self.other.value, self.alpha.value,
                      self.gamma.value, self.disk_service.value, self.write_service.value)  # fmt: skip

    @property
    def storage_constants(self) -> tuple[Constant, ...]:
        return (self.alpha, self.gamma, self.disk_service, self.write_service)


@dataclass(frozen=True)
class LatencyCheck:
    """A configuration a stated read-latency cut covers, with the stated range (%)."""

    at: OetPoint
    lowest: float
    highest: float


def latency_points(o: Observation) -> list[OetPoint]:
    """The configurations a stated read-latency range covers: the warehouses series (Figure 2 text,
    12 GB SGA) or, for the range over all series (executive summary), the ends of the SGA and users
    series (Sections 3.2, 3.3) - their middle is the warehouses series' 3,000-warehouse point."""
    if o.cond("sga_gb") is not None:
        lo, hi = (
            int(o.cond("warehouses_min", WAREHOUSE_RANGE[0])),
            int(o.cond("warehouses_max", WAREHOUSE_RANGE[1])),
        )
        return [OetPoint(w, REFERENCE_SGA_GB, REFERENCE_USERS, True) for w in range(lo, hi + 1, 1000)]
    return [OetPoint(SERIES_WAREHOUSES, s, REFERENCE_USERS, True) for s in SGA_RANGE_GB] + [
        OetPoint(SERIES_WAREHOUSES, REFERENCE_SGA_GB, n, True) for n in USER_RANGE]  # fmt: skip


def _bare_cut(alpha: float, sga: float) -> float:
    """PAM's cut in NFS read latency with the cache's reads free and the disks far from saturation."""
    off = disk_share(sga, storage_cache_gb(MEASURED_CONTROLLERS, False), alpha)
    return 1.0 - disk_share(sga, storage_cache_gb(MEASURED_CONTROLLERS, True), alpha) / off


def model_cut(p: Params, at: OetPoint) -> float:
    """PAM's cut in NFS read latency as the network gives it (queueing at the disks included)."""
    lat = []
    for pam in (False, True):
        st, reads = point_stations(p, OetPoint(at.warehouses, at.sga_gb, at.users, pam))
        lat.append(mva.solve(st, 0.0, at.users).residence_s[1] / reads)
    return 1.0 - lat[1] / lat[0]


def _alpha(checks: Sequence[LatencyCheck], queueing: Sequence[float]) -> float:
    """The miss-curve exponent that puts PAM's read-latency cut inside every stated range with the
    widest margin. `queueing`: what the network adds to the bare cut at each check (from the previous
    round of the fit)."""

    def gap(alpha: float) -> float:  # worst upper margin minus worst lower margin; falls with alpha
        cuts = [_bare_cut(alpha, c.at.sga_gb) + q for c, q in zip(checks, queueing, strict=True)]
        upper = min(c.highest / 100 - x for c, x in zip(checks, cuts, strict=True))
        lower = min(x - c.lowest / 100 for c, x in zip(checks, cuts, strict=True))
        return upper - lower

    return float(brentq(gap, 1e-3, 5.0, xtol=1e-9))


def calibrate_netapp(evidence: EvidenceBundle) -> NetAppCalibration:
    """Fit the OET profile and the FAS3140 + PAM cache on the calibration points (module docstring)."""
    peak = _peak(evidence)
    tpm = peak.value("tpm") or 0.0
    gain = peak.value("change_pct") or 0.0
    ref_w = int(peak.cond("warehouses", REFERENCE_WAREHOUSES))
    if ref_w not in CALIBRATION_WAREHOUSES:
        raise EvidenceError("the NetApp OET rate is not at a calibration warehouse count")
    x_on = tpm / 60.0
    x_off = x_on / (1.0 + gain / 100.0)
    table = {(w, pam): _table1(evidence, w, pam) for w in CALIBRATION_WAREHOUSES for pam in (False, True)}

    # CPU per OET: utilisation law at the two measured rates (PAM off and on at 1,000 warehouses)
    on, off = table[(ref_w, True)], table[(ref_w, False)]
    d_on = on.host_cpu_pct / 100 * SERVER_CORES / x_on
    d_off = off.host_cpu_pct / 100 * SERVER_CORES / x_off
    cpu = Constant(
        "cpu_per_oet", 0.5 * (d_on + d_off), "s",
        f"core-seconds per OET (one new-order transaction with its share of the rest of the mix), utilisation "
        f"law D = U x cores / X at {ref_w:,} warehouses: PAM on {on.host_cpu_pct:g}% x {SERVER_CORES} / "
        f"{x_on:.1f} OET/s ({tpm:,.0f} / 60) = {d_on * 1000:.3f} ms, PAM off {off.host_cpu_pct:g}% x "
        f"{SERVER_CORES} / {x_off:.1f} OET/s ({tpm:,.0f} / {1 + gain / 100:g} / 60) = {d_off * 1000:.3f} ms; their mean",
        (peak.source, on.obs.source, off.obs.source, _src("Section 4.1")),
    )  # fmt: skip

    # Disk service time per random 8 KB read: transferred (the document prints no I/O rate).
    orion = _orion_read(evidence)
    drives = DELL_ACTIVE_DRIVES["PS6010XV"]
    s_disk = drives / (orion.value("max_iops") or 1.0)
    disk = Constant(
        "disk_service_time", s_disk, "s",
        f"busy time per random 8 KB read of a 15K RPM disk: 1 / ({orion.value('max_iops'):g} IOPS / {drives} "
        "active drives), the Dell PS6010XV 15K SAS drives' maximum ORION read rate (a disk at its maximum "
        "rate is busy all the time). TRANSFERRED: TR-3753 prints no I/O rate for its 15K FC disks. It sets "
        "the I/O counts and time per I/O only; throughput, utilisations and PAM gains do not depend on it",
        (orion.source,),
    )  # fmt: skip

    # The rest by least squares on the calibration columns of Table 1 and the 87,731 OET rate, each
    # point solved by the same closed network the designs use (140 users, no think time).
    points = [(OetPoint(w, REFERENCE_SGA_GB, REFERENCE_USERS, pam), t) for (w, pam), t in table.items()]
    read_share = READ_PCT / 100.0

    def params(v: Sequence[float], alpha: float) -> Params:
        reads, gamma, s_write, other = v
        return Params(
            cpu.value, reads, reads * (1 - read_share) / read_share, other, alpha, gamma, s_disk, s_write
        )

    def fit(alpha: float) -> tuple[Params, float]:
        def residuals(v: np.ndarray[Any, Any]) -> list[float]:
            p = params([float(x) for x in v], alpha)
            out = []
            for at, t in points:
                st, _ = point_stations(p, at)
                sol = mva.solve(st, 0.0, at.users)
                out += [
                    sol.utilisation[1] * 100 / t.disk_pct - 1,
                    sol.utilisation[0] * 100 / t.host_cpu_pct - 1,
                ]
                if at.warehouses == ref_w:
                    out.append(sol.throughput / (x_on if at.pam else x_off) - 1)
            return out

        r = least_squares(residuals, np.array([10.0, 0.5, 0.005, 0.05]), bounds=([0.01, 0.0, 0.0, 0.0],
                          [1000.0, 3.0, 0.2, 2.0]), xtol=1e-12, ftol=1e-12)  # fmt: skip
        return params([float(x) for x in r.x], alpha), float(max(abs(x) for x in r.fun) * 100)

    # The miss-curve exponent from the stated read-latency cuts (30-40 % over the warehouses series,
    # 28-40 % over all series), alternating with the fit above: the network adds a little queueing
    # to the bare cut, which the next round takes into account.
    latency = _latency_ranges(evidence)
    checks = [LatencyCheck(at, lo, hi) for o, lo, hi in latency for at in latency_points(o)]
    queueing = [0.0] * len(checks)
    for _ in range(3):
        a = _alpha(checks, queueing)
        p, worst = fit(a)
        queueing = [model_cut(p, c.at) - _bare_cut(a, c.at.sga_gb) for c in checks]
    cuts = [model_cut(p, c.at) * 100 for c in checks]
    alpha = Constant(
        "cache_miss_exponent", a, "ratio",
        "misses of a read cache of C GB fall as C^-alpha, with the controllers' memory "
        f"({CONTROLLER_MEMORY_GB:g} GB each) and PAM ({PAM_GB_PER_CONTROLLER:g} GB each) inclusive of the SGA; "
        "alpha puts the model's PAM read-latency cut inside every stated range with the widest margin ("
        + "; ".join(f"{lo:g}-{hi:g} % ({o.source.locator})" for o, lo, hi in latency)
        + f"; SGA {SGA_RANGE_GB[0]:g}-{SGA_RANGE_GB[1]:g} GB and {USER_RANGE[0]}-{USER_RANGE[1]} users in "
        f"Sections 3.2-3.3): the model's cuts span {min(cuts):.1f}-{max(cuts):.1f} %",
        (*(o.source for o, _, _ in latency), _src("Section 3.2"), _src("Section 3.3"), _src("Appendix G"),
         _src("Section 4.2")),
    )  # fmt: skip

    used = [t.obs for _, t in points] + [peak]
    fitted = (
        f"least squares over Table 1 at {' and '.join(f'{w:,}' for w in CALIBRATION_WAREHOUSES)} warehouses "
        f"(disk and host CPU, PAM off and on) and the {tpm:,.0f} OET rate (+{gain:g}% over PAM off), each "
        f"solved at {REFERENCE_USERS} users without think time; worst residual {worst:.1f}%"
    )
    srcs = tuple(sorted({o.source for o in used}, key=lambda s: s.locator))
    reads = Constant(
        "nfs_reads_per_oet", p.reads, "IOs/transaction",
        f"physical (NFS) reads per OET at {REFERENCE_WAREHOUSES:,} warehouses and {REFERENCE_SGA_GB:g} GB SGA: "
        f"{fitted}; a count in units of the transferred disk service time",
        (*srcs, orion.source),
    )  # fmt: skip
    writes = Constant(
        "nfs_writes_per_oet", p.writes, "IOs/transaction",
        f"NFS writes per OET = reads x {100 - READ_PCT:g}/{READ_PCT:g} (the stated I/O mix)",
        (_src("Section 2.2"),),
    )  # fmt: skip
    gamma = Constant(
        "warehouse_read_exponent", p.gamma, "ratio",
        "physical reads per OET grow as warehouses^gamma: the schema holds 0.1 GB per warehouse (600 GB for "
        "6,000, Section 2.2) but its reads are skewed, so the working set grows slower than the data: "
        f"{fitted}",
        (*srcs, _src("Section 2.2")),
    )  # fmt: skip
    write_service = Constant(
        "disk_time_per_nfs_write", p.write_service_s, "s",
        "disk busy time per NFS write (data, RAID-DP parity and consistency points, off the response path): "
        f"{fitted}",
        (*srcs, orion.source),
    )  # fmt: skip
    other = Constant(
        "other_delay_per_oet", p.other_s, "s",
        "time per OET outside host CPU and disk reads (commits, NFS round trips, lock and latch waits, the "
        f"server-only kit's client processes; the document gives no breakdown): {fitted}",
        srcs,
    )  # fmt: skip
    think = Constant(
        "think_time_oet", 0.0, "s", "users submit transactions back to back, without think time",
        (_src("Section 2.2"), _src("Section 3.3")),
    )  # fmt: skip
    slowest = REFERENCE_USERS / (min(t.host_cpu_pct for t in table.values()) / 100 * SERVER_CORES / cpu.value)
    sla = Constant(
        "sla_oet", OET_SLA_S, "s",
        f"the document sets no response-time limit (its users run flat out); {OET_SLA_S:g} s per OET cycle is a "
        f"placeholder, well above the slowest cycle it measured ({slowest * 1000:.0f} ms: {REFERENCE_USERS} users "
        "over the lowest rate of Table 1 by the utilisation law, Little's law with Z = 0). Set "
        "the SLA response time of the workload for a real service level",
        (_src("Section 2.2"), _src("Table 1")),
    )  # fmt: skip
    keys = frozenset(o.key for o in (*used, *(o for o, _, _ in latency)))
    return NetAppCalibration(cpu, reads, writes, other, alpha, gamma, disk, write_service, think, sla, keys)


def netapp_calibration(evidence: EvidenceBundle) -> NetAppCalibration:
    key = "netapp-pam:calibration"
    if key not in evidence.cache:
        evidence.cache[key] = calibrate_netapp(evidence)
    cal: NetAppCalibration = evidence.cache[key]
    return cal


# --- the profile --------------------------------------------------------------------------------

OET_PROFILE = WorkloadProfile(
    slug=PROFILE,
    label="NetApp order entry (OET: new-order transactions, no think time)",
    tool=TOOL,
    document=DOCUMENT,
    think_s=0.0,
    sla_s=OET_SLA_S,
    source=f"{DOCUMENT}, Section 2.2",
)


def fit_profile(evidence: EvidenceBundle, _rules: RuleSet) -> ProfileFit:
    cal = netapp_calibration(evidence)
    return ProfileFit(
        profile=OET_PROFILE,
        family="netapp",
        server="HP ProLiant DL580 G5 (2 x quad-core 2.4 GHz Xeon)",
        read_pct=READ_PCT,
        block_size_kb=BLOCK_KB,
        reads_per_tx=cal.reads.value,
        writes_per_tx=cal.writes.value,
        cpu_s_per_tx=cal.cpu.value,
        other_s=cal.other.value,
        warehouses=float(REFERENCE_WAREHOUSES),
        sga_gb=REFERENCE_SGA_GB,
        constants=(cal.think, cal.sla, cal.cpu, cal.reads, cal.writes, cal.other),
    )


# --- validation ---------------------------------------------------------------------------------

_PLATFORM = {"family": "netapp", "storage_model": "FAS3140", "rac_nodes": MEASURED_NODES,
             "arrays": MEASURED_CONTROLLERS}  # fmt: skip


def _design(at: OetPoint) -> dict[str, Any]:
    # database_size_gb: the 6,000-warehouse database (Section 2.2); capacity only
    w = oltp(users=at.users, warehouses=at.warehouses, sga_gb=at.sga_gb, database_size_gb=600)
    return design(w, **_PLATFORM, pam=at.pam)


def _pair(at: OetPoint) -> tuple[dict[str, Any], dict[str, Any]]:
    """PAM off, PAM on at one configuration."""
    off = OetPoint(at.warehouses, at.sga_gb, at.users, False)
    return _design(off), _design(OetPoint(at.warehouses, at.sga_gb, at.users, True))


def _tps(e: Any) -> float:
    return float(e.performance.at_design.tps.value)


def _gain(es: Sequence[Any]) -> float:
    return (_tps(es[1]) / _tps(es[0]) - 1.0) * 100.0


def _latency_cut(es: Sequence[Any]) -> float:
    off, on = (float(e.summary.storage_latency_at_design.value) for e in es)
    return (1.0 - on / off) * 100.0


def _where(o: Observation) -> OetPoint:
    users = float(o.cond("users", REFERENCE_USERS))
    sga = o.cond("sga_gb")
    sga = float(sga if sga is not None else o.cond("sga_gb_max", REFERENCE_SGA_GB))
    return OetPoint(float(o.cond("warehouses", SERIES_WAREHOUSES)), sga, users, bool(o.cond("pam", True)))


def _label(at: OetPoint) -> str:
    return f"{at.users:g} users, {at.warehouses:,.0f} warehouses, SGA {at.sga_gb:g} GB"


# Section 3.3 puts PAM's larger gain at fewer users down to the working set: fewer users touch fewer
# blocks, most of which PAM then holds. The model's miss curve is one power law (misses fall as
# cache^-alpha, scale-free), so the share of reads PAM takes off the disks does not depend on the
# working set, and with 102 disks far from saturation nothing else in the network changes with users:
# its gain is flat in users (+18 % at 40, +16 % at 140). The SGA series (4, 12, 22 GB) is held out and
# the same scale-free curve moves the gain by about a third of the measured change. Each such row says
# so (docs/model.md, Limits of trust).
USERS_NOT_MODELLED = (
    "not reproduced: the model's PAM gain is flat in users - the working set's growth with users, which "
    "Section 3.3 names as the cause, is not in its scale-free miss curve"
)
SGA_NOT_MODELLED = (
    "not reproduced: the model's PAM gain moves with the SGA by about a third of the measured change - a "
    "larger buffer cache leaves PAM fewer of the working set's reads in the document, and one scale-free "
    "miss curve for the two caches does not"
)


def _why_not(at: OetPoint) -> str | None:
    """The limit a stated gain the model is known not to reproduce names (None: none known)."""
    if at.users != REFERENCE_USERS:
        return USERS_NOT_MODELLED
    if not math.isclose(at.sga_gb, REFERENCE_SGA_GB):
        return SGA_NOT_MODELLED
    return None


def validation_cases(evidence: EvidenceBundle) -> list[ValidationCase]:
    cases: list[ValidationCase] = []
    gains = [o for o in evidence.find("change_pct", platform="netapp") if o.cond("compared_to") == "pam off"]
    for o in evidence.find("tpm", platform="netapp"):
        at = _where(o)
        cases.append(ValidationCase(
            f"NetApp FAS3140 + PAM, {_label(at)}: new-order transactions per minute (OET)", (o,), "tpm", "TPM",
            o.value("tpm") or 0.0, (_design(at),), lambda es: _tps(es[0]) * 60.0, "throughput",
        ))  # fmt: skip
    table1 = evidence.find("host_cpu_utilisation", platform="netapp") + evidence.find(
        "disk_utilisation", platform="netapp"
    )
    for o in gains:
        at = _where(o)
        # the same runs as Table 1 prints them: a gain at a warehouse count the fit reads is not held out
        same_runs = tuple(
            u for u in table1
            if math.isclose(float(u.cond("warehouses", 0)), at.warehouses)
            and math.isclose(float(u.cond("users", REFERENCE_USERS)), at.users)
            and math.isclose(float(u.cond("sga_gb", REFERENCE_SGA_GB)), at.sga_gb)
        )  # fmt: skip
        cases.append(ValidationCase(
            f"NetApp PAM gain in OET, {_label(at)}", (o, *same_runs), "change_pct", "%",
            o.value("change_pct") or 0.0, _pair(at), _gain, "ratio", error="change", limit=_why_not(at),
        ))  # fmt: skip
    # The executive summary's range over every test series (PAM raised OET by 6 % to 35 %): a stated bound
    # on each of Table 1's runs whose own gain the text does not print (Figure 1 is a picture). The fit
    # never reads the range; a run it does read carries its Table 1 observation, so it lists as calibration.
    printed = {(a.warehouses, a.sga_gb, a.users) for a in map(_where, gains)}
    for o in evidence.find("change_min_pct", platform="netapp", compared_to="pam off"):
        lo, hi = o.value("change_min_pct"), o.value("change_max_pct")
        for w in sorted({float(u.cond("warehouses")) for u in table1}):
            at = OetPoint(w, REFERENCE_SGA_GB, REFERENCE_USERS, True)
            if (at.warehouses, at.sga_gb, at.users) in printed:
                continue
            same_runs = tuple(
                u for u in table1
                if math.isclose(float(u.cond("warehouses", 0)), w)
                and math.isclose(float(u.cond("users", REFERENCE_USERS)), at.users)
                and math.isclose(float(u.cond("sga_gb", REFERENCE_SGA_GB)), at.sga_gb)
            )  # fmt: skip
            for bound, value, q in (("lower", lo, "min"), ("upper", hi, "max")):
                if value is None:
                    continue
                cases.append(ValidationCase(
                    f"NetApp PAM gain in OET, {_label(at)} ({q} stated over all series)", (o, *same_runs),
                    f"change_{q}_pct", "%", value, _pair(at), _gain, "ratio",
                    bound=bound, error="change",  # type: ignore[arg-type]
                ))  # fmt: skip
    for pam in (False, True):
        for o in evidence.find("disk_utilisation", platform="netapp", pam=pam):
            at = OetPoint(float(o.cond("warehouses")), float(o.cond("sga_gb", REFERENCE_SGA_GB)),
                          float(o.cond("users", REFERENCE_USERS)), pam)  # fmt: skip
            state = "PAM on" if pam else "PAM off"
            cases.append(ValidationCase(
                f"NetApp FAS3140 disk utilisation, {state}, {_label(at)}", (o,), "disk_utilisation", "%",
                o.value("disk_utilisation") or 0.0, (_design(at),),
                lambda es: float(es[0].summary.storage_utilisation_at_design.value), "utilisation",
            ))  # fmt: skip
            if o.value("host_cpu_utilisation") is not None:
                cases.append(ValidationCase(
                    f"NetApp database host CPU utilisation, {state}, {_label(at)}", (o,), "host_cpu_utilisation",
                    "%", o.value("host_cpu_utilisation") or 0.0, (_design(at),),
                    lambda es: float(es[0].summary.cpu_utilisation_at_design.value), "utilisation",
                ))  # fmt: skip
    for o, lo, hi in _latency_ranges(evidence):
        points = latency_points(o)
        for at in points:
            for bound, value, q in (("lower", lo, "min"), ("upper", hi, "max")):
                cases.append(ValidationCase(
                    f"NetApp PAM cut in NFS read latency, {_label(at)} ({q} stated)", (o,),
                    f"read_latency_reduction_{q}_pct", "%", value, _pair(at), _latency_cut, "latency",
                    bound=bound,  # type: ignore[arg-type]
                ))  # fmt: skip
    return cases


def same_runs(evidence: EvidenceBundle) -> tuple[frozenset[str], ...]:
    """One OET run printed in several places: its new-order rate (Section 3.1), its Table 1 utilisations
    and the PAM gain stated at it (a PAM-on run against its PAM-off twin), told apart by warehouses, SGA,
    users and PAM."""
    runs: dict[OetPoint, set[str]] = {}
    for quantity in ("tpm", "host_cpu_utilisation", "disk_utilisation"):
        for o in evidence.find(quantity, platform="netapp"):
            runs.setdefault(_where(o), set()).add(o.key)
    for o in evidence.find("change_pct", platform="netapp"):
        if o.cond("compared_to") == "pam off":
            runs.setdefault(_where(o), set()).add(o.key)
    return tuple(frozenset(keys) for keys in runs.values() if len(keys) > 1)


def calibration_keys(evidence: EvidenceBundle) -> frozenset[str]:
    return netapp_calibration(evidence).keys


__all__ = [
    "CALIBRATION_WAREHOUSES",
    "DOCUMENT",
    "OET_PROFILE",
    "PROFILE",
    "NetAppCalibration",
    "Params",
    "calibrate_netapp",
    "calibration_keys",
    "disk_share",
    "fit_profile",
    "netapp_calibration",
    "point_stations",
    "read_scale",
    "same_runs",
    "storage_cache_gb",
    "validation_cases",
]  # fmt: skip
