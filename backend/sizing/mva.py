"""Closed single-class queueing network: exact MVA, Bard-Schweitzer, asymptotic bounds.

A multi-server station (a RAC cluster's cores, an array's drives; c servers, demand D, c real >= 1: a
storage station's fitted I/O concurrency is not an integer) has the M/M/c residence at the load an
arriving transaction finds, inside the Bard-Schweitzer fixed point:

    R = D (1 + C(c, a) / (c - a)),    a = (n - 1) / n X D + X B  (busy servers the arrival finds),

C the Erlang C probability of waiting (for a real c through the regularised incomplete gamma
function, exact at an integer c). With one server C(1, a) = a and R = D / (1 - a): Bard-Schweitzer's
own single-server residence, kept in that formula. Until issue 37 point 8 the engine split such a
station by Seidmann's decomposition (a queue of demand D / c plus a delay D (c - 1) / c), exact at both
ends of the load range but overstating the wait near the knee by up to 13 % of the response time on
the seed designs' networks against their exact solution (sizing/tests/exact_solver.py); the Erlang C
residence has the same two ends (D alone; c / D completions per second at saturation) and is within
2 % / 5 % of the exact throughput / response at all but a few measured points (the two worst, a
single-server path near the knee, are Bard-Schweitzer's own error). In the code a multi-server
station keeps its two parts: the delay D (c - 1) / c (`fixed_delay`) and a queue term
d (1 + C / (1 - rho)), d = D / c (`queue_demand`), rho = a / c the utilisation per server - their sum
is the residence above, and the queue term is d / (1 - rho) with one server (`_q`). The think time Z
is a delay station.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from scipy import special

from sizing.errors import InputError


@dataclass(frozen=True, init=False)
class Station:
    name: str
    demand_s: float  # service demand per transaction on the response path (all visits), seconds
    servers: float = 1  # a storage station's servers are its I/O concurrency, fitted: not an integer
    delay: bool = False  # pure delay (no queueing)
    # Demand per transaction that keeps the station busy without the transaction waiting for it
    # (DBWR's asynchronous data-file writes): it adds utilisation and queueing, not residence.
    background_s: float = 0.0

    def __init__(
        self, name: str, demand_s: float, servers: float = 1, delay: bool = False, background_s: float = 0.0
    ) -> None:
        # the dataclass's own __init__, its fields set in one go (a frozen dataclass's sets them one
        # object.__setattr__ at a time; an evaluation builds ~20 stations)
        _set_dict(self, {"name": name, "demand_s": demand_s, "servers": servers, "delay": delay,
                         "background_s": background_s})  # fmt: skip
        self.__post_init__()

    def __post_init__(self) -> None:
        if not (math.isfinite(self.demand_s) and self.demand_s >= 0):
            raise InputError(f"station.{self.name}", "demand must be finite and >= 0")
        if not (math.isfinite(self.background_s) and self.background_s >= 0):
            raise InputError(f"station.{self.name}", "background demand must be finite and >= 0")
        if not self.servers >= 1:
            raise InputError(f"station.{self.name}", "needs at least one server")

    @property
    def background_per_server(self) -> float:
        return 0.0 if self.delay else self.background_s / self.servers

    @property
    def busy_per_server(self) -> float:
        """Utilisation per unit of throughput: (demand + background) / servers."""
        return 0.0 if self.delay else (self.demand_s + self.background_s) / self.servers

    @property
    def queue_demand(self) -> float:
        return 0.0 if self.delay else self.demand_s / self.servers

    @property
    def fixed_delay(self) -> float:
        return self.demand_s if self.delay else self.demand_s * (self.servers - 1) / self.servers


_set_dict = vars(Station)["__dict__"].__set__  # (the instance __dict__ of a Station, set directly)

# --- the multi-server residence: Erlang C ---------------------------------------------------------

_LOG_GAMMA: dict[float, float] = {}


def _lg(servers: float) -> float:
    """log Gamma(c + 1), the Erlang C constant of a station of c servers (kept per server count)."""
    v = _LOG_GAMMA.get(servers)
    if v is None:
        if len(_LOG_GAMMA) > 4096:
            _LOG_GAMMA.clear()
        v = _LOG_GAMMA[servers] = float(special.gammaln(servers + 1.0))
    return v


def _erlang(c: float, lg: float, rho: float) -> tuple[float, float]:
    """Erlang C of c servers at utilisation rho per server (offered load a = c rho) and its derivative
    in rho. Erlang B continued to a real c, B = a^c e^-a / Gamma(c + 1, a) (the regularised upper
    incomplete gamma function: exact at an integer c), then C = B / (1 - rho (1 - B)), and
    dB/da = B (c / a - 1 + B). The transcendental functions are numpy's and scipy's, on floats: the
    same values as `_erlang_np` on arrays (the batch solver equals the scalar one bit for bit)."""
    a = c * rho
    if not a > 0.0:
        return 0.0, 0.0
    b = float(np.exp(c * float(np.log(a)) - a - lg)) / float(special.gammaincc(c + 1.0, a))
    den = 1.0 - rho * (1.0 - b)
    db = b * (c / a - 1.0 + b) * c
    return b / den, (db * den - b * (rho * db - (1.0 - b))) / (den * den)


def _q(dk: float, c: float, lg: float, u: float) -> float:
    """A queue's term of the residence (`fixed_delay` is the rest), u = 1 - rho the free share of a
    server: Bard-Schweitzer's d / (1 - rho) with one server, d (1 + C(c, c rho) / (1 - rho)) with c."""
    if c == 1:
        return dk / u
    w = _erlang(c, lg, 1.0 - u)[0]
    return dk * (1.0 + w / u)


