"""EMC XtremIO (emc-xtremio-2014): the SLOB profile and the fitted storage against the document's tests."""

from __future__ import annotations

import statistics
from typing import Any

import pytest

from sizing.evaluation import OltpEvaluation
from sizing.evaluator import TOLERANCE, evaluate_design
from sizing.evidence import EvidenceBundle
from sizing.families import xtremio
from sizing.families.xtremio_fit import fit_xtremio
from sizing.inputs import design_inputs_from_dict
from sizing.rules import RuleSet
from sizing.tests.golden.cases import seed_catalog
from sizing.validation import validation_report

Catalog = tuple[EvidenceBundle, RuleSet]


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return seed_catalog()


def _evaluate(catalog: Catalog, design: dict[str, Any]) -> OltpEvaluation:
    e = evaluate_design(design_inputs_from_dict(design), *catalog)
    assert isinstance(e, OltpEvaluation)
    return e


def _slob(catalog: Catalog, sessions: int, read_pct: float, **extra: Any) -> OltpEvaluation:
    d = xtremio.slob_design(sessions, read_pct)
    workload: dict[str, Any] = {**d["workload"], **extra.pop("workload", {})}
    platform: dict[str, Any] = {**d["platform"], **extra}
    return _evaluate(catalog, {"workload": workload, "platform": platform})


# (sessions, query share, document's IOPS, IOPS published as read + write, document's latency ms)
ISSUE_14 = {
    "Table 11 read-only": (32, 100.0, 197_601, 1.615),
    "Table 12 100 % UPDATE": (32, 0.0, 64_782, 0.96),
    "Table 13 75/25": (64, 75.0, 140_954, 1.299),
}


@pytest.mark.parametrize("case", sorted(ISSUE_14))
def test_issue_14_rows(catalog: Catalog, case: str) -> None:
    sessions, pct, iops, latency_ms = ISSUE_14[case]
    e = _slob(catalog, sessions, pct)
    total = e.demand.read_iops.value + e.demand.write_iops.value
    assert total == pytest.approx(iops, rel=0.15), case
    assert e.summary.storage_latency_at_design.value == pytest.approx(latency_ms, rel=0.25), case
    assert e.verdict == "holds", (case, [w.message for w in e.warnings])
    assert not [w for w in e.warnings if w.code in ("sla-missed", "sla-unattainable")]


def test_the_75_25_test_holds_with_the_default_sla(catalog: Catalog) -> None:
    e = _slob(catalog, 64, 75.0)
    assert e.demand.profile == "slob"
    assert e.demand.think_time.value == 0.0
    assert e.summary.sla_response.value == pytest.approx(2.0)  # ms, one SLOB operation
    assert e.summary.response_at_design.value < e.summary.sla_response.value
    assert e.verdict == "holds"


def test_update_test_reads_and_writes_one_block_per_operation(catalog: Catalog) -> None:
    e = _slob(catalog, 32, 0.0)
    assert e.demand.reads_per_transaction.value == pytest.approx(1.0)
    assert e.demand.writes_per_transaction.value == pytest.approx(1.0)
    # Table 12: 31,646 read / 33,136 write IOPS, predicted without reading the table
    assert e.demand.read_iops.value == pytest.approx(31_646, rel=0.05)
    assert e.demand.write_iops.value == pytest.approx(33_136, rel=0.10)


def test_read_only_sessions_keep_several_reads_in_flight(catalog: Catalog) -> None:
    """Little's law: reads at the array = 197,601 IOPS x 1.075 ms per single-block read (Figure 10); sessions
    waiting on a read = read waits/s x 1.615 ms per wait: about 7.7 reads in flight per waiting session."""
    fit = fit_xtremio(catalog[0])
    ro = next(m for m in fit.mixes if m.read_pct == 100.0)
    assert ro.reads == pytest.approx(11.61, rel=0.01)  # blocks per read wait
    assert ro.in_flight == pytest.approx(
        197_601 * ro.single_read_s / (ro.ops_per_s or 1) / ro.wait_s, rel=1e-9
    )
    assert 7.0 < ro.in_flight < 8.5
    up = next(m for m in fit.mixes if m.read_pct == 0.0)
    assert up.in_flight == 1.0 and up.ops_per_s is None  # the closed loop, not Table 12, sets its rate


def test_littles_law_with_zero_think_time(catalog: Catalog) -> None:
    for sessions, pct, _, _ in ISSUE_14.values():
        e = _slob(catalog, sessions, pct)
        x, r = e.performance.at_design.tps.value, e.performance.at_design.response.value / 1000
        assert sessions == pytest.approx(x * r, rel=1e-6)


