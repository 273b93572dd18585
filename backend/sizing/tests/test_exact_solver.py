"""Issue 37, point 8: the engine's approximate MVA (Bard-Schweitzer with the Erlang C residence at a
multi-server station and an open background stream, sizing.mva) against the exact solution of the
same closed network (sizing.tests.exact_solver).

(a) The exact solver against a brute-force CTMC (global balance solved as a linear system) on small
    networks - multi-server stations with integer and fractional server counts, a delay, an open
    background class - and against the machine-repairman closed forms.
(b) The measurement: every OLTP seed design's network (and the FS1-2 half rack at 8 and 16 RAC
    nodes) at N = 1, 0.5 x knee, 0.9 x knee, the design load and 2 x knee; the engine within 2 % of
    the exact throughput and 5 % of the exact response time. Where it is not, the point is listed in
    MEASURED_BEYOND with its measured error and marked xfail(strict=True): the test fails if a listed
    error disappears (the list is then stale) or if an unlisted point exceeds the tolerance.
"""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from scipy.sparse import lil_matrix
from scipy.sparse.linalg import spsolve

from sizing import mva
from sizing.evaluator import evaluate_design
from sizing.inputs import design_inputs_from_dict
from sizing.tests import exact_solver_report as report
from sizing.tests.exact_solver import Network, Queue, solve_exact
from sizing.tests.golden.cases import SEED_DESIGNS

# --- (a) the exact solver against a CTMC --------------------------------------------------------


def ctmc(
    queues: list[tuple[float, float]],  # (demand D, servers c) per queueing station, visited in order
    delay: float,  # Z' (0: no delay station)
    n: int,
    open_: dict[int, tuple[float, float]] | None = None,  # station -> (arrival rate, mean size)
    cap: int = 40,  # open jobs per station kept (truncation; its error ~ (rho / c)^cap)
) -> tuple[float, list[float]]:
    """Throughput and mean closed jobs per queueing station of the closed cyclic network
    delay -> q1 -> ... -> qK -> delay with n jobs, each queue processor-sharing with capacity
    min(jobs present, c) shared by the closed and open jobs there, by solving pi Q = 0 directly."""
    open_ = open_ or {}
    k_count = len(queues)
    opened = sorted(open_)
    states: list[tuple[int, ...]] = []
    for jobs in itertools.product(range(n + 1), repeat=k_count):
        if sum(jobs) > n or (delay == 0 and sum(jobs) != n):
            continue
        for extra in itertools.product(range(cap + 1), repeat=len(opened)):
            states.append((*jobs, *extra))
    index = {s: i for i, s in enumerate(states)}
    gen = lil_matrix((len(states), len(states)))

    def add(a: tuple[int, ...], b: tuple[int, ...], rate: float) -> None:
        if rate > 0:
            i, j = index[a], index[b]
            gen[i, j] += rate
            gen[i, i] -= rate

    for s in states:
        closed: list[int] = list(s[:k_count])
        opens: list[int] = list(s[k_count:])
        thinking = n - sum(closed)
        if delay > 0 and thinking > 0:
            add(s, (*[closed[0] + 1, *closed[1:]], *opens), thinking / delay)
        for k, (d, c) in enumerate(queues):
            o = opens[opened.index(k)] if k in open_ else 0
            total = closed[k] + o
            if total == 0:
                continue
            cap_rate = min(total, c)
            if closed[k]:
                nxt = list(closed)
                nxt[k] -= 1
                if k + 1 < k_count:
                    nxt[k + 1] += 1
                elif delay == 0:
                    nxt[0] += 1
                add(s, (*nxt, *opens), closed[k] / total * cap_rate / d)
            if o:
                lam, size = open_[k]
                nxt_o = list(opens)
                nxt_o[opened.index(k)] -= 1
                add(s, (*closed, *nxt_o), o / total * cap_rate / size)
        for k in opened:
            lam, _ = open_[k]
            if opens[opened.index(k)] < cap:
                nxt_o = list(opens)
                nxt_o[opened.index(k)] += 1
                add(s, (*closed, *nxt_o), lam)
    a = gen.T.tocsr().tolil()
    a[0, :] = np.ones(len(states))  # replace one balance equation by the normalisation
    rhs = np.zeros(len(states))
    rhs[0] = 1.0
    pi = spsolve(a.tocsr(), rhs)
    mean = [sum(p * s[k] for s, p in zip(states, pi, strict=True)) for k in range(k_count)]
    # throughput: the last queue's closed completions
    d_last, c_last = queues[-1]
    x = 0.0
    for s, p in zip(states, pi, strict=True):
        closed_last = s[k_count - 1]
        if closed_last:
            o = s[k_count + opened.index(k_count - 1)] if (k_count - 1) in open_ else 0
            total = closed_last + o
            x += p * closed_last / total * min(total, c_last) / d_last
    return x, mean


