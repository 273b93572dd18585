"""Dell EqualLogic OLTP (dell-equallogic-oltp-2010) against its own document: the Benchmark Factory
TPC-C profile, the storage latency fitted to the ORION curves and the PS6010S statements, and the
held-out runs (issue 14)."""

from __future__ import annotations

import pathlib
import statistics
from typing import Any

import pytest

from sizing import mva
from sizing.evaluator import evaluate_design
from sizing.evidence import EvidenceBundle
from sizing.families.equallogic_fit import (
    PS6010S,
    PS6010XV,
    array_curve,
    fit_profile,
    oltp_calibration_keys,
    oltp_validation_cases,
    tpcc_fit,
)
from sizing.fixtures import load_fixture_dir
from sizing.inputs import design_inputs_from_dict
from sizing.model import build_model
from sizing.rules import RuleSet
from sizing.validation import validation_report

Seed = tuple[EvidenceBundle, RuleSet]
FIXTURES = pathlib.Path(__file__).resolve().parents[3] / "fixtures"


@pytest.fixture(scope="module")
def catalog() -> Seed:
    return load_fixture_dir(FIXTURES)


def evaluate(seed: Seed, workload: dict[str, Any], platform: dict[str, Any]) -> Any:
    return evaluate_design(design_inputs_from_dict({"workload": workload, "platform": platform}), *seed)


def orion_load(iops: float) -> dict[str, Any]:
    """ORION's 8 KB 70/30 load at a given IOPS (one I/O per transaction, no CPU)."""
    return {"kind": "oltp", "target_tps": iops, "profile": "custom", "tx_per_s": 1.0, "reads_per_s": 0.7,
            "writes_per_s": 0.3, "db_cpu_s_per_s": 0.0, "think_time_s": 1.0, "sla_response_ms": 600_000.0}  # fmt: skip


@pytest.mark.parametrize("bundle", ["seed", "catalog"])
def test_issue_14_row_ps6010xv_6900_users(bundle: str, request: pytest.FixtureRequest) -> None:
    """Table 6 test 5: R = 0.671 s at 6,900 users, and each I/O within 20 ms (3,600 IOPS lie below
    ORION's 4,047 IOPS at <= 20 ms, Table 2 and Section 4.2)."""
    e = evaluate(request.getfixturevalue(bundle), {"kind": "oltp", "users": 6900}, PS6010XV)
    assert e.summary.response_at_design.value / 1000 == pytest.approx(0.671, rel=0.25)
    assert e.summary.storage_latency_at_design.value <= 20.0
    assert e.demand.iops_model.value == pytest.approx(3600, rel=0.01)
    assert e.performance.at_design.tps.value == pytest.approx(348.61, rel=0.01)


def test_the_storage_path_not_the_cpu_decides_the_peak(seed: Seed) -> None:
    """Dell gives no CPU figure: the CPU demand is an upper bound that must not decide the throughput
    where the document says the storage did."""
    e = evaluate(seed, {"kind": "oltp", "users": 6900}, PS6010XV)
    assert e.summary.bottleneck == "storage_path"
    assert e.summary.balance == "storage-bound"
    cpu = next(s for s in e.performance.stations if s.name == "cpu")
    assert cpu.utilisation_at_sla.value <= 70.0 + 0.5  # at most the stress line at the peak
    assert e.summary.max_sustained_tps.value == pytest.approx(348.61, rel=0.02)
    assert e.storage.iops_capacity.value == pytest.approx(3600, rel=0.02)  # Section 4.2


