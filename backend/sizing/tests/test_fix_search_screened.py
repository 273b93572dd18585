"""The smallest-fix search reports the sizes it screens (bench/bench_engine.py builds the floor of the
fix search's solves from them, issue 37): recording them changes no fix, the largest size is screened
first, and every size the search evaluates was screened before, once."""

from __future__ import annotations

from sizing import search
from sizing.evaluation import DesignEvaluation
from sizing.evaluator import evaluate_design
from sizing.inputs import DesignInputs
from sizing.tests.golden.cases import seed_catalog
from sizing.tests.random_designs import random_oltp_designs


def test_the_sizes_screened_are_recorded_without_changing_the_fix() -> None:
    evidence, rules = seed_catalog()
    short = [
        d
        for d in random_oltp_designs(60, seed=37)
        if any(w.code == "sla-missed" for w in evaluate_design(d, evidence, rules, advise=False).warnings)
    ][:6]
    assert short, "no design of the sample misses its SLA"
    for design in short:
        screened: list[DesignInputs] = []
        evaluated: list[DesignInputs] = []

        def evaluate(size: DesignInputs, evaluated: list[DesignInputs] = evaluated) -> DesignEvaluation:
            evaluated.append(size)
            return evaluate_design(size, evidence, rules, advise=False)

        recorded = search._smallest_fix(design, evidence, rules, evaluate, screened=screened)
        plain = search._smallest_fix(
            design, evidence, rules, lambda size: evaluate_design(size, evidence, rules, advise=False)
        )
        assert recorded.words() == plain.words()
        assert recorded.design == plain.design
        largest = search.sized(design, search.MAX_NODES, search.MAX_UNITS)
        assert screened[0] == largest
        assert len(set(screened)) == len(screened)
        # each evaluated size was screened (the largest may be evaluated as the closest without a second screen)
        assert all(size in screened for size in evaluated)
        assert all(
            s.platform.rac_nodes >= design.platform.rac_nodes and s.platform.arrays >= design.platform.arrays
            for s in screened
        )
