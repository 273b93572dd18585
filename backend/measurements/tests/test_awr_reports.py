"""Synthetic AWR reports (awr_builders) parse to the values the builder wrote, in every layout."""

from dataclasses import replace

import pytest

from measurements.awr import parse_awr, workload_from_awr
from measurements.awr.workload import BYTES_PER_MB
from measurements.tests.awr_builders import (
    Event,
    RacSpec,
    Spec,
    Style,
    html_report,
    rac_global_html,
    rounded_avg_ms,
    text_report,
)

STYLES = ["11.2.0.3", "11.2.0.4", "19c"]
FORMATS = {"text": text_report, "html": html_report}


def _parse(spec, fmt):
    return parse_awr(FORMATS[fmt](spec))


def _expected_latency_ms(event: Event, style: Style) -> float:
    """The more precise of the two figures the builder printed: the average or total / waits."""
    printed_avg = rounded_avg_ms(event.avg_ms, style)
    avg_step = 0.5 if style != "19c" else (0.005 / 1000 if event.avg_ms < 1 else 0.005)
    total = round(event.total_s)
    if 0.5 / total < avg_step / printed_avg:
        return total * 1000 / event.waits
    return printed_avg


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("style", STYLES)
def test_header_values(style, fmt):
    spec = Spec(style=style)
    report = _parse(spec, fmt)
    assert report.format == fmt
    assert report.kind == "instance"
    assert (report.db_name, report.db_id) == (spec.db_name, spec.db_id)
    assert report.release is not None and report.release.startswith(style[:4] if style != "19c" else "19.")
    assert report.rac is spec.rac
    assert report.cdb is (spec.cdb if style == "19c" else None)
    (instance,) = report.instances
    assert (instance.name, instance.number, instance.host) == (spec.instance, spec.inst_num, spec.host)
    assert instance.cpus is not None and instance.cpus.value == spec.cpus
    assert instance.cores is not None and instance.cores.value == spec.cores
    assert report.elapsed_min is not None and report.elapsed_min.value == spec.elapsed_min
    assert report.db_time_min is not None and report.db_time_min.value == spec.db_time_min
    assert report.db_cpu_s is not None and report.db_cpu_s.value == pytest.approx(spec.db_cpu_s)


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("style", STYLES)
def test_load_profile_keeps_blocks_and_requests_apart(style, fmt):
    spec = (
        Spec(style=style, read_requests_per_s=None, write_requests_per_s=None)
        if style == "11.2.0.3"
        else Spec(style=style)
    )
    profile = _parse(spec, fmt).load_profile
    assert profile is not None
    assert (
        profile.transactions_per_s is not None and profile.transactions_per_s.value == spec.transactions_per_s
    )
    assert profile.read_blocks_per_s is not None and profile.read_blocks_per_s.value == spec.read_blocks_per_s
    assert (
        profile.write_blocks_per_s is not None and profile.write_blocks_per_s.value == spec.write_blocks_per_s
    )
    assert profile.redo_bytes_per_s is not None and profile.redo_bytes_per_s.value == spec.redo_bytes_per_s
    assert profile.executes_per_s is not None and profile.executes_per_s.value == spec.executes_per_s
    assert profile.db_cpu_s_per_s is not None and profile.db_cpu_s_per_s.value == spec.db_cpu_per_s
    if style == "11.2.0.3":
        assert profile.read_requests_per_s is None  # not printed: absent, never 0
        assert profile.write_requests_per_s is None
        assert profile.read_blocks_per_s.source.row == "Physical reads"
    else:
        assert (
            profile.read_requests_per_s is not None
            and profile.read_requests_per_s.value == spec.read_requests_per_s
        )
        assert (
            profile.write_requests_per_s is not None
            and profile.write_requests_per_s.value == spec.write_requests_per_s
        )
        assert profile.read_blocks_per_s.source.row == "Physical read (blocks)"


def test_text_values_carry_their_line():
    data = text_report(Spec())
    profile = parse_awr(data).load_profile
    assert profile is not None and profile.read_requests_per_s is not None
    source = profile.read_requests_per_s.source
    assert (source.section, source.row, source.column) == ("Load Profile", "Read IO requests", "Per Second")
    line = data.decode().split("\n")[source.line - 1]  # type: ignore[operator]
    assert "Read IO requests:" in line and f"{Spec().read_requests_per_s:,.1f}" in line