def test_users_1_to_20000_throughput_and_response_never_fall(seed: Seed) -> None:
    design = design_inputs_from_dict({"workload": {"kind": "oltp", "users": 1}, "platform": PS6010XV})

    model = build_model(design, *seed)
    stations = model.stations(2)
    users = sorted({1, 2, 3, 5, 10, 50, 100, 299, 300, 301, 302, 1000, 5000, 6900, 7000, 7388, 8000, 12000, 20000}
                   | {round(1.05**i) for i in range(1, 204)})  # fmt: skip
    prev_x = prev_r = 0.0
    for n in users:
        sol = mva.solve(stations, model.think_s, float(n))
        assert sol.throughput >= prev_x * (1 - 1e-9), n
        assert sol.response_s >= prev_r * (1 - 1e-9), n
        prev_x, prev_r = sol.throughput, sol.response_s
    # and through the public evaluation: the verdict follows R against the SLA
    for n in (1000, 7000, 20000):
        e = evaluate(seed, {"kind": "oltp", "users": n}, {**PS6010XV, "arrays": 4})
        holds_sla = e.summary.response_at_design.value <= e.summary.sla_response.value * (1 + 1e-6)
        assert any(w.code == "sla-missed" for w in e.warnings) != holds_sla


def test_300_to_301_users_no_step(seed: Seed) -> None:
    a = evaluate(seed, {"kind": "oltp", "users": 300}, PS6010XV)
    b = evaluate(seed, {"kind": "oltp", "users": 301}, PS6010XV)
    xa, xb = a.performance.at_design.tps.value, b.performance.at_design.tps.value
    assert xb / xa == pytest.approx(301 / 300, rel=1e-3)
    assert b.summary.response_at_design.value == pytest.approx(a.summary.response_at_design.value, rel=1e-3)
    assert a.verdict == b.verdict


def test_orion_maxima_sit_at_20_ms_not_at_saturation(seed: Seed) -> None:
    """Table 2: 4,047 IOPS (8 KB 70/30) is where the PS6010XV's latency reaches 20 ms; the array still
    has headroom there (its saturation rate is higher)."""
    curve = array_curve(seed[0], seed[1], "PS6010XV")
    assert curve.latency_at(4047, 8, 70) * 1000 == pytest.approx(20.0, rel=1e-6)
    assert curve.latency_at(4857, 8, 100) * 1000 == pytest.approx(20.0, rel=1e-6)
    saturation = curve.drives / curve.mean_service(8, 70)
    assert saturation > 4047
    e = evaluate(seed, {"kind": "oltp", "users": 1, "read_pct": 70}, {**PS6010XV, "asm_volumes": 10})
    assert e.storage.iops_capacity.value == pytest.approx(4047, rel=1e-6)
    # the engine's own latency at ORION's load, through ORION's ten volumes
    at = evaluate(seed, orion_load(4000), {**PS6010XV, "asm_volumes": 10})
    assert 2.0 < at.summary.storage_latency_at_design.value < 20.0
    assert at.summary.storage_utilisation_at_design.value < 100.0


def test_ps6010s_latency_statements(catalog: Seed) -> None:
    """Section 2.3: below 2 ms at the PS6010XV's 4,047 IOPS; Section 4.1 footnote 12: 16.7 ms at its
    maximum (~16,000 IOPS)."""
    low = evaluate(catalog, orion_load(4047), {**PS6010S, "asm_volumes": 10})
    assert low.summary.storage_latency_at_design.value < 2.0
    top = evaluate(catalog, orion_load(16116), {**PS6010S, "asm_volumes": 10})
    assert top.summary.storage_latency_at_design.value == pytest.approx(16.7, rel=0.05)


def test_two_volumes_predicted_from_the_four_volume_peak(seed: Seed) -> None:
    """Table 5: the two-volume run is held out; the volume constant is fitted on the peak alone."""
    evidence, rules = seed
    two = [o.key for o in evidence.observations if o.cond("asm_volumes") == 2]
    assert two
    without = evidence.without(two)
    four = evaluate((without, rules), {"kind": "oltp", "users": 1}, PS6010XV).summary.max_sustained_tps.value
    e2 = evaluate((without, rules), {"kind": "oltp", "users": 5700}, {**PS6010XV, "asm_volumes": 2})
    assert e2.summary.max_sustained_tps.value == pytest.approx(294.5, rel=0.05)
    assert e2.performance.at_design.tps.value == pytest.approx(294.5, rel=0.05)
    assert four / e2.summary.max_sustained_tps.value - 1 == pytest.approx(0.18, abs=0.03)  # Section 3.2.2


