"""Issue 16: the searches for the smallest fix skip a network when Little's law at the SLA already
shows it too small (mva.sla_population_bound); the bound must never fall below the population the
solver finds, or a search would answer "no fix" where one exists."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from sizing import mva
from sizing.evidence import EvidenceBundle
from sizing.inputs import design_inputs_from_dict
from sizing.model import build_model
from sizing.rules import RuleSet

Catalog = tuple[EvidenceBundle, RuleSet]
Network = tuple[mva.Station, ...]

PLATFORMS = [
    {"family": "oracle-fs1", "storage_model": "FS1-2", "arrays": 2, "drives_per_enclosure": 13},
    {"family": "oracle-fs1", "storage_model": "FS1-2", "arrays": 3, "drives_per_enclosure": 19},
    {"family": "equallogic", "storage_model": "PS6010XV", "cores_per_node": 8, "asm_volumes": 4},
    {"family": "equallogic", "storage_model": "PS6010S", "cores_per_node": 8, "arrays": 2},
    {"family": "xtremio", "storage_model": "X-Brick", "arrays": 2},
    {"family": "netapp", "storage_model": "FAS3140", "pam": True},
    {"family": "netapp", "storage_model": "FAS3140", "pam": False},
]


NODE_COUNTS = (1, 2, 3, 4, 5, 8, 12, 16)


def _networks(
    catalog: Catalog, models_per_platform: int
) -> Iterator[tuple[dict[str, Any], int, Network, float, float]]:
    """(platform, RAC nodes, stations, think time, SLA) for a spread of models of every platform: each
    node count at the model's own SLA and at a random one (0.2x to 5x), from one seeded generator."""
    rng = random.Random(16)
    for platform in PLATFORMS:
        for _ in range(models_per_platform):
            workload = {"kind": "oltp", "users": 1000, "read_pct": rng.choice([70, 80, 100]),
                        "block_size_kb": rng.choice([8, 16]), "database_size_gb": 100}  # fmt: skip
            model = build_model(
                design_inputs_from_dict({"workload": workload, "platform": platform}), *catalog
            )
            for nodes in NODE_COUNTS:
                for sla in (model.sla_s, model.sla_s * rng.uniform(0.2, 5.0)):
                    yield platform, nodes, model.stations(nodes), model.think_s, sla


def test_the_bound_is_never_below_the_sla_population(catalog: Catalog) -> None:
    checked = 0
    for platform, nodes, stations, think, sla in _networks(catalog, 6):
        found = mva.sla_population(stations, think, sla)
        bound = mva.sla_population_bound(stations, think, sla)
        assert found <= bound, (platform, nodes, sla, found, bound)
        checked += 1
    assert checked == len(PLATFORMS) * 6 * len(NODE_COUNTS) * 2


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


def _sla_throughput(stations: tuple[mva.Station, ...], think_s: float, sla_s: float) -> float:
    """The SLA point's throughput as the searches read it (sizing.remedies._sla_throughput)."""
    n = mva.sla_population(stations, think_s, sla_s)
    return mva.schweitzer(stations, think_s, 1.0).throughput if n <= 1.0 else n / (think_s + sla_s)


def test_the_side_of_the_sla_throughput_is_never_wrong(catalog: Catalog) -> None:
    """mva.sla_throughput_side, asked about throughputs at and around the solved one (down to 1e-8
    away, where the test must stay silent or right), never contradicts the solver; and it does decide
    most questions 10 % away, or the searches would gain nothing from it."""
    asked = far = far_decided = 0
    for platform, nodes, stations, think, sla in _networks(catalog, 4):
        x = float(_sla_throughput(stations, think, sla))
        for factor in (1 - 1e-8, 1 + 1e-8, 1 - 1e-3, 1 + 1e-3, 0.9, 1.1, 0.5, 2.0, 1.0):
            asked_about = x * factor
            truth = int(x > asked_about) - int(x < asked_about)  # -1: the SLA throughput is below
            side = mva.sla_throughput_side(stations, think, sla, asked_about)
            assert side in (0, truth), (platform, nodes, sla, factor, side)
            asked += 1
            if factor in (0.9, 1.1):
                far += 1
                far_decided += side != 0
    assert asked == len(PLATFORMS) * 4 * len(NODE_COUNTS) * 2 * 9
    assert far_decided >= 0.8 * far, (far_decided, far)


def test_the_side_stays_silent_where_the_population_is_clamped() -> None:
    stations = (mva.Station("cpu", 0.03, 1), mva.Station("storage", 0.03, 1))  # one user misses 50 ms
    for x in (1e-6, 1.0, 1e6):
        assert mva.sla_throughput_side(stations, 1.0, 0.05, x) == 0
    delays = (mva.Station("other", 0.01, delay=True),)
    assert mva.sla_throughput_side(delays, 1.0, 0.05, 0.5) == 0


def test_a_network_whose_rounds_stall_at_one_user_is_solved() -> None:
    """An SLA just above the light-load response, no background and little or no think time: the first
    round's population is below one user, so the next round's a = 0 leaves no queue growing (this raised
    ValueError, a server error for an API request with think time 0). The fixed point the rounds seek is
    solved directly: the Bard-Schweitzer response at the population found is the SLA, and the bound and
    the side test agree with it. (Before, every case here with think time 0, and most with 0.1 s, raised.)
    The response at the population found is the SLA to 1e-4: the rounds stop when a settles, not on the
    response."""
    stations = (mva.Station("cpu", 0.004, 1), mva.Station("storage", 0.010, 1))  # light load: 14 ms
    solved = 0
    for sla in (0.01401, 0.0141, 0.0145, 0.015, 0.02):
        for think in (0.0, 0.1, 1.0):
            n = mva.sla_population(stations, think, sla)
            assert n >= 1.0
            if n > 1.0:
                assert abs(mva.schweitzer(stations, think, n).response_s - sla) <= 1e-4 * sla, (sla, think, n)
                solved += 1
            assert n <= mva.sla_population_bound(stations, think, sla)
            x = float(_sla_throughput(stations, think, sla))
            for factor in (0.5, 0.9, 1.1, 2.0):
                truth = int(x > x * factor) - int(x < x * factor)
                assert mva.sla_throughput_side(stations, think, sla, x * factor) in (0, truth), (
                    sla,
                    think,
                    factor,
                )
    assert solved == 15


