"""An OLTP design on its queueing network: the design point, the SLA point, the curves of its model
(computed once per model) and the loads at which a target is reached."""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

from sizing import balance, mva, projection, remedies
from sizing.evaluation_common import TOLERANCE
from sizing.inputs import OltpWorkload, Platform
from sizing.model import PlatformModel


@dataclass(frozen=True)
class _DesignLoad:
    """Where the design sits on the model: its users, the solved network, the TPS it asks for."""

    users: float
    solution: mva.Solution
    design_tps: float


@dataclass(frozen=True)
class _SlaLimit:
    """The most load the design carries within the SLA response time."""

    point: mva.Solution
    attainable: bool  # below the SLA no load at all may be possible (one user already waits longer)
    max_tps: float
    users_at_max: float


def _users_for_tps(
    stations: tuple[mva.Station, ...], think_s: float, tps: float, at_sla: mva.Solution
) -> float:
    """Population whose model throughput is the target (bisection; X(N) increases with N). Each probe
    is decided by mva.throughput_side where it can tell (nearly all), else solved: the same answers."""
    if tps >= at_sla.throughput:
        # beyond the SLA point: users by the response time law at the SLA response
        return max(1.0, tps * (think_s + at_sla.response_s))
    lo, hi = 0.0, at_sla.users
    for _ in range(60):
        mid = 0.5 * (lo + hi)
        if _throughput_below(stations, think_s, max(mid, 1e-9), tps):
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-6 * hi:
            break
    return max(hi, 1e-6)


def _throughput_below(stations: tuple[mva.Station, ...], think_s: float, n: float, tps: float) -> bool:
    """The network's throughput at population n is below `tps`: told by mva.throughput_side where it
    can (two passes over the stations), else solved."""
    side = mva.throughput_side(stations, think_s, n, tps)
    return side < 0 if side else mva.schweitzer(stations, think_s, n).throughput < tps


@dataclass(frozen=True)
class _SolvedNetwork:
    """Every point an OLTP evaluation reads off the queueing network."""

    stations: tuple[mva.Station, ...]
    limit: _SlaLimit
    load: _DesignLoad
    balance_points: tuple[balance.BalancePoint, ...]
    series: tuple[projection.Series, ...]


@dataclass(frozen=True)
class _Curves:
    """What a model's networks give whatever the design's load: the SLA point of each RAC node count,
    the balance curve and the load-response curves."""

    limits: dict[int, mva.Solution]
    balance_points: tuple[balance.BalancePoint, ...]
    series: tuple[projection.Series, ...]


def _solve_network(workload: OltpWorkload, platform: Platform, model: PlatformModel) -> _SolvedNetwork:
    """The design point, and the curves of its model (`_curves`, computed once per model: a what-if on
    users or target TPS re-solves the design point alone)."""
    think, sla = model.think_s, model.sla_s
    nodes = sorted({1, 2, 3, 4, platform.rac_nodes})
    stations = model.stations(platform.rac_nodes)
    networks = tuple((n, stations if n == platform.rac_nodes else model.stations(n)) for n in nodes)
    curves = _curves(networks, platform.rac_nodes, think, sla, model.read_calls)
    at_sla = curves.limits[platform.rac_nodes]
    if workload.users is not None:
        users = float(workload.users)
    else:
        users = _users_for_tps(stations, think, float(workload.target_tps or 0.0), at_sla)
    if users >= 1:
        solution = mva.solve(stations, think, users)
    else:
        # below one user: the one-user solution scaled down (a fraction of the time busy)
        one = mva.schweitzer(stations, think, 1.0)
        solution = mva.Solution(
            users,
            one.throughput * users,
            one.response_s,
            one.residence_s,
            tuple(u * users for u in one.utilisation),
            tuple(x * users for x in one.queue),
        )
    design_tps = solution.throughput if workload.users is not None else float(workload.target_tps or 0.0)
    # One user alone waits the sum of the service demands: the SLA is attainable when that fits.
    attainable = sum(s.demand_s for s in stations) <= sla * (1 + TOLERANCE)
    limit = _SlaLimit(
        point=at_sla,
        attainable=attainable,
        max_tps=at_sla.throughput if attainable else 0.0,
        users_at_max=at_sla.users if attainable else 0.0,
    )
    return _SolvedNetwork(
        stations, limit, _DesignLoad(users, solution, design_tps), curves.balance_points, curves.series
    )