def test_the_fit_reads_only_its_calibration_keys(seed: Seed) -> None:
    evidence, rules = seed
    keys = oltp_calibration_keys(evidence)
    tpcc = [o.key for o in evidence.observations if o.cond("tool") == "benchmark_factory_tpcc"]
    without = evidence.without(k for k in tpcc if k not in keys)
    a, b = tpcc_fit(evidence, rules), tpcc_fit(without, rules)
    for name in ("think", "ios", "cpu", "volume_k"):
        assert getattr(a, name).value == getattr(b, name).value, name
    assert fit_profile(evidence, rules).reads_per_tx == fit_profile(without, rules).reads_per_tx


def test_profile_and_its_constants(seed: Seed) -> None:
    fit = fit_profile(*seed)
    assert fit.profile.slug == "tpcc-benchmark-factory"
    assert fit.profile.sla_s == 2.0  # tpcc-response-threshold
    assert 19.0 < fit.profile.think_s < 19.3  # N/X - R at 6,900 users, 348.61 TPS, 0.67 s
    assert fit.reads_per_tx + fit.writes_per_tx == pytest.approx(3600 / 348.61, rel=1e-3)  # Section 4.2
    assert fit.read_pct == 70.0
    e = evaluate(seed, {"kind": "oltp", "users": 6900}, PS6010XV)
    keys = {a.key for a in e.assumptions}
    assert {"think_time_tpcc", "ios_per_transaction_tpcc", "cpu_demand_tpcc", "read_service_PS6010XV",
            "write_cost_PS6010XV", "asm_volume_k"} <= keys  # fmt: skip
    assert e.demand.profile == "tpcc-benchmark-factory"


def test_a_custom_profile_takes_its_own_demands_and_the_family_storage(seed: Seed) -> None:
    w = {"kind": "oltp", "users": 100, "profile": "custom", "tx_per_s": 500.0, "reads_per_s": 3000.0,
         "writes_per_s": 1000.0, "db_cpu_s_per_s": 4.0, "think_time_s": 0.0}  # fmt: skip
    e = evaluate(seed, w, PS6010XV)
    assert e.demand.reads_per_transaction.value == pytest.approx(6.0)
    assert e.demand.writes_per_transaction.value == pytest.approx(2.0)
    assert e.demand.cpu_per_transaction.value == pytest.approx(8.0)  # ms
    assert e.demand.read_pct.value == pytest.approx(75.0)


def test_validation_rows(catalog: Seed) -> None:
    """Enough held-out rows; the ones the model can represent are close; the memory runs of Table 6
    (a memory setting the model has no input for) are listed: their TPS as points, their printed
    response (its last load step's, see the cases) as a value of a named limit and as the 2 s bound
    each run states."""
    evidence, _ = catalog
    assert oltp_validation_cases(evidence)
    rows = [
        r
        for r in validation_report(*catalog)
        if r.family == "equallogic" and r.document.startswith("dell-equallogic-oltp")
    ]
    held = [r for r in rows if r.counted]
    assert len(held) >= 16
    assert statistics.median(abs(r.error_pct) for r in held) <= 10.0
    assert all(r.bound_holds for r in rows if r.role == "held-out" and r.bound)
    throughput = [r for r in held if r.kind in ("throughput", "ratio") and "PS6010S ORION" not in r.case]
    assert max(abs(r.error_pct) for r in throughput) <= 15.0
    assert any(r.role == "calibration" and "6,900 users" in r.case for r in rows)
    # each memory run's printed response is graded as the value it is, a known limit on the knee, and its
    # stated 2 s bound is checked beside it
    memory = [r for r in rows if r.quantity == "response_time" and "SGA_TARGET" in r.case]
    bounds = [r for r in memory if r.bound is not None]
    values = [r for r in memory if r.bound is None]
    assert bounds and all(r.bound == "upper" and r.bound_holds for r in bounds)
    assert len(values) == len(bounds) and all(r.limit and "knee" in r.limit for r in values)
    assert [r for r in held if r.quantity == "tps" and "SGA_TARGET" in r.case]
