"""Every measured number of the Dell EqualLogic PS6110XV DSS baseline report (dell-equallogic-dss-2012) is in
the loaded catalog, with its unit and its source locator.

The list below is transcribed from the seed text (shared/seeds/dell-equallogic-ps6110xv-dss-baseline-2012.txt),
not from the fixture:
- Sections 2.3.1 / 2.3.2 tables: ORION MB/s of one PS6010XV and one PS6110XV in RAID 10 and RAID 50
  (256 KB concat sequential read; 1 MB RAID 0 sequential read, sequential write, random read) and the
  % increase; Section 2.3.2 text: 125%;
- Section 2.3.3 table: % increase of RAID 50 over RAID 10 (its MB/s repeat 2.3.1/2.3.2); text: > 60%;
- Section 2.3.4 tables: one vs two PS6110XV (RAID 50) in ORION RAID 0 mode and in concat mode, MB/s
  and % increase; text: > 100% for 1 MB random reads;
- Section 3.2.1.1 tables: TPC-H-like MAX / AVG MB/s with one or two RAC nodes and arrays, PS6010XV vs
  PS6110XV, and the 5-stream table, each with its % increase;
- Section 3.2.1.2: average CPU under 75%, I/O wait 70-85% of it;
- Section 3.2.1.3 table and text: the query completion times and their % decrease;
- Section 4 (conclusion): the restated 125%, > 60%, CPU < 75%, 44.47% and > 30%.
Figures 1-10 are pictures; nothing is read off them.

A number that a later table merely repeats is stored once, at its first printing: RESTATED lists those
repeats with the locator that holds them. The completion-time table prints no unit, so its times are
listed with the unit `unstated` (as printed, never converted to seconds or minutes).

Entries are (document, locator, quantity, value as printed without thousands separators, unit); a
loaded locator matches when it starts with the listed one.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from benchmarks.models import MeasuredPoint
from catalog.models import Configuration, SizingRule
from seeds.tests.measured import compare_with_catalog, document_rows

DOC = "dell-equallogic-dss-2012"
MBS = "MB/s"
UNSTATED = "unstated"  # the unit of a number the document prints without one

_WORKLOADS = (
    "sequential read 256KB concat",
    "sequential read 1MB RAID 0",
    "sequential write 1MB RAID 0",
    "random read 1MB RAID 0",
)
# Sections 2.3.1 (RAID 10) and 2.3.2 (RAID 50): workload -> (1 x PS6010XV, 1 x PS6110XV, % increase)
_T231 = dict(zip(_WORKLOADS, (("772.36", "964.92", "24.93"), ("576.86", "763.93", "32.42"),
                              ("270.31", "419.45", "55.17"), ("400.6", "566.56", "41.42")), strict=True))  # fmt: skip
_T232 = dict(zip(_WORKLOADS, (("801.82", "1003.35", "24.13"), ("679.97", "850.17", "25.03"),
                              ("299.75", "677.41", "125.99"), ("419.3", "582.81", "38.99")), strict=True))  # fmt: skip
# Section 2.3.3: workload -> % increase of RAID 50 over RAID 10 (0.03 is as printed)
_T233 = dict(zip(_WORKLOADS, ("3.8", "11.28", "61.49", "0.03"), strict=True))


def _rows(section: str, table: dict[str, tuple[str, str, str]]) -> list[tuple[str, str, str, str, str]]:
    out = []
    for workload, (old, new, pct) in table.items():
        loc = f"{section} table, {workload}"
        out += [
            (DOC, loc, "throughput", old, MBS),
            (DOC, loc, "throughput", new, MBS),
            (DOC, loc, "change_pct", pct, "%"),
        ]
    return out


_T234 = "Section 2.3.4 ORION RAID 0 mode table (RAID 50 arrays), "
_T234C = "Section 2.3.4 concat table, "
_TPCH = "Section 3.2.1.1 scaling table, "
_MODEL = "Section 3.2.1.1 model table, "
_STREAMS = "Section 3.2.1.1 streams table, "
_DONE = "Section 3.2.1.3 table, "
_DONE_1 = _DONE + "1 x PS6010XV vs 1 x PS6110XV"  # the three sub-tables
_DONE_2 = _DONE + "2 x PS6010XV vs 2 x PS6110XV"
_DONE_3 = _DONE + "1 x vs 2 x PS6110XV"

MEASURED: list[tuple[str, str, str, str, str]] = [
    *_rows("Section 2.3.1", _T231),
    *_rows("Section 2.3.2", _T232),
    (DOC, "Section 2.3.2, text", "change_pct", "125", "%"),
    *((DOC, f"Section 2.3.3 table, {w}", "change_pct", pct, "%") for w, pct in _T233.items()),
    (DOC, "Section 2.3.3, text", "change_pct", "60", "%"),
    # Section 2.3.4, ORION RAID 0 mode table: 1 x -> 2 x PS6110XV, RAID 50 (two one-array cells are blank)
    (DOC, _T234 + "sequential read 256KB concat", "throughput", "1003.65", MBS),
    (DOC, _T234 + "sequential read 256KB concat", "throughput", "1833.43", MBS),
    (DOC, _T234 + "sequential read 256KB concat", "change_pct", "82.67", "%"),
    (DOC, _T234 + "sequential read 1MB RAID 0", "throughput", "1498", MBS),
    (DOC, _T234 + "sequential read 1MB RAID 0", "change_pct", "76.20", "%"),
    (DOC, _T234 + "sequential write 1MB RAID 0", "throughput", "979.3", MBS),
    (DOC, _T234 + "sequential write 1MB RAID 0", "change_pct", "44.56", "%"),
    (DOC, _T234 + "random read 1MB RAID 0", "throughput", "1166.86", MBS),
    (DOC, _T234 + "random read 1MB RAID 0", "change_pct", "100.21", "%"),
    (DOC, "Section 2.3.4, text", "change_pct", "100", "%"),
    # Section 2.3.4, concat table
    (DOC, _T234C + "sequential read 256KB concat", "change_pct", "82.67", "%"),
    (DOC, _T234C + "sequential read 1MB concat", "throughput", "871.92", MBS),
    (DOC, _T234C + "sequential read 1MB concat", "throughput", "1922.09", MBS),
    (DOC, _T234C + "sequential read 1MB concat", "change_pct", "120.44", "%"),
    (DOC, _T234C + "sequential write 1MB concat", "throughput", "1299.70", MBS),
    (DOC, _T234C + "sequential write 1MB concat", "change_pct", "96.06", "%"),
    (DOC, _T234C + "random read 1MB concat", "throughput", "573.11", MBS),
    (DOC, _T234C + "random read 1MB concat", "throughput", "1168.9", MBS),
    (DOC, _T234C + "random read 1MB concat", "change_pct", "103.95", "%"),
    # Section 3.2.1.1, scaling table: PS6110XV RAID 50, MAX and AVG MB/s, 1 -> 2 arrays
    (DOC, _TPCH + "one RAC node, 1 x PS6110XV", "max_throughput", "754.76", MBS),
    (DOC, _TPCH + "one RAC node, 2 x PS6110XV", "max_throughput", "1582.89", MBS),
    (DOC, _TPCH + "MAX, one RAC node", "change_pct", "109", "%"),
    (DOC, _TPCH + "two RAC nodes, 1 x PS6110XV", "max_throughput", "896.36", MBS),
    (DOC, _TPCH + "two RAC nodes, 2 x PS6110XV", "max_throughput", "1647.34", MBS),
    (DOC, _TPCH + "MAX, two RAC nodes", "change_pct", "84", "%"),
    (DOC, _TPCH + "one RAC node, 1 x PS6110XV", "avg_throughput", "643.20", MBS),
    (DOC, _TPCH + "one RAC node, 2 x PS6110XV", "avg_throughput", "1209.62", MBS),
    (DOC, _TPCH + "AVG, one RAC node", "change_pct", "88", "%"),
    (DOC, _TPCH + "two RAC nodes, 1 x PS6110XV", "avg_throughput", "672.14", MBS),
    (DOC, _TPCH + "two RAC nodes, 2 x PS6110XV", "avg_throughput", "1331.31", MBS),
    (DOC, _TPCH + "AVG, two RAC nodes", "change_pct", "98", "%"),
    # Section 3.2.1.1, model table: 1 x PS6010XV vs 1 x PS6110XV (PS6110XV cells repeat the scaling table)
    (DOC, _MODEL + "one RAC node, 1 x PS6010XV", "max_throughput", "551.04", MBS),
    (DOC, _MODEL + "MAX, one RAC node", "change_pct", "37", "%"),
    (DOC, _MODEL + "two RAC nodes, 1 x PS6010XV", "max_throughput", "709.74", MBS),
    (DOC, _MODEL + "MAX, two RAC nodes", "change_pct", "26", "%"),
    (DOC, _MODEL + "one RAC node, 1 x PS6010XV", "avg_throughput", "454.94", MBS),
    (DOC, _MODEL + "AVG, one RAC node", "change_pct", "42", "%"),
    (DOC, _MODEL + "two RAC nodes, 1 x PS6010XV", "avg_throughput", "446.40", MBS),
    (DOC, _MODEL + "AVG, two RAC nodes", "change_pct", "51", "%"),
    # Section 3.2.1.1, streams table (TPC-H, 5 concurrent streams)
    (DOC, _STREAMS + "1 x PS6010XV vs 1 x PS6110XV", "change_pct", "50.56", "%"),
    (DOC, _STREAMS + "2 x PS6010XV", "throughput", "991.81", MBS),
    (DOC, _STREAMS + "2 x PS6010XV vs 2 x PS6110XV", "change_pct", "34.23", "%"),
    (DOC, _STREAMS + "1 x vs 2 x PS6110XV", "change_pct", "98.07", "%"),
    # Section 3.2.1.2 (Figure 9 text)
    (DOC, "Section 3.2.1.2", "max_avg_cpu_utilisation", "75", "%"),
    (DOC, "Section 3.2.1.2", "iowait_share_min_pct", "70", "%"),
    (DOC, "Section 3.2.1.2", "iowait_share_max_pct", "85", "%"),
    # Section 3.2.1.3 table: completion times (no unit printed) and % decrease; the third sub-table
    # (1 x vs 2 x PS6110XV) repeats 222.14 and 123.35 (RESTATED)
    (DOC, _DONE_1 + ", 1 x PS6010XV RAID 50", "completion_time", "325.18", UNSTATED),
    (DOC, _DONE_1 + ", 1 x PS6110XV RAID 50", "completion_time", "222.14", UNSTATED),
    (DOC, _DONE_2 + ", 2 x PS6010XV RAID 50", "completion_time", "152.20", UNSTATED),
    (DOC, _DONE_2 + ", 2 x PS6110XV RAID 50", "completion_time", "123.35", UNSTATED),
    (DOC, _DONE_1, "change_pct", "31.68", "%"),
    (DOC, _DONE_2, "change_pct", "18.95", "%"),
    (DOC, _DONE_3, "change_pct", "44.47", "%"),
    (DOC, "Section 3.2.1.3, text", "change_pct", "44.47", "%"),
    # Section 4 (conclusion)
    (DOC, "Section 4, sequential write gain over PS6010XV", "change_pct", "125", "%"),
    (DOC, "Section 4, RAID 50 over RAID 10", "change_pct", "60", "%"),
    (DOC, "Section 4, CPU", "max_avg_cpu_utilisation", "75", "%"),
    (DOC, "Section 4, completion time two arrays vs one", "change_pct", "44.47", "%"),
    (DOC, "Section 4, completion time PS6110XV vs PS6010XV", "change_pct", "30", "%"),
]

# (where the number is printed again, quantity, value, unit, the locator that holds it)
RESTATED: list[tuple[str, str, str, str, str]] = [
    *(
        (f"Section 2.3.3 table, {w}", "throughput", v, MBS, f"Section {s} table, {w}")
        for w in _WORKLOADS
        for s, v in (("2.3.1", _T231[w][1]), ("2.3.2", _T232[w][1]))
    ),
    (
        _T234 + "sequential write 1MB RAID 0",
        "throughput",
        "677.41",
        MBS,
        "Section 2.3.2 table, sequential write 1MB RAID 0",
    ),
    (
        _T234C + "sequential read 256KB concat",
        "throughput",
        "1833.43",
        MBS,
        _T234 + "sequential read 256KB concat",
    ),
    (_MODEL + "one RAC node", "max_throughput", "754.76", MBS, _TPCH + "one RAC node, 1 x PS6110XV"),
    (_MODEL + "two RAC nodes", "max_throughput", "896.36", MBS, _TPCH + "two RAC nodes, 1 x PS6110XV"),
    (_MODEL + "one RAC node", "avg_throughput", "643.20", MBS, _TPCH + "one RAC node, 1 x PS6110XV"),
    (_MODEL + "two RAC nodes", "avg_throughput", "672.14", MBS, _TPCH + "two RAC nodes, 1 x PS6110XV"),
    (_STREAMS + "1 x PS6010XV", "avg_throughput", "446.40", MBS, _MODEL + "two RAC nodes, 1 x PS6010XV"),
    (_STREAMS + "1 x PS6110XV", "avg_throughput", "672.14", MBS, _TPCH + "two RAC nodes, 1 x PS6110XV"),
    (_STREAMS + "2 x PS6110XV", "avg_throughput", "1331.31", MBS, _TPCH + "two RAC nodes, 2 x PS6110XV"),
    (_DONE_3, "completion_time", "222.14", UNSTATED, _DONE_1 + ", 1 x PS6110XV RAID 50"),
    (_DONE_3, "completion_time", "123.35", UNSTATED, _DONE_2 + ", 2 x PS6110XV RAID 50"),
]

# Section 3.2.1.3 table, the % decrease of each sub-table: locator -> (storage model, arrays) of the
# baseline and of the compared configuration, as the printed completion times belong to them
COMPLETION_PAIRS: dict[str, tuple[tuple[str, int], tuple[str, int]]] = {
    _DONE_1: (("PS6010XV", 1), ("PS6110XV", 1)),
    _DONE_2: (("PS6010XV", 2), ("PS6110XV", 2)),
    _DONE_3: (("PS6110XV", 1), ("PS6110XV", 2)),
}

pytestmark = pytest.mark.django_db


def test_every_measured_number_is_loaded(loaded_catalog: None) -> None:
    missing, _ = compare_with_catalog(DOC, MEASURED)
    assert not missing, f"not in the catalog: {missing}"


def test_no_unlisted_measured_number(loaded_catalog: None) -> None:
    # The list is complete: the catalog holds no dell-equallogic-dss-2012 value that the list does not name.
    _, extra = compare_with_catalog(DOC, MEASURED)
    assert not extra, f"in the catalog but not in the list: {extra}"


def test_measured_list_size() -> None:
    # 2.3.1 + 2.3.2: 2 x 4 rows x 3 cells, + 1 text; 2.3.3: 4 + 1 text; 2.3.4: 9 + 1 text + 9 (concat);
    # 3.2.1.1: 12 + 8 + 4; 3.2.1.2: 3; 3.2.1.3: 4 times + 3 % + 1 text; Section 4: 5
    assert len(MEASURED) == 24 + 1 + 4 + 1 + 9 + 1 + 9 + 12 + 8 + 4 + 3 + 8 + 5 == 89
    assert len({(d, loc, q, v) for d, loc, q, v, _ in MEASURED}) == len(MEASURED)


def test_restated_numbers_are_held_at_their_first_printing(loaded_catalog: None) -> None:
    rows = document_rows(DOC)
    missing = [
        r
        for r in RESTATED
        if not any(
            (lq, lv, lu) == (r[1], Decimal(r[2]), r[3]) and lloc.startswith(r[4])
            for _, lloc, lq, lv, lu in rows
        )
    ]
    assert not missing
    # a repeat is never a second measured value with the repeating table's locator
    repeats = {(r[0], r[1], Decimal(r[2])) for r in RESTATED}
    assert not [
        r for r in rows if any(r[1].startswith(loc) and (r[2], r[3]) == (q, v) for loc, q, v in repeats)
    ]


def test_completion_times_are_measured_values_as_printed(loaded_catalog: None) -> None:
    times = {
        (p.curve.slug.removeprefix("dell-dss-2012-tpch-completion-").upper(), p.conditions["arrays"]): v
        for p in MeasuredPoint.objects.select_related("curve").filter(
            source_document__slug=DOC, curve__slug__startswith="dell-dss-2012-tpch-completion-"
        )
        for v in p.values.all()
        if v.quantity == "completion_time"
    }
    assert {k: (v.value, v.unit) for k, v in times.items()} == {
        ("PS6010XV", 1): (Decimal("325.18"), UNSTATED),
        ("PS6110XV", 1): (Decimal("222.14"), UNSTATED),
        ("PS6010XV", 2): (Decimal("152.20"), UNSTATED),
        ("PS6110XV", 2): (Decimal("123.35"), UNSTATED),
    }
    # the times are no longer duplicated into the conditions of the % points
    assert not MeasuredPoint.objects.filter(
        source_document__slug=DOC, conditions__has_key="completion_time_as_printed"
    ).exists()
    for locator, (baseline, compared) in COMPLETION_PAIRS.items():
        point = MeasuredPoint.objects.get(source_document__slug=DOC, source_locator=locator)
        assert point.conditions["change"] == "reduction"
        # the printed % decrease follows from the printed times
        pct = {v.quantity: v.value for v in point.values.all()}["change_pct"]
        assert abs((1 - times[compared].value / times[baseline].value) * 100 - pct) < Decimal("0.01")


def _conditions(point: MeasuredPoint) -> dict:
    base = {
        f: getattr(point.curve, f) for f in ("tool", "arrays", "raid", "rac_nodes") if getattr(point.curve, f)
    }
    return {**base, **point.conditions}


@pytest.mark.parametrize(
    ("locator", "value", "conditions"),
    [
        # the key check: RAID 50, 1 MB random reads, one and two arrays (concat)
        (
            _T234C + "random read 1MB concat",
            "573.11",
            {"block_size_kb": 1024, "io_pattern": "random", "read_pct": 100, "raid": "raid50", "arrays": 1,
             "array_mode": "concat", "tool": "orion"},
        ),
        (
            _T234C + "random read 1MB concat",
            "1168.9",
            {"block_size_kb": 1024, "io_pattern": "random", "read_pct": 100, "raid": "raid50", "arrays": 2,
             "array_mode": "concat", "tool": "orion"},
        ),
        (
            _T234 + "random read 1MB RAID 0",
            "1166.86",
            {"block_size_kb": 1024, "io_pattern": "random", "raid": "raid50", "arrays": 2, "array_mode": "raid0"},
        ),
        (
            "Section 2.3.1 table, sequential write 1MB RAID 0",
            "270.31",
            {"block_size_kb": 1024, "io_pattern": "sequential", "read_pct": 0, "raid": "raid10", "arrays": 1},
        ),
        (
            "Section 2.3.2 table, sequential read 256KB concat",
            "1003.35",
            {"block_size_kb": 256, "io_pattern": "sequential", "read_pct": 100, "raid": "raid50", "array_mode": "concat"},
        ),
    ],
)  # fmt: skip
def test_orion_points_carry_their_test_conditions(
    loaded_catalog: None, locator: str, value: str, conditions: dict
) -> None:
    points = [
        p
        for p in MeasuredPoint.objects.select_related("curve").filter(
            source_document__slug=DOC, source_locator=locator
        )
        if any(v.quantity == "throughput" and v.value == Decimal(value) for v in p.values.all())
    ]
    assert len(points) == 1
    got = _conditions(points[0])
    assert {k: got.get(k) for k in conditions} == conditions


def test_array_points_differ_only_in_array_count(loaded_catalog: None) -> None:
    # one- and two-array ORION points of the same test share every condition but `arrays`, so a scaling
    # check can pair them (the misprinted 1003.65 is marked and pairs with nothing)
    def key(p: MeasuredPoint) -> tuple:
        return tuple(sorted((k, str(v)) for k, v in _conditions(p).items() if k != "arrays"))

    pts = MeasuredPoint.objects.select_related("curve").filter(
        curve__slug__startswith="dell-dss-2012-orion-ps6110xv"
    )
    with_mbs = [p for p in pts if p.values.filter(quantity="throughput").exists()]
    one = {key(p) for p in with_mbs if _conditions(p)["arrays"] == 1}
    two = [p for p in with_mbs if _conditions(p)["arrays"] == 2]
    unpaired = [p.source_locator for p in two if key(p) not in one]
    # the concat table leaves the one-array sequential write cell blank
    assert len(two) == 7 and unpaired == [_T234C + "sequential write 1MB concat"]


def test_tpch_points(loaded_catalog: None) -> None:
    for locator, rac_nodes, arrays in (
        (_TPCH + "one RAC node, 1 x PS6110XV", 1, 1),
        (_TPCH + "two RAC nodes, 2 x PS6110XV", 2, 2),
        (_MODEL + "two RAC nodes, 1 x PS6010XV", 2, 1),
    ):
        point = MeasuredPoint.objects.select_related("curve").get(
            source_document__slug=DOC, source_locator=locator
        )
        c = _conditions(point)
        assert (c["tool"], c["raid"], c["rac_nodes"], c["arrays"], c["users"]) == (
            "tpch_like_dss",
            "raid50",
            rac_nodes,
            arrays,
            5,
        )
        assert {v.quantity for v in point.values.all()} == {"max_throughput", "avg_throughput"}


def test_ps6110xv_array_and_test_systems(loaded_catalog: None) -> None:
    array = Configuration.objects.get(slug="equallogic-ps6110xv")
    assert (array.platform, array.role) == ("equallogic", "array")
    assert array.attributes["active_drives"] == {"value": "22", "unit": "count"}
    assert array.attributes["hot_spares"] == {"value": "2", "unit": "count"}
    part = array.components.select_related("part").get().part
    assert (part.part_number, part.drive_count, part.hot_spares) == ("PS6110XV", 24, 2)
    # the report states neither drive size nor drive type
    assert part.drive_capacity_gb is None and part.drive_technology == ""
    for slug, n in (("dell-dss-2012-orion-1-array", 1), ("dell-dss-2012-orion-2-arrays", 2)):
        conf = Configuration.objects.get(slug=slug)
        assert conf.role == "test-system"
        assert {c.part.part_number: c.quantity for c in conf.components.select_related("part")} == {
            "PS6110XV": n
        }


def test_dss_rules(loaded_catalog: None) -> None:
    raid = SizingRule.objects.get(slug="dell-dss-raid50", is_current=True)
    assert raid.kind == "best_practice" and raid.source_document.slug == DOC
    assert raid.condition == {
        "field": "raid",
        "op": "eq",
        "value": "raid50",
        "when": {"workload_kind": "dss"},
    }
    scaling = SizingRule.objects.get(slug="dell-dss-array-scaling", is_current=True)
    assert scaling.kind == "scaling"
    assert scaling.parameters["measured_max_arrays"] == {"value": "2", "unit": "count"}
    assert scaling.parameters["orion_random_read_gain_pct"] == {"value": "103.95", "unit": "%"}