def test_an_evaluation_with_no_think_time_and_an_sla_just_above_the_light_load(catalog: Catalog) -> None:
    """The same case through the engine: an EqualLogic PS6010S design that only reads (no data-file
    writes, so no background demand) with think time 0 and an SLA 0.05 % above its light-load response
    evaluates instead of failing."""
    from sizing.evaluator import evaluate_design

    platform = {
        "family": "equallogic",
        "storage_model": "PS6010S",
        "cores_per_node": 8,
        "arrays": 2,
        "rac_nodes": 2,
    }
    workload: dict[str, Any] = {
        "kind": "oltp",
        "users": 1000,
        "read_pct": 100,
        "database_size_gb": 500,
        "think_time_s": 0.0,
    }
    model = build_model(design_inputs_from_dict({"workload": workload, "platform": platform}), *catalog)
    stations = model.stations(2)
    light = sum(st.fixed_delay for st in stations) + sum(st.queue_demand for st in stations)
    assert sum(st.background_per_server for st in stations) == 0.0  # the case: nothing else grows
    workload["sla_response_ms"] = light * 1.0005 * 1000
    evaluation = evaluate_design(
        design_inputs_from_dict({"workload": workload, "platform": platform}), *catalog
    )
    assert evaluation.verdict in ("holds", "does-not-hold")
    assert evaluation.to_dict()["kind"] == "oltp"


FACTORS = (1 - 1e-9, 1 + 1e-9, 1 - 1e-8, 1 + 1e-8, 1 - 1e-6, 1 + 1e-6, 0.99, 1.01, 0.5, 2.0, 1.0)


def test_the_side_of_a_population_s_throughput_is_never_wrong(catalog: Catalog) -> None:
    """mva.throughput_side (the users-for-a-target-TPS search's probe), asked about throughputs at and
    around the solved one at light, medium and saturating populations (down to 1e-9 away, where it must
    stay silent or right), never contradicts the solver; and it decides nearly every question 1 % away."""
    asked = far = far_decided = 0
    rng = random.Random(1616)
    for platform, nodes, stations, think, sla in _networks(catalog, 3):
        at_sla = mva.sla_population(stations, think, sla)
        for n in (1.0, 1.5, rng.uniform(1, at_sla), at_sla, at_sla * rng.uniform(1, 10), 1e6):
            x = mva.schweitzer(stations, think, n).throughput
            for factor in FACTORS:
                asked_about = x * factor
                truth = int(x > asked_about) - int(x < asked_about)  # -1: the solved throughput is below
                side = mva.throughput_side(stations, think, n, asked_about)
                assert side in (0, truth), (platform, nodes, sla, n, factor, side)
                asked += 1
                if factor in (0.99, 1.01):
                    far += 1
                    far_decided += side != 0
    assert asked == len(PLATFORMS) * 3 * len(NODE_COUNTS) * 2 * 6 * len(FACTORS)
    assert far_decided >= 0.95 * far, (far_decided, far)


def test_the_side_stays_silent_below_one_user_and_without_queues() -> None:
    stations = (mva.Station("cpu", 0.004, 2), mva.Station("storage", 0.002, 1, background_s=0.001))
    for n in (1e-9, 0.5, 0.999):
        assert mva.throughput_side(stations, 0.1, n, 1.0) == 0
    delays = (mva.Station("other", 0.01, delay=True),)
    assert mva.throughput_side(delays, 1.0, 5.0, 0.5) == 0
    assert mva.throughput_side(stations, 0.1, 10.0, float("nan")) == 0


def test_users_for_a_target_tps_are_those_every_probe_solved_gives(
    catalog: Catalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The search that decides its probes by mva.throughput_side returns, to the last bit, the users the
    same search returns with every probe solved (as it did before the side test), for targets from a
    fraction of one user's throughput to just under the SLA point's (where the probes come closest)."""
    from sizing import oltp_network as api

    def solved(stations: Network, think_s: float, n: float, tps: float) -> bool:
        return mva.schweitzer(stations, think_s, n).throughput < tps

    def users_every_probe_solved(*args: Any) -> float:
        with monkeypatch.context() as m:
            m.setattr(api, "_throughput_below", solved)
            return api._users_for_tps(*args)

    rng = random.Random(4242)
    checked = 0
    for platform, nodes, stations, think, sla in _networks(catalog, 2):
        at_sla = mva.sla_point(stations, think, sla)
        one = mva.schweitzer(stations, think, 1.0).throughput
        for tps in (one * 0.3, one, one * 1.7, at_sla.throughput * rng.uniform(0, 1),
                    at_sla.throughput * 0.999999, at_sla.throughput * (1 - 1e-12), at_sla.throughput * 1.5):  # fmt: skip
            assert api._users_for_tps(stations, think, tps, at_sla) == users_every_probe_solved(stations, think, tps, at_sla), (
                platform, nodes, sla, tps,
            )  # fmt: skip
            checked += 1
    assert checked == len(PLATFORMS) * 2 * len(NODE_COUNTS) * 2 * 7
