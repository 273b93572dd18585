"""The smallest change that fixes a shortfall, computed by the model itself: how many RAC nodes, arrays
(X-Bricks, drive enclosures, controllers) a design needs for its load, its CPU limit or its data.

Each search walks one dimension up from the design's own value to the input contract's maximum and
answers with the first value that fixes the shortfall (capacity: in closed form, usable capacity being
linear in the unit count), or None when even the maximum does not. Only a design with a shortfall pays
for a search; the warnings (sizing.api) print the answer.
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
from sizing.inputs import PLATFORM_FIELDS, DesignInputs, DssWorkload, OltpWorkload, Platform
from sizing.model import PlatformModel, build_model
from sizing.platforms import storage_model
from sizing.rules import RuleSet

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


def _carries(
    st: tuple[mva.Station, ...], think_s: float, sla_s: float, workload: OltpWorkload, design_tps: float
) -> bool:
    """The network's SLA point carries the design load: its users (a user-sized design: the SLA
    population alone answers) or its TPS (a target)."""
    if not _attainable(st, sla_s):
        return False
    if workload.users is not None:
        users = workload.users * (1 - TOLERANCE)
        # Little's law at the SLA bounds the population from above: well short of the load, the network
        # certainly does not carry it and is not solved (a search's probe at the maximum, mostly)
        if mva.sla_population_bound(st, think_s, sla_s) < users:
            return False
        if users > 1.0:  # N = X (Z + SLA) unclamped: the side of X tells the side of N, unsolved
            side = mva.sla_throughput_side(st, think_s, sla_s, users / (think_s + sla_s))
            if side:
                return side > 0
        return _sla_users(st, think_s, sla_s) >= users
    tps = design_tps * (1 - TOLERANCE)
    if _sla_throughput_bound(st, think_s, sla_s) < tps:
        return False
    side = mva.sla_throughput_side(st, think_s, sla_s, tps)
    if side:
        return side > 0
    return _sla_throughput(st, think_s, sla_s) >= tps


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
# what-if on the same model searches the same networks, and sizing.api hands over (`remember`) the SLA
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


# The RAC node counts whose SLA points the evaluation's curves have already solved (1 to 4, handed
# over by `remember`): a search for nodes tries the largest of them first, as it costs no solve.
SOLVED_NODES = 4


def _first(lo: int, hi: int, fixes: Callable[[int], bool], first_try: int | None = None) -> int | None:
    """The smallest value in (lo, hi] that fixes the shortfall, by bisection: adding RAC nodes or
    storage units never takes load away from the SLA point (None: even `hi` does not fix it). With
    `first_try` (inside the range), that value is tried before `hi`: when it fixes the shortfall the
    search stays below it (the same answer, fixes being monotone, for cheaper probes)."""
    if hi <= lo:
        return None
    if first_try is not None and lo < first_try < hi:
        if fixes(first_try):
            hi = first_try
        else:
            lo = first_try
            if not fixes(hi):
                return None
    elif not fixes(hi):
        return None
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if fixes(mid):
            hi = mid
        else:
            lo = mid
    return hi


def nodes_for_load(
    model: PlatformModel, platform: Platform, workload: OltpWorkload, design_tps: float
) -> Remedy | None:
    """The fewest RAC nodes (same cores per node) that carry the design load within the SLA."""

    def fixes(n: int) -> bool:
        return _carries(model.stations(n), model.think_s, model.sla_s, workload, design_tps)

    n = _first(platform.rac_nodes, MAX_NODES, fixes, SOLVED_NODES)
    if n is None:
        return None
    return Remedy("rac_nodes", n, _sla(model.stations(n), model.think_s, model.sla_s).throughput)


def _beyond_storage(model: PlatformModel, rac_nodes: int, workload: OltpWorkload, design_tps: float) -> bool:
    """Whether the stations storage units do not change (PlatformModel.storage_stations, a contract
    sizing/tests/test_remedies.py holds every family to) alone keep the SLA point short of the design
    load, so that no number of storage units can carry it.

    Why this is exact: the SLA population solves R(X) = SLA with R = fixed + sum of D_k / (1 - c_k X),
    each term >= 0 and R increasing in X and in a = (N-1)/N; removing a station lowers R everywhere, so
    the fixed point N = T f((N-1)/N) (f decreasing) can only grow. `sla_population_bound` of the network
    without storage therefore bounds the SLA population of every storage configuration from above, and
    `_sla_throughput_bound` its throughput (the one-user term too: fewer demands, a shorter R(1)). A
    network left with no queue (only delays) has no such bound: not used then."""
    st = model.stations(rac_nodes)
    rest = tuple(s for s in st if s.name not in model.storage_stations)
    if len(rest) == len(st) or not any(s.queue_demand > 0 for s in rest):
        return False
    if workload.users is not None:
        return mva.sla_population_bound(rest, model.think_s, model.sla_s) < workload.users * (1 - TOLERANCE)
    return _sla_throughput_bound(rest, model.think_s, model.sla_s) < design_tps * (1 - TOLERANCE)


def arrays_for_load(
    inputs: DesignInputs,
    evidence: EvidenceBundle,
    rules: RuleSet,
    design_tps: float,
    model: PlatformModel | None = None,
) -> Remedy | None:
    """The fewest storage units that carry the design load within the SLA (the model rebuilt for each
    count tried: bisection, the SLA point's load growing with the units). `model`, the design's own: when
    its stations besides storage already fall short of the load, no count is tried (`_beyond_storage`)."""
    workload, platform = inputs.workload, inputs.platform
    assert isinstance(workload, OltpWorkload)
    if model is not None and _beyond_storage(model, platform.rac_nodes, workload, design_tps):
        return None

    models: dict[int, PlatformModel] = {}

    def model_with(arrays: int) -> PlatformModel:
        if arrays not in models:
            models[arrays] = build_model(
                replace(inputs, platform=replace(platform, arrays=arrays)), evidence, rules
            )
        return models[arrays]

    def fixes(arrays: int) -> bool:
        m = model_with(arrays)
        return _carries(m.stations(platform.rac_nodes), m.think_s, m.sla_s, workload, design_tps)

    n = _first(platform.arrays, MAX_ARRAYS, fixes)
    if n is None:
        return None
    m = model_with(n)
    return Remedy("arrays", n, _sla(m.stations(platform.rac_nodes), m.think_s, m.sla_s).throughput)


def nodes_for_cpu(model: PlatformModel, platform: Platform, limit_pct: float) -> Remedy | None:
    """The fewest RAC nodes with the CPU at the SLA point within the limit (`result`: that CPU %)."""

    def within(n: int) -> bool:  # utilisation law at the SLA point's throughput
        st = model.stations(n)
        busy = next(s for s in st if s.name == "cpu").busy_per_server
        # within the limit even at the most throughput the SLA allows: no need to solve the network
        if min(_sla_throughput_bound(st, model.think_s, model.sla_s) * busy, 1.0) * 100.0 <= limit_pct:
            return True
        if 0.0 < limit_pct < 100.0 and busy > 0:
            # the throughput at which the CPU reaches the limit: the SLA point's below it or above it,
            # told without solving when the network leaves no doubt (mva.sla_throughput_side)
            side = mva.sla_throughput_side(st, model.think_s, model.sla_s, limit_pct / 100.0 / busy)
            if side:
                return side < 0
        return min(_sla_throughput(st, model.think_s, model.sla_s) * busy, 1.0) * 100.0 <= limit_pct

    n = _first(platform.rac_nodes, MAX_NODES, within, SOLVED_NODES)
    if n is None:
        return None
    st = model.stations(n)
    sol = _sla(st, model.think_s, model.sla_s)  # the figure printed: the solved SLA point's
    return Remedy("rac_nodes", n, sol.utilisation[sol.station_index(st, "cpu")] * 100.0)


def dss_sustained(evidence: EvidenceBundle, platform: Platform, workload: DssWorkload) -> float:
    """The MB/s a DSS design sustains: the query streams' figure where the family measured them, else
    the storage's own (as sizing.api's DSS evaluation reads it)."""
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
