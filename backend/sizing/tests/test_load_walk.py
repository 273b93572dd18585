"""Walk the users of each family's own configuration from 1 to 20,000: throughput and response time
never fall as load grows, and the verdict agrees with the response time against the SLA."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from sizing.evaluation import OltpEvaluation
from sizing.evaluator import TOLERANCE, evaluate_design
from sizing.evidence import EvidenceBundle
from sizing.inputs import design_inputs_from_dict
from sizing.rules import RuleSet
from sizing.tests.golden.cases import SEED_DESIGNS

USERS = sorted({1, 2, 3, 5, 8, 13, 20, 32, 50, 64, 100, 140, 200, 299, 300, 301, 302, 500, 1000, 2000,
                3000, 5000, 6900, 8000, 10000, 15000, 20000})  # fmt: skip
# One OLTP design per family and storage model: the documents' own configurations.
WALKED = [
    "fs1-quarter-2-nodes-1000-users",
    "fs1-half-3-nodes-20000-users",
    "ps6010xv-4-volumes-6900-users",
    "ps6010s-6000-users",
    "xtremio-2-xbricks-32-sessions-read-only",
    "xtremio-2-xbricks-64-sessions-75-25",
    "netapp-with-pam-140-users",
    "netapp-without-pam-140-users",
]


def _walk(catalog: tuple[EvidenceBundle, RuleSet], name: str, **workload: Any) -> list[OltpEvaluation]:
    base = SEED_DESIGNS[name]
    out = []
    for n in USERS:
        w = {**base["workload"], **workload, "users": n}
        w.pop("target_tps", None)
        e = evaluate_design(design_inputs_from_dict({"workload": w, "platform": base["platform"]}), *catalog)
        assert isinstance(e, OltpEvaluation)
        out.append(e)
    return out


@pytest.mark.parametrize("name", WALKED)
def test_throughput_and_response_never_fall_as_users_grow(
    catalog: tuple[EvidenceBundle, RuleSet], name: str
) -> None:
    walk = _walk(catalog, name)
    for a, b in itertools.pairwise(walk):
        x_a, x_b = a.performance.at_design.tps.value, b.performance.at_design.tps.value
        r_a, r_b = a.summary.response_at_design.value, b.summary.response_at_design.value
        n = b.summary.users.value
        assert x_b >= x_a * (1 - 1e-9), (name, n, x_a, x_b)
        assert r_b >= r_a * (1 - 1e-9), (name, n, r_a, r_b)


@pytest.mark.parametrize("name", WALKED)
def test_verdict_agrees_with_the_response_time(catalog: tuple[EvidenceBundle, RuleSet], name: str) -> None:
    for e in _walk(catalog, name):
        r, sla = e.summary.response_at_design.value, e.summary.sla_response.value
        codes = {w.code for w in e.warnings}
        if r > sla * (1 + TOLERANCE):
            assert e.verdict == "does-not-hold" and codes & {"sla-missed", "sla-unattainable"}, (name, r, sla)
        else:
            assert not codes & {"sla-missed", "sla-unattainable"}, (
                name,
                e.summary.users.value,
                r,
                sla,
                codes,
            )


@pytest.mark.parametrize("name", ["ps6010xv-4-volumes-6900-users", "fs1-quarter-2-nodes-1000-users"])
def test_no_step_where_a_solver_could_switch(catalog: tuple[EvidenceBundle, RuleSet], name: str) -> None:
    walk = {int(e.summary.users.value): e for e in _walk(catalog, name)}
    x300, x301 = walk[300].performance.at_design.tps.value, walk[301].performance.at_design.tps.value
    assert x300 <= x301 <= x300 * 301 / 300 * (1 + 1e-9)
    assert walk[300].verdict == walk[301].verdict


def test_long_think_time_is_not_unattainable(catalog: tuple[EvidenceBundle, RuleSet]) -> None:
    e = evaluate_design(design_inputs_from_dict(SEED_DESIGNS["fs1-quarter-long-think-time"]), *catalog)
    assert isinstance(e, OltpEvaluation)
    assert e.summary.response_at_design.value < e.summary.sla_response.value
    assert not {w.code for w in e.warnings} & {"sla-unattainable", "sla-missed"}