def exact_at(
    queues: list[tuple[float, float]], delay: float, n: int, rhos: dict[int, float]
) -> tuple[float, list[float]]:
    """The exact solver at a fixed open load (no fixed point): background B = rho / X is not what we
    want here, so call the internals with the open loads given."""
    from sizing.tests import exact_solver as es

    net = Network(tuple(Queue(f"q{k}", d, c) for k, (d, c) in enumerate(queues)), delay, 0.0)
    r = tuple(rhos.get(k, 0.0) for k in range(len(queues)))
    g = es._queues_only(net, r, n + 1, 1.0, with_phi=True)
    x, ok = es._x(net, g, n, 1.0)
    _, phi, _ = es._window(net, g, n, 1.0)
    assert ok
    assert phi is not None
    return x, [float(v) for v in phi]


NETWORKS = [
    ([(0.3, 1.0)], 2.0),
    ([(0.05, 2.0), (0.04, 1.0)], 1.0),
    ([(0.2, 3.0), (0.1, 1.0), (0.15, 2.0)], 0.5),
    ([(0.2, 2.5), (0.1, 1.7)], 0.7),  # fractional servers: capacity min(j, c)
    ([(0.2, 2.0), (0.1, 3.0)], 0.0),  # no delay station
]


@pytest.mark.parametrize(("queues", "delay"), NETWORKS)
@pytest.mark.parametrize("n", [1, 2, 5, 8])
def test_exact_solver_equals_the_ctmc(queues: list[tuple[float, float]], delay: float, n: int) -> None:
    if len(queues) == 3 and n == 8:
        n = 6  # (keeps the state space small)
    x_ref, q_ref = ctmc(queues, delay, n)
    x, q = exact_at(queues, delay, n, {})
    assert x == pytest.approx(x_ref, rel=1e-10)
    assert q == pytest.approx(q_ref, rel=1e-10, abs=1e-12)


@pytest.mark.parametrize(
    ("queues", "delay", "open_"),
    [
        ([(0.3, 2.0), (0.1, 1.0)], 1.0, {0: (2.0, 0.25)}),  # rho = 0.5 on 2 servers
        ([(0.2, 2.5), (0.1, 1.0)], 0.5, {0: (4.0, 0.1), 1: (1.5, 0.2)}),  # open load at both, real c
        ([(0.05, 1.0), (0.2, 3.0)], 0.0, {1: (0.5, 1.2)}),  # no delay; one open job size 1.2 s
    ],
)
@pytest.mark.parametrize("n", [1, 3, 6])
def test_exact_solver_with_an_open_class_equals_the_ctmc(
    queues: list[tuple[float, float]], delay: float, open_: dict[int, tuple[float, float]], n: int
) -> None:
    """The closed class's marginal depends on the open class only through rho = lambda x size (the
    sizes differ here from one per second): the solver is given rho alone."""
    x_ref, q_ref = ctmc(queues, delay, n, open_, cap=40 if len(open_) == 1 else 28)
    x, q = exact_at(queues, delay, n, {k: lam * size for k, (lam, size) in open_.items()})
    assert x == pytest.approx(x_ref, rel=1e-10)
    assert q == pytest.approx(q_ref, rel=1e-10, abs=1e-12)


