"""An exact solver of the closed network the engine builds (issue 37, point 8): the reference its
Bard-Schweitzer / Erlang C approximation (sizing.mva) is measured against. Test code only.

The network, station by station, as `mva.Station` describes it:

- a delay station (think time Z, and every `delay=True` station): infinite servers, factor
  Z'^j / j! with Z' the sum of their demands (two delays in series are one delay of the summed
  demand in distribution of the closed population, so they merge exactly);
- a queueing station with demand D and c servers (c a real >= 1: a storage station's fitted I/O
  concurrency is not an integer): service capacity alpha(j) = min(j, c) with j jobs present, i.e. a
  load-dependent (processor-sharing) station. For an integer c the closed class's queue-length
  distribution is the M/M/c station's; for a real c it is the rate function that keeps both ends the
  engine's residence is exact at (one job alone: residence D; saturated: c / D
  completions per second) and moves between them as min(j, c), the natural extension of M/M/c;
- background demand B (`background_s`, DBWR's asynchronous writes: busy time per transaction that no
  transaction waits for). The engine treats it as an open stream: the arriving transaction finds a
  utilisation X B / c per server in the queue. Its exact equivalent here is an open Poisson class at
  the same station (BCMP mixed network, PS with load-dependent capacity min(n_total, c) shared by both
  classes, n_total counting both), whose offered load (busy server-seconds per second) is
  rho = X B, X the closed class's own throughput: the same fixed point the engine solves for (its
  U_b = X B / c is this rho / c). Processor sharing is what keeps the mixed network product-form with
  two classes of different sizes at one multi-server station (BCMP; FCFS would need equal sizes).
  In a product-form mixed network the open class enters the closed
  class's marginal through rho alone (the joint probability carries rho^n_open), so how the
  background splits into arrivals and sizes does not matter, as it does not in the engine. The closed
  class's factor is then, summed over the open population,

      f(n) = D^n sum_{o>=0} C(n + o, o) rho^o / A(n + o),    A(j) = prod_{i<=j} min(i, c)

  in closed form (a Poisson and a negative-binomial tail, `_log_factor`), geometric from n = floor(c)
  with ratio D / (c - rho).

Solved by the normalising constant G(N) = sum over states of the product of the factors, in log
space (G spans thousands of orders of magnitude at a few thousand users), as a convolution: the
queueing stations first (each factor's geometric tail turns its convolution into a first-order
recursion, so a station costs O(L floor(c)) on L populations, not O(L^2)), then the delay station
as one window sum at the population asked for, over the queue populations that carry weight (which
need not go up to N: with a long think time nearly every user is thinking). Alongside every log
value the solver carries, per queueing station, the mean number of that station's jobs in the
sub-network (a "dual number": each log-sum-exp is a weighted mean of the counts, weights in
(0, 1)), so the per-station queue lengths Q_k(N) come from the same pass with no subtraction.

    X(N) = G(N - 1) / G(N) = E[users at the delay] / Z'   (Little's law at the delay station),
    Q_k(N) from the carried counts,  R_k = Q_k / X,  R = N / X - Z.

X is read as the delay's mean population, a weighted mean like the counts, not as the ratio of two
log G's of magnitude up to 1e8 (at 10^8 users that ratio is good to 1e-7 only, and R = N / X - Z
with Z = 3600 s would lose everything). With no delay (Z' = 0), X = G(N - 1) / G(N) directly. Past
the knee of a long-think-time network the window reaches queue populations of ~N: the sequence is
then continued by its bottleneck's geometric tail, exact once the other stations' geometric modes
have died out below rounding (`_geometric_from` checks it; the remainder of the window is a
truncated exponential series in closed form), so 10^8 users cost what 10^4 do. The open load's
fixed point rho = X B is solved by Brent's method on X (a handful of convolutions).

Checked against a brute-force CTMC (global balance, solved as a linear system) and against the
machine-repairman closed forms in sizing/tests/test_exact_solver.py.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from scipy import special
from scipy.optimize import brentq

from sizing import mva


class BeyondReach(Exception):
    """The population needs more queue states than the solver is allowed (L_MAX)."""


L_MAX = 400_000  # queue populations the convolution may span (memory ~ K x L_MAX doubles)


@dataclass(frozen=True)
class Queue:
    """One queueing station of the exact network."""

    name: str
    demand_s: float  # D, all visits of one transaction, seconds
    servers: float  # c, real >= 1: capacity min(j, c)
    background_s: float = 0.0  # B: the open class's load is rho = X B


@dataclass(frozen=True)
class Network:
    queues: tuple[Queue, ...]
    delay_s: float  # Z' = think time + every delay station's demand
    think_s: float  # Z alone (the response time excludes it)
    delays: tuple[tuple[str, float], ...] = ()  # the delay stations (name, demand), residence = demand

    @staticmethod
    def of(stations: tuple[mva.Station, ...], think_s: float) -> Network:
        """The engine's network (its own Station objects), read as it stands: no demand rebuilt."""
        queues = tuple(
            Queue(s.name, s.demand_s, float(s.servers), s.background_s) for s in stations if not s.delay
        )
        delays = tuple((s.name, s.demand_s) for s in stations if s.delay)
        return Network(queues, think_s + sum(d for _, d in delays), think_s, delays)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(q.name for q in self.queues)


