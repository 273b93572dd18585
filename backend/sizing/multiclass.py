"""Closed multi-class queueing network with open streams: an approximate multi-class MVA (Bard-Schweitzer)
for several databases sharing one platform's RAC nodes and storage (issue 40).

Each closed class c (an OLTP database: n_c users, think time Z_c) has its own demands D_ck at the shared
stations k (named as in the single-class network, sizing.mva: "cpu", "storage", "storage_path") and its
own pure delays. Open streams (a DSS database's scans at their target MB/s, each database's
asynchronous background writes) add utilisation U_k that every arriving transaction finds. As in
sizing.mva, a queue's residence is the M/M/c residence at the utilisation per server an arrival of class
c works at, with Bard-Schweitzer's estimate of its own class's share seen at arrival:

    u_ck   = (n_c - 1) / n_c X_c d_ck + sum_j X_j b_jk + U_k      (its own class, background, open)
    A_ck   = sum_{j != c} X_j r_jk                               (the other classes' queues ahead)
    (rho_ck - u_ck) F(rho_ck) = A_ck,   F(rho) = 1 + C(c_k, c_k rho) / (1 - rho)
    r_ck   = d_ck F(rho_ck),   R_ck = D_ck (c_k - 1) / c_k + r_ck
    X_c    = n_c / (Z_c + sum_k R_ck + delays_c)

With one server F = 1 / (1 - rho) and r_ck = d_ck (1 + A_ck) / (1 - u_ck): Bard-Schweitzer's multi-class
residence with the open streams' utilisation taken off (its queue-length form: counting the other classes
by their utilisation instead overstates their queues where their populations are small, by up to 35 % in
throughput against the exact solution on the tests' networks).

d = D / c_k and b = B / c_k per server (B the background demand). With one class and no open stream
this is exactly the equation sizing.mva.schweitzer solves (a test holds them equal). The mixed-network
form (open streams taking their utilisation off every closed class's capacity) is the textbook one
(Lazowska, Zahorjan, Graham and Sevcik, Quantitative System Performance, 1984, ch. 7). Solved by
Gauss-Seidel over the classes, each class's X_c by Brent's method on its (monotone) population equation
with the others' throughputs and queues fixed, until no throughput moves by more than 1e-12 relative.

Open streams are taken at their offered rate: where they alone fill a station, the stations' closed
classes get nothing there (X_c = 0), which the caller reports as a database that cannot run.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from scipy import optimize

from sizing import mva
from sizing.errors import InputError

# The sweeps stop at `tol`, or where the throughputs move by less than this and have not moved less for
# this many sweeps (converged to rounding).
STALLED_TOL = 1e-9
STALLED_SWEEPS = 10


@dataclass(frozen=True)
class ClassNetwork:
    """One closed class: its stations (sizing.mva.Station: queues shared by name, delays its own), its
    think time and its population."""

    name: str
    stations: tuple[mva.Station, ...]
    think_s: float
    users: float
    # A TPS target: the class runs at this throughput and its population is solved for (`users` is then
    # where that search starts); the solve raises TargetUnreachable where the network cannot carry it.
    target_throughput: float | None = None
    # the population a target may need before it counts as unreachable (the caller's cap)
    max_users: float = math.inf


class TargetUnreachable(Exception):
    """A class's target throughput saturates a queue it uses, or its population does not settle, or it
    needs more than its `max_users` (`population`): the caller solves for the population instead
    (sizing.consolidation)."""

    def __init__(self, name: str, *, population: bool = False) -> None:
        super().__init__(name)
        self.name = name
        self.population = population


@dataclass(frozen=True)
class SharedStation:
    name: str
    servers: float
    open_utilisation: float  # per server, from the open streams


@dataclass(frozen=True)
class ClassSolution:
    name: str
    users: float
    throughput: float
    response_s: float  # n / X - Z: the time on the response path, delays included
    residence_s: Mapping[str, float]  # per station name (queues and delays)
    utilisation: Mapping[str, float]  # this class's utilisation per server of each shared queue


@dataclass(frozen=True)
class MultiClassSolution:
    classes: tuple[ClassSolution, ...]
    stations: tuple[SharedStation, ...]
    utilisation: Mapping[str, float]  # every class's and every open stream's, per server
    sweeps: int
    # each class's queue term of the residence per shared queue (per server), as solved: where another
    # solve of the same classes may start (`solve(..., start=)`)
    queue_terms: tuple[tuple[float, ...], ...] = field(default=(), repr=False, compare=False)

    def of(self, name: str) -> ClassSolution:
        return next(c for c in self.classes if c.name == name)


def _seen_factor(u0: float, ahead: float, servers: float, lg: float) -> float:
    """A queue's residence factor F (queue term / d) for an arrival that finds utilisation u0 per server
    from the open streams and its own class, and `ahead` queued from the other classes: the utilisation
    rho it works at solves (rho - u0) F(rho) = ahead, F(rho) = 1 + C(c, c rho) / (1 - rho) (the
    single-class residence, sizing.mva). With one server it is Bard-Schweitzer's mixed multi-class
    residence, (1 + ahead) / (1 - u0); with no other class it is F(u0), the engine's own equation."""
    if ahead <= 0.0:
        return mva._q(1.0, servers, lg, 1.0 - u0)
    if servers == 1:
        return (1.0 + ahead) / (1.0 - u0)

    # (rho - u0) F(rho) - ahead rises from -ahead at u0 to infinity at 1; times (1 - rho) it is
    # h(rho) = (rho - u0)(1 - rho + C) - ahead (1 - rho), the same roots in [u0, 1) and no pole at 1 (C is
    # 1 there). The root lies between the one-server root `lo` (a multi-server queue waits less: F is
    # smaller) and u0 + ahead (F >= 1), and is the fixed point rho = u0 + ahead / F(rho), at or left of
    # u0 + ahead / F(u0) (F rises): Newton's method on h from there, kept inside a bracket that shrinks
    # by sign and bisected when a step leaves it - about five Erlang C evaluations where Brent's method
    # on the pole's side took ten, to the same root within a few ulps.
    if u0 >= 1.0 - 1e-15:
        return math.inf
    lo = (ahead + u0) / (1.0 + ahead)
    hi = min(u0 + ahead, 1.0 - 1e-15)
    start = min(max(u0 + ahead / mva._q(1.0, servers, lg, 1.0 - u0), lo), hi)
    rho = _safe_newton_root(u0, ahead, servers, lg, lo, hi, start)
    return mva._q(1.0, servers, lg, 1.0 - rho)