def machine_repairman(n: int, s: float, z: float, c: float) -> tuple[float, float]:
    """M/M/c//N (c real: capacity min(j, c)) by its birth-death closed form."""
    logp = [0.0]
    for j in range(1, n + 1):
        logp.append(logp[-1] + math.log((n - j + 1) / z) - math.log(min(j, c) / s))
    top = max(logp)
    p = [math.exp(v - top) for v in logp]  # (scaled: at 2000 users the raw terms overflow)
    total = math.fsum(p)
    x = math.fsum(pj * min(j, c) / s for j, pj in enumerate(p)) / total
    return x, math.fsum(j * pj for j, pj in enumerate(p)) / total


@pytest.mark.parametrize("c", [1.0, 4.0, 2.5])
@pytest.mark.parametrize("n", [1, 10, 100, 2000])
def test_machine_repairman_closed_form(c: float, n: int) -> None:
    x_ref, q_ref = machine_repairman(n, 0.3, 2.0, c)
    sol = solve_exact(Network((Queue("q", 0.3, c),), 2.0, 2.0), n)
    assert sol.throughput == pytest.approx(x_ref, rel=1e-11)
    assert sol.queue["q"] == pytest.approx(q_ref, rel=1e-10)
    assert n == pytest.approx(sol.throughput * (sol.response_s + 2.0), rel=1e-12)  # Little


def test_single_server_networks_equal_the_engines_exact_mva() -> None:
    """With one server per station the engine's residences are exact MVA's, and mva.exact is
    exact MVA: the two exact solutions agree, to populations where G spans 10^4000."""
    st = (mva.Station("cpu", 0.05), mva.Station("disk", 0.04), mva.Station("net", 0.01, delay=True))
    ref = mva.exact(st, 1.0, 3000)
    for n in (1, 7, 40, 300, 3000):
        sol = solve_exact(Network.of(st, 1.0), n)
        assert sol.throughput == pytest.approx(ref[n - 1].throughput, rel=1e-11)
        for k, s in enumerate(st):
            assert sol.residence_s[s.name] == pytest.approx(ref[n - 1].residence_s[k], rel=1e-10)


def test_the_fixed_point_background_load() -> None:
    """The background's open load is rho = X B at the solution's own throughput, and the operational
    laws hold: N = X (R + Z), utilisation X (D + B) / c below 1."""
    st = (mva.Station("cpu", 0.03, 16), mva.Station("storage", 0.02, 14.0, background_s=0.015))
    for n in (1, 500, 6000, 20000):
        sol = solve_exact(Network.of(st, 19.0), n)
        assert sol.open_load["storage"] == pytest.approx(sol.throughput * 0.015, rel=1e-14)
        assert n == pytest.approx(sol.throughput * (sol.response_s + 19.0), rel=1e-12)
        # R = N / X - Z cancels most of N / X when Z dominates: compared on the scale of N / X
        assert abs(sol.response_s - sum(sol.residence_s.values())) <= 1e-10 * n / sol.throughput
        assert sol.throughput * 0.035 / 14.0 <= 1.0 + 1e-12


def test_the_ctmc_check_can_fail() -> None:
    """The comparison sees a 1e-6 change in one demand (the check is not vacuous)."""
    queues = [(0.05, 2.0), (0.04, 1.0)]
    x_ref, _ = ctmc(queues, 1.0, 5)
    x, _ = exact_at([(0.05 * (1 + 1e-6), 2.0), (0.04, 1.0)], 1.0, 5, {})
    assert x != pytest.approx(x_ref, rel=1e-10)


# --- (b) the engine against the exact solution on the seed designs' networks -------------------

X_TOL_PCT, R_TOL_PCT = 2.0, 5.0

