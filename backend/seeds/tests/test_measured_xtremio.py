"""Every measured number of the EMC XtremIO consolidation white paper (emc-xtremio-2014) is in the loaded
catalog, with its unit and its source locator.

The list below is transcribed from the seed text (shared/seeds/emc-xtremio-oracle-consolidation-2014.txt),
not from the fixture:
- Table 11 (read-only SLOB: IOPS, I/O latency) and the ~1.5 ms latency the read-only test was held to;
- Table 12 (100% UPDATE SLOB) and the ~1 ms read latency that test was held to;
- Table 13 (75/25 QUERY/UPDATE SLOB), its ~1 ms target and the "about 1 ms" read latency after the table;
- the AWR Top Timed Events of Figures 10, 11 and 12 (screen captures whose cells are legible in the
  text; the text restates the Figure 10 and 11 wait counts and times it uses). Unreadable cells (Figure 11,
  reliable message: average wait and std dev) and the half-cut instance-count column are left out;
- the DW query throughput (5 GB/s), the DW load rate (3.59 TB/hour) and the data copied by the first
  test/dev clone (about 6 TB, about 4 TB of database data);
- the XSMA dashboard storage panel of Figure 4 (legible in the text): overall efficiency 2.4:1,
  deduplication ratio 1.1:1, thin provisioning savings 54%, volume capacity 33.8 TB with 15.3 TB used and
  18.5 TB free, physical capacity 14.9 TB. The 33.8 TB stands on a garbled line ("Volume Capacity 14TB
  Physical Space Us 33.8TB"); it is the total of the used / free line below it (15.3 + 18.5), and the
  "14TB" of that line, whose label cannot be told, is left out. The 14.94 TB physical capacity of the
  Storage configuration text is a configuration attribute and a rule parameter, not a measured value.
The dashboard capture of Figure 1 (garbled text) and the deduplication chart of Figure 13 (a picture
whose numbers the text does not state) are not entered.

Entries are (document, locator, quantity, value as printed without thousands separators, unit); a
loaded locator matches when it starts with the listed one.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from catalog.models import Configuration, ConfigurationLayout, SizingRule
from seeds.tests.measured import compare_with_catalog

DOC = "emc-xtremio-2014"

# AWR Top Timed Events columns: Waits, %Timeouts, Total(s), Avg(ms), %DB time, then the per-instance
# summary Avg, Min, Max, Std Dev (ms).
_AWR = (
    ("waits", "count"),
    ("timeouts_pct", "%"),
    ("wait_time_total", "s"),
    ("wait_time_avg", "ms"),
    ("db_time_pct", "%"),
    ("instance_avg_wait_avg", "ms"),
    ("instance_avg_wait_min", "ms"),
    ("instance_avg_wait_max", "ms"),
    ("instance_avg_wait_std_dev", "ms"),
)


def _awr(figure: str, event: str, *cells: str | None) -> list[tuple[str, str, str, str, str]]:
    assert len(cells) == len(_AWR)
    return [
        (DOC, f"{figure}, {event}", quantity, cell, unit)
        for (quantity, unit), cell in zip(_AWR, cells, strict=True)
        if cell is not None
    ]


MEASURED: list[tuple[str, str, str, str, str]] = [
    # Table 11: read IOPS of the four-node RAC (32 sessions), I/O latency
    (DOC, "Table 11", "iops", "197601", "IOPS"),
    (DOC, "Table 11", "io_latency", "1.615", "ms"),
    # Read-only test methodology: sessions held so that I/O latency stays at about 1.5 ms
    (DOC, "Read-only test, Test methodology", "latency_limit", "1.5", "ms"),
    # Table 12: 100% UPDATE test
    (DOC, "Table 12", "read_iops", "31646", "IOPS"),
    (DOC, "Table 12", "write_iops", "33136", "IOPS"),
    (DOC, "Table 12", "iops", "64782", "IOPS"),
    (DOC, "Table 12", "redo_throughput", "26", "MB/s"),
    (DOC, "Table 12", "lgwr_response_time", "1.86", "ms"),
    (DOC, "Table 12", "dbwr_write_response_time", "0.535", "ms"),
    (DOC, "Table 12", "foreground_read_response_time", "0.96", "ms"),
    (DOC, "One-hundred percent UPDATE transaction test, Test methodology", "latency_limit", "1", "ms"),
    # Table 13: 75/25 QUERY/UPDATE test (64 sessions)
    (DOC, "Table 13", "read_iops", "112124", "IOPS"),
    (DOC, "Table 13", "write_iops", "28830", "IOPS"),
    (DOC, "Table 13", "iops", "140954", "IOPS"),
    (DOC, "Table 13", "redo_throughput", "21", "MB/s"),
    (DOC, "Table 13", "lgwr_response_time", "1.042", "ms"),
    (DOC, "Table 13", "dbwr_response_time", "0.584", "ms"),
    (DOC, "Table 13", "foreground_read_response_time", "1.299", "ms"),
    (DOC, "Seventy-five/twenty-five QUERY/UPDATE ratio test, Test methodology", "latency_limit", "1", "ms"),
    (DOC, "Seventy-five/twenty-five QUERY/UPDATE ratio test, text after Table 13", "read_latency", "1", "ms"),
    # DW query test: 128 users (32 per node), physical read bytes -> 5 GB/s
    (DOC, "DW query workload test, Test results", "read_throughput", "5", "GB/s"),
    # DW data-loading test: 4 sessions (one per node), physical write bytes -> 3.59 TB/hour
    (DOC, "DW data-loading test, Test results", "load_rate", "3.59", "TB/h"),
    # Test/dev copy creation, step 2: about 6 TB copied, about 4 TB of it database data
    (DOC, "Test/dev copy creation test, Test procedure step 2", "copied_capacity", "6", "TB"),
    (DOC, "Test/dev copy creation test, Test procedure step 2", "copied_database_data", "4", "TB"),
    # Figure 10: read-only test, AWR Top Timed Events
    *_awr("Figure 10", "db file parallel read", "568066", "0.00", "1450.58", "2.55", "49.65", "2.57", "2.18", "2.72", "0.26"),
    *_awr("Figure 10", "db file sequential read", "986577", "0.00", "1060.18", "1.07", "36.29", "1.08", "0.96", "1.13", "0.08"),
    *_awr("Figure 10", "DB CPU", None, None, "583.22", None, "19.96", None, None, None, None),
    *_awr("Figure 10", "utl_file I/O", "140", "0.00", "1.96", "13.99", "0.07", "14.29", "10.79", "15.48", "2.33"),
    *_awr("Figure 10", "control file sequential read", "2408", "0.00", "1.69", "0.70", "0.06", "0.70", "0.66", "0.76", "0.05"),
    # Figure 11: 100% UPDATE test
    *_awr("Figure 11", "db file sequential read", "11618228", "0.00", "11100.11", "0.96", "94.71", "0.96", "0.95", "0.96", "0.00"),
    *_awr("Figure 11", "DB CPU", None, None, "978.01", None, "8.34", None, None, None, None),
    *_awr("Figure 11", "log file parallel write", "48686", "0.00", "90.51", "1.86", "0.77", "1.86", "1.84", "1.88", "0.02"),
    *_awr("Figure 11", "db file parallel write", "109143", "0.00", "58.40", "0.54", "0.50", "0.54", "0.52", "0.55", "0.01"),
    *_awr("Figure 11", "gc cr grant 2-way", "37106", "0.00", "10.39", "0.28", "0.09", "0.28", "0.27", "0.29", "0.01"),
    *_awr("Figure 11", "reliable message", "5837", "0.00", "5.59", None, "0.05", "1.66", "0.73", "3.53", None),
    # Figure 12: 75/25 QUERY/UPDATE test
    *_awr("Figure 12", "db file sequential read", "7196550", "0.00", "8153.29", "1.13", "70.71", "1.13", "1.11", "1.14", "0.02"),
    *_awr("Figure 12", "db file parallel read", "936985", "0.00", "2416.68", "2.58", "20.96", "2.58", "2.52", "2.60", "0.04"),
    *_awr("Figure 12", "DB CPU", None, None, "1233.61", None, "10.70", None, None, None, None),
    *_awr("Figure 12", "log file parallel write", "244207", "0.00", "254.49", "1.04", "2.21", "1.04", "1.04", "1.05", "0.01"),
    *_awr("Figure 12", "db file parallel write", "66278", "0.00", "38.73", "0.58", "0.34", "0.58", "0.56", "0.60", "0.02"),
    *_awr("Figure 12", "DFS lock handle", "7499", "100.00", "14.19", "1.89", "0.12", "1.90", "1.54", "2.42", "0.37"),
    # Figure 4: XSMA dashboard storage panel of the two-X-Brick cluster
    (DOC, "Figure 4", "overall_efficiency", "2.4", "ratio"),
    (DOC, "Figure 4", "dedup_ratio", "1.1", "ratio"),
    (DOC, "Figure 4", "thin_provisioning_savings_pct", "54", "%"),
    (DOC, "Figure 4", "volume_capacity", "33.8", "TB"),
    (DOC, "Figure 4", "volume_used_capacity", "15.3", "TB"),
    (DOC, "Figure 4", "volume_free_capacity", "18.5", "TB"),
    (DOC, "Figure 4", "physical_capacity", "14.9", "TB"),
]  # fmt: skip

pytestmark = pytest.mark.django_db


def test_every_measured_number_is_loaded(loaded_catalog: None) -> None:
    missing, _ = compare_with_catalog(DOC, MEASURED)
    assert not missing, f"not in the catalog: {missing}"


def test_no_unlisted_measured_number(loaded_catalog: None) -> None:
    # The list is complete: the catalog holds no emc-xtremio-2014 value that the list does not name.
    _, extra = compare_with_catalog(DOC, MEASURED)
    assert not extra, f"in the catalog but not in the list: {extra}"


def test_measured_list_size() -> None:
    # 24 table / text numbers + Figure 10 (4 events x 9 + DB CPU 2) + Figure 11 (4 x 9 + DB CPU 2 +
    # reliable message 7) + Figure 12 (5 x 9 + DB CPU 2) + Figure 4 (7)
    assert len(MEASURED) == 24 + 38 + 45 + 47 + 7 == 161
    assert len({(d, loc, q) for d, loc, q, _, _ in MEASURED}) == len(MEASURED)


def test_headline_results_keep_their_conditions(loaded_catalog: None) -> None:
    # The SLOB points carry the mix, the RAC nodes, sessions and X-Bricks the sizing engine reads.
    from benchmarks.models import MeasuredPoint

    def point(slug: str, locator: str) -> MeasuredPoint:
        return MeasuredPoint.objects.select_related("curve").get(curve__slug=slug, source_locator=locator)

    read_only = point("emc-xtremio-2014-slob-read-only", "Table 11")
    update = point("emc-xtremio-2014-rac-scaling-update", "Table 12")
    mixed = point("emc-xtremio-2014-rac-scaling-query-update", "Table 13")
    for p, read_pct, sessions in ((read_only, 100, 32), (update, 0, 32), (mixed, 75, 64)):
        assert p.conditions["read_pct"] == read_pct
        assert p.conditions["sessions"] == sessions
        assert p.conditions["rac_nodes"] == 4
        assert p.conditions["xbricks"] == 2
        assert p.curve.tool == "slob" and p.curve.arrays == 2
        assert p.curve.configuration.platform == "xtremio"


def test_two_xbrick_reference(loaded_catalog: None) -> None:
    cluster = Configuration.objects.get(slug="xtremio-two-xbrick-cluster")
    assert (cluster.platform, cluster.role) == ("xtremio", "reference")
    attrs = cluster.attributes
    assert attrs["xbricks"] == {"value": "2", "unit": "count"}
    assert attrs["ssd_count"] == {"value": "50", "unit": "count"}
    assert attrs["ssd_capacity"] == {"value": "400", "unit": "GB"}
    assert attrs["usable_capacity"] == {"value": "14.94", "unit": "TB"}
    assert attrs["rac_nodes"] == {"value": "4", "unit": "count"}
    brick = Configuration.objects.get(slug="xtremio-xbrick")
    assert (brick.platform, brick.role) == ("xtremio", "array")
    assert Configuration.objects.get(slug="xtremio-vsphere-rac-test-system").role == "test-system"


def test_oltp_disk_groups_follow_table_4(loaded_catalog: None) -> None:
    groups = {
        g.name: g
        for g in ConfigurationLayout.objects.filter(
            configuration__slug="xtremio-two-xbrick-cluster", kind="asm_disk_group", name__startswith="OLTP "
        )
    }
    assert {n: (g.luns, g.lun_size_gb) for n, g in groups.items()} == {
        "OLTP +DATA": (8, Decimal("700")),
        "OLTP +REDO": (4, Decimal("40")),
        "OLTP +CRS": (2, Decimal("10")),
    }
    assert all(g.redundancy == "external" for g in groups.values())


def test_dw_disk_groups_follow_table_9(loaded_catalog: None) -> None:
    groups = ConfigurationLayout.objects.filter(
        configuration__slug="xtremio-vsphere-rac-test-system", kind="asm_disk_group", name__startswith="DW "
    )
    assert {g.name: (g.luns, g.lun_size_gb) for g in groups} == {
        "DW +DATA": (8, Decimal("700")),
        "DW +REDO": (4, Decimal("40")),
        "DW +CSV": (1, Decimal("200")),
        "DW +CRS": (2, Decimal("10")),
    }


def test_linear_scaling_rule(loaded_catalog: None) -> None:
    rule = SizingRule.objects.get(slug="xtremio-linear-scaling", is_current=True)
    assert rule.kind == "scaling" and rule.applies_to == ["xtremio"]
    assert rule.parameters["iops_per_xbrick_ratio"] == {"value": "1", "unit": "ratio"}
    assert rule.parameters["max_xbricks_stated"] == {"value": "4", "unit": "count"}
    assert rule.source_document.slug == DOC and "Scalability" in rule.source_locator


def test_xdp_capacity_rule(loaded_catalog: None) -> None:
    # Storage configuration: "fifty 400 GB SSDs configured with XDP to provide a physical capacity of
    # 14.94 TB" (two X-Bricks). The paper states no threshold rule (kind `threshold`).
    rule = SizingRule.objects.get(slug="xtremio-xdp-capacity", is_current=True)
    assert rule.kind == "capacity" and rule.applies_to == ["xtremio"]
    assert rule.parameters == {
        "ssd_count": {"value": "50", "unit": "count"},
        "ssd_capacity": {"value": "400", "unit": "GB"},
        "xbricks": {"value": "2", "unit": "count"},
        "usable_capacity": {"value": "14.94", "unit": "TB"},
    }
    assert rule.source_document.slug == DOC and "Storage configuration" in rule.source_locator
    assert not SizingRule.objects.filter(source_document__slug=DOC, kind="threshold").exists()


def test_figure_4_storage_panel(loaded_catalog: None) -> None:
    from benchmarks.models import MeasuredPoint

    point = MeasuredPoint.objects.select_related("curve").get(
        curve__slug="emc-xtremio-2014-xsma-storage-panel", source_locator="Figure 4"
    )
    assert point.curve.configuration.slug == "xtremio-vsphere-rac-test-system"
    assert point.conditions["xbricks"] == 2 and point.conditions["ssd_count"] == 50
    v = {pv.quantity: pv.value for pv in point.values.all()}
    # the garbled 33.8 TB is the total of the used and free volume capacity printed below it
    assert v["volume_used_capacity"] + v["volume_free_capacity"] == v["volume_capacity"]
    # the used volume capacity exceeds the physical capacity: it is thin-provisioned volume space
    assert v["volume_used_capacity"] > v["physical_capacity"]
    # the panel agrees with itself: overall efficiency = dedup ratio x thin provisioning gain (1.1 / 0.46)
    gain = 1 / (1 - v["thin_provisioning_savings_pct"] / 100)
    assert round(v["dedup_ratio"] * gain, 1) == v["overall_efficiency"]
    # the rounded 14.9 TB of the panel is the 14.94 TB of the Storage configuration text
    attrs = Configuration.objects.get(slug="xtremio-two-xbrick-cluster").attributes
    assert round(Decimal(attrs["usable_capacity"]["value"]), 1) == v["physical_capacity"]
