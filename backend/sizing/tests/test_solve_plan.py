"""The evaluation solves its network in one vectorised pass (sizing.oltp_network._solve_network): every point it
publishes equals what the scalar solver gives for that point, on designs of every family."""

from __future__ import annotations

import pytest

from sizing import mva
from sizing.evaluation import OltpEvaluation
from sizing.evaluator import evaluate_design
from sizing.evidence import EvidenceBundle
from sizing.inputs import DesignInputs
from sizing.model import build_model
from sizing.rules import RuleSet
from sizing.tests.random_designs import random_oltp_designs


@pytest.mark.parametrize("inputs", random_oltp_designs(60, seed=4))
def test_every_solved_point_equals_the_scalar_solvers(
    inputs: DesignInputs, catalog: tuple[EvidenceBundle, RuleSet]
) -> None:
    evidence, rules = catalog
    ev = evaluate_design(inputs, evidence, rules)
    assert isinstance(ev, OltpEvaluation)
    model = build_model(inputs, evidence, rules)
    think, sla = model.think_s, model.sla_s
    stations = model.stations(inputs.platform.rac_nodes)
    at_sla = mva.sla_point(stations, think, sla)
    assert ev.performance.at_sla.users.value == at_sla.users
    assert ev.performance.at_sla.tps.value == at_sla.throughput
    if ev.summary.users.value >= 1:
        at_design = mva.schweitzer(stations, think, ev.summary.users.value)
        assert ev.performance.at_design.response.value == at_design.response_s * 1000
    sto = next(k for k, s in enumerate(stations) if s.name == "storage")
    for b in ev.balance.points:
        sol = mva.schweitzer(stations, think, b.users)
        assert b.tps == sol.throughput
        assert b.read_latency_ms == (
            sol.residence_s[sto] / model.read_calls * 1000 if model.read_calls else 0
        )
    for s in ev.projection.series:
        st = model.stations(s.rac_nodes)
        assert s.max_sustained_tps.value == mva.sla_point(st, think, sla).throughput
        for p in s.points:
            sol = mva.schweitzer(st, think, p.users)
            assert (p.tps, p.response_ms) == (sol.throughput, sol.response_s * 1000.0)