def _safe_newton_root(
    u0: float, ahead: float, servers: float, lg: float, lo: float, hi: float, start: float
) -> float:
    """The root of h(rho) = (rho - u0)(1 - rho + C(rho)) - ahead (1 - rho) in [lo, hi] (`_seen_factor`):
    Newton's method safeguarded by bisection (Press et al., Numerical Recipes, rtsafe). A root beyond hi
    is hi, one before lo is lo (the bracket's ends, as the bracketing solve answered)."""

    def h_slope_noise(rho: float) -> tuple[float, float, float]:
        c, dc = mva._erlang(servers, lg, rho)
        queued, owed = (rho - u0) * (1.0 - rho + c), ahead * (1.0 - rho)
        slope = (1.0 - rho + c) + (rho - u0) * (dc - 1.0) + ahead
        return queued - owed, slope, 8e-16 * (queued + owed)  # h, dh/drho, h's rounding

    if start >= hi and h_slope_noise(hi)[0] <= 0.0:
        return hi
    # h(lo) <= 0 <= h(start) in exact arithmetic (F's bounds above); rounding may put the root a few
    # ulps outside, which the bracket's bisection then reaches
    a, b = lo, hi
    rho = start
    for _ in range(100):
        h, slope, noise = h_slope_noise(rho)
        if abs(h) <= noise:
            return rho  # h is zero to its own rounding: a further step would follow noise
        if h < 0.0:
            a = rho
        else:
            b = rho
        nxt = rho - h / slope if slope > 0.0 else math.nan
        if abs(nxt - rho) <= 2e-15 * rho:
            return min(max(nxt, a), b)  # a step of a few ulps: converged (further ones follow rounding)
        if not a < nxt < b:
            nxt = 0.5 * (a + b)  # the step left the bracket: bisect
        if b - a <= 2e-15 * b:
            return nxt
        rho = nxt
    return rho


def shared_stations(
    classes: Sequence[ClassNetwork], open_utilisation: Mapping[str, float] | None = None
) -> tuple[SharedStation, ...]:
    """The queues the classes share, by name, in first-seen order. Where the classes' own networks give a
    queue different server counts (a storage station's fitted concurrency differs by workload), the
    smallest is taken: the more conservative queue."""
    servers: dict[str, float] = {}
    for cls in classes:
        for st in cls.stations:
            if st.delay:
                continue
            s = float(st.servers)
            servers[st.name] = min(servers.get(st.name, s), s)
    opened = dict(open_utilisation or {})
    for name in opened:
        servers.setdefault(name, 1.0)
    return tuple(SharedStation(n, c, float(opened.get(n, 0.0))) for n, c in servers.items())