def _q_slope(dk: float, ck: float, c: float, lg: float, u: float, x: float) -> tuple[float, float]:
    """(`_q`, x d`_q`/dx) at x, rho = ck x = 1 - u (for d(x (fixed + sum q))/dx = fixed + sum of both)."""
    if c == 1:
        return dk / u, x * dk * ck / (u * u)
    w, dw = _erlang(c, lg, 1.0 - u)
    return dk * (1.0 + w / u), x * dk * ck * (dw * u + w) / (u * u)


def queue_term(dk: float, servers: float, free: float) -> float:
    """A queue's term of the residence (`_q`) for the families' open-station formulas (a fit's latency
    at a load): `dk` the demand per server, `free` = 1 - rho > 0."""
    c = float(servers)
    return _q(dk, c, 0.0 if c == 1 else _lg(c), free)


def residence_at(st: Station, rho: float) -> float:
    """A station's residence per transaction when an arriving transaction finds a utilisation `rho` per
    server (the solver's residence; infinite at or past saturation)."""
    if st.delay:
        return st.demand_s
    if rho >= 1.0:
        return math.inf
    c = float(st.servers)
    return _q(st.queue_demand, c, _lg(c), 1.0 - rho) + st.fixed_delay


def utilisation_at(servers: float, factor: float) -> float:
    """The utilisation per server rho at which a queue's term reaches `factor` times its light-load
    value (`_q` / d = factor >= 1): 1 - 1 / factor with one server; else the root of
    1 + C(c, c rho) / (1 - rho) = factor, from above (the returned rho's factor is at least `factor`,
    within ~1e-12 of the root). Newton on log(C / (1 - rho)) - log(factor - 1) in t = -log(1 - rho),
    increasing and concave in t, started at one server's root, which lies below the root
    (C(c, c rho) <= rho): the iterates climb to it; the last one, nudged up, closes the bracket from
    above (a step out of the bracket bisects)."""
    if not factor > 1.0:
        return 0.0
    if servers == 1:
        return 1.0 - 1.0 / factor
    c = float(servers)
    lg = _lg(c)
    target = math.log(factor - 1.0)
    lo, hi = 1.0 - 1.0 / factor, 1.0
    rho = lo
    for _ in range(100):
        a = c * rho
        u = 1.0 - rho
        # log B = c log a - a - log Gamma(c + 1) - log Q(c + 1, a): no underflow where B is tiny
        log_b = c * math.log(a) - a - lg - math.log(float(special.gammaincc(c + 1.0, a)))
        b = math.exp(log_b)
        den = 1.0 - rho * (1.0 - b)
        g = log_b - math.log(den) - math.log(u) - target
        if g >= 0:
            hi = rho
        else:
            lo = rho
        if hi - lo <= 4e-12 * hi:
            break
        dlog_b = c * (c / a - 1.0 + b)
        # Newton in t = -log(1 - rho) (G is concave in t: the iterates climb to the root from below)
        slope = (dlog_b - (rho * b * dlog_b - (1.0 - b)) / den) * u + 1.0
        step = 1.0 - u * math.exp(g / slope) if slope > 0 else hi
        if abs(step - rho) <= 1e-12 * rho:
            step = max(step, rho) * (1.0 + 2e-12)  # converged: the next point, just above, closes the bracket
        rho = step if lo < step < hi else 0.5 * (lo + hi)
    return hi


