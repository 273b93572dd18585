"""The engine's approximate MVA against the exact solution of the same closed network (issue 37,
point 8), for every OLTP seed design and for the FS1-2 half rack at 8 and 16 RAC nodes:

    PYTHONPATH=. python -m sizing.tests.exact_solver_report      (from backend/)
    PYTHONPATH=. python -m sizing.tests.exact_solver_report --prototypes

prints a markdown table (with --prototypes: the same points for two candidate solvers, prototypes
here, and the time of one solve of each: the first, Erlang-C residences in Bard-Schweitzer, is what
sizing.mva has solved since, kept as an independent implementation of it; the second adds
Linearizer's correction, in no engine). The networks are the engine's own: `build_model(...).stations(nodes)` and
`model.think_s`, the very Station objects `sizing.oltp_network._solve_network` solves, read by
`exact_solver.Network.of` (nothing rebuilt). The engine's figures are `mva.solve` on that network.

Populations: N = 1, 0.5, 0.9 and 2 x the knee, and the design load (the users the engine solves the
design at: its users, or the users for its target TPS). The knee is the engine's own
`mva.bounds(...).knee_users`, the classic asymptotic knee N* = (D + Z) / D_max with D the sum of
every demand (delays included), D_max = max_k (D_k + B_k) / c_k (background counted). The exact
solver takes integer populations: every point is taken at round(N) (at least 1), the engine's too.

DSS designs are not closed networks (sizing.dss: a bandwidth model), so they have no row.
"""

from __future__ import annotations

import functools
import math
import sys
import timeit
from dataclasses import dataclass
from typing import Any

from scipy import special
from scipy.optimize import brentq

from sizing import mva, oltp_network
from sizing.inputs import OltpWorkload, design_inputs_from_dict
from sizing.model import build_model
from sizing.tests.exact_solver import BeyondReach, ExactSolution, Network, solve_exact
from sizing.tests.golden.cases import SEED_DESIGNS, seed_catalog

POINTS = ("1", "0.5 knee", "0.9 knee", "design", "2 knee")
# The FS1-2 half rack (fs1-half-4-nodes-rated-39000-tps) at node counts the seed designs do not reach
NODE_VARIANTS = {
    f"fs1-half-{n}-nodes-rated-39000-tps (variant)": {
        **SEED_DESIGNS["fs1-half-4-nodes-rated-39000-tps"],
        "platform": {**SEED_DESIGNS["fs1-half-4-nodes-rated-39000-tps"]["platform"], "rac_nodes": n},
    }
    for n in (8, 16)
}


@dataclass(frozen=True)
class EngineNetwork:
    design: str
    stations: tuple[mva.Station, ...]
    think_s: float
    design_users: float
    knee: float


@functools.cache
def _catalog() -> Any:
    return seed_catalog()


def engine_network(design: str) -> EngineNetwork:
    """The network the engine solves for a seed design (or a node variant), at its own node count."""
    raw = NODE_VARIANTS.get(design) or SEED_DESIGNS[design]
    inputs = design_inputs_from_dict(raw)
    if not isinstance(inputs.workload, OltpWorkload):
        raise ValueError(f"{design} is not an OLTP design: no closed network")
    evidence, rules = _catalog()
    model = build_model(inputs, evidence, rules)
    solved = oltp_network._solve_network(inputs.workload, inputs.platform, model)
    stations = solved.stations
    knee = mva.bounds(stations, model.think_s, 1.0).knee_users
    return EngineNetwork(design, stations, model.think_s, solved.load.users, knee)


def oltp_designs() -> list[str]:
    out = []
    for name, raw in SEED_DESIGNS.items():
        if raw["workload"]["kind"] == "oltp":
            out.append(name)
    return [*out, *NODE_VARIANTS]


def population(net: EngineNetwork, point: str) -> int:
    n = {"1": 1.0, "design": net.design_users}.get(point)
    if n is None:
        n = float(point.split()[0]) * net.knee
    return max(1, round(n))


