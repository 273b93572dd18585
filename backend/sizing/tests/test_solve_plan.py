"""The evaluation solves its network in one vectorised pass (api._solve_network): every point it
publishes equals what the scalar solver gives for that point, on designs of every family."""

from __future__ import annotations

import random

import pytest

from sizing import mva
from sizing.api import evaluate_design
from sizing.evaluation import OltpEvaluation
from sizing.evidence import EvidenceBundle
from sizing.inputs import DesignInputs, OltpWorkload, Platform
from sizing.model import build_model
from sizing.rules import RuleSet


def _designs(n: int) -> list[DesignInputs]:
    rng = random.Random(4)
    out = []
    for _ in range(n):
        kind = rng.choice(["ps6010xv", "ps6010s", "fs1-quarter", "fs1-half", "xtremio", "netapp"])
        nodes = rng.randint(1, 6)
        if kind.startswith("fs1"):
            enc, drives = (2, 13) if kind == "fs1-quarter" else (3, 19)
            p = Platform("oracle-fs1", "FS1-2", rac_nodes=nodes, arrays=enc, drives_per_enclosure=drives)
        elif kind == "xtremio":
            p = Platform("xtremio", "X-Brick", rac_nodes=nodes, arrays=rng.randint(1, 4))
        elif kind == "netapp":
            p = Platform("netapp", "FAS3140", rac_nodes=1, arrays=1, pam=rng.random() < 0.5)
        else:
            model = "PS6010XV" if kind == "ps6010xv" else "PS6010S"
            p = Platform("equallogic", model, rac_nodes=nodes, arrays=rng.randint(1, 3))
        if rng.random() < 0.2:
            w = OltpWorkload(target_tps=rng.uniform(10, 5000), database_size_gb=500)
        else:
            w = OltpWorkload(users=rng.choice([1, rng.randint(2, 400), rng.randint(400, 30_000)]),
                             database_size_gb=500)  # fmt: skip
        out.append(DesignInputs(w, p))
    return out


@pytest.mark.parametrize("inputs", _designs(60))
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
