"""The multi-class solver's speed-ups keep its answers (issue 40: the recommender searches several
databases together, hundreds of solves per search):

- a shared multi-server queue's residence factor by safeguarded Newton equals the bracketing root it
  replaced (Brent's method on the same equation);
- a TPS target solved in the sweeps (its class held at the target, its population solved for) equals
  the population secant it short-cuts, and an unreachable target still falls back to the secant;
- a saturated network whose throughputs jitter by rounding stops when the moves stall, at the same answer
  as thousands of sweeps;
- a solve seeded with a neighbour's solution reaches the cold solve's answer.
"""

from __future__ import annotations

import math
import random
from dataclasses import replace
from typing import Any

import pytest
from scipy import optimize

from sizing import consolidation, multiclass, mva
from sizing.consolidation import consolidated_inputs_from_dict, evaluate_consolidated
from sizing.evidence import EvidenceBundle
from sizing.rules import RuleSet

Catalog = tuple[EvidenceBundle, RuleSet]


def _bracketed_factor(u0: float, ahead: float, servers: float, lg: float) -> float:
    """The residence factor as the solver computed it before (Brent's method on the pole's side)."""

    def gap(rho: float) -> float:
        return (rho - u0) * mva._q(1.0, servers, lg, 1.0 - rho) - ahead

    lo, hi = (ahead + u0) / (1.0 + ahead), min(u0 + ahead, 1.0 - 1e-15)
    if gap(hi) <= 0.0:
        return mva._q(1.0, servers, lg, 1.0 - hi)
    if gap(lo) >= 0.0:
        return mva._q(1.0, servers, lg, 1.0 - lo)
    return mva._q(1.0, servers, lg, 1.0 - optimize.brentq(gap, lo, hi, xtol=1e-17, rtol=9e-16, maxiter=200))


def test_the_newton_residence_factor_is_the_bracketed_root() -> None:
    """5,000 seeded queues (2 to 576 servers, integer and fitted real counts, utilisation to 0.999,
    other classes' queues 1e-6 to 1,000): the same factor to 1e-9 relative (the conditioning of a queue
    at 0.999 busy is ~1e-11 in its factor for an ulp in rho: both roots sit within it)."""
    rng = random.Random(11)
    worst = 0.0
    for _ in range(5000):
        servers = float(rng.choice([2, 4, 8, 12, 24, 48, 96, 192, 576, 3.7, 17.3, 102.0]))
        lg = mva._lg(servers)
        u0, ahead = rng.uniform(0.0, 0.999), 10 ** rng.uniform(-6, 3)
        new = multiclass._seen_factor(u0, ahead, servers, lg)
        old = _bracketed_factor(u0, ahead, servers, lg)
        worst = max(worst, abs(new / old - 1.0))
    assert worst < 1e-9, worst


TWO_TARGETS: list[dict[str, Any]] = [
    {"name": "A", "workload": {"kind": "oltp", "target_tps": 300, "read_pct": 70, "database_size_gb": 500}},
    {"name": "B", "workload": {"kind": "oltp", "target_tps": 150, "read_pct": 80, "database_size_gb": 300}},
]
PS6010XV = {"family": "equallogic", "storage_model": "PS6010XV", "rac_nodes": 4, "cores_per_node": 8}