@dataclass(frozen=True)
class Row:
    design: str
    point: str
    users: int
    engine_x: float
    engine_r: float
    exact: ExactSolution | None  # None: beyond the exact solver's reach
    station_errors: dict[str, float]  # per queueing station, residence error in %

    @property
    def dx_pct(self) -> float:
        return math.nan if self.exact is None else (self.engine_x / self.exact.throughput - 1) * 100

    @property
    def dr_pct(self) -> float:
        return math.nan if self.exact is None else (self.engine_r / self.exact.response_s - 1) * 100

    @property
    def worst_station(self) -> tuple[str, float]:
        if not self.station_errors:
            return ("", math.nan)
        return max(self.station_errors.items(), key=lambda kv: abs(kv[1]))


@functools.cache
def _exact(stations: tuple[mva.Station, ...], think_s: float, n: int) -> ExactSolution | None:
    try:
        return solve_exact(Network.of(stations, think_s), n)
    except BeyondReach:
        return None


def measure(design: str, point: str) -> Row:
    net = engine_network(design)
    n = population(net, point)
    sol = mva.solve(net.stations, net.think_s, float(n))
    ex = _exact(net.stations, net.think_s, n)
    errors: dict[str, float] = {}
    if ex is not None:
        for k, st in enumerate(net.stations):
            if not st.delay:
                errors[st.name] = (sol.residence_s[k] / ex.residence_s[st.name] - 1) * 100
    return Row(design, point, n, sol.throughput, sol.response_s, ex, errors)


def _num(v: float) -> str:
    return f"{v:,.1f}" if abs(v) >= 100 else f"{v:.4g}"


def table(rows: list[Row]) -> str:
    head = (
        "| design | point | N | engine X (TPS) | exact X (TPS) | ΔX % | engine R (ms) | exact R (ms) | ΔR % "
        "| max station residence Δ % |\n|---|---|---:|---:|---:|---:|---:|---:|---:|---|"
    )
    lines = [head]
    for r in rows:
        if r.exact is None:
            lines.append(
                f"| {r.design} | {r.point} | {r.users} | {_num(r.engine_x)} | beyond reach | | "
                f"{_num(r.engine_r * 1000)} | | | |"
            )
            continue
        name, err = r.worst_station
        lines.append(
            f"| {r.design} | {r.point} | {r.users} | {_num(r.engine_x)} | {_num(r.exact.throughput)} | "
            f"{r.dx_pct:+.2f} | {_num(r.engine_r * 1000)} | {_num(r.exact.response_s * 1000)} | {r.dr_pct:+.2f} | "
            f"{err:+.2f} ({name}) |"
        )
    return "\n".join(lines)


def all_rows() -> list[Row]:
    return [measure(d, p) for d in oltp_designs() for p in POINTS]


# --- candidate solvers (prototypes: the first is the engine's, re-implemented; the second is not) -----


def _erlang_c(c: float, a: float) -> float:
    """Erlang C (probability of waiting) of c servers at offered load a (c real: Erlang B through the
    incomplete gamma function, B = a^c e^-a / Gamma(c + 1, a), exact at integer c)."""
    if a <= 0:
        return 0.0
    b = math.exp(c * math.log(a) - a - special.gammaln(c + 1) - math.log(special.gammaincc(c + 1, a)))
    return b / (1 - (a / c) * (1 - b))


def _core(
    queues: list[tuple[float, float, float]], fixed: float, n: float, delta: list[float]
) -> tuple[float, list[float]]:
    """Bard-Schweitzer's fixed point with each multi-server queue's residence D (1 + C(c, a) / (c - a))
    at the load a = (n-1)/n X D + X B an arrival finds (for c = 1 it is the engine's D / (1 - a)), and
    a single-server queue's arrival queue corrected by Linearizer's delta (0: plain Schweitzer)."""
    an = (n - 1) / n

    def residences(x: float) -> list[float] | None:
        out = []
        for (d, c, b), dl in zip(queues, delta, strict=True):
            if c == 1:
                u = 1 - x * b - an * x * d
                if u <= 0:
                    return None
                out.append(d * max(1 + (n - 1) * dl, 0.0) / u)
            else:
                a = an * x * d + x * b
                if a >= c:
                    return None
                out.append(d * (1 + _erlang_c(c, a) / (c - a)))
        return out

    limits = [c / (an * d + b) for d, c, b in queues if an * d + b > 0]
    hi = min([n / (fixed + sum(d for d, _, _ in queues)), *limits]) * (1 - 1e-13)

    def excess(x: float) -> float:
        rr = residences(x)
        return math.inf if rr is None else x * (fixed + sum(rr)) - n

    x = hi if excess(hi) <= 0 else float(brentq(excess, 0.0, hi, xtol=1e-15 * hi, rtol=1e-14))
    rr = residences(x)
    assert rr is not None
    return x, rr


