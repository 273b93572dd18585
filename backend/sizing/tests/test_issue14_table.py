"""The documents' own configurations, as a new user would feed them to evaluate (issue 14's table):
each is a validation row computed by `evaluate`, within 15 % for throughput, IOPS, MB/s and utilisation
and 25 % (or on the stated side of a stated bound) for latencies and response times; the orderings and
the 3 -> 4 node rise hold."""

from __future__ import annotations

from typing import Any

import pytest

from sizing.evaluation import DssEvaluation, OltpEvaluation
from sizing.evaluator import evaluate_design
from sizing.evidence import EvidenceBundle
from sizing.inputs import design_inputs_from_dict
from sizing.rules import RuleSet
from sizing.validation import TOLERANCE_PCT, ValidationRow, validation_report

Seed = tuple[EvidenceBundle, RuleSet]
XTREMIO = {
    "family": "xtremio",
    "storage_model": "X-Brick",
    "rac_nodes": 4,
    "arrays": 2,
}  # emc-xtremio-2014 Table 1
FS1_HALF = {"family": "oracle-fs1", "storage_model": "FS1-2", "rac_nodes": 4, "arrays": 3,
            "drives_per_enclosure": 19}  # fmt: skip  # oracle-fs1-2016 Table 2
PS6010XV = {"family": "equallogic", "storage_model": "PS6010XV", "rac_nodes": 2, "arrays": 1}
PS6110XV = {"family": "equallogic", "storage_model": "PS6110XV"}


@pytest.fixture(scope="module")
def rows(catalog: Seed) -> list[ValidationRow]:
    return validation_report(*catalog)


def _oltp(catalog: Seed, platform: dict[str, Any], **workload: Any) -> OltpEvaluation:
    e = evaluate_design(design_inputs_from_dict({"workload": {"kind": "oltp", **workload}, "platform": platform}),
                        *catalog)  # fmt: skip
    assert isinstance(e, OltpEvaluation)
    return e


def _row(rows: list[ValidationRow], family: str, source: str, quantity: str, case: str = "") -> ValidationRow:
    found = [
        r
        for r in rows
        if r.family == family and source in r.source and r.quantity == quantity and case in r.case
    ]
    assert found, (family, source, quantity, case)
    return found[0]


def _within(r: ValidationRow) -> None:
    if r.bound is not None:
        assert r.bound_holds, r
    else:
        assert abs(r.error_pct) <= TOLERANCE_PCT[r.kind], r


@pytest.mark.parametrize(
    ("source", "quantity"),
    [
        ("Table 11", "read_iops"),
        ("Table 11", "io_latency"),
        ("Table 12", "iops"),
        ("Table 12", "io_latency"),
        ("Table 13", "iops"),
        ("Table 13", "io_latency"),
    ],
)
def test_xtremio_tables_11_to_13(rows: list[ValidationRow], source: str, quantity: str) -> None:
    _within(_row(rows, "xtremio", source, quantity))


def test_xtremio_75_25_holds_at_64_sessions(catalog: Seed) -> None:
    e = _oltp(catalog, XTREMIO, users=64, read_pct=75, database_size_gb=2000)
    assert e.verdict == "holds", [w.message for w in e.warnings]
    assert e.demand.iops_model.value == pytest.approx(140_954, rel=0.15)
    assert e.summary.storage_latency_at_design.value == pytest.approx(1.299, rel=0.25)


def test_fs1_latency_at_the_nominal_maximum_is_below_1_ms(rows: list[ValidationRow]) -> None:
    for case in ("quarter rack", "half rack"):
        r = _row(rows, "oracle-fs1", "Table 1", "storage_latency_at_design", case)
        assert r.bound == "upper" and r.bound_holds, r


def test_fs1_awr_example_read_latency(rows: list[ValidationRow]) -> None:
    _within(_row(rows, "oracle-fs1", "Figure 2", "storage_latency_at_design"))


def test_fs1_half_rack_rises_from_3_to_4_nodes(catalog: Seed) -> None:
    three = _oltp(catalog, {**FS1_HALF, "rac_nodes": 3}, users=1000)
    four = _oltp(catalog, FS1_HALF, users=1000)
    assert four.summary.max_sustained_tps.value > three.summary.max_sustained_tps.value * 1.05