def _erlang_np(c: np.ndarray, lg: np.ndarray, rho: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """`_erlang` on arrays (errors ignored by the caller; rows with a <= 0 are 0)."""
    a = c * rho
    b = np.exp(c * np.log(a) - a - lg) / special.gammaincc(c + 1.0, a)
    den = 1.0 - rho * (1.0 - b)
    db = b * (c / a - 1.0 + b) * c
    pos = a > 0.0
    return np.where(pos, b / den, 0.0), np.where(
        pos, (db * den - b * (rho * db - (1.0 - b))) / (den * den), 0.0
    )


def queue_terms(
    d: np.ndarray, c: np.ndarray, lg: np.ndarray, u: np.ndarray, single: np.ndarray
) -> np.ndarray:
    """`_q` on arrays (`single`: the stations with one server; `lg`: `_lg` of each, any value where
    single). Also sizing.sweep's, so that its vectorised bisections solve the same residences."""
    if single.all():
        return d / u
    with np.errstate(all="ignore"):
        w = _erlang_np(c, lg, 1.0 - u)[0]
        return np.where(single, d / u, d * (1.0 + w / u))


@dataclass(frozen=True)
class Solution:
    users: float
    throughput: float  # transactions/s
    response_s: float
    residence_s: tuple[float, ...]
    utilisation: tuple[float, ...]  # per server, 0..1
    queue: tuple[float, ...]

    def station_index(self, stations: tuple[Station, ...], name: str) -> int:
        return next(i for i, s in enumerate(stations) if s.name == name)


def _check(stations: tuple[Station, ...], think_s: float, n: float) -> None:
    if not stations:
        raise InputError("stations", "need at least one station")
    if not (math.isfinite(think_s) and think_s >= 0):
        raise InputError("think_time_s", "must be finite and >= 0")
    if not (math.isfinite(n) and n > 0):
        raise InputError("users", "must be a positive finite number")


def _finish(stations: tuple[Station, ...], n: float, x: float, rq: list[float]) -> Solution:
    residence = tuple(rq[k] + st.fixed_delay for k, st in enumerate(stations))
    util = tuple(min(x * st.busy_per_server, 1.0) for st in stations)
    queue = tuple(x * r for r in residence)
    return Solution(n, x, sum(residence), residence, util, queue)


def exact(stations: tuple[Station, ...], think_s: float, n: int) -> list[Solution]:
    """Exact MVA for populations 1..n (no background demand) on Seidmann's decomposition of each
    multi-server station (a queue of demand D / c and a delay D (c - 1) / c): exact for single-server
    networks, the reference sizing/tests compare the single-server solver with."""
    _check(stations, think_s, n)
    if any(st.background_s for st in stations):
        raise InputError("stations", "exact MVA takes no background demand")
    d = [st.queue_demand for st in stations]
    fixed = sum(st.fixed_delay for st in stations)
    q = [0.0] * len(stations)
    out = []
    for pop in range(1, int(n) + 1):
        rq = [dk * (1.0 + qk) for dk, qk in zip(d, q, strict=True)]
        x = pop / (think_s + fixed + sum(rq))
        q = [x * r for r in rq]
        out.append(_finish(stations, float(pop), x, rq))
    return out


def _servers(stations: tuple[Station, ...]) -> tuple[list[float], list[float]]:
    """Each station's server count (a float) and its Erlang constant (0 with one server or a delay)."""
    srv = [1.0 if st.delay else float(st.servers) for st in stations]
    return srv, [0.0 if c == 1 else _lg(c) for c in srv]


def schweitzer(
    stations: tuple[Station, ...], think_s: float, n: float, *, tol: float = 1e-10, max_iter: int = 10_000
) -> Solution:
    """Bard-Schweitzer approximate MVA: Q_k(n-1) ~ (n-1)/n Q_k(n), iterated to a fixed point, with the
    Erlang C residence at a multi-server station (the module's docstring).

    Solved per population as a 1-D problem in X (monotone), so it converges at any load, including
    far past saturation, without damping tricks.
    """
    _check(stations, think_s, n)
    d = [st.queue_demand for st in stations]
    bg = [st.background_per_server for st in stations]
    srv, lgs = _servers(stations)
    fixed = think_s + sum(st.fixed_delay for st in stations)
    a = (n - 1.0) / n

    # For a given X, each single-server queue's residence solves R = D (1 + a X R) + D U_b (U_b = X B,
    # the background utilisation, an open stream the arriving transaction also finds in the queue)
    # ->  R = D / (1 - a X D - X B); a multi-server queue's is the Erlang C residence at the utilisation
    # rho = a X d + X b per server the arrival finds (`_q`). Then N = X (fixed + sum R): increasing in X.
    # Find X in (0, X_hi) where it equals n.
    dmax = max(d) if any(d) else 0.0

    def population(x: float) -> float:
        return x * (
            fixed
            + sum(
                _q(dk, ck, gk, 1.0 - a * x * dk - x * bk)
                for dk, bk, ck, gk in zip(d, bg, srv, lgs, strict=True)
                if dk > 0
            )
        )

    if dmax == 0.0:
        x = n / fixed if fixed > 0 else 0.0
        if x == 0.0:
            raise InputError("stations", "all demands and the think time are zero")
        return _finish(stations, n, x, [0.0] * len(d))
    poles = [1.0 / (a * dk + bk) for dk, bk in zip(d, bg, strict=True) if dk > 0 and a * dk + bk > 0]
    x_hi = min(poles) if poles else n / (fixed + sum(d))
    x_hi = min(x_hi, n / max(fixed + sum(d), 1e-300))  # X <= N / (Z + D) always
    # a station with background demand only (no response-path demand) still saturates
    x_hi = min([x_hi, *(1.0 / bk for dk, bk in zip(d, bg, strict=True) if dk == 0 and bk > 0)])
    lo, hi = 0.0, x_hi
    if population(hi * (1 - 1e-15)) <= n:
        x = hi * (1 - 1e-15)  # at the pole itself a queue term divides by zero
    else:
        # Safeguarded Newton. N(X) is increasing and convex on (0, X_hi), so Newton started to the
        # right of the root descends monotonically to it; one started to its left steps past it first.
        # A step that would leave the bracket falls back to bisection.
        qs = [(dk, a * dk + bk, ck, gk) for dk, bk, ck, gk in zip(d, bg, srv, lgs, strict=True) if dk > 0]
        lo, hi = 0.0, hi * (1 - 1e-15)
        # Start at the root of the network with every queue but the nearest pole's taken at its
        # light-load demand and that one as a single-server queue (a single-server network's N(X) is
        # underestimated there, so its root lies right of the true one, close to it, even far past
        # saturation; a multi-server bottleneck's Erlang term is below that queue's, so the start
        # may lie left of the root: Newton's first step then crosses it).
        d_b, c_b = max(((dk, ck) for dk, ck, _, _ in qs), key=lambda t: t[1])
        rest = fixed + sum(d) - d_b
        big = rest + d_b + n * c_b
        x = 2.0 * n / (big + math.sqrt(max(big * big - 4.0 * rest * c_b * n, 0.0)))
        x = min(max(x, 0.0), hi)
        for _ in range(200):
            terms = [_q_slope(dk, ck, sk, gk, 1.0 - ck * x, x) for dk, ck, sk, gk in qs]
            fx = x * (fixed + sum(t for t, _ in terms)) - n
            if fx < 0:
                lo = x
            else:
                hi = x
            if abs(fx) <= 1e-12 * n or hi - lo <= tol * hi:
                break
            slope = fixed + sum(t + s for t, s in terms)
            step = x - fx / slope
            x = step if lo < step < hi else 0.5 * (lo + hi)
    rq = [
        _q(dk, ck, gk, 1.0 - a * x * dk - x * bk) if dk > 0 else 0.0
        for dk, bk, ck, gk in zip(d, bg, srv, lgs, strict=True)
    ]
    # Near the pole the bisection leaves a tiny residual in N; give it to the bottleneck queue so
    # that Little's law N = X (R + Z) holds to rounding.
    b = max((k for k in range(len(d)) if d[k] > 0), key=lambda k: a * d[k] + bg[k])
    rq[b] = max(rq[b] + (n / x - fixed - sum(rq)), d[b])
    return _finish(stations, n, x, rq)


def solve(stations: tuple[Station, ...], think_s: float, n: float) -> Solution:
    """The network at population n: Bard-Schweitzer at every n. One method across the whole range, so
    throughput and response never step where a switch between methods would be (exact MVA stays
    available as `exact`, the reference the tests compare it with)."""
    return schweitzer(stations, think_s, n)


@dataclass(frozen=True)
class Bounds:
    throughput_upper: float
    response_lower_s: float
    knee_users: float
    max_throughput: float


def bounds(stations: tuple[Station, ...], think_s: float, n: float) -> Bounds:
    """Asymptotic bounds: X <= min(N/(D+Z), 1/Dmax), R >= max(D, N Dmax - Z)."""
    _check(stations, think_s, n)
    total = sum(st.demand_s for st in stations)
    dmax = max((st.busy_per_server for st in stations if not st.delay), default=0.0)
    xmax = 1.0 / dmax if dmax > 0 else math.inf
    x_up = min(n / (total + think_s), xmax)
    r_low = max(total, n * dmax - think_s)
    knee = (total + think_s) / dmax if dmax > 0 else math.inf
    return Bounds(x_up, r_low, knee if math.isfinite(knee) else 0.0, xmax if math.isfinite(xmax) else 0.0)


# Bard-Schweitzer's own error, measured against the exact solution of the engine's networks
# (sizing/tests/test_exact_solver.py). Scanning every seed design's network from 0.8 to 1.4 times its
# knee N* = (D + Z) / D_max: the response error is under 5 % outside 0.94-1.12 N*, and inside it depends
# on the users per server of the bottleneck at the knee (N* / c): up to 3.6 % where that is at most 41
# (the FS1-2 racks, XtremIO, NetApp), 15-24 % where it is 596 or more (the EqualLogic storage path,
# c = 1; a 16- or 72-core CPU behind a think time of 19 s or more). Response bands of a design in that
# range with 50 or more users per bottleneck server are widened by the worst measured, rounded up.
SOLVER_KNEE_ERROR_PCT = 25.0
SOLVER_KNEE_RANGE = (0.94, 1.12)  # population / knee
SOLVER_KNEE_USERS_PER_SERVER = 50.0


def solver_knee_error_pct(stations: tuple[Station, ...], think_s: float, users: float) -> float:
    """The response error the solver may make at this population (see SOLVER_KNEE_ERROR_PCT): at the
    knee of a network with many users per bottleneck server, else 0 (within 5 % of the exact response)."""
    queues = [st for st in stations if not st.delay and st.busy_per_server > 0]
    if not queues:
        return 0.0
    top = max(queues, key=lambda st: st.busy_per_server)
    knee = bounds(stations, think_s, max(users, 1.0)).knee_users
    low, high = SOLVER_KNEE_RANGE
    at_knee = knee > 0 and low <= users / knee <= high
    return SOLVER_KNEE_ERROR_PCT if at_knee and knee / top.servers >= SOLVER_KNEE_USERS_PER_SERVER else 0.0


def max_users_under_sla(
    stations: tuple[Station, ...], think_s: float, sla_s: float, *, n_cap: float = 5e6
) -> Solution:
    """The largest population whose response time stays within the SLA (continuous N, bisection)."""
    if not (math.isfinite(sla_s) and sla_s > 0):
        raise InputError("sla_response_ms", "must be positive")
    base = sum(st.demand_s for st in stations)
    if base > sla_s:
        # Even one user misses the SLA: report the single-user point.
        return schweitzer(stations, think_s, 1.0)
    b = bounds(stations, think_s, 1.0)
    hi = max(2.0, (b.max_throughput or 1.0) * (think_s + sla_s) * 1.5 + 2.0)
    hi = min(hi, n_cap)
    lo = 1.0
    if schweitzer(stations, think_s, hi).response_s <= sla_s:
        return schweitzer(stations, think_s, hi)
    for _ in range(60):
        mid = 0.5 * (lo + hi)
        if schweitzer(stations, think_s, mid).response_s <= sla_s:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-4 * hi:
            break
    return schweitzer(stations, think_s, lo)


def sla_point(stations: tuple[Station, ...], think_s: float, sla_s: float) -> Solution:
    """The operating point where the Bard-Schweitzer response time equals the SLA (see sla_population)."""
    return schweitzer(stations, think_s, sla_population(stations, think_s, sla_s))


def sla_population(stations: tuple[Station, ...], think_s: float, sla_s: float) -> float:
    """The population at which the Bard-Schweitzer response time equals the SLA (1 when even one
    user's response reaches it, or when the network has no queue).

    Solves R(X) = SLA for X directly (R grows monotonically with X at fixed (n-1)/n), then updates
    n = X (Z + R) and repeats; a few rounds converge because (n-1)/n barely moves for large n.
    Equivalent to max_users_under_sla, at a fraction of the cost.
    """
    if not (math.isfinite(sla_s) and sla_s > 0):
        raise InputError("sla_response_ms", "must be positive")
    if not (math.isfinite(think_s) and think_s >= 0):
        raise InputError("think_time_s", "must be finite and >= 0")
    d = [st.queue_demand for st in stations]
    bg = [st.background_per_server for st in stations]
    srv, lgs = _servers(stations)
    fixed = sum(st.fixed_delay for st in stations)
    if fixed + sum(d) >= sla_s:
        return 1.0
    dmax = max(d)
    if dmax == 0.0:  # only delays: the response never grows; no SLA limit from the model
        return 1.0
    sum_d = sum(d)
    queues = [(dk, bk, ck, gk) for dk, bk, ck, gk in zip(d, bg, srv, lgs, strict=True) if dk > 0]
    a = 1.0
    x = 0.0
    for _ in range(8):
        # R(X) is increasing and convex: safeguarded Newton, started at the root with every queue but
        # the nearest pole's at its light-load demand (and that one as a single-server queue).
        qs = [(dk, a * dk + bk, ck, gk) for dk, bk, ck, gk in queues]
        # One pass for the nearest pole (the first queue of the largest coefficient, as max() picks)
        # and the smallest 1/c_k of a positive coefficient.
        d_b, c_b = qs[0][0], qs[0][1]
        hi = math.inf
        positive = False
        for dk, ck, _, _ in qs:
            if ck > c_b:
                d_b, c_b = dk, ck
            if ck > 0:
                positive = True
                if 1.0 / ck < hi:
                    hi = 1.0 / ck
        if not positive:
            # a = 0 (the last round's population was clamped to one user) and no background: R_0 is
            # flat and below the SLA, and the rounds cannot go on. Their fixed point, solved directly.
            return _sla_population_direct(queues, fixed, think_s, sla_s)
        lo = 0.0
        # min(max(x, 0.0), hi), as the builtins compare (the same x for a signed zero or a NaN)
        x = (1.0 - d_b / (sla_s - (fixed + sum_d - d_b))) / c_b
        if x < 0.0:
            x = 0.0
        if hi < x:
            x = hi
        for _ in range(200):
            # R(X) and its slope, station by station (the sums in station order, as `sum` adds)
            r_sum = 0.0
            slope = 0.0
            past_pole = False
            for dk, ck, sk, gk in qs:
                u = 1.0 - ck * x
                if u <= 0:
                    past_pole = True
                    break
                if sk == 1:
                    r_sum += dk / u
                    slope += dk * ck / (u * u)
                else:
                    w, dw = _erlang(sk, gk, 1.0 - u)
                    r_sum += dk * (1.0 + w / u)
                    slope += dk * ck * (dw * u + w) / (u * u)
            if past_pole:
                hi = x
                x = 0.5 * (lo + hi)
                continue
            r = fixed + r_sum
            if r < sla_s:
                lo = x
            else:
                hi = x
            if abs(r - sla_s) <= 1e-13 * sla_s or hi - lo <= 1e-13 * hi:
                break
            step = x - (r - sla_s) / slope
            x = step if lo < step < hi else 0.5 * (lo + hi)
        n = max(x * (think_s + sla_s), 1.0)
        a_new = (n - 1.0) / n
        if abs(a_new - a) < 1e-12:
            break
        a = a_new
    else:
        # At a few users a swings from round to round (N 1.1 -> 10.7 -> 1.2 -> 6.0 -> ... on
        # sizing/tests/test_sla_population.py's network) and the rounds creep to their fixed point:
        # the last round's population can miss the SLA by 30 %. The fixed point, solved directly.
        return _sla_population_direct(queues, fixed, think_s, sla_s)
    return max(x * (think_s + sla_s), 1.0)


def _sla_population_direct(
    queues: list[tuple[float, float, float, float]], fixed: float, think_s: float, sla_s: float
) -> float:
    """The population the rounds of `sla_population` converge to, found without them: with
    N = X T (T = Z + SLA) and a = (N - 1) / N = 1 - 1 / (X T), a queue's utilisation
    rho = (a D_k + B_k) X is (D_k + B_k) X - D_k / T and its term (D_k / (1 - rho) with one server,
    the Erlang C term with more; at rho < 0, a population below one user, D_k / (1 - rho) and D_k)
    one increasing function of X, below the SLA at X = 0 (the light-load response is) and unbounded
    at its first pole; bisected to 1e-13. For networks whose rounds stall at one user (their a = 0
    leaves no queue growing) or swing without settling (a few users: each round's N overshoots the
    last); 1 if the root is below one user. `queues`: (D_k, B_k, servers, Erlang constant)."""
    total = think_s + sla_s
    terms = [(dk, 1.0 + dk / total, dk + bk, ck, gk) for dk, bk, ck, gk in queues]
    lo, hi = 0.0, min(p / c for _, p, c, _, _ in terms)
    for _ in range(200):
        x = 0.5 * (lo + hi)
        r = fixed + sum(_q(dk, ck, gk, p - c * x) for dk, p, c, ck, gk in terms)
        if r < sla_s:
            lo = x
        else:
            hi = x
        if hi - lo <= 1e-13 * hi:
            break
    return max(lo * total, 1.0)


def sla_population_bound(stations: tuple[Station, ...], think_s: float, sla_s: float) -> float:
    """A cheap upper bound on `sla_population` (Little's law at the SLA: N = X (Z + SLA), X below
    each queue's limit), for a search that only needs to know the population is too small.

    The first round of `sla_population` (a = 1) solves R(X) = SLA with the largest coefficients, so its
    population N1 is the smallest of the rounds (each later round's a = (N-1)/N comes from a population
    >= N1) and N1 >= max(x_lo (Z + SLA), 1), x_lo the root with every queue at the largest coefficient
    as a single-server queue (a multi-server queue's Erlang term is at most that: C(c, c rho) <= rho).
    Every round's X then keeps each queue's term within what the SLA leaves it:
    q_k(c_k X) <= SLA - fixed - sum of the other queues' D_j, with c_k >= a_lo D_k + B_k: X below
    1 / c_k times the utilisation where the term reaches that (`utilisation_at`, from above).
    Returned with a 1e-9 relative margin (the solver's tolerances are 1e-13)."""
    d = [st.queue_demand for st in stations]
    bg = [st.background_per_server for st in stations]
    srv, _ = _servers(stations)
    fixed = sum(st.fixed_delay for st in stations)
    sum_d = sum(d)
    if fixed + sum_d >= sla_s or max(d) == 0.0:
        return 1.0
    total = think_s + sla_s
    queues = [(dk, bk, ck) for dk, bk, ck in zip(d, bg, srv, strict=True) if dk > 0]
    c_max = max(dk + bk for dk, bk, _ in queues)
    n_lo = max((1.0 - sum_d / (sla_s - fixed)) / c_max * total, 1.0)
    a_lo = (n_lo - 1.0) / n_lo
    # (a queue whose coefficient is 0, at a_lo = 0 without background, bounds nothing)
    x_hi = min(
        (
            (
                (1.0 - dk / (sla_s - fixed - (sum_d - dk)))
                if ck == 1
                else utilisation_at(ck, (sla_s - fixed - (sum_d - dk)) / dk)
            )
            / (a_lo * dk + bk)
            for dk, bk, ck in queues
            if a_lo * dk + bk > 0
        ),
        default=math.inf,
    )
    return max(x_hi * total, 1.0) * (1.0 + 1e-9)


def sla_throughput_side(stations: tuple[Station, ...], think_s: float, sla_s: float, x: float) -> int:
    """Where the SLA point's throughput lies against `x`, without solving for it: -1 certainly below,
    +1 certainly above, 0 not told by this test. The throughput meant is the one a search reads
    (sizing.remedies._sla_throughput): N / (Z + SLA) for N = `sla_population`, or the one-user
    point's when N is clamped to 1. A search that compares it with a limit (the CPU a RAC node count
    leaves at its SLA point) decides most counts here at the cost of two passes over the stations.

    Why it is exact: each round of `sla_population` solves R_a(X) = SLA for X, with
    R_a(X) = fixed + sum of q_k((a D_k + B_k) X) (D_k / (1 - rho) with one server, the Erlang C term
    with more), increasing in X and in a. Every
    round's a lies in [a_lo, 1] (a_lo from the population bound of `sla_population_bound`'s proof), so
    its root lies between the roots of R_1 and R_a_lo: R_1(x) < SLA puts every root above x, and
    R_a_lo(x) > SLA (or x past one of its poles) puts every root below it. Above x with
    x (Z + SLA) > 1, N is not clamped and the throughput is the root itself; below, the clamped
    one-user point's throughput is at most 1 / (Z + the sum of the demands). `x` is tested with a 1e-9
    relative margin on each side (the solver's tolerances are 1e-13)."""
    d = [st.queue_demand for st in stations]
    bg = [st.background_per_server for st in stations]
    srv, lgs = _servers(stations)
    fixed = sum(st.fixed_delay for st in stations)
    sum_d = sum(d)
    if not (x > 0 and math.isfinite(x)) or fixed + sum_d >= sla_s or max(d) == 0.0:
        return 0  # (the SLA population is clamped to one user: left to the solver)
    total = think_s + sla_s
    queues = [(dk, bk, ck, gk) for dk, bk, ck, gk in zip(d, bg, srv, lgs, strict=True) if dk > 0]
    above = x * (1.0 + 1e-9)
    if above * total > 1.0:
        r = fixed
        for dk, bk, ck, gk in queues:
            u = 1.0 - (dk + bk) * above
            if u <= 0:
                break
            r += _q(dk, ck, gk, u)
        else:
            if r < sla_s:
                return 1
    below = x * (1.0 - 1e-9)
    one_user = think_s + sum(st.demand_s for st in stations)  # Z + R(1) >= this: X(1) <= 1 / it
    if one_user > 0 and 1.0 / one_user < below:
        c_max = max(dk + bk for dk, bk, _, _ in queues)
        n_lo = max((1.0 - sum_d / (sla_s - fixed)) / c_max * total, 1.0)
        a_lo = (n_lo - 1.0) / n_lo
        r = fixed
        for dk, bk, ck, gk in queues:
            u = 1.0 - (a_lo * dk + bk) * below
            if u <= 0:
                return -1
            r += _q(dk, ck, gk, u)
        if r > sla_s:
            return -1
    return 0


def throughput_side(stations: tuple[Station, ...], think_s: float, n: float, x: float) -> int:
    """Where `schweitzer(stations, think_s, n).throughput` lies against `x`, without solving for it: -1
    certainly below, +1 certainly above, 0 not told by this test. A search for the population of a
    target throughput (sizing.evaluator: users for a target TPS) decides nearly every probe here at the cost
    of two passes over the stations instead of a Newton solve.

    Why it is exact: `schweitzer` solves N_a(X) = n for X, N_a(X) = X (fixed + sum of q_k(c_k X)),
    c_k = a D_k + B_k, a = (n - 1) / n >= 0 from one user up (q_k: D_k / (1 - rho) with one server,
    the Erlang C term with more), increasing in X below its first pole; it
    stops within 1e-10 of the root relative to it (its bracket, or |N_a - n| <= 1e-12 n with
    N_a' >= N_a / X), and where N_a stays below n up to the pole it returns just under the pole. So
    N_a(x (1 - 1e-8)) > n, or x (1 - 1e-8) at or past a pole, puts its throughput below x, and
    N_a(x (1 + 1e-8)) < n (short of every pole) above it; each with a 1e-9 relative margin on N (a
    sum of a few terms, each rounded)."""
    if not (n >= 1.0 and x > 0 and math.isfinite(x) and math.isfinite(n)):
        return 0  # (below one user a < 0: left to the solver)
    fixed = think_s + sum(st.fixed_delay for st in stations)
    a = (n - 1.0) / n
    queues, b_max = [], 0.0  # (b_max: the largest background of a station with no queue demand)
    for st in stations:
        dk, bk = st.queue_demand, st.background_per_server
        if dk < 0 or bk < 0:
            return 0
        if dk > 0:
            c = float(st.servers)
            queues.append((dk, a * dk + bk, c, 0.0 if c == 1 else _lg(c)))
        else:
            b_max = max(b_max, bk)
    if not queues:
        return 0
    below = x * (1.0 - 1e-8)
    if below * b_max >= 1.0:
        return -1  # a background-only station saturates first: X stays below 1 / B_k
    total = fixed
    for dk, ck, sk, gk in queues:
        u = 1.0 - ck * below
        if u <= 0:
            return -1
        total += _q(dk, sk, gk, u)
    if below * total > n * (1.0 + 1e-9):
        return -1
    above = x * (1.0 + 1e-8)
    if above * b_max >= 1.0:
        return 0
    total = fixed
    for dk, ck, sk, gk in queues:
        u = 1.0 - ck * above
        if u <= 0:
            return 0
        total += _q(dk, sk, gk, u)
    if above * total < n * (1.0 - 1e-9):
        return 1
    return 0


# --- many populations in one vectorised pass ---------------------------------------------------


@dataclass(frozen=True)
class Batch:
    """Bard-Schweitzer solutions of many (network, population) problems, as arrays: row m is problem m,
    column k its station k (every network in a batch has the same stations in the same order)."""

    users: np.ndarray  # (M,)
    throughput: np.ndarray  # (M,) transactions/s
    response_s: np.ndarray  # (M,)
    residence_s: np.ndarray  # (M, K)
    utilisation: np.ndarray  # (M, K) per server, 0..1

    def solution(self, m: int) -> Solution:
        residence = tuple(self.residence_s[m].tolist())
        x = float(self.throughput[m])
        return Solution(
            float(self.users[m]),
            x,
            float(self.response_s[m]),
            residence,
            tuple(self.utilisation[m].tolist()),
            tuple([x * r for r in residence]),
        )


def _arrays(st: tuple[Station, ...]) -> tuple[list[float], ...]:
    srv, lgs = _servers(st)
    return (
        [s.queue_demand for s in st],
        [s.background_per_server for s in st],
        [s.fixed_delay for s in st],
        [s.busy_per_server for s in st],
        srv,
        lgs,
    )


def schweitzer_batch(
    networks: list[tuple[Station, ...]], think_s: float, populations: list[float], *, tol: float = 1e-10
) -> Batch:
    """`schweitzer` for problem m = (networks[m], populations[m]), every problem at once.

    The same safeguarded Newton as the scalar solver, step for step (the same start, the same bracket,
    the same stopping tests, sums over the stations in the same order: numpy adds a row of fewer than
    eight numbers left to right, as `sum` does; the Erlang C terms from the same numpy and scipy
    functions), run on arrays with a mask of the problems still iterating: the results equal
    `schweitzer`'s (sizing/tests/test_mva.py compares them bit for bit).
    """
    if not networks:
        raise InputError("stations", "need at least one station")
    k_count = len(networks[0])
    if k_count > 7 or any(len(st) != k_count for st in networks):
        # more than 7 stations: numpy would sum a row pairwise, not left to right
        raise InputError("stations", "every network of a batch has the same stations (at most 7)")
    _check(networks[0], think_s, 1.0)
    distinct: dict[int, int] = {}
    rows: list[tuple[list[float], ...]] = []
    index = []
    for st in networks:
        key = id(st)
        if key not in distinct:
            distinct[key] = len(rows)
            rows.append(_arrays(st))
        index.append(distinct[key])
    n = np.asarray(populations, dtype=float)
    if not (np.isfinite(n).all() and (n > 0).all()):
        raise InputError("users", "must be a positive finite number")
    take = np.asarray(index)
    per = np.asarray(rows, dtype=float)  # (networks, 6, K)
    d, bg, fixed_k, busy, srv, lgs = (per[take, j, :] for j in range(6))
    single = srv == 1
    m_count = n.shape[0]
    fixed = float(think_s) + fixed_k.sum(axis=1)  # think_s + sum(fixed delays), as the scalar solver
    sum_d = d.sum(axis=1)
    a = (n - 1.0) / n
    queued = d > 0
    c = np.where(queued, a[:, None] * d + bg, 0.0)  # each queue's pole coefficient (0: no queue)
    bgq = np.where(queued, bg, 0.0)
    a2 = a[:, None]
    all_rows = np.arange(m_count)
    old = np.seterr(divide="ignore", invalid="ignore", over="ignore", under="ignore")
    try:
        # X's upper end: the nearest pole, never above N / (Z + D), and a background-only station's 1/B
        pole = np.where(queued & (c > 0), 1.0 / c, np.inf).min(axis=1)
        x_hi = np.where(np.isfinite(pole), pole, n / (fixed + sum_d))
        x_hi = np.minimum(x_hi, n / np.maximum(fixed + sum_d, 1e-300))
        x_hi = np.minimum(x_hi, np.where(~queued & (bg > 0), 1.0 / bg, np.inf).min(axis=1))
        delays_only = ~queued.any(axis=1)

        hi = x_hi * (1 - 1e-15)
        x2 = hi[:, None]
        at_pole = (
            x2[:, 0] * (fixed + queue_terms(d, srv, lgs, 1.0 - a2 * x2 * d - x2 * bgq, single).sum(axis=1))
            <= n
        )
        # Newton's start: the root with every queue but the nearest pole's at its light-load demand
        b = np.argmax(np.where(queued, c, -np.inf), axis=1)
        d_b, c_b = d[all_rows, b], c[all_rows, b]
        rest = fixed + sum_d - d_b
        big = rest + d_b + n * c_b
        x = 2.0 * n / (big + np.sqrt(np.maximum(big * big - 4.0 * rest * c_b * n, 0.0)))
        x = np.minimum(np.maximum(x, 0.0), hi)
        # Newton on the rows still iterating only: a row leaves the working set when it converges
        # (its x is then final), so a large batch does not pay for its slowest row on every row.
        idx = np.flatnonzero(~at_pole & ~delays_only)
        xs, hs, ls = x[idx], hi[idx], np.zeros(idx.size)
        cs, ds, fs, ns = c[idx], d[idx], fixed[idx], n[idx]
        ss, gs, ones = srv[idx], lgs[idx], single[idx]
        for _ in range(200):
            if idx.size == 0:
                break
            x2 = xs[:, None]
            u = 1.0 - cs * x2
            q = ds / u
            slope_q = x2 * ds * cs / (u * u)
            multi = np.flatnonzero(~ones.all(axis=0))  # the columns with a multi-server station
            if multi.size:
                um, dm, cm = u[:, multi], ds[:, multi], cs[:, multi]
                w, dw = _erlang_np(ss[:, multi], gs[:, multi], 1.0 - um)
                one = ones[:, multi]
                q[:, multi] = np.where(one, q[:, multi], dm * (1.0 + w / um))
                slope_q[:, multi] = np.where(one, slope_q[:, multi], x2 * dm * cm * (dw * um + w) / (um * um))
            fx = xs * (fs + q.sum(axis=1)) - ns
            below = fx < 0
            ls = np.where(below, xs, ls)
            hs = np.where(below, hs, xs)
            done = (np.abs(fx) <= 1e-12 * ns) | (hs - ls <= tol * hs)
            step = xs - fx / (fs + (q + slope_q).sum(axis=1))
            moved = np.where((ls < step) & (step < hs), step, 0.5 * (ls + hs))
            if done.any():
                x[idx[done]] = xs[done]
                keep = ~done
                idx, xs, hs, ls = idx[keep], moved[keep], hs[keep], ls[keep]
                cs, ds, fs, ns = cs[keep], ds[keep], fs[keep], ns[keep]
                ss, gs, ones = ss[keep], gs[keep], ones[keep]
            else:
                xs = moved
        x[idx] = xs  # rows still iterating after the cap keep their last iterate, as the scalar solver
        x = np.where(at_pole, x_hi * (1 - 1e-15), x)
        x = np.where(delays_only, n / fixed, x)
        x2 = x[:, None]
        rq = queue_terms(d, srv, lgs, 1.0 - a2 * x2 * d - x2 * bgq, single)
        # the bisection's residual in N goes to the bottleneck queue (Little's law to rounding)
        adjusted = np.maximum(rq[all_rows, b] + (n / x - fixed - rq.sum(axis=1)), d[all_rows, b])
        rq[all_rows, b] = np.where(delays_only, rq[all_rows, b], adjusted)
    finally:
        np.seterr(**old)
    residence = rq + fixed_k
    return Batch(n, x, residence.sum(axis=1), residence, np.minimum(x2 * busy, 1.0))
