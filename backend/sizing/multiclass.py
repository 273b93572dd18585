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
from dataclasses import dataclass

from scipy import optimize

from sizing import mva
from sizing.errors import InputError


@dataclass(frozen=True)
class ClassNetwork:
    """One closed class: its stations (sizing.mva.Station: queues shared by name, delays its own), its
    think time and its population."""

    name: str
    stations: tuple[mva.Station, ...]
    think_s: float
    users: float


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

    # (rho - u0) F(rho) - ahead rises from -ahead at u0 to infinity at 1. Its root lies between the
    # one-server root (a multi-server queue waits less: F is smaller) and u0 + ahead (F >= 1): Brent's
    # method in that bracket, to a few ulps (the sweeps over the classes converge on these values; a
    # looser residual kept them moving).
    if u0 >= 1.0 - 1e-15:
        return math.inf

    def gap(rho: float) -> float:
        return (rho - u0) * mva._q(1.0, servers, lg, 1.0 - rho) - ahead

    lo = (ahead + u0) / (1.0 + ahead)
    hi = min(u0 + ahead, 1.0 - 1e-15)
    if gap(hi) <= 0.0:
        return mva._q(1.0, servers, lg, 1.0 - hi)
    if gap(lo) >= 0.0:
        return mva._q(1.0, servers, lg, 1.0 - lo)
    rho = float(optimize.brentq(gap, lo, hi, xtol=1e-17, rtol=9e-16, maxiter=200))
    return mva._q(1.0, servers, lg, 1.0 - rho)


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

    def own(c: int) -> float:
        n = classes[c].users
        return (n - 1.0) / n if n >= 1 else 0.0

    def residences(c: int, xc: float, opened: list[float], ahead: list[float]) -> list[float] | None:
        a = own(c)
        out = []
        for k in range(m):
            u0 = opened[k] + xc * (a * d[c][k] + b[c][k])
            if u0 >= 1.0 and (d[c][k] > 0 or b[c][k] > 0):
                return None
            out.append(d[c][k] * _seen_factor(u0, ahead[k], srv[k], lgs[k]) if d[c][k] > 0 else 0.0)
        return out

    def solve_class(c: int) -> float:
        opened, ahead = open_load(c), queued(c)
        n = classes[c].users
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
    for sweeps in range(1, max_sweeps + 1):  # noqa: B007 (reported)
        moved = 0.0
        for c in range(n_cls):
            new = solve_class(c)
            moved = max(moved, abs(new - x[c]) / max(new, x[c], 1e-300))
            x[c] = new
        if moved <= tol:
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
        response = cls.users / x[c] - cls.think_s if x[c] > 0 else math.inf
        solved.append(
            ClassSolution(
                cls.name,
                cls.users,
                x[c],
                response,
                residence,
                {s.name: x[c] * (d[c][k] + b[c][k]) for k, s in enumerate(shared)},
            )
        )
    return MultiClassSolution(tuple(solved), shared, {s.name: total[k] for k, s in enumerate(shared)}, sweeps)
