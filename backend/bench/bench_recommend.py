"""Recommender benchmark (`make bench`, issue 36): the search beside its baselines, in the same run.

1. The recommendation (sizing.recommend: screen every size of every OLTP configuration at today's
   load and through a 3-year, 20 %/year horizon, then full evaluations of the staircases, the next
   smaller sizes and the reference racks), its median over rounds, against
2. the vectorised screen of the same candidates alone (sizing.search.screen, the same designs), and
3. one evaluation of one design (evaluate_design).
Printed: medians, the ratio search / screen (goal: <= 3x), the number of candidates screened and of
full evaluations made, and the search's own time against the API's 1 s goal (the API adds the BOM
pricing of each candidate, memoised per catalog version; not measured here).
4. Several databases together (issue 40, sizing.recommend.recommend_together): two TPS-target OLTP
   databases (2,000 and 1,000 TPS, growing 20 %/year for 3 years, one RAC node allowed to fail) over
   every family, against the same two databases searched one at a time (recommend, the same families):
   the ratio is what searching them together costs over two searches; per family beside it.

Run: cd backend && ../.venv/bin/python bench/bench_recommend.py
"""

from __future__ import annotations

import pathlib
import platform as host
import statistics
import sys
import time
from dataclasses import replace

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from sizing import evaluator as api
from sizing.consolidation import consolidated_inputs_from_dict
from sizing.evaluator import evaluate_design
from sizing.evidence import EvidenceBundle
from sizing.fixtures import load_fixture_dir
from sizing.inputs import DesignInputs, OltpWorkload, Platform
from sizing.platforms import REGISTRY
from sizing.recommend import _grown, configurations, recommend, recommend_together
from sizing.rules import RuleSet
from sizing.search import MAX_NODES, MAX_UNITS, screen

FIXTURES = pathlib.Path(__file__).resolve().parents[2] / "fixtures"
ROUNDS = 7


def _median(f: object, rounds: int = ROUNDS) -> float:
    times = []
    for _ in range(rounds):
        api.forget_models()
        start = time.perf_counter()
        f()  # type: ignore[operator]
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    evidence, rules = load_fixture_dir(FIXTURES)
    workload = OltpWorkload(
        target_tps=30000, sla_response_ms=20, user_growth_pct_per_year=20, horizon_years=3
    )
    grid = [
        DesignInputs(workload, c.platform(n, u))
        for c in configurations("oltp")
        for u in range(1, MAX_UNITS + 1)
        for n in range(1, MAX_NODES + 1)
    ]
    grown = [replace(d, workload=_grown(workload)) for d in grid]
    recommend(workload, evidence, rules)  # warm: imports, the evidence's own caches

    def search() -> None:
        recommend(workload, evidence, rules)

    def screened() -> None:
        screen(grid, evidence, rules)
        screen(grown, evidence, rules)

    one = DesignInputs(
        workload, Platform("oracle-fs1", "FS1-2", rac_nodes=4, arrays=3, drives_per_enclosure=19)
    )

    def single() -> None:
        evaluate_design(one, evidence, rules)

    t_search, t_screen, t_one = _median(search), _median(screened), _median(single, 21)
    result = recommend(workload, evidence, rules)
    print(f"host: {host.processor() or host.machine()}, Python {host.python_version()}")
    print(
        f"candidates screened: {len(grid) + len(grown):,} ({len(grid):,} sizes today and through the horizon)"
    )
    print(f"full evaluations per search: {result.searched.full_evaluations}")
    print(f"search (median of {ROUNDS}): {t_search * 1000:.1f} ms")
    print(f"screen of the same candidates: {t_screen * 1000:.1f} ms")
    print(f"one evaluation: {t_one * 1000:.3f} ms")
    print(f"search / screen: {t_search / t_screen:.2f}x (goal <= 3x)")
    print(f"search: {t_search:.3f} s (goal for the API's answer: <= 1 s median)")
    together(evidence, rules)


def together(evidence: EvidenceBundle, rules: RuleSet) -> None:
    """Item 4: two databases searched together against the same two searched alone."""
    growth = {"user_growth_pct_per_year": 20, "horizon_years": 3}
    dbs = [
        {"name": "A", "workload": {"kind": "oltp", "target_tps": 2000, "read_pct": 70, "database_size_gb": 500, **growth}},
        {"name": "B", "workload": {"kind": "oltp", "target_tps": 1000, "read_pct": 80, "database_size_gb": 300, **growth}},
    ]  # fmt: skip
    platform = {"family": "xtremio", "storage_model": "X-Brick"}  # replaced by each candidate
    inputs = consolidated_inputs_from_dict({"platform": platform, "databases": dbs})
    for families in [None, *[[f] for f in REGISTRY]]:

        def both() -> None:
            recommend_together(inputs, evidence, rules, resilience="n+1-node", families=families)  # noqa: B023

        def apart() -> None:
            for db in inputs.databases:
                recommend(db.workload, evidence, rules, resilience="n+1-node", families=families)  # noqa: B023

        t_both, t_apart = _median(both, 1 if families is None else 3), _median(apart, 3)
        what = "every family" if families is None else families[0]
        print(f"two databases together, {what}: {t_both:.2f} s; searched one at a time: {t_apart:.2f} s; "
              f"ratio {t_both / t_apart:.1f}x")  # fmt: skip


if __name__ == "__main__":
    main()