@functools.lru_cache(maxsize=1024)
def _curves(
    networks: tuple[tuple[int, tuple[mva.Station, ...]], ...],
    own_nodes: int,
    think: float,
    sla: float,
    read_calls: float,
) -> _Curves:
    """The SLA population of each node count, then in one vectorised pass (mva.schweitzer_batch, the
    scalar solver's arithmetic on arrays, equal to it bit for bit) the SLA points, the balance curve
    and the load-response curves: ~70 solves for the price of a few. Keyed by the networks themselves
    (frozen stations), so any design with the same model shares them."""
    by_nodes = dict(networks)
    nodes = [n for n, _ in networks]
    sla_users = {n: mva.sla_population(by_nodes[n], think, sla) for n in nodes}
    batch_networks: list[tuple[mva.Station, ...]] = []
    pops: list[float] = []

    def add(st: tuple[mva.Station, ...], users: list[float]) -> slice:
        start = len(pops)
        batch_networks.extend([st] * len(users))
        pops.extend(users)
        return slice(start, len(pops))

    at_sla_rows = {n: add(by_nodes[n], [sla_users[n]]).start for n in nodes}
    own = by_nodes[own_nodes]
    b = add(own, balance.populations(sla_users[own_nodes]))
    curve_users = projection.populations(max(sla_users.values()))
    curve_start = len(pops)
    for n in nodes:  # each node count's curve after the previous one's (projection.series_of reads them so)
        add(by_nodes[n], curve_users)
    c = slice(curve_start, len(pops))
    batch = mva.schweitzer_batch(batch_networks, think, pops)
    limits = {n: batch.solution(at_sla_rows[n]) for n in nodes}
    for n in nodes:  # the searches for the smallest fix (sizing.remedies) read these, not re-solve them
        remedies.remember(by_nodes[n], think, sla, sla_users[n], limits[n])
    points = balance.curve_of(
        own, read_calls, batch.users[b], batch.throughput[b], batch.residence_s[b], batch.utilisation[b]
    )
    series = projection.series_of(
        nodes, by_nodes, limits, batch.users[c], batch.throughput[c], batch.response_s[c]
    )
    return _Curves(limits, tuple(points), tuple(series))


def _headroom_pct(workload: OltpWorkload, load: _DesignLoad, limit: _SlaLimit) -> float:
    """Headroom in the quantity the architect set: users (throughput flattens past the knee, so a TPS
    ratio reads ~0% however far a user load overshoots) or target TPS. Within the solvers' accuracy
    (TOLERANCE) of the limit it is 0: a design at its rated point has no headroom, not 1e-12 %."""
    if workload.users is not None:
        ratio = limit.users_at_max / load.users
    else:
        ratio = limit.max_tps / load.design_tps if load.design_tps > 0 else 1.0
    return 0.0 if abs(ratio - 1.0) <= TOLERANCE else (ratio - 1.0) * 100.0


def _load_at_latency(
    stations: tuple[mva.Station, ...], model: PlatformModel, ceiling_ms: float, sto: int, by_users: bool
) -> float:
    """The population (or TPS) at which the storage read latency reaches `ceiling_ms` (bisection:
    the latency grows with the population); inf when even the saturated network stays below."""

    def latency(n: float) -> tuple[float, float]:
        sol = mva.solve(stations, model.think_s, n)
        return sol.residence_s[sto] / model.read_calls * 1000 if model.read_calls else 0.0, sol.throughput

    lo, hi = 1.0, 2.0
    while latency(hi)[0] < ceiling_ms:
        lo, hi = hi, hi * 2
        if hi > 1e7:
            return math.inf
    for _ in range(50):
        mid = 0.5 * (lo + hi)
        if latency(mid)[0] < ceiling_ms:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-6 * hi:
            break
    return hi if by_users else latency(hi)[1]


def forget_models() -> None:
    """Drop what the engine keeps per model (curves, SLA points): a benchmark's cold start."""
    _curves.cache_clear()
    remedies.forget()