@dataclass(frozen=True)
class ExactSolution:
    users: int
    throughput: float
    response_s: float  # N / X - Z
    residence_s: dict[str, float]  # per station (queues: Q_k / X; delays: their demand)
    queue: dict[str, float]  # mean closed-class jobs per queueing station
    open_load: dict[str, float]  # rho = X B per queueing station at the fixed point
    states: int  # queue populations the convolution spanned


# --- log-space sequences carrying per-station mean counts ------------------------------------------


@dataclass
class _Seq:
    """log g(n) for n = 0..L-1, and phi[k, n]: station k's mean count in the sub-network at n."""

    log: np.ndarray
    phi: np.ndarray | None
    ratios: tuple[float, ...] = ()  # log of each convolved factor's geometric ratio
    heads: int = 0  # the factors' heads (floor(c) each): past their sum G_Q is a sum of geometrics


def _log_factor(q: Queue, rho: float, length: int, scale: float) -> tuple[np.ndarray, int, float]:
    """log f(j) for j = 0..min(m, length-1) (m = floor(c): from m on f is geometric), the index m and
    the log of the geometric ratio. Demands scaled by `scale` (G(n) then scales by scale^n; the open
    load rho is a utilisation and is not scaled)."""
    c = q.servers
    m = math.floor(c)
    d = q.demand_s * scale
    if rho >= c:
        raise ValueError(f"open load {rho} saturates {q.name} (c = {c})")
    x = rho / c
    top = min(m, length - 1)
    n = np.arange(top + 1, dtype=float)
    ld = math.log(d) if d > 0 else -math.inf
    with np.errstate(divide="ignore"):
        lognd = np.where(n > 0, n * ld, 0.0)
        # part o >= m - n: (D/c)^n c^m / m! (1 - x)^-(n+1) I_x(m - n, n + 1); for n >= m it is all of f
        log_tail_base = (
            lognd - n * math.log(c) + m * math.log(c) - special.gammaln(m + 1) - (n + 1) * math.log1p(-x)
        )
        if rho > 0:
            a = m - n
            frac = np.where(a > 0, special.betainc(np.maximum(a, 1.0), n + 1, x), 1.0)
            part2 = log_tail_base + np.log(frac)
            # part o < m - n: D^n / n! e^rho P(Poisson(rho) <= m - n - 1) = ... gammaincc(m - n, rho)
            q1 = np.where(a > 0, special.gammaincc(np.maximum(a, 1.0), rho), 0.0)
            part1 = lognd - special.gammaln(n + 1) + rho + np.log(q1)
            logf = np.logaddexp(part1, part2)
        else:
            logf = np.where(n < m, lognd - special.gammaln(n + 1), log_tail_base)
    logr = (ld - math.log(c - rho)) if d > 0 else -math.inf
    return logf, m, logr


def _lcse(a: np.ndarray) -> np.ndarray:
    """Cumulative log-sum-exp."""
    return np.logaddexp.accumulate(a)


