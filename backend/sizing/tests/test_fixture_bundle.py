"""The seed catalog (fixtures/*.yaml) gives the engine the same workload profiles as the cited literals
in seed_evidence.py, family by family (the engine tests run on the literals)."""

from __future__ import annotations

import pytest

from sizing.calibration import orion_estimate
from sizing.evidence import EvidenceBundle
from sizing.platforms import REGISTRY
from sizing.rules import RuleSet

Seed = tuple[EvidenceBundle, RuleSet]


@pytest.mark.parametrize("family", [f.slug for f in REGISTRY.values() if f.fit_profile is not None])
def test_profile_fit_matches(catalog: Seed, seed: Seed, family: str) -> None:
    fit = REGISTRY[family].fit_profile
    assert fit is not None
    a, b = fit(*catalog), fit(*seed)
    for name in ("reads_per_tx", "writes_per_tx", "cpu_s_per_tx", "other_s", "read_pct"):
        assert getattr(a, name) == pytest.approx(getattr(b, name), rel=1e-6), (family, name)
    assert a.profile.think_s == pytest.approx(b.profile.think_s, rel=1e-6)
    assert a.profile.sla_s == pytest.approx(b.profile.sla_s, rel=1e-6)


def test_orion_lookups_match(catalog: Seed, seed: Seed) -> None:
    for model in ("PS6010XV", "PS6010S"):
        for block in (8, 16, 32, 64):
            assert (
                orion_estimate(catalog[0], model, block, 70).value
                == orion_estimate(seed[0], model, block, 70).value
            )