def solve(
    classes: Sequence[ClassNetwork],
    open_utilisation: Mapping[str, float] | None = None,
    *,
    tol: float = 1e-12,
    max_sweeps: int = 5000,
    start: MultiClassSolution | None = None,
) -> MultiClassSolution:
    if not classes:
        raise InputError("databases", "no database to evaluate")
    for cls in classes:
        if not (cls.users > 0 and math.isfinite(cls.users)):
            raise InputError(f"databases.{cls.name}", "needs a positive population")
        if not (cls.think_s >= 0 and math.isfinite(cls.think_s)):
            raise InputError(f"databases.{cls.name}", "think time must be finite and >= 0")
    shared = shared_stations(classes, open_utilisation)
    index = {s.name: k for k, s in enumerate(shared)}
    srv = [s.servers for s in shared]
    lgs = [0.0 if c == 1 else mva._lg(c) for c in srv]
    u_open = [s.open_utilisation for s in shared]
    m = len(shared)

    # per class: queue demand per server d[c][k], background per server b[c][k], fixed delay per
    # transaction (think time, pure delays, the multi-server stations' fixed part)
    d: list[list[float]] = []
    b: list[list[float]] = []
    fixed: list[float] = []
    for cls in classes:
        dc, bc = [0.0] * m, [0.0] * m
        f = cls.think_s
        for st in cls.stations:
            demand, background = float(st.demand_s), float(st.background_s)  # (a fit may give numpy floats)
            if st.delay:
                f += demand
                continue
            k = index[st.name]
            dc[k] += demand / srv[k]
            bc[k] += background / srv[k]
            f += demand * (srv[k] - 1.0) / srv[k]
        d.append(dc)
        b.append(bc)
        fixed.append(f)

    n_cls = len(classes)
    x = [0.0] * n_cls
    rq = [[0.0] * m for _ in range(n_cls)]  # each class's queue term of the residence, last solved
    if start is not None and _same_shape(start, classes, shared):
        # a solve of the same classes at nearby populations (a TPS target's secant, sizing.consolidation):
        # the sweeps start from its throughputs and queues instead of an empty network - the same fixed
        # point, reached in a few sweeps instead of tens
        x = [c.throughput if math.isfinite(c.throughput) else 0.0 for c in start.classes]
        rq = [[v if math.isfinite(v) else 0.0 for v in row] for row in start.queue_terms]

    def open_load(c: int) -> list[float]:
        """Utilisation per server at each queue from the open streams and the other classes' background
        writes: what every arrival finds, whatever its class (the mixed network's form)."""
        out = list(u_open)
        for j in range(n_cls):
            if j != c:
                for k in range(m):
                    out[k] += x[j] * b[j][k]
        return out

    def queued(c: int) -> list[float]:
        """The other classes' queues at each queue part (Q_jk = X_j R_jk, per server): what an arrival
        of class c finds queued ahead of it from them (Bard-Schweitzer: all of theirs)."""
        return [sum(x[j] * rq[j][k] for j in range(n_cls) if j != c) for k in range(m)]

    pop = [cls.users for cls in classes]  # a target class's population is solved for

    def own(c: int) -> float:
        n = pop[c]
        return (n - 1.0) / n if n >= 1 else 0.0

    def residences(
        c: int, xc: float, opened: list[float], ahead: list[float], a: float | None = None
    ) -> list[float] | None:
        a = own(c) if a is None else a
        out = []
        for k in range(m):
            u0 = opened[k] + xc * (a * d[c][k] + b[c][k])
            if u0 >= 1.0 and (d[c][k] > 0 or b[c][k] > 0):
                return None
            out.append(d[c][k] * _seen_factor(u0, ahead[k], srv[k], lgs[k]) if d[c][k] > 0 else 0.0)
        return out

    def solve_target(c: int, xc: float) -> float:
        """A TPS target's class at its throughput: its population n = X (fixed + sum of residences), where
        n enters the residences only through Bard-Schweitzer's (n - 1) / n - a fixed point that settles
        in a few steps. Returns the relative move of n."""
        opened, ahead = open_load(c), queued(c)
        n = pop[c]
        for _ in range(100):
            r = residences(c, xc, opened, ahead, (n - 1.0) / n if n >= 1 else 0.0)
            if r is None:
                raise TargetUnreachable(classes[c].name)
            new = xc * (fixed[c] + sum(r))
            if not new <= classes[c].max_users:
                raise TargetUnreachable(classes[c].name, population=True)
            if abs(new - n) <= 1e-15 * new:
                n = new
                break
            n = new
        else:
            raise TargetUnreachable(classes[c].name)
        moved = abs(n - pop[c]) / max(n, pop[c], 1e-300)
        pop[c] = n
        rq[c] = r
        return moved

    def solve_class(c: int) -> float:
        opened, ahead = open_load(c), queued(c)
        n = pop[c]
        if any(opened[k] >= 1.0 and (d[c][k] > 0 or b[c][k] > 0) for k in range(m)):
            return 0.0
        a = own(c)
        poles = [(1.0 - opened[k]) / (a * d[c][k] + b[c][k]) for k in range(m) if a * d[c][k] + b[c][k] > 0]
        hi = min([*poles, n / max(fixed[c] + sum(d[c][k] for k in range(m)), 1e-300)])

        def excess(xc: float) -> float:
            r = residences(c, xc, opened, ahead)
            if r is None:
                return math.inf
            return xc * (fixed[c] + sum(r)) - n

        top = hi * (1.0 - 1e-15)
        lo_x, hi_x = 0.0, top
        if 0.0 < x[c] < top:
            # warm start: the last sweep's X brackets this one's closely once the sweeps settle
            near_lo, near_hi = x[c] * (1.0 - 1e-3), min(x[c] * (1.0 + 1e-3), top)
            if excess(near_lo) < 0 < excess(near_hi):
                lo_x, hi_x = near_lo, near_hi
        if hi_x == top and excess(top) <= 0:
            xc = top
        else:
            xc = float(optimize.brentq(excess, lo_x, hi_x, xtol=1e-300, rtol=1e-15, maxiter=500))
        r = residences(c, xc, opened, ahead)
        rq[c] = r if r is not None else [math.inf] * m
        return xc

    sweeps = 0
    least, stalled = math.inf, 0
    for sweeps in range(1, max_sweeps + 1):  # noqa: B007 (reported)
        moved = 0.0
        for c in range(n_cls):
            target = classes[c].target_throughput
            if target is not None:
                moved = max(moved, solve_target(c, target), 0.0 if x[c] == target else 1.0)
                x[c] = target
                continue
            new = solve_class(c)
            moved = max(moved, abs(new - x[c]) / max(new, x[c], 1e-300))
            x[c] = new
        if moved <= tol:
            break
        # Near saturation the residences are so steep that rounding alone moves the throughputs by
        # ~1e-11 from sweep to sweep: once the moves are that small and no longer shrink, the sweeps
        # have converged to rounding (they used to run to max_sweeps there, seconds per solve).
        stalled = stalled + 1 if moved >= least else 0
        least = min(least, moved)
        if moved <= STALLED_TOL and stalled >= STALLED_SWEEPS:
            break

    total = list(u_open)  # every class's utilisation per server, and the open streams'
    for j in range(n_cls):
        for k in range(m):
            total[k] += x[j] * (d[j][k] + b[j][k])
    solved = []
    for c, cls in enumerate(classes):
        r = rq[c]
        residence: dict[str, float] = {}
        for st in cls.stations:
            if st.delay:
                residence[st.name] = residence.get(st.name, 0.0) + float(st.demand_s)
            else:
                k = index[st.name]
                residence[st.name] = r[k] + float(st.demand_s) * (srv[k] - 1.0) / srv[k]
        response = pop[c] / x[c] - cls.think_s if x[c] > 0 else math.inf
        solved.append(
            ClassSolution(
                cls.name,
                pop[c],
                x[c],
                response,
                residence,
                {s.name: x[c] * (d[c][k] + b[c][k]) for k, s in enumerate(shared)},
            )
        )
    return MultiClassSolution(
        tuple(solved),
        shared,
        {s.name: total[k] for k, s in enumerate(shared)},
        sweeps,
        tuple(tuple(r) for r in rq),
    )


def _same_shape(
    start: MultiClassSolution, classes: Sequence[ClassNetwork], shared: Sequence[SharedStation]
) -> bool:
    """Whether a solution's throughputs and queues can seed a solve of these classes and queues."""
    return (
        [c.name for c in start.classes] == [c.name for c in classes]
        and [s.name for s in start.stations] == [s.name for s in shared]
        and len(start.queue_terms) == len(classes)
    )