def candidate(
    stations: tuple[mva.Station, ...], think_s: float, n: float, *, linearizer: bool
) -> tuple[float, float]:
    """(X, R) of a candidate solver: Erlang-C multi-server residences in Bard-Schweitzer, with
    (`linearizer`) Linearizer's correction (Chandy-Neuse: three rounds at n and n - 1) on the
    single-server queues."""
    queues = [(s.demand_s, float(s.servers), s.background_s) for s in stations if not s.delay]
    fixed = think_s + sum(s.demand_s for s in stations if s.delay)
    delta = [0.0] * len(queues)
    if linearizer and n >= 2 and any(c == 1 for _, c, _ in queues):
        for _ in range(3):
            x1, r1 = _core(queues, fixed, n, delta)
            x0, r0 = _core(queues, fixed, n - 1, delta)
            delta = [x0 * a / (n - 1) - x1 * b / n for a, b in zip(r0, r1, strict=True)]
    x, rr = _core(queues, fixed, n, delta)
    return x, sum(rr) + fixed - think_s


def prototype_table(rows: list[Row]) -> str:
    lines = [
        "| design | point | N | engine ΔX % | engine ΔR % | Erlang-C ΔX % | Erlang-C ΔR % "
        "| Erlang-C + Linearizer ΔX % | Erlang-C + Linearizer ΔR % |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        if r.exact is None:
            continue
        net = engine_network(r.design)
        cells = []
        for lin in (False, True):
            x, resp = candidate(net.stations, net.think_s, float(r.users), linearizer=lin)
            cells += [(x / r.exact.throughput - 1) * 100, (resp / r.exact.response_s - 1) * 100]
        lines.append(
            f"| {r.design} | {r.point} | {r.users} | {r.dx_pct:+.2f} | {r.dr_pct:+.2f} | "
            + " | ".join(f"{v:+.2f}" for v in cells)
            + " |"
        )
    return "\n".join(lines)


def _time_one(design: str, forget: Any, evaluate: Any) -> tuple[int, list[float]]:
    evidence, rules = _catalog()
    net = engine_network(design)
    n = population(net, "design")
    network = Network.of(net.stations, net.think_s)
    inputs = design_inputs_from_dict(SEED_DESIGNS[design])

    def cold() -> None:
        forget()
        evaluate(inputs, evidence, rules, advise=False)

    jobs = (
        lambda: mva.solve(net.stations, net.think_s, float(n)),
        lambda: candidate(net.stations, net.think_s, float(n), linearizer=False),
        lambda: candidate(net.stations, net.think_s, float(n), linearizer=True),
        lambda: solve_exact(network, n),
        cold,
    )
    return n, [min(timeit.repeat(job, number=3, repeat=3)) / 3 * 1000 for job in jobs]


def timings() -> str:
    """One solve at the design load, in ms (best of a few): the engine's mva.solve, the candidates,
    the exact solver; and one cold evaluation of the design (advise=False) for scale."""
    from sizing import evaluator

    lines = [
        "| design | N | engine solve ms | Erlang-C ms | Erlang-C + Linearizer ms | exact ms | one cold evaluation ms |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for design in (
        "fs1-quarter-rated-25800-tps",
        "ps6010xv-4-volumes-6900-users",
        "netapp-with-pam-140-users",
    ):
        n, ms = _time_one(design, evaluator.forget_models, evaluator.evaluate_design)
        lines.append(f"| {design} | {n} | " + " | ".join(f"{v:.3g}" for v in ms) + " |")
    return "\n".join(lines)


if __name__ == "__main__":
    measured = all_rows()
    sys.stdout.write(table(measured) + "\n")
    if "--prototypes" in sys.argv[1:]:
        sys.stdout.write("\n" + prototype_table(measured) + "\n\n" + timings() + "\n")
