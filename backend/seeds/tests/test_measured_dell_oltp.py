"""Every measured number of the Dell EqualLogic Oracle OLTP sizing paper (dell-equallogic-oltp-2010) is in the
loaded catalog, with its unit and its source locator.

The list below is transcribed from the seed text (shared/seeds/dell-equallogic-oracle-oltp-sizing-2010.txt),
not from the fixture:
- Tables 2 and 3: ORION maximum IOPS within 20 ms per block size and read mix (PS6010XV, PS6010S);
- Section 2.2 / 2.3 summaries: the rounded IOPS figures, the SSD array's < 2 ms at 4047 IOPS and the
  7x / 4x / 3.3x SSD-over-SAS ratios;
- Section 3.2.1: 348 TPS at about 7000 users; Table 5 (two vs four volumes) and Table 6 (ASMM vs AMM):
  maximum sustained TPS, response time (s) and users at that TPS; Section 3.2.2: +18% TPS;
  Section 3.2.3: +16% TPS and about 500 more IOPS for AMM at 40 GB;
- Section 4.1 and footnote 12: 4x, about 4100 IOPS (SAS) and about 16000 IOPS at 16.7 ms (SSD);
- Section 4.2: about 4000 IOPS (ORION recap) and 348 TPS at 6900 users with a 3600 IOPS peak;
- Section 5.1.1: +75% IOPS for 100 GB over 50 GB SSDs; Section 5.1.2: +18% TPS (restated).
Figures 1-13 are pictures; nothing is read off them. Sizing constants (Section 4.2 formula, Table 7
multipliers, thresholds) are rules, checked at the end.

Entries are (document, locator, quantity, value as printed without thousands separators, unit); a
loaded locator matches when it starts with the listed one.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from benchmarks.models import MeasuredPoint
from catalog.models import Configuration, SizingRule
from seeds.tests.measured import compare_with_catalog, document_rows

DOC = "dell-equallogic-oltp-2010"

# Table 2 (PS6010XV) and Table 3 (PS6010S): test -> (block KB, read %, max IOPS at <= 20 ms)
_TABLE_2 = {
    1: (8, 100, "4857"),
    2: (8, 70, "4047"),
    3: (16, 70, "3810"),
    4: (32, 70, "3569"),
    5: (64, 70, "3010"),
}
_TABLE_3 = {
    1: (8, 100, "34393"),
    2: (8, 70, "16116"),
    3: (16, 70, "15549"),
    4: (32, 70, "14648"),
    5: (64, 70, "9923"),
}
# Table 5: test -> (max sustained TPS, response time s, users at max TPS)
_TABLE_5 = {1: ("294.50", "0.18", "5700"), 2: ("348.61", "0.67", "6900")}
# Table 6: test -> (max sustained TPS, response time s, users at max TPS)
_TABLE_6 = {
    1: ("287.60", "0.068", "5500"),
    2: ("299.99", "0.235", "5900"),
    3: ("275.32", "0.166", "5400"),
    4: ("260.46", "0.758", "5300"),
    5: ("348.61", "0.671", "6900"),
    6: ("284.9", "0.18", "5500"),
}


def _tpcc(table: str, rows: dict[int, tuple[str, str, str]]) -> list[tuple[str, str, str, str, str]]:
    out = []
    for test, (tps, response, users) in rows.items():
        loc = f"{table}, test {test}"
        out += [
            (DOC, loc, "tps", tps, "TPS"),
            (DOC, loc, "response_time", response, "s"),
            (DOC, loc, "users", users, "users"),
        ]
    return out


MEASURED: list[tuple[str, str, str, str, str]] = [
    *((DOC, f"Table 2, test {t}", "max_iops", iops, "IOPS") for t, (_, _, iops) in _TABLE_2.items()),
    *((DOC, f"Table 3, test {t}", "max_iops", iops, "IOPS") for t, (_, _, iops) in _TABLE_3.items()),
    # Section 2.2, PS6010XV summary
    (DOC, "Section 2.2, summary (8K", "approx_max_iops", "4000", "IOPS"),
    (DOC, "Section 2.2, summary (64K", "approx_max_iops", "3000", "IOPS"),
    # Section 2.3, PS6010S summary and comparison with the PS6010XV
    (DOC, "Section 2.3, summary (8K 100% read", "approx_max_iops", "34000", "IOPS"),
    (DOC, "Section 2.3, summary (8K 70/30", "approx_max_iops", "16000", "IOPS"),
    (DOC, "Section 2.3, summary (latency at 4047", "iops", "4047", "IOPS"),
    (DOC, "Section 2.3, summary (latency at 4047", "max_io_latency", "2", "ms"),
    (DOC, "Section 2.3, comparison (8K 100% read", "iops_ratio", "7", "ratio"),
    (DOC, "Section 2.3, comparison (8K 70/30", "iops_ratio", "4", "ratio"),
    (DOC, "Section 2.3, comparison (64K", "iops_ratio", "3.3", "ratio"),
    # Section 3.2.1 (Figure 9 text): best configuration
    (DOC, "Section 3.2.1", "max_sustained_tps", "348", "TPS"),
    (DOC, "Section 3.2.1", "approx_users", "7000", "users"),
    *_tpcc("Table 5", _TABLE_5),
    (DOC, "Section 3.2.2", "change_pct", "18", "%"),
    *_tpcc("Table 6", _TABLE_6),
    (DOC, "Section 3.2.3", "change_pct", "16", "%"),
    (DOC, "Section 3.2.3", "approx_added_iops", "500", "IOPS"),
    # Section 4.1 and its footnote 12 (Figure 11)
    (DOC, "Section 4.1 (Figure 11)", "iops_ratio", "4", "ratio"),
    (DOC, "Section 4.1, footnote 12", "approx_max_iops", "4100", "IOPS"),
    (DOC, "Section 4.1, footnote 12", "approx_max_iops", "16000", "IOPS"),
    (DOC, "Section 4.1, footnote 12", "io_latency", "16.7", "ms"),
    # Section 4.2
    (DOC, "Section 4.2, ORION recap", "approx_max_iops", "4000", "IOPS"),
    (DOC, "Section 4.2", "max_sustained_tps", "348", "TPS"),
    (DOC, "Section 4.2", "peak_users", "6900", "users"),
    (DOC, "Section 4.2", "peak_iops", "3600", "IOPS"),
    # Section 5.1
    (DOC, "Section 5.1.1", "change_pct", "75", "%"),
    (DOC, "Section 5.1.2", "change_pct", "18", "%"),
]

pytestmark = pytest.mark.django_db


def test_every_measured_number_is_loaded(loaded_catalog: None) -> None:
    missing, _ = compare_with_catalog(DOC, MEASURED)
    assert not missing, f"not in the catalog: {missing}"


def test_no_unlisted_measured_number(loaded_catalog: None) -> None:
    # The list is complete: the catalog holds no dell-equallogic-oltp-2010 value that the list does not name.
    _, extra = compare_with_catalog(DOC, MEASURED)
    assert not extra, f"in the catalog but not in the list: {extra}"


def test_measured_list_size() -> None:
    # Tables 2+3: 10; Table 5: 2 x 3; Table 6: 6 x 3; text: 6 (2.2/2.3 summaries) + 3 ratios + 2 (3.2.1)
    # + 1 (3.2.2) + 2 (3.2.3) + 4 (4.1) + 4 (4.2) + 2 (5.1)
    assert len(MEASURED) == 10 + 6 + 18 + 6 + 3 + 2 + 1 + 2 + 4 + 4 + 2 == 58
    assert len({(d, loc, q, v) for d, loc, q, v, _ in MEASURED}) == len(MEASURED)


def _point(locator: str) -> MeasuredPoint:
    return MeasuredPoint.objects.select_related("curve").get(
        source_document__slug=DOC, source_locator=locator
    )


@pytest.mark.parametrize(
    ("table", "slug", "rows"),
    [
        ("Table 2", "dell-oltp-2010-orion-ps6010xv", _TABLE_2),
        ("Table 3", "dell-oltp-2010-orion-ps6010s", _TABLE_3),
    ],
)
def test_orion_points_carry_block_size_and_read_mix(
    loaded_catalog: None, table: str, slug: str, rows: dict[int, tuple[int, int, str]]
) -> None:
    for test, (block, read, iops) in rows.items():
        point = _point(f"{table}, test {test}")
        assert point.curve.slug == slug
        assert (point.curve.tool, point.curve.io_pattern, point.curve.raid, point.curve.arrays) == (
            "orion",
            "random",
            "raid10",
            1,
        )
        assert {k: point.conditions.get(k) for k in ("block_size_kb", "read_pct", "latency_limit_ms")} == {
            "block_size_kb": block,
            "read_pct": read,
            "latency_limit_ms": 20,
        }
        assert {v.quantity: v.value for v in point.values.all()} == {"max_iops": Decimal(iops)}


@pytest.mark.parametrize(
    ("locator", "conditions"),
    [
        ("Table 5, test 1", {"asm_volumes": 2, "memory_management": "amm", "memory_target_gb": 40}),
        ("Table 5, test 2", {"asm_volumes": 4, "memory_management": "amm", "memory_target_gb": 40}),
        ("Table 6, test 1", {"memory_management": "asmm", "sga_target_gb": 32, "hugepages": True}),
        ("Table 6, test 5", {"memory_management": "amm", "memory_target_gb": 40}),
        ("Table 6, test 6", {"memory_management": "amm", "memory_target_gb": 48}),
    ],
)
def test_tpcc_points_carry_their_test_conditions(
    loaded_catalog: None, locator: str, conditions: dict
) -> None:
    point = _point(locator)
    assert point.curve.tool == "benchmark_factory_tpcc"
    assert (point.curve.rac_nodes, point.curve.arrays, point.curve.raid) == (2, 1, "raid10")
    assert {k: point.conditions.get(k) for k in conditions} == conditions
    # Table 6 ran every test on the four-volume layout of Figure 8
    if locator.startswith("Table 6"):
        assert point.curve.asm_volumes == 4


def test_text_figures_stay_out_of_the_table_quantities(loaded_catalog: None) -> None:
    # An engine reading max_iops / tps sees each table measurement once: the rounded figures of the text
    # use their own quantity names.
    max_iops = [r for r in document_rows(DOC) if r[2] == "max_iops"]
    assert sorted(r[1] for r in max_iops) == sorted(
        [f"Table 2, test {t}" for t in _TABLE_2] + [f"Table 3, test {t}" for t in _TABLE_3]
    )
    tps = [r for r in document_rows(DOC) if r[2] == "tps"]
    assert all(r[1].startswith(("Table 5", "Table 6")) for r in tps) and len(tps) == 8


def test_arrays_and_test_systems(loaded_catalog: None) -> None:
    def parts(slug: str) -> dict[str, int]:
        conf = Configuration.objects.get(slug=slug)
        return {c.part.part_number: c.quantity for c in conf.components.select_related("part")}

    for slug, model, drive_gb, tech in (
        ("equallogic-ps6010xv", "PS6010XV", 300, "sas_15k"),
        ("equallogic-ps6010s", "PS6010S", 100, "ssd"),
    ):
        conf = Configuration.objects.get(slug=slug)
        assert (conf.platform, conf.role) == ("equallogic", "array")
        assert parts(slug) == {model: 1}
        assert conf.attributes["active_drives"] == {"value": "14", "unit": "count"}
        assert conf.attributes["hot_spares"] == {"value": "2", "unit": "count"}
        part = conf.components.get().part
        assert part.part_number_is_model and part.manufacturer.slug == "dell"
        assert (part.drive_count, part.drive_capacity_gb, part.drive_technology, part.hot_spares) == (
            16,
            drive_gb,
            tech,
            2,
        )

    tpcc = Configuration.objects.get(slug="dell-oltp-2010-tpcc-test-system")
    assert tpcc.role == "test-system"
    p = parts("dell-oltp-2010-tpcc-test-system")
    assert (p["PowerEdge R710"], p["PowerEdge R610"], p["PS6010XV"]) == (2, 2, 1)
    assert (p["PowerConnect 6248"], p["PowerConnect 8024F"]) == (2, 2)
    assert "PS6010S" not in p  # Section 3.1: only the PS6010XV was tested with TPC-C
    orion = parts("dell-oltp-2010-orion-test-system")
    assert (orion["PowerEdge R710"], orion["PS6010XV"], orion["PS6010S"]) == (2, 1, 1)


def test_table_4_layouts(loaded_catalog: None) -> None:
    conf = Configuration.objects.get(slug="dell-oltp-2010-tpcc-test-system")
    layouts = {(lay.name, lay.luns, lay.lun_size_gb) for lay in conf.layouts.all()}
    assert layouts == {
        ("ORADB (test layout 1, two volumes)", 2, Decimal("100")),
        ("ORADB (test layout 2, four volumes)", 4, Decimal("100")),
        ("ORAFLASH", 2, Decimal("200")),
        ("ORACRS", 1, Decimal("10")),
    }
    assert all(lay.kind == "asm_disk_group" for lay in conf.layouts.all())


def _rule(slug: str) -> SizingRule:
    rule = SizingRule.objects.get(slug=slug, is_current=True)
    assert rule.source_document.slug == DOC
    return rule


def _q(value: str, unit: str) -> dict[str, str]:
    return {"value": value, "unit": unit}


def test_iops_per_user_rule(loaded_catalog: None) -> None:
    rule = _rule("dell-iops-per-user")
    assert (rule.kind, rule.applies_to, rule.source_locator) == ("demand", ["equallogic"], "Section 4.2")
    assert rule.parameters == {
        "peak_iops": _q("3600", "IOPS"),
        "users_at_peak": _q("6900", "users"),
        "backup_overhead": _q("0.10", "fraction"),
        "growth_overhead": _q("0.20", "fraction"),
        "iops_per_user_printed": _q("0.52", "ratio"),
        "example_users": _q("5000", "users"),
        "example_iops": _q("3443", "IOPS"),
        "documented_max_users": _q("5245", "users"),
    }
    # The worked examples of Section 4.2 do not use the same ratio: 3443 IOPS for 5000 users follows from
    # the exact 3600/6900 (the printed 0.52 gives 3432), while 5245 users follows from the printed 0.52
    # (the exact ratio gives 5227). Both are kept as printed.
    p = {k: Decimal(v["value"]) for k, v in rule.parameters.items()}
    overheads = (1 + p["backup_overhead"]) * (1 + p["growth_overhead"])
    exact = p["peak_iops"] / p["users_at_peak"]
    assert round(p["example_users"] * exact * overheads) == p["example_iops"]
    assert round(p["example_users"] * p["iops_per_user_printed"] * overheads) == 3432
    assert round(p["peak_iops"] / (p["iops_per_user_printed"] * overheads)) == p["documented_max_users"]
    assert round(p["peak_iops"] / (exact * overheads)) == 5227


def test_capacity_rule_table_7(loaded_catalog: None) -> None:
    rule = _rule("dell-oltp-capacity")
    assert (rule.kind, rule.source_locator) == ("capacity", "Table 7")
    assert rule.parameters == {
        "data": _q("1.0", "ratio"),
        "temp": _q("0.2", "ratio"),
        "system_undo": _q("0.05", "ratio"),
        "redo": _q("0.1", "ratio"),
        "archive": _q("1.0", "ratio"),
        "backup": _q("2.0", "ratio"),
    }


@pytest.mark.parametrize(
    ("slug", "locator", "parameters"),
    [
        # ORION maximum IOPS taken at the "generally accepted disk latency limit of 20ms"
        ("disk-latency-limit", "Section 2.2", {"latency_limit": _q("20", "ms")}),
        # TPC-C maximum TPS "before the application response time exceeds 2 seconds"
        ("tpcc-response-threshold", "Section 3.2", {"response_time": _q("2", "s")}),
    ],
)
def test_thresholds(loaded_catalog: None, slug: str, locator: str, parameters: dict[str, Any]) -> None:
    rule = _rule(slug)
    assert rule.kind == "threshold" and rule.parameters == parameters
    assert rule.source_locator.startswith(locator), rule.source_locator


def test_no_unlisted_threshold_rule(loaded_catalog: None) -> None:
    current = SizingRule.objects.filter(source_document__slug=DOC, kind="threshold", is_current=True)
    assert sorted(current.values_list("slug", flat=True)) == ["disk-latency-limit", "tpcc-response-threshold"]


@pytest.mark.parametrize(
    ("slug", "good", "bad"),
    [
        ("raid10-for-oltp", {"raid": "raid10"}, {"raid": "raid50"}),
        ("asm-volumes-optimal", {"asm_volumes": 5}, {"asm_volumes": 8}),
        ("dell-asm-volumes-minimum", {"asm_volumes": 4}, {"asm_volumes": 2}),
        ("dell-asm-external-redundancy", {"asm_redundancy": "external"}, {"asm_redundancy": "normal"}),
        ("dell-drives-15k-sas-or-ssd", {"drive_technology": "ssd"}, {"drive_technology": "sas_7k2"}),
        ("dell-use-amm", {"memory_management": "amm"}, {"memory_management": "asmm"}),
    ],
)
def test_best_practices_are_checkable(loaded_catalog: None, slug: str, good: dict, bad: dict) -> None:
    from engine_adapter.evidence import build_rules
    from sizing.warnings import check_rule

    rule = _rule(slug)
    assert rule.kind == "best_practice" and rule.severity in ("info", "warning", "critical")
    engine_rule = build_rules().get(slug)
    base = {"family": "equallogic", "workload_kind": "oltp"}
    assert check_rule(engine_rule, {**base, **good}) is True
    assert check_rule(engine_rule, {**base, **bad}) is False
    # EqualLogic guidance does not judge other platforms
    assert check_rule(engine_rule, {**base, "family": "oracle-fs1", **bad}) is None


def test_one_array_limit_rule(loaded_catalog: None) -> None:
    rule = _rule("dell-ps6010xv-array-limit")
    assert rule.parameters == {
        "max_iops_per_array": _q("3600", "IOPS"),
        "max_users_per_array": _q("5245", "users"),
    }
    condition = rule.condition or {}
    assert (condition["field"], condition["op"], condition["value"]) == ("users", "lte", 5245)
