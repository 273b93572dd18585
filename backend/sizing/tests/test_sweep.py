from __future__ import annotations

import pytest

from sizing.api import evaluate_design
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