def _convolve(g: _Seq, q: Queue, k: int, rho: float, scale: float, with_phi: bool) -> _Seq:
    """h(n) = sum_j f_k(j) g(n - j), n = 0..L-1, with the carried counts."""
    length = g.log.size
    logf, m, logr = _log_factor(q, rho, length, scale)
    top = logf.size - 1  # = min(m, L-1)
    neg = -np.inf
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        # head j < m (j <= top-1 when m <= L-1; all j when the sequence is shorter than m)
        heads = range(top) if top == m else range(top + 1)
        h = np.full(length, neg)
        for j in heads:
            h[j:] = np.logaddexp(h[j:], logf[j] + g.log[: length - j])
        tail_log = None
        if top == m:
            # T(i) = sum_{s>=0} r^s g(i - s): log T(i) = i log r + lcse(log g(i') - i' log r)
            idx = np.arange(length - m, dtype=float)
            a = g.log[: length - m] - idx * logr
            big_l = _lcse(a)
            tail_log = logf[m] + idx * logr + big_l
            h[m:] = np.logaddexp(h[m:], tail_log)
        if not with_phi:
            return _Seq(h, None, (*g.ratios, logr), g.heads + m)
        assert g.phi is not None
        kk = g.phi.shape[0]
        phi = np.zeros((kk, length))
        for j in heads:
            w = np.exp(logf[j] + g.log[: length - j] - h[j:])
            w = np.where(np.isfinite(w), w, 0.0)
            phi[:, j:] += w * g.phi[:, : length - j]
            phi[k, j:] += w * j
        if tail_log is not None:
            w = np.exp(tail_log - h[m:])
            w = np.where(np.isfinite(w), w, 0.0)
            for kp in range(kk):
                lp = np.log(g.phi[kp, : length - m])
                mean = np.exp(_lcse(a + lp) - big_l)
                mean = np.where(np.isfinite(mean), mean, 0.0)
                phi[kp, m:] += w * mean
            ip = np.log(idx)
            back = idx - np.exp(_lcse(a + ip) - big_l)  # sum of w (i - i'): the tail's own jobs past m
            back = np.where(np.isfinite(back), back, 0.0)
            phi[k, m:] += w * (m + back)
    return _Seq(h, phi, (*g.ratios, logr), g.heads + m)


def _queues_only(net: Network, rhos: tuple[float, ...], length: int, scale: float, with_phi: bool) -> _Seq:
    kk = len(net.queues)
    log0 = np.full(length, -np.inf)
    log0[0] = 0.0
    g = _Seq(log0, np.zeros((kk, length)) if with_phi else None)
    for k, q in enumerate(net.queues):
        g = _convolve(g, q, k, rhos[k], scale, with_phi)
    return g


def _geometric_from(g: _Seq) -> int | None:
    """The station whose geometric tail alone carries G_Q(n) from the end of the sequence on, when
    the others' have died out below rounding (G_Q(n) = sum_k A_k r_k^n past the factors' heads:
    the dominant ratio's term alone once (r_k / r_b)^n < e^-45), checked on the sequence itself."""
    length = g.log.size
    if not g.ratios or length - 1 < g.heads + 3:
        return None
    b = int(np.argmax(g.ratios))
    span = length - 1 - g.heads
    if any(k != b and span * (g.ratios[b] - r) < 45 for k, r in enumerate(g.ratios)):
        return None
    if abs(float(g.log[-1] - g.log[-2]) - g.ratios[b]) > 1e-8:
        return None
    if g.phi is not None:
        step = g.phi[:, -1] - g.phi[:, -2]
        want = np.zeros_like(step)
        want[b] = 1.0
        if np.abs(step - want).max() > 1e-8:
            return None
    return b


def _window(net: Network, g: _Seq, n: int, scale: float) -> tuple[float, np.ndarray | None, bool]:
    """The delay station added at population n: the mean number of users at the delay station
    (X Z', Little's law: X = E[n_delay] / Z' needs no ratio of two huge G's), the counts at n, and
    whether the window over the queue populations was wide enough. Past the sequence's end it is
    continued by its dominant geometric tail when that is exact (`_geometric_from`): the window's
    remainder is then a truncated exponential series, P(Poisson(mu) <= n - L) in closed form."""
    length = g.log.size
    zp = net.delay_s * scale
    if zp == 0:
        if n > length - 1:
            return math.nan, None, False
        return 0.0, (g.phi[:, n].copy() if g.phi is not None else None), True
    top = min(n, length - 1)
    i = np.arange(top + 1)
    lz = (n - i) * math.log(zp) - special.gammaln(n - i + 1.0)
    terms = lz + g.log[: top + 1]
    lg = float(np.logaddexp.reduce(terms))
    w = np.exp(terms - lg)
    w /= w.sum()  # (lg itself is good to eps |lg| only, |lg| up to ~1e8: the weights are renormalised)
    delay_mean = float(n - i @ w)
    phi = g.phi[:, : top + 1] @ w if g.phi is not None else None
    if top == n or (terms[-1] < lg - 80 and terms[-1] <= terms[-2]):
        return delay_mean, phi, True
    b = _geometric_from(g)
    if b is None:
        return delay_mean, phi, False  # (truncated: the caller widens the window)
    # queue populations q = L..n: G_Q(q) = G_Q(L-1) r^(q-L+1); with i = n - q users thinking the
    # terms sum to G_Q(L-1) r^(n-L+1) e^mu P(Poisson(mu) <= n - L), mu = Z' / r
    logr = g.ratios[b]
    mu = zp / math.exp(logr)
    m_top = n - length  # i = 0..m_top
    tail_q = special.gammaincc(m_top + 1, mu)  # P(Poisson(mu) <= m_top)
    lt = float(g.log[-1] + (n - length + 1) * logr + mu + math.log(tail_q)) if tail_q > 0 else -math.inf
    # the finite part's log: its lz carries (n - i) log zp - log (n - i)!, the tail's mu ...: both
    # exact expressions of the same G, combined by their weights
    total = float(np.logaddexp(lg, lt))
    wf, wt = math.exp(lg - total), math.exp(lt - total)
    wf, wt = wf / (wf + wt), wt / (wf + wt)
    mean_i = mu * special.gammaincc(m_top, mu) / tail_q if tail_q > 0 and m_top > 0 else 0.0
    delay_mean = wf * delay_mean + wt * mean_i
    if phi is not None and g.phi is not None:
        ext = g.phi[:, -1].copy()
        ext[b] += (n - length + 1) - mean_i
        phi = wf * phi + wt * ext
    return delay_mean, phi, True


