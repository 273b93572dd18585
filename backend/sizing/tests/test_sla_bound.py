"""Issue 16: the searches for the smallest fix skip a network when Little's law at the SLA already
shows it too small (mva.sla_population_bound); the bound must never fall below the population the
solver finds, or a search would answer "no fix" where one exists."""

from __future__ import annotations

import random

from sizing import mva
from sizing.evidence import EvidenceBundle
from sizing.inputs import design_inputs_from_dict
from sizing.model import build_model
from sizing.rules import RuleSet

Catalog = tuple[EvidenceBundle, RuleSet]

PLATFORMS = [
    {"family": "oracle-fs1", "storage_model": "FS1-2", "arrays": 2, "drives_per_enclosure": 13},
    {"family": "oracle-fs1", "storage_model": "FS1-2", "arrays": 3, "drives_per_enclosure": 19},
    {"family": "equallogic", "storage_model": "PS6010XV", "cores_per_node": 8, "asm_volumes": 4},
    {"family": "equallogic", "storage_model": "PS6010S", "cores_per_node": 8, "arrays": 2},
    {"family": "xtremio", "storage_model": "X-Brick", "arrays": 2},
    {"family": "netapp", "storage_model": "FAS3140", "pam": True},
    {"family": "netapp", "storage_model": "FAS3140", "pam": False},
]


def test_the_bound_is_never_below_the_sla_population(catalog: Catalog) -> None:
    rng = random.Random(16)
    checked = 0
    for platform in PLATFORMS:
        for _ in range(6):
            workload = {"kind": "oltp", "users": 1000, "read_pct": rng.choice([70, 80, 100]),
                        "block_size_kb": rng.choice([8, 16]), "database_size_gb": 100}  # fmt: skip
            model = build_model(
                design_inputs_from_dict({"workload": workload, "platform": platform}), *catalog
            )
            for nodes in (1, 2, 3, 4, 5, 8, 12, 16):
                stations = model.stations(nodes)
                for sla in (model.sla_s, model.sla_s * rng.uniform(0.2, 5.0)):
                    found = mva.sla_population(stations, model.think_s, sla)
                    bound = mva.sla_population_bound(stations, model.think_s, sla)
                    assert found <= bound, (platform, nodes, sla, found, bound)
                    checked += 1
    assert checked == len(PLATFORMS) * 6 * 8 * 2


def test_the_bound_is_tight_enough_to_decide() -> None:
    """Past the knee the bound is within a fraction of a percent of the population (else skipping
    solves would rarely apply): a CPU-bound and a storage-bound network."""
    for stations in (
        (mva.Station("cpu", 0.004, 16), mva.Station("storage", 0.002, 8, background_s=0.001)),
        (mva.Station("cpu", 0.001, 16), mva.Station("storage", 0.008, 4, background_s=0.004)),
    ):
        found = mva.sla_population(stations, 0.1, 0.05)
        bound = mva.sla_population_bound(stations, 0.1, 0.05)
        assert found <= bound <= found * 1.01


def test_no_queue_within_the_sla_bounds_at_one_user() -> None:
    stations = (mva.Station("cpu", 0.03, 1), mva.Station("storage", 0.03, 1))
    assert mva.sla_population(stations, 1.0, 0.05) == 1.0
    assert mva.sla_population_bound(stations, 1.0, 0.05) == 1.0