# Measured (the report's table, issue 37 point 8): (design, point) -> (dX %, dR %), where the engine
# misses the exact throughput by more than 2 % or the exact response time by more than 5 %. With
# Seidmann's multi-server split 22 points were beyond (every 0.9 x knee one: worst +13.4 % response,
# -2.91 % throughput); with the Erlang C residence two remain, both Bard-Schweitzer's own error at a
# single-server station (the EqualLogic `storage_path`) next to the knee, where (N-1)/N Q(N)
# understates the queue an arrival finds. Linearizer's correction (the report's --prototypes, seven
# solves' cost: three rounds at N and N - 1, then N) takes the first to -1.11 % but overshoots the
# second to -7.90 %: not in the engine.
MEASURED_BEYOND: dict[tuple[str, str], tuple[float, float]] = {
    ("ps6010xv-4-volumes-6900-users", "design"): (-0.41, 13.82),
    ("ps6010xv-2-volumes-5700-users", "design"): (-0.25, 19.29),
}


def _params() -> list[object]:
    out: list[object] = []
    for design in report.oltp_designs():
        for point in report.POINTS:
            if (design, point) in MEASURED_BEYOND:
                dx, dr = MEASURED_BEYOND[(design, point)]
                reason = f"measured solver error dX {dx:+.2f} % / dR {dr:+.2f} %: issue 37 point 8: its response band is widened for it (mva.solver_knee_error_pct)"
                out.append(pytest.param(design, point, marks=pytest.mark.xfail(strict=True, reason=reason)))
            else:
                out.append(pytest.param(design, point))
    return out


@pytest.mark.parametrize(("design", "point"), _params())
def test_engine_within_tolerance_of_the_exact_solution(design: str, point: str) -> None:
    row = report.measure(design, point)
    assert row.exact is not None, f"{row.users} users: beyond the exact solver's reach"
    assert abs(row.dx_pct) <= X_TOL_PCT, f"throughput {row.dx_pct:+.3f} %"
    assert abs(row.dr_pct) <= R_TOL_PCT, f"response {row.dr_pct:+.3f} %"


@pytest.mark.parametrize("design", report.oltp_designs())
def test_the_exact_solutions_obey_the_operational_laws(design: str) -> None:
    """On the seed designs' own networks (up to 10^8 users): N = X (R + Z) with R the sum of the
    residences, each queue's utilisation X (D + B) / c at most 1; the engine's too."""
    for point in report.POINTS:
        row = report.measure(design, point)
        ex = row.exact
        assert ex is not None
        assert ex.response_s == pytest.approx(sum(ex.residence_s.values()), rel=1e-8)
        net = report.engine_network(design)
        for st in net.stations:
            if not st.delay:
                assert ex.throughput * (st.demand_s + st.background_s) / st.servers <= 1.0 + 1e-9


def test_the_open_class_factor_equals_its_series() -> None:
    """The closed-form factor (Poisson and negative-binomial tails) against the series summed term by
    term, on a storage-like station (150.3 servers, 60 % background load)."""
    from sizing.tests import exact_solver as es

    q = Queue("storage", 0.0024, 150.3)
    rho = 0.6 * 150.3
    logf, m, logr = es._log_factor(q, rho, 400, 1.0)
    c = q.servers

    def log_a(j: int) -> float:  # log prod_{i<=j} min(i, c)
        return math.lgamma(min(j, m) + 1) + max(j - m, 0) * math.log(c)

    for n in (0, 1, 7, 80, 149, 150):
        terms = [
            math.lgamma(n + o + 1) - math.lgamma(n + 1) - math.lgamma(o + 1) + n * math.log(0.0024)
            + o * math.log(rho) - log_a(n + o)
            for o in range(4000)
        ]  # fmt: skip
        top = max(terms)
        ref = top + math.log(math.fsum(math.exp(t - top) for t in terms))
        assert logf[n] == pytest.approx(ref, rel=1e-12, abs=1e-11)
    assert logr == pytest.approx(math.log(0.0024 / (c - rho)), rel=1e-14)