@pytest.mark.parametrize("pct", [75.0, 100.0, 0.0])
def test_users_1_to_20000_monotone_and_verdict_follows_the_response(catalog: Catalog, pct: float) -> None:
    users = sorted({1, 2, 3, 5, 8, 16, 24, 32, 40, 48, 64, 80, 100, 128, 200, 500, 1000, 5000, 20_000})
    if pct == 75.0:
        users = sorted({*users, *range(30, 130, 4), 2000, 10_000})
    last_x, last_r = 0.0, 0.0
    for n in users:
        e = _slob(catalog, n, pct)
        x, r = e.performance.at_design.tps.value, e.summary.response_at_design.value
        assert x >= last_x * (1 - 1e-9), n
        assert r >= last_r * (1 - 1e-9), n
        within = r <= e.summary.sla_response.value * (1 + TOLERANCE)
        assert (e.verdict == "holds") == within, (n, r, e.verdict)
        last_x, last_r = x, r


def test_no_dell_tpcc_constants(catalog: Catalog) -> None:
    e = _slob(catalog, 64, 75.0)
    cited = " ".join(f"{a.key} {a.source}" for a in e.assumptions)
    assert "dell" not in cited.lower() and "tpcc" not in cited.lower()
    assert "no TPC-C run" not in " ".join(f.message for f in e.extrapolation)
    assert not hasattr(xtremio, "tpcc_calibrated_model")


def test_another_profile_brings_its_own_demands_onto_xtremio_storage(catalog: Catalog) -> None:
    """A user's AWR figures (profile custom): reads, writes and CPU per transaction are theirs, the
    storage constants XtremIO's own; flagged as run on a storage fitted under SLOB."""
    workload = {"profile": "custom", "tx_per_s": 1000, "reads_per_s": 8000, "writes_per_s": 2000,
                "db_cpu_s_per_s": 4, "read_pct": None}  # fmt: skip
    e = _slob(catalog, 64, 75.0, workload=workload)
    assert e.demand.profile == "custom"
    assert e.demand.reads_per_transaction.value == pytest.approx(8.0)
    assert e.demand.writes_per_transaction.value == pytest.approx(2.0)
    assert e.demand.cpu_per_transaction.value == pytest.approx(4.0)  # ms
    keys = {a.key for a in e.assumptions}
    assert {"xtremio_read_service", "xtremio_concurrency_per_xbrick", "xtremio_write_cost"} <= keys
    assert any("fitted under SLOB" in f.message for f in e.extrapolation)


def test_beyond_the_measured_ground_is_flagged(catalog: Catalog) -> None:
    assert not _slob(catalog, 64, 75.0).extrapolation
    four = _slob(catalog, 64, 75.0, arrays=4)
    assert any("X-Brick" in f.message and "vendor" in f.message for f in four.extrapolation)
    # twice the servers: twice the saturation rate, a little more than twice the IOPS within 1.5 ms
    two = _slob(catalog, 64, 75.0).storage.iops_capacity.value
    assert four.storage.iops_capacity.value == pytest.approx(2 * two, rel=0.01)
    assert any(f.field == "workload.read_pct" for f in _slob(catalog, 64, 50.0).extrapolation)
    assert any(f.field == "workload.block_size_kb" for f in _slob(catalog, 64, 75.0, workload={"block_size_kb": 16}).extrapolation)  # fmt: skip


def test_held_out_table_12_never_reaches_the_fit(catalog: Catalog) -> None:
    evidence = catalog[0]
    table_12 = next(o for o in evidence.observations if o.source.locator == "Table 12")
    assert table_12.key not in fit_xtremio(evidence).keys
    held = fit_xtremio(evidence.without([table_12.key]))
    full = fit_xtremio(evidence)
    assert held.storage.read_service_s == full.storage.read_service_s
    assert held.storage.write_cost == full.storage.write_cost


def test_validation_rows(catalog: Catalog) -> None:
    rows = [r for r in validation_report(*catalog) if r.family == "xtremio"]
    held = [r for r in rows if r.counted]
    assert len(held) >= 3
    assert all("Table 12" in r.source for r in held)
    errors = [abs(r.error_pct) for r in held]
    assert statistics.median(errors) <= 10.0
    assert max(errors) <= 30.0
    calibration = [r for r in rows if r.role == "calibration"]
    assert {"Table 11", "Table 13"} <= {
        loc for r in calibration for loc in ("Table 11", "Table 13") if loc in r.source
    }
    assert any(r.quantity == "db_time_pct" for r in calibration)  # the AWR DB CPU shares are rows too
    for r in rows:  # every row, calibration or not, within its kind's tolerance
        assert abs(r.error_pct) <= (25.0 if r.kind == "latency" else 15.0), r


def test_sweep_matches_evaluate_with_reads_in_flight_and_background_writes(catalog: Catalog) -> None:
    from sizing.sweep import sweep

    designs = [design_inputs_from_dict(xtremio.slob_design(n, pct)) for n, pct in ((32, 100.0), (32, 0.0), (64, 75.0), (500, 75.0))]  # fmt: skip
    result = sweep(designs, *catalog)
    for i, d in enumerate(designs):
        e = evaluate_design(d, *catalog)
        assert isinstance(e, OltpEvaluation)
        one = e.summary
        assert result.max_sustained_tps[i] == pytest.approx(one.max_sustained_tps.value, rel=2e-3)
        assert result.design_tps[i] == pytest.approx(one.design_tps.value, rel=2e-3)
        assert result.response_ms[i] == pytest.approx(one.response_at_design.value, rel=2e-3)