def test_html_values_name_their_table():
    profile = parse_awr(html_report(Spec())).load_profile
    assert profile is not None and profile.redo_bytes_per_s is not None
    assert profile.redo_bytes_per_s.source.table == "This table displays load profile"
    assert profile.redo_bytes_per_s.source.line is None


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("style", STYLES)
def test_workload(style, fmt):
    spec = (
        Spec(style=style, read_requests_per_s=None, write_requests_per_s=None)
        if style == "11.2.0.3"
        else Spec(style=style)
    )
    workload = workload_from_awr(_parse(spec, fmt))
    assert workload.transactions_per_s.value == spec.transactions_per_s
    assert workload.db_cpu_s_per_s is not None
    assert workload.db_cpu_s_per_s.value == pytest.approx(spec.db_cpu_s / (spec.elapsed_min * 60))
    assert workload.redo_mb_per_s is not None
    assert workload.redo_mb_per_s.value == pytest.approx(spec.redo_bytes_per_s / BYTES_PER_MB)
    assert "10^6" in (workload.redo_mb_per_s.source.note or "")
    assert workload.read_requests_per_s is not None and workload.write_requests_per_s is not None
    if style == "11.2.0.3":  # falls back to blocks, and says so
        assert workload.read_requests_per_s.value == spec.read_blocks_per_s
        assert "blocks, not requests" in (workload.read_requests_per_s.source.note or "")
        assert workload.write_requests_per_s.value == spec.write_blocks_per_s
    else:
        assert workload.read_requests_per_s.value == spec.read_requests_per_s
        assert workload.read_requests_per_s.source.note is None
        assert workload.write_requests_per_s.value == spec.write_requests_per_s
    latency = workload.single_block_read_ms
    assert latency is not None
    assert latency.value == pytest.approx(_expected_latency_ms(spec.foreground[0], style))
    assert latency.source.section == "Foreground Wait Events"
    assert latency.source.row == "db file sequential read"


@pytest.mark.parametrize("fmt", FORMATS)
def test_unit_suffixed_average_below_a_millisecond(fmt):
    event = Event("db file sequential read", 1_000, 0.2, 0.21994)
    spec = Spec(style="19c", foreground=(event,))
    workload = workload_from_awr(_parse(spec, fmt))
    assert workload.single_block_read_ms is not None
    assert workload.single_block_read_ms.value == pytest.approx(0.21994)  # "219.94us"


@pytest.mark.parametrize("fmt", FORMATS)
def test_exadata_cell_single_block_read(fmt):
    """Exadata's event in place of db file sequential read; in text its name is cut to 26 characters."""
    cell = Event("cell single block physical read", 98_875_012, 34_999.0, 0.35390)
    spec = Spec(style="19c", foreground=(cell, Event("cell smart table scan", 11_371_951, 28_000.0, 2.46)))
    report = _parse(spec, fmt)
    (event,) = report.single_block_reads
    if fmt == "text":
        assert event.event == "cell single block physical"  # as printed
    assert event.waits is not None and event.waits.value == cell.waits
    workload = workload_from_awr(report)
    assert workload.single_block_read_ms is not None
    assert workload.single_block_read_ms.value == pytest.approx(rounded_avg_ms(cell.avg_ms, "19c"))


def test_exadata_flash_cache_variants_are_weighted_by_waits():
    disk = Event("cell single block physical read", 1_000_000, 600.0, 0.6)
    flash = Event("cell single block physical read: flash cache", 3_000_000, 600.0, 0.2)
    report = parse_awr(html_report(Spec(style="19c", foreground=(disk, flash))))
    assert len(report.single_block_reads) == 2
    latency = workload_from_awr(report).single_block_read_ms
    assert latency is not None
    assert latency.value == pytest.approx((disk.waits * 0.6 + flash.waits * 0.2) / (disk.waits + flash.waits))
    assert "weighted by waits" in (latency.source.note or "")


def test_no_single_block_read_is_absent_and_said():
    spec = Spec(foreground=(Event("log file sync", 10, 1.0, 100.0, "Commit"),))
    workload = workload_from_awr(parse_awr(text_report(spec)))
    assert workload.single_block_read_ms is None
    assert any("single-block read latency is absent" in note for note in workload.notes)


def test_background_reads_are_not_taken_for_foreground():
    spec = Spec(foreground=(Event("log file sync", 10, 1.0, 100.0, "Commit"),))
    assert parse_awr(text_report(spec)).single_block_reads == ()


def test_text_section_continued_after_a_form_feed():
    spec = Spec(
        page_break_in_events=True,
        foreground=(Event("log file sync", 10, 1.0, 100.0, "Commit"), Spec().foreground[0]),
    )
    report = parse_awr(text_report(spec))
    (event,) = report.single_block_reads
    assert event.waits is not None and event.waits.value == spec.foreground[1].waits


def test_browser_saved_html_with_upper_case_tags():
    spec = Spec(style="19c")
    data = html_report(spec, browser_saved=True)
    assert b"<TABLE" in data and b"<table" not in data
    assert workload_from_awr(parse_awr(data)) == workload_from_awr(parse_awr(html_report(spec)))


