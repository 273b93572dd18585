"""The queueing solvers against closed forms and the operational laws."""

from __future__ import annotations

import pytest

from sizing import mva
from sizing.errors import InputError


def test_single_queue_without_think_time_is_exact() -> None:
    # one queueing station, Z = 0: every user is at the station, R(N) = N D, X = 1/D
    st = (mva.Station("disk", 0.01),)
    for sol in mva.exact(st, 0.0, 50):
        assert sol.response_s == pytest.approx(sol.users * 0.01)
        assert sol.throughput == pytest.approx(100.0)


def test_operational_laws_hold_on_exact_and_schweitzer() -> None:
    st = (mva.Station("cpu", 0.02, 4), mva.Station("disk", 0.03, 1), mva.Station("net", 0.001, delay=True))
    for n in (1, 5, 40, 300, 2000, 100_000):
        sol = mva.solve(st, 1.5, n)
        assert n == pytest.approx(sol.throughput * (sol.response_s + 1.5), rel=1e-6)  # Little
        for k, s in enumerate(st):
            if not s.delay:
                assert sol.utilisation[k] == pytest.approx(min(sol.throughput * s.demand_s / s.servers, 1.0))
                assert sol.utilisation[k] <= 1.0 + 1e-12
        b = mva.bounds(st, 1.5, n)
        assert sol.throughput <= b.throughput_upper * (1 + 1e-9)
        assert sol.response_s >= b.response_lower_s * (1 - 1e-6) - 1e-12


def test_schweitzer_tracks_exact_mva() -> None:
    st = (mva.Station("cpu", 0.05, 2), mva.Station("disk", 0.04))
    exact = mva.exact(st, 1.0, 200)
    for n in (1, 10, 30, 60, 100, 200):
        approx = mva.schweitzer(st, 1.0, n)
        assert approx.throughput == pytest.approx(exact[n - 1].throughput, rel=0.05)


def test_stable_far_past_saturation() -> None:
    st = (mva.Station("cpu", 0.002, 72), mva.Station("storage", 0.001, 26))
    sol = mva.schweitzer(st, 0.1, 5_000_000)
    assert sol.throughput == pytest.approx(1 / max(0.002 / 72, 0.001 / 26), rel=1e-3)
    assert sol.throughput > 0


def test_sla_point_matches_bisection_on_users() -> None:
    st = (mva.Station("cpu", 0.032, 16), mva.Station("storage", 0.04, 14))
    fast = mva.sla_point(st, 19.2, 2.0)
    slow = mva.max_users_under_sla(st, 19.2, 2.0)
    assert fast.response_s == pytest.approx(2.0, rel=1e-3)
    assert fast.throughput == pytest.approx(slow.throughput, rel=1e-3)
    assert fast.users == pytest.approx(slow.users, rel=1e-3)


def test_sla_below_the_bare_service_time_reports_one_user() -> None:
    st = (mva.Station("disk", 0.5),)
    sol = mva.sla_point(st, 1.0, 0.1)
    assert sol.users == 1.0


def test_bad_station_rejected() -> None:
    with pytest.raises(ValueError, match="demand"):
        mva.Station("x", float("nan"))
    with pytest.raises(ValueError, match="server"):
        mva.Station("x", 1.0, 0)


def test_the_batch_solver_equals_the_scalar_one_bit_for_bit() -> None:
    """mva.schweitzer_batch is the scalar Newton on arrays: every figure equal, not merely close, over
    networks like the families' (multi-server CPU, fitted storage concurrency with background writes,
    delays, a single-server path), populations from one user to far past saturation, any think time."""
    import random

    rng = random.Random(20261126)
    for _ in range(400):
        st: list[mva.Station] = [
            mva.Station("cpu", rng.uniform(1e-4, 0.05), rng.choice([1, 8, 16, 72])),
            mva.Station(
                "storage",
                rng.uniform(1e-4, 0.2),
                rng.uniform(1, 40),
                background_s=rng.choice([0.0, rng.uniform(0, 0.05)]),
            ),
        ]
        if rng.random() < 0.5:
            st.append(mva.Station("other", rng.uniform(0, 0.01), delay=True))
        if rng.random() < 0.3:
            st.append(mva.Station("storage_path", rng.uniform(1e-4, 0.01), 1.0))
        network = tuple(st)
        think = rng.choice([0.0, 0.1, 19.0, 3600.0])
        pops = [1.0, rng.uniform(1, 50), rng.uniform(1, 5000), rng.uniform(1, 1e6)]
        batch = mva.schweitzer_batch([network] * len(pops), think, pops)
        for m, n in enumerate(pops):
            assert batch.solution(m) == mva.schweitzer(network, think, n)


def test_the_batch_solver_takes_delay_only_networks_and_refuses_mixed_shapes() -> None:
    delays = (mva.Station("think", 0.5, delay=True), mva.Station("net", 0.01, delay=True))
    assert mva.schweitzer_batch([delays], 1.0, [3.0]).solution(0) == mva.schweitzer(delays, 1.0, 3.0)
    with pytest.raises(InputError):
        mva.schweitzer_batch([delays, delays[:1]], 1.0, [1.0, 2.0])
    with pytest.raises(InputError):
        mva.schweitzer_batch([delays], 1.0, [0.0])