def _throughput(
    net: Network, n: int, rhos: tuple[float, ...], length: int, scale: float
) -> tuple[float, bool]:
    g = _queues_only(net, rhos, length, scale, with_phi=False)
    return _x(net, g, n, scale)


def _x(net: Network, g: _Seq, n: int, scale: float) -> tuple[float, bool]:
    if net.delay_s == 0:
        if n > g.log.size - 1:
            return math.nan, False
        return scale * math.exp(float(g.log[n - 1] - g.log[n])), True  # G(0) is not 1 under an open load
    delay_mean, _, ok = _window(net, g, n, scale)
    return float(delay_mean / net.delay_s), ok


def solve_exact(net: Network, n: int, *, length: int | None = None) -> ExactSolution:
    """The exact solution at population n (n >= 1 integer), the open background load at its fixed
    point rho_k = X B_k."""
    if n < 1 or int(n) != n:
        raise ValueError("population must be a positive integer")
    n = int(n)
    # scale: demands x s keeps log G(n) of moderate size (G_s(n-1)/G_s(n) = X / s ~ 1 near n)
    total = net.delay_s + sum(q.demand_s for q in net.queues)
    xmax = min(
        (q.servers / (q.demand_s + q.background_s) for q in net.queues if q.demand_s > 0), default=math.inf
    )
    scale = min(n / total, xmax) if total > 0 else 1.0
    if length is None:
        length = n + 1 if net.delay_s == 0 else min(n + 1, 2048)
    bgs = [q.background_s for q in net.queues]
    while True:
        if length > L_MAX:
            raise BeyondReach(f"{n} users need more than {L_MAX} queue states")

        def x_of(x: float, length: int = length) -> float:
            return _throughput(net, n, tuple(x * b for b in bgs), length, scale)[0]

        x0, ok = _throughput(net, n, tuple(0.0 for _ in bgs), length, scale)
        if not ok:
            length = min(2 * length, n + 1)
            continue
        if any(bgs):
            hi = min(
                [x0, *((1 - 1e-12) * q.servers / q.background_s for q in net.queues if q.background_s > 0)]
            )
            if x_of(hi) >= hi:
                x = hi
            else:
                lo = x_of(hi)
                x = lo if x_of(lo) <= lo else brentq(lambda v: x_of(v) - v, lo, hi, xtol=1e-15, rtol=1e-14)
        else:
            x = x0
        rhos = tuple(x * b for b in bgs)
        g = _queues_only(net, rhos, length, scale, with_phi=True)
        x, ok = _x(net, g, n, scale)
        _, phi, _ = _window(net, g, n, scale)
        if not ok:
            length = min(2 * length, n + 1)
            continue
        assert phi is not None
        queue = {q.name: float(phi[k]) for k, q in enumerate(net.queues)}
        residence = {name: qn / x for name, qn in queue.items()}
        residence.update(dict(net.delays))
        return ExactSolution(
            n,
            x,
            n / x - net.think_s,
            residence,
            queue,
            {q.name: x * q.background_s for q in net.queues},
            length,
        )