def test_the_geometric_continuation_equals_the_full_convolution() -> None:
    """Past the knee the window is continued by the bottleneck's geometric tail: the same answer as
    the convolution carried to every population."""
    net = report.engine_network("fs1-quarter-2-nodes-1000-users")
    network = Network.of(net.stations, net.think_s)
    n = report.population(net, "2 knee")
    short = solve_exact(network, n)
    full = solve_exact(network, n, length=n + 1)
    assert short.states < full.states
    assert short.throughput == pytest.approx(full.throughput, rel=1e-11)
    for name, r in full.residence_s.items():
        assert short.residence_s[name] == pytest.approx(r, rel=1e-9)


def test_the_candidate_solver_is_the_engines() -> None:
    """The prototype of the report (Erlang-C residences in Bard-Schweitzer, solved by Brent's method
    with its own Erlang C) is the engine's solver: on single-server queues (Erlang C of one server is
    its utilisation) and on every seed design's network, multi-server stations and background
    included (to the two solvers' tolerances)."""
    st = (
        mva.Station("cpu", 0.03),
        mva.Station("disk", 0.02, background_s=0.01),
        mva.Station("net", 0.005, delay=True),
    )
    for n in (1.0, 10.0, 30.0, 200.0):
        x, r = report.candidate(st, 1.0, n, linearizer=False)
        ref = mva.schweitzer(st, 1.0, n)
        assert x == pytest.approx(ref.throughput, rel=1e-9)
        assert r == pytest.approx(ref.response_s, rel=1e-8)
    assert report._erlang_c(3.0, 2.0) == pytest.approx(4 / 9, rel=1e-12)  # M/M/3 at a = 2: C = 4/9
    assert mva._erlang(3.0, math.lgamma(4.0), 2.0 / 3.0)[0] == pytest.approx(4 / 9, rel=1e-12)
    for design in report.oltp_designs():
        net = report.engine_network(design)
        for point in report.POINTS:
            n = float(report.population(net, point))
            x, r = report.candidate(net.stations, net.think_s, n, linearizer=False)
            ref = mva.solve(net.stations, net.think_s, n)
            assert x == pytest.approx(ref.throughput, rel=1e-7)
            assert r == pytest.approx(ref.response_s, rel=1e-7)


@pytest.mark.parametrize("design", sorted({d for d, point in MEASURED_BEYOND if point == "design"}))
def test_where_the_solver_is_off_the_response_band_holds_the_exact_response(design: str) -> None:
    """The design's response band is widened by the solver's measured error (issue 37 point 8) and says
    so; the exact response lies inside it."""
    row = report.measure(design, "design")
    assert row.exact is not None
    evidence, rules = report._catalog()
    result = evaluate_design(design_inputs_from_dict(SEED_DESIGNS[design]), evidence, rules)
    (band,) = [b for b in result.bands if b.quantity == "response_at_design"]
    assert "solver's own error" in band.basis
    assert band.low.value <= row.exact.response_s * 1000 <= band.high.value


@pytest.mark.parametrize("design", [d for d in report.oltp_designs() if d in SEED_DESIGNS])
def test_the_widening_envelope_covers_the_solvers_error_around_the_knee(design: str) -> None:
    """mva.solver_knee_error_pct against the exact solution from 0.8 to 1.4 times the knee: wherever it
    says 0 the engine is within the 5 % response tolerance, and where it widens, the error is within it."""
    net = report.engine_network(design)
    for step in range(0, 61, 3):
        n = max(1, round((0.8 + step / 100) * net.knee))
        widening = mva.solver_knee_error_pct(net.stations, net.think_s, float(n))
        exact = report._exact(net.stations, net.think_s, n)
        if exact is None:
            continue
        error = abs(mva.solve(net.stations, net.think_s, float(n)).response_s / exact.response_s - 1) * 100
        assert error <= (widening or R_TOL_PCT), f"{n} users ({n / net.knee:.2f} x knee): {error:.1f} %"
