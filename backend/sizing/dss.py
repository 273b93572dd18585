"""DSS: large-I/O throughput (MB/s) a storage configuration sustains, from the ORION measurements,
scaled with arrays as far as measured (1 -> 2 EqualLogic arrays; XtremIO's stated linear scaling)."""

from __future__ import annotations

import math

from sizing.calibration import DELL_ACTIVE_DRIVES, ORION, orion_estimate
from sizing.errors import EvidenceError
from sizing.evidence import Estimate, EvidenceBundle, Observation
from sizing.inputs import DssWorkload, Platform
from sizing.platforms import storage_model


def _arrays(o: Observation) -> int:
    return int(o.cond("arrays", 1) or 1)


def throughput_estimate(evidence: EvidenceBundle, p: Platform, w: DssWorkload) -> Estimate:
    est = _large_io_estimate(evidence, p, w)
    return _small_io_cap(evidence, p, w, est)


def _small_io_cap(evidence: EvidenceBundle, p: Platform, w: DssWorkload, est: Estimate) -> Estimate:
    """Below the smallest large-I/O size measured (256 KB), MB/s is bounded by the arrays' IOPS at that
    size: 8 KB random reads cannot move gigabytes per second through 15K disks. The IOPS come from the
    ORION IOPS curves (Dell OLTP Tables 2, 3; PS6110XV scaled by active drives 22/14)."""
    curve = storage_model(p.storage_model).orion_iops_curve
    if curve is None or w.block_size_kb >= 256:
        return est
    try:
        iops = orion_estimate(evidence, curve, w.block_size_kb, 100.0)
    except EvidenceError:
        return est
    per_array = iops.value * DELL_ACTIVE_DRIVES[p.storage_model] / DELL_ACTIVE_DRIVES[curve]
    cap = per_array * p.arrays * w.block_size_kb / 1024.0
    if cap >= est.value:
        return est
    note = (
        f"{w.block_size_kb:g} KB I/O: bounded by {per_array * p.arrays:,.0f} IOPS x {w.block_size_kb:g} KB "
        f"(ORION {curve} IOPS curve, 100 % read) = {cap:,.0f} MB/s, below the large-I/O figure"
    )
    return Estimate(cap, "MB/s", "extrapolated", (*est.sources, *iops.sources), (*est.notes, note))


def _large_io_estimate(evidence: EvidenceBundle, p: Platform, w: DssWorkload) -> Estimate:
    obs = [
        o
        for o in evidence.find("throughput", storage_model=p.storage_model, tool=ORION)
        if o.cond("io_pattern", "random") == w.io_pattern
    ]
    if not obs:
        obs = [o for o in evidence.find("throughput", platform=p.family) if _arrays(o) >= 1]
    if not obs:
        # e.g. XtremIO's DW query test: read throughput in GB/s (decimal: 1 GB/s = 1000 MB/s)
        for o in evidence.find("read_throughput", platform=p.family):
            v = o.values["read_throughput"]
            mb = v.value * 1000.0 if v.unit == "GB/s" else v.value
            return _scaled(mb, _arrays(o), p.arrays, o, "read throughput of a DW query test")
    if not obs:
        raise EvidenceError(f"no large-I/O throughput measured for {p.storage_model} ({w.io_pattern})")
    notes: list[str] = []
    basis = "measured"
    same_raid = [o for o in obs if o.cond("raid") == p.raid_level]
    if same_raid:
        obs = same_raid
    elif any(o.cond("raid") for o in obs):
        notes.append(f"no {p.raid_level} measurement; used {obs[0].cond('raid')}")
        basis = "extrapolated"
    concat = [o for o in obs if o.cond("array_mode") in (None, "", "concat")]
    obs = concat or obs
    # nearest block size in log2
    target = math.log2(w.block_size_kb)
    best_b = min(
        {float(o.cond("block_size_kb", 1024)) for o in obs}, key=lambda b: abs(math.log2(b) - target)
    )
    if not math.isclose(best_b, w.block_size_kb):
        notes.append(f"block size {w.block_size_kb:g} KB not measured; nearest {best_b:g} KB used")
        basis = "extrapolated"
    obs = [o for o in obs if math.isclose(float(o.cond("block_size_kb", 1024)), best_b)]
    counts = sorted({_arrays(o) for o in obs})
    exact = [o for o in obs if _arrays(o) == p.arrays]
    if exact:
        o = exact[0]
        value = o.value("throughput") or 0.0
        return Estimate(value, "MB/s", basis, (o.source,), tuple(notes))
    # scale per array from the largest measured count at or below the target (else the smallest)
    below = [c for c in counts if c <= p.arrays]
    base_count = max(below) if below else min(counts)
    o = next(o for o in obs if _arrays(o) == base_count)
    per_array = (o.value("throughput") or 0.0) / base_count
    value = per_array * p.arrays
    if p.arrays > max(counts):
        notes.append(
            f"{p.arrays} arrays: measured up to {max(counts)}; linear scaling beyond is an extrapolation"
        )
        basis = "extrapolated"
    else:
        basis = "interpolated" if basis == "measured" else basis
    return Estimate(value, "MB/s", basis, (o.source,), tuple(notes))


def _scaled(value: float, measured_arrays: int, arrays: int, o: Observation, what: str) -> Estimate:
    notes = []
    basis = "measured"
    if arrays != measured_arrays:
        notes.append(
            f"{what} ({o.cond('tool')}) measured on {measured_arrays} unit(s), scaled linearly to "
            f"{arrays} (vendor-stated linear scaling, not measured)"
        )
        basis = "extrapolated"
    return Estimate(value / measured_arrays * arrays, "MB/s", basis, (o.source,), tuple(notes))