@pytest.mark.parametrize("arrays", [1, 2, 4, 8])
def test_targets_solved_in_the_sweeps_equal_the_population_secant(
    catalog: Catalog, arrays: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two TPS-target databases (300 and 150 TPS) on 4 RAC nodes and PS6010XV arrays: each database's
    throughput and response solved at its target agree with the secant on the populations (the solves
    at the targets and at the caps switched off) to 1e-8 relative; on one array the targets are past
    the storage (the utilisation law): both databases at their caps fall short, the secant's end point."""
    platform = {**PS6010XV, "arrays": arrays}
    inputs = consolidated_inputs_from_dict({"platform": platform, "databases": TWO_TARGETS})
    fast = evaluate_consolidated(inputs, *catalog)
    monkeypatch.setattr(consolidation, "_at_targets", lambda *_: None)
    monkeypatch.setattr(consolidation, "_all_short_at_their_caps", lambda *_: None)
    slow = evaluate_consolidated(inputs, *catalog)
    assert fast.verdict == slow.verdict
    reached = []
    for f, s, target in zip(fast.databases, slow.databases, (300, 150), strict=True):
        assert f.verdict == s.verdict
        assert f.throughput is not None and s.throughput is not None
        assert f.response is not None and s.response is not None
        assert f.throughput.value == pytest.approx(s.throughput.value, rel=1e-8)
        assert f.response.value == pytest.approx(s.response.value, rel=1e-8)
        reached.append(f.throughput.value == pytest.approx(target, rel=1e-9))
    assert reached == [arrays > 1] * 2
    assert (fast.verdict == "holds") == (arrays > 1)


def test_a_saturated_network_stops_when_rounding_is_all_that_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two classes of 200,000 and 100,000 users on a NetApp FAS3140 network (56 CPU servers, the
    storage's 102, saturated): the throughputs move by ~1e-11 per sweep from rounding alone, so the
    1e-12 tolerance is never met; the solve stops within a hundred sweeps, at the answer 3,000 sweeps
    give to 1e-9."""

    # the networks of two TPS targets on a NetApp FAS3140 that a search solved at the population cap
    cpu, think = (
        mva.Station("cpu", 0.005070226031847352, 56.0),
        mva.Station("other", 0.06656890504700354, 1.0, True),
    )
    storage_a = mva.Station("storage", 0.01580790069044832, 102.0, background_s=0.030734494340996097)
    storage_b = mva.Station("storage", 0.018066172217655226, 102.0, background_s=0.020489662893997392)
    nets = [
        multiclass.ClassNetwork("A", (cpu, storage_a, think), 0.0, 200000.0),
        multiclass.ClassNetwork("B", (cpu, storage_b, think), 0.0, 100000.0),
    ]
    quick = multiclass.solve(nets)
    monkeypatch.setattr(multiclass, "STALLED_TOL", 0.0)  # the sweeps as they ran before the stall rule
    long = multiclass.solve(nets, max_sweeps=3000)
    assert quick.sweeps < 100 and long.sweeps == 3000  # the tolerance alone never stops it
    for q, r in zip(quick.classes, long.classes, strict=True):
        assert q.throughput == pytest.approx(r.throughput, rel=1e-9)


def test_a_seeded_solve_reaches_the_cold_solves_answer() -> None:
    """A solve started from a neighbouring population's solution (what the secant does) ends where a cold
    solve of the same network ends, in fewer sweeps."""
    stations = (mva.Station("cpu", 0.004, 16), mva.Station("storage", 0.006, 1))
    before = [multiclass.ClassNetwork(n, stations, 0.5, u) for n, u in (("a", 60.0), ("b", 90.0))]
    after = [replace(c, users=c.users * 1.1) for c in before]
    seeded = multiclass.solve(after, start=multiclass.solve(before))
    cold = multiclass.solve(after)
    assert seeded.sweeps < cold.sweeps
    for s, c in zip(seeded.classes, cold.classes, strict=True):
        assert s.throughput == pytest.approx(c.throughput, rel=1e-10)
        assert math.isfinite(s.response_s) and s.response_s == pytest.approx(c.response_s, rel=1e-9)


GROWING = [
    {**db, "workload": {**db["workload"], "user_growth_pct_per_year": 30, "horizon_years": 3}}
    for db in TWO_TARGETS
]


@pytest.mark.parametrize("nodes", [2, 4, 6])
@pytest.mark.parametrize("arrays", [1, 2, 3])
def test_the_searchs_verdict_today_and_the_growth_bisection_are_the_full_evaluations(
    catalog: Catalog, nodes: int, arrays: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The search of several databases asks `holds_today` (the utilisation law first, then today's load
    alone), and the growth bisection skips the months the utilisation law decides: on nine sizes of two
    growing TPS targets (30 %/year for 3 years) on PS6010XV arrays, the same verdict, the same first
    month missed and the same statement as the full evaluation with the shortcut switched off. One
    array is decided by the law alone; 4 and 6 nodes on 2 arrays hold until month 22."""
    platform = {**PS6010XV, "rac_nodes": nodes, "arrays": arrays}
    inputs = consolidated_inputs_from_dict({"platform": platform, "databases": GROWING})
    fast = evaluate_consolidated(inputs, *catalog)
    quick = consolidation.holds_today(inputs, *catalog)
    decided = consolidation._certainly_misses(inputs, *catalog)
    monkeypatch.setattr(consolidation, "_certainly_misses", lambda *_: False)
    full = evaluate_consolidated(inputs, *catalog)
    assert quick == (full.verdict != "does-not-hold")
    assert (fast.verdict, fast.months_until_missed, fast.first_missed) == (
        full.verdict,
        full.months_until_missed,
        full.first_missed,
    )
    assert [w.message for w in fast.warnings] == [w.message for w in full.warnings]
    assert decided == (arrays == 1)
    if nodes >= 4 and arrays == 2:
        assert (fast.verdict, fast.months_until_missed) == ("holds-until", 22)