def test_dell_6900_users(catalog: Seed, rows: list[ValidationRow]) -> None:
    e = _oltp(catalog, PS6010XV, users=6900)
    assert e.summary.response_at_design.value == pytest.approx(671, rel=0.25)
    assert e.summary.storage_latency_at_design.value <= 20.0
    assert e.demand.iops_model.value <= 4047  # below ORION's maximum within 20 ms (Table 2)
    _within(_row(rows, "equallogic", "Table 6, test 5", "response_time"))


def _dss(catalog: Seed, platform: dict[str, Any], **workload: Any) -> DssEvaluation:
    e = evaluate_design(design_inputs_from_dict({"workload": {"kind": "dss", **workload}, "platform": platform}),
                        *catalog)  # fmt: skip
    assert isinstance(e, DssEvaluation)
    return e


def test_dss_raid10_below_raid50_at_1mb_sequential_read(catalog: Seed, rows: list[ValidationRow]) -> None:
    _within(
        _row(rows, "equallogic", "Section 2.3.1 table, sequential read 1MB RAID 0", "throughput", "PS6110XV")
    )
    _within(
        _row(rows, "equallogic", "Section 2.3.2 table, sequential read 1MB RAID 0", "throughput", "PS6110XV")
    )
    raid10 = _row(
        rows, "equallogic", "Section 2.3.1 table, sequential read 1MB RAID 0", "throughput", "PS6110XV"
    )
    raid50 = _row(
        rows, "equallogic", "Section 2.3.2 table, sequential read 1MB RAID 0", "throughput", "PS6110XV"
    )
    assert raid10.predicted < raid50.predicted


@pytest.mark.parametrize("arrays", ["two RAC nodes, 1 x PS6110XV", "two RAC nodes, 2 x PS6110XV"])
def test_dss_tpch_average_two_nodes(rows: list[ValidationRow], arrays: str) -> None:
    r = _row(rows, "equallogic", arrays, "avg_throughput")
    assert r.role == "held-out"
    _within(r)


def test_dss_node_count_matters(catalog: Seed) -> None:
    one = _dss(catalog, {**PS6110XV, "rac_nodes": 1, "arrays": 2, "raid": "raid50"}, target_throughput_mb_s=100,
               query_streams=5)  # fmt: skip
    two = _dss(catalog, {**PS6110XV, "rac_nodes": 2, "arrays": 2, "raid": "raid50"}, target_throughput_mb_s=100,
               query_streams=5)  # fmt: skip
    assert two.summary.sustained_throughput.value > one.summary.sustained_throughput.value


def test_netapp_new_order_rate_with_pam(rows: list[ValidationRow]) -> None:
    _within(_row(rows, "netapp", "Section 3.1, 1,000 warehouses", "tpm"))


def test_netapp_pam_gain_by_users(rows: list[ValidationRow]) -> None:
    """Issue 37: graded on the gain itself, within 15 % of it at 140 users; at 40 users the model's gain
    is about half the stated one, and the row says why (a known limit docs/model.md names)."""
    at_140 = _row(rows, "netapp", "Section 3.3, 140 users", "change_pct")
    assert at_140.role == "held-out" and at_140.limit is None
    assert abs(at_140.error_pct) <= 15.0, at_140
    at_40 = _row(rows, "netapp", "Section 3.3, 40 users", "change_pct")
    assert at_40.role == "held-out" and at_40.limit and "flat in users" in at_40.limit
    assert at_40.error_pct == pytest.approx((at_40.predicted - 35.0) / 35.0 * 100)


@pytest.mark.parametrize("pam", ["PAM off", "PAM on"])
def test_netapp_disk_utilisation_at_1000_warehouses(rows: list[ValidationRow], pam: str) -> None:
    _within(_row(rows, "netapp", f"Table 1, {pam}, 1,000 warehouses", "disk_utilisation"))


def test_netapp_pam_gains_more_at_40_users_than_at_140(rows: list[ValidationRow]) -> None:
    at_40 = _row(rows, "netapp", "Section 3.3, 40 users", "change_pct").predicted
    at_140 = _row(rows, "netapp", "Section 3.3, 140 users", "change_pct").predicted
    assert at_40 > at_140 > 0