@pytest.mark.parametrize("style", STYLES)
def test_text_and_html_of_one_interval_give_one_workload(style):
    spec = Spec(style=style)
    assert workload_from_awr(_parse(spec, "text")).transactions_per_s.value == spec.transactions_per_s
    from_text, from_html = workload_from_awr(_parse(spec, "text")), workload_from_awr(_parse(spec, "html"))
    for name in (
        "transactions_per_s",
        "read_requests_per_s",
        "write_requests_per_s",
        "redo_mb_per_s",
        "db_cpu_s_per_s",
    ):
        assert getattr(from_text, name).value == pytest.approx(getattr(from_html, name).value), name


@pytest.mark.parametrize("fmt", FORMATS)
def test_iostat_by_function(fmt):
    spec = Spec(style="19c")
    functions = {f.function: f for f in _parse(spec, fmt).iostat_functions}
    for written in spec.iostat:
        read = functions[written.name]
        assert read.read_requests_per_s is not None
        assert read.read_requests_per_s.value == pytest.approx(written.read_reqs)
        assert read.write_requests_per_s is not None
        assert read.write_requests_per_s.value == pytest.approx(written.write_reqs)
        assert read.avg_wait_ms is not None
        assert read.avg_wait_ms.value == pytest.approx(rounded_avg_ms(written.avg_ms, "19c"))
        assert read.read_mb_per_s is not None and read.read_mb_per_s.value == pytest.approx(0.5)


def test_a_rac_instance_report_says_it_is_one_instance():
    workload = workload_from_awr(parse_awr(html_report(Spec(rac=True))))
    assert any("this instance's" in note for note in workload.notes)


# --- the RAC global report ---------------------------------------------------------------------------


def test_rac_global_report_reads_the_cluster_rows():
    spec = RacSpec()
    report = parse_awr(rac_global_html(spec))
    sums = spec.sums()
    assert report.kind == "rac_global"
    assert (report.db_name, report.db_id, report.release) == (spec.db_name, spec.db_id, spec.release)
    assert [i.name for i in report.instances] == [i.name for i in spec.instances]
    assert report.host_cpus == sum(i.cpus for i in spec.instances)
    assert report.elapsed_min is not None and report.elapsed_min.value == spec.elapsed_min
    profile = report.load_profile
    assert profile is not None
    assert profile.transactions_per_s is not None and profile.transactions_per_s.value == sums["txns_per_s"]
    assert profile.transactions_per_s.source.row == "Sum"
    assert profile.read_blocks_per_s is not None and profile.read_blocks_per_s.value == sums["reads_per_s"]
    assert (
        profile.read_requests_per_s is not None
        and profile.read_requests_per_s.value == spec.read_requests_per_s
    )
    assert profile.redo_bytes_per_s is not None and profile.redo_bytes_per_s.value == spec.redo_bytes_per_s
    workload = workload_from_awr(report)
    assert workload.db_cpu_s_per_s is not None
    assert workload.db_cpu_s_per_s.value == pytest.approx(sums["db_cpu_s"] / (spec.elapsed_min * 60))
    assert workload.write_requests_per_s is not None
    assert workload.write_requests_per_s.value == spec.write_requests_per_s
    cell = spec.foreground[0]
    assert workload.single_block_read_ms is not None
    assert workload.single_block_read_ms.value == pytest.approx(round(cell.total_s, 2) * 1000 / cell.waits)
    assert workload.single_block_read_ms.source.section == "Foreground Wait Events (Global)"


def test_rac_global_without_global_statistics_uses_redo_kilobytes():
    spec = RacSpec()
    data = rac_global_html(spec).decode()
    start = data.index('<h3 class="awr">System Statistics (Global)</h3>')
    report = parse_awr(data[:start].encode() + b"</body></html>")
    profile = report.load_profile
    assert profile is not None and profile.read_requests_per_s is None
    assert profile.redo_bytes_per_s is not None
    assert profile.redo_bytes_per_s.value == pytest.approx(spec.sums()["redo_k_per_s"] * 1024)
    workload = workload_from_awr(report)
    assert workload.read_requests_per_s is not None
    assert "blocks, not requests" in (workload.read_requests_per_s.source.note or "")


def test_spec_replace_keeps_frozen_defaults():
    assert replace(Spec(), style="11.2.0.3").with_style("19c") == Spec()


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("style", STYLES)
def test_top_events_stand_in_for_the_foreground_table(style, fmt):
    """Top 5 (11.2.0.3) or Top 10 (11.2.0.4 on, with its cut "Tota Time" heading in text)."""
    spec = Spec(style=style, with_foreground_table=False)
    latency = workload_from_awr(_parse(spec, fmt)).single_block_read_ms
    assert latency is not None
    assert latency.source.section.startswith("Top 5" if style == "11.2.0.3" else "Top 10")
    assert latency.value == pytest.approx(spec.foreground[0].avg_ms, rel=0.01)
