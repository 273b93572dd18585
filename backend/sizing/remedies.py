"""The smallest storage-unit change that fixes a capacity or a DSS throughput shortfall (capacity in
closed form, usable capacity being linear in the unit count; DSS MB/s by bisection), and the SLA points
the evaluator's vectorised pass has solved, kept for the searches. An OLTP load that the design does
not carry within its targets is answered by sizing.search, over RAC nodes and storage units at once.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from sizing import mva
from sizing.demand import RawCapacity
from sizing.dss import query_throughput, throughput_estimate
from sizing.evidence import EvidenceBundle
from sizing.inputs import PLATFORM_FIELDS, DssWorkload, Platform
from sizing.platforms import storage_model

MAX_NODES: int = PLATFORM_FIELDS["rac_nodes"].maximum  # type: ignore[assignment]
MAX_ARRAYS: int = PLATFORM_FIELDS["arrays"].maximum  # type: ignore[assignment]
TOLERANCE = 1e-6


@dataclass(frozen=True)
class Remedy:
    """`value` units of `dimension` fix the shortfall; `result` is the fixed figure they give."""

    dimension: str  # "rac_nodes" | "arrays"
    value: int
    result: float

    def words(self, platform: Platform) -> str:
        if self.dimension == "rac_nodes":
            return f"{self.value} RAC node{'s' if self.value != 1 else ''}"
        unit = storage_model(platform.storage_model).array_unit_word
        plural = "s" if self.value != 1 else ""
        if unit.lower() == platform.storage_model.lower():  # "2 X-Bricks", not "2 X-Brick X-Bricks"
            return f"{self.value} {unit}{plural}"
        return f"{self.value} {platform.storage_model} {unit}{plural}"


def arrays_for_capacity(raw: RawCapacity, platform: Platform) -> Remedy | None:
    """The fewest storage units whose usable capacity holds the required GB (usable grows linearly)."""
    per_unit = raw.usable_gb / platform.arrays
    if per_unit <= 0:
        return None
    needed = max(platform.arrays + 1, math.ceil(raw.required_gb / per_unit * (1 - TOLERANCE)))
    if needed > MAX_ARRAYS:
        return None
    return Remedy("arrays", needed, per_unit * needed)


def _sla_throughput(st: tuple[mva.Station, ...], think_s: float, sla_s: float) -> float:
    """X at the SLA point without solving the network there: R = SLA by construction, so Little's law
    gives X = N / (Z + SLA) (to the solver's 1e-10); the clamped one-user point is solved."""
    n = _sla_users(st, think_s, sla_s)
    return _sla(st, think_s, sla_s).throughput if n <= 1.0 else n / (think_s + sla_s)


def _sla_throughput_bound(st: tuple[mva.Station, ...], think_s: float, sla_s: float) -> float:
    """At least `_sla_throughput`: the population bound over Z + SLA, or the one-user point's
    X = 1 / (Z + R(1)) with R(1) >= the sum of the demands (whichever is larger), with a 1e-9 margin."""
    one_user = think_s + sum(s.demand_s for s in st)
    bound = mva.sla_population_bound(st, think_s, sla_s) / (think_s + sla_s)
    return max(bound, 1.0 / one_user if one_user > 0 else math.inf) * (1.0 + 1e-9)


# The SLA population and SLA point of each network a search tries, kept per network (bounded): a
# what-if on the same model searches the same networks, and sizing.evaluator hands over (`remember`) the SLA
# points its vectorised pass has just solved for 1 to 4 RAC nodes, so a search below 5 nodes solves
# nothing twice. Keyed by the network itself (frozen stations), think time and SLA.
_Key = tuple[tuple[mva.Station, ...], float, float]
_SLA_USERS: dict[_Key, float] = {}
_SLA_POINTS: dict[_Key, mva.Solution] = {}
_KEPT = 4096


def _keep(cache: dict[_Key, Any], key: _Key, value: Any) -> None:
    if len(cache) >= _KEPT:
        cache.clear()
    cache[key] = value


def _sla_users(stations: tuple[mva.Station, ...], think_s: float, sla_s: float) -> float:
    key = (stations, think_s, sla_s)
    users = _SLA_USERS.get(key)
    if users is None:
        users = mva.sla_population(stations, think_s, sla_s)
        _keep(_SLA_USERS, key, users)
    return users


def _attainable(stations: tuple[mva.Station, ...], sla_s: float) -> bool:
    return sum(s.demand_s for s in stations) <= sla_s * (1 + TOLERANCE)


def _sla(stations: tuple[mva.Station, ...], think_s: float, sla_s: float) -> mva.Solution:
    """The SLA point of a network (mva.sla_point), kept."""
    key = (stations, think_s, sla_s)
    point = _SLA_POINTS.get(key)
    if point is None:
        point = mva.schweitzer(stations, think_s, _sla_users(stations, think_s, sla_s))
        _keep(_SLA_POINTS, key, point)
    return point


def remember(
    stations: tuple[mva.Station, ...], think_s: float, sla_s: float, users: float, point: mva.Solution
) -> None:
    """An SLA population and the SLA point solved at it (mva.sla_population, then mva.schweitzer or
    its batch, equal to it bit for bit), solved elsewhere: the searches read them instead of solving."""
    key = (stations, think_s, sla_s)
    _keep(_SLA_USERS, key, users)
    _keep(_SLA_POINTS, key, point)


def forget() -> None:
    _SLA_USERS.clear()
    _SLA_POINTS.clear()


def _first(lo: int, hi: int, fixes: Callable[[int], bool]) -> int | None:
    """The smallest value in (lo, hi] that fixes the shortfall, by bisection (None: even `hi` does
    not): more storage units never sustain less."""
    if hi <= lo or not fixes(hi):
        return None
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if fixes(mid):
            hi = mid
        else:
            lo = mid
    return hi


def dss_sustained(evidence: EvidenceBundle, platform: Platform, workload: DssWorkload) -> float:
    """The MB/s a DSS design sustains: the query streams' figure where the family measured them, else
    the storage's own (as sizing.dss_evaluation reads it)."""
    storage = throughput_estimate(evidence, platform, workload)
    query = query_throughput(evidence, platform, workload, storage)
    return query.throughput if query else storage.value


def arrays_for_throughput(
    evidence: EvidenceBundle, platform: Platform, workload: DssWorkload
) -> Remedy | None:
    """The fewest storage units whose sustained MB/s reaches the DSS target."""
    sustained: dict[int, float] = {}

    def mb_s(arrays: int) -> float:
        if arrays not in sustained:
            sustained[arrays] = dss_sustained(evidence, replace(platform, arrays=arrays), workload)
        return sustained[arrays]

    n = _first(platform.arrays, MAX_ARRAYS, lambda a: mb_s(a) >= workload.target_throughput_mb_s)
    return None if n is None else Remedy("arrays", n, mb_s(n))
