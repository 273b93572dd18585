"""Dell IOPS-per-user rule (Section 4.2), capacity (Table 7), RAID, growth horizon."""

from __future__ import annotations

import math

import pytest

from sizing import demand
from sizing.errors import InputError
from sizing.evaluator import evaluate_design
from sizing.evidence import EvidenceBundle
from sizing.inputs import DesignInputs, OltpWorkload, Platform
from sizing.rules import RuleSet


def test_5000_users_need_3443_iops_with_the_exact_measured_ratio(
    seed: tuple[EvidenceBundle, RuleSet],
) -> None:
    rule = demand.iops_per_user(seed[1])
    assert rule.ratio == pytest.approx(3600 / 6900)
    assert round(rule.iops(5000)) == 3443  # Dell Section 4.2 worked example
    # with the printed 0.52 the same formula gives 3432, not the document's 3443
    assert round(rule.iops(5000, rounded=True)) == 3432


def test_max_users_per_array_exact_and_as_printed(seed: tuple[EvidenceBundle, RuleSet]) -> None:
    rule = demand.iops_per_user(seed[1])
    assert round(rule.max_users_per_array()) == 5227  # 6900 / 1.32 with the exact ratio
    assert round(rule.max_users_per_array(rounded=True)) == 5245  # the document's 3600 / (0.52 x 1.32)


def test_overheads_switch_independently(seed: tuple[EvidenceBundle, RuleSet]) -> None:
    rules = seed[1]
    bare = demand.iops_per_user(rules, backup=False, growth=False)
    assert bare.iops(6900) == pytest.approx(3600)
    assert demand.iops_per_user(rules, backup=True, growth=False).iops(6900) == pytest.approx(3960)
    assert demand.iops_per_user(rules, backup=False, growth=True).iops(6900) == pytest.approx(4320)


def test_arrays_needed(seed: tuple[EvidenceBundle, RuleSet]) -> None:
    rule = demand.iops_per_user(seed[1])
    assert rule.arrays_needed(5000) == 1
    assert rule.arrays_needed(6000) == 2
    assert rule.arrays_needed(11000) == 3


def test_response_time_law_round_trip() -> None:
    x = demand.tps_from_users(6900, 19.12, 0.67)
    assert x == pytest.approx(348.66, rel=1e-3)
    assert demand.users_from_tps(x, 19.12, 0.67) == pytest.approx(6900)


def test_100_gb_database_needs_435_gb_over_six_elements(seed: tuple[EvidenceBundle, RuleSet]) -> None:
    br = demand.capacity_breakdown(100, seed[1])
    assert dict(br.elements) == pytest.approx(
        {"data": 100, "temp": 20, "system_undo": 5, "redo": 10, "archive": 100, "backup": 200}
    )
    assert br.total_gb == pytest.approx(435)
    assert demand.capacity_breakdown(100, seed[1], include_backup=False).total_gb == pytest.approx(235)


def test_raid_and_spares() -> None:
    r10 = demand.raw_capacity(435, "PS6010XV", "raid10", 1, None, None)
    assert r10.raw_gb == 16 * 300
    assert r10.usable_gb == pytest.approx(14 * 300 * 0.5)
    r50 = demand.raw_capacity(435, "PS6010XV", "raid50", 1, None, None)
    assert r50.usable_gb > r10.usable_gb
    dedup = demand.raw_capacity(1000, "X-Brick", "xdp", 2, None, 2.0)
    assert dedup.required_gb == pytest.approx(500)


def test_two_x_bricks_give_the_stated_14_94_tb(seed: tuple[EvidenceBundle, RuleSet]) -> None:
    # emc-xtremio-2014, Storage configuration: fifty 400 GB SSDs with XDP give 14.94 TB (XDP 23/25 alone: 18.4),
    # read from the rule xtremio-xdp-capacity (catalog, else its cited built-in copy)
    assert demand.raw_capacity(1000, "X-Brick", "xdp", 2, None, None).usable_gb == pytest.approx(18_400)
    for rules in (seed[1], RuleSet()):
        for bricks in (2, 4):
            inputs = DesignInputs(OltpWorkload(users=100), Platform("xtremio", "X-Brick", arrays=bricks))
            capacity = evaluate_design(inputs, seed[0], rules).to_dict()["capacity"]
            assert capacity["raw"]["value"] == pytest.approx(10_000 * bricks)
            assert capacity["usable"]["value"] == pytest.approx(7_470 * bricks)


def test_years_until() -> None:
    assert demand.years_until(100, 200, 100, 5) == pytest.approx(1.0)
    assert demand.years_until(100, 121, 10, 5) == pytest.approx(2.0)
    assert demand.years_until(300, 200, 10, 5) == 0.0
    assert demand.years_until(100, 200, 0, 5) is None
    assert demand.years_until(100, 1e6, 10, 5) is None


def test_capacity_rejects_a_non_positive_database(seed: tuple[EvidenceBundle, RuleSet]) -> None:
    with pytest.raises(InputError) as err:
        demand.capacity_breakdown(-1, seed[1])
    assert err.value.field == "workload.database_size_gb"
    assert math.isfinite(demand.capacity_breakdown(1e-3, seed[1]).total_gb)


def test_a_catalog_rule_under_another_slug_is_found_by_its_parameters() -> None:
    from sizing.evidence import Source
    from sizing.rules import Rule

    renamed = Rule("oltp-space-multipliers", 3, "capacity", "Table 7",
                   {k: (v, "ratio") for k, v in {"data": 1, "temp": 0.3, "system_undo": 0.05, "redo": 0.1,
                                                  "archive": 1, "backup": 2}.items()},
                   Source("dell-equallogic-oltp-2010", "Table 7"))  # fmt: skip
    br = demand.capacity_breakdown(100, RuleSet((renamed,)))
    assert br.total_gb == pytest.approx(445)
    assert br.rule.ref()["version"] == 3 and br.rule.from_catalog
    assert demand.capacity_breakdown(100, RuleSet()).rule.from_catalog is False


def test_rule_units_are_converted_and_fallbacks_stay_in_their_document() -> None:
    from sizing.evidence import Source
    from sizing.rules import Rule, convert

    swing = Rule("swingbench-response-threshold", 1, "threshold", "20 ms", {"response_time": (20, "ms")},
                 Source("oracle-fs1-2016", "Table 1"))  # fmt: skip
    rules = RuleSet((swing,))
    # the TPC-C threshold is another document's rule: not replaced by the Swingbench one
    value, rule = rules.param("tpcc-response-threshold", "response_time", "s")
    assert value == 2 and rule.from_catalog is False
    assert rules.param("swingbench-response-threshold", "response_time", "s")[0] == pytest.approx(0.02)
    assert convert(70, "%", "fraction") == pytest.approx(0.7)
    with pytest.raises(ValueError, match="convert"):
        convert(1, "ms", "%")
