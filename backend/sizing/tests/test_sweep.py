from __future__ import annotations

import pytest

from sizing.evaluator import evaluate_design
from sizing.evidence import EvidenceBundle
from sizing.inputs import DesignInputs, OltpWorkload, Platform
from sizing.rules import RuleSet
from sizing.sweep import sweep


def test_sweep_matches_evaluate_design(seed: tuple[EvidenceBundle, RuleSet]) -> None:
    designs = [
        DesignInputs(OltpWorkload(users=u), Platform("equallogic", "PS6010XV", rac_nodes=2, cores_per_node=8,
                                                     asm_volumes=v, arrays=a))
        for u in (500, 6900, 12000) for v in (2, 4) for a in (1, 2)
    ] + [
        DesignInputs(OltpWorkload(users=u), Platform("oracle-fs1", "FS1-2", rac_nodes=n, arrays=3,
                                                     drives_per_enclosure=19))
        for u in (400, 5000) for n in (1, 2, 4)
    ] + [  # designs differing only in RAID must not share a storage model
        DesignInputs(OltpWorkload(users=3000), Platform("equallogic", "PS6010XV", raid=r)) for r in ("raid10", "raid50")
    ]  # fmt: skip
    result = sweep(designs, *seed)
    for i, d in enumerate(designs):
        one = evaluate_design(d, *seed).to_dict()["summary"]
        assert result.max_sustained_tps[i] == pytest.approx(one["max_sustained_tps"]["value"], rel=2e-3)
        assert result.users_at_max[i] == pytest.approx(one["users_at_max"]["value"], rel=2e-3)
        assert result.design_tps[i] == pytest.approx(one["design_tps"]["value"], rel=2e-3)
    assert result.holds.dtype == bool


def test_a_few_users_at_the_sla(seed: tuple[EvidenceBundle, RuleSet]) -> None:
    """A custom (AWR) workload without a think time whose demands take most of the 20 ms SLA: about 2.5
    users reach it. The rounds of a = (N-1)/N swing at so few users; the SLA point is their fixed point
    (sizing/tests/test_sla_population.py), in the sweep as in evaluate_design."""
    workload = OltpWorkload(users=2, profile="custom", tx_per_s=100.0, reads_per_s=500.0, writes_per_s=50.0,
                            db_cpu_s_per_s=1.2)  # fmt: skip
    design = DesignInputs(workload, Platform("oracle-fs1", "FS1-2", rac_nodes=1, cores_per_node=2, arrays=2,
                                             drives_per_enclosure=13))  # fmt: skip
    one = evaluate_design(design, *seed).to_dict()
    assert 2 < one["summary"]["users_at_max"]["value"] < 3
    assert one["performance"]["at_sla"]["response"]["value"] == pytest.approx(20.0, rel=1e-4)
    result = sweep([design], *seed)
    # (the published figures have 4 significant digits; the two rounds it replaced were 78 % off here)
    assert result.users_at_max[0] == pytest.approx(one["summary"]["users_at_max"]["value"], rel=5e-4)
    assert result.max_sustained_tps[0] == pytest.approx(
        one["summary"]["max_sustained_tps"]["value"], rel=5e-4
    )
