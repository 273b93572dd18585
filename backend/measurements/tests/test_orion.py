import pytest

from measurements.errors import MeasurementFileError
from measurements.orion import orion_curves, parse_orion_csv, parse_orion_summary
from measurements.tests.orion_swingbench_builders import (
    AWR_HTML_REPORT,
    AWR_TEXT_REPORT,
    PDF_FILE,
    Peak,
    orion_grid,
    orion_summary,
    swingbench_results,
)

# --- summary ------------------------------------------------------------------------------------


def test_summary_12c_values_are_the_values_written():
    small_columns, large_columns = (1, 2, 4, 8), (0,)
    peak, low = Peak(51234, 8, 0), Peak(211.5, 1, 0)
    run = parse_orion_summary(
        orion_summary(
            run="oltp",
            version="12.1.0.2.0",
            test_name="bigarray",
            num_disks=24,
            small_kb=8,
            large_kb=1024,
            write_percent=30,
            duration_s=45,
            small_columns=small_columns,
            large_columns=large_columns,
            max_iops=peak,
            min_latency=low,
        )
    )
    assert run.version is not None and run.version.value == "12.1.0.2.0"
    assert run.test_name is not None and run.test_name.value == "bigarray"
    assert run.mode is not None and run.mode.value == "oltp"
    assert run.num_disks is not None and run.num_disks.value == 24
    assert run.small_io_kb is not None and run.small_io_kb.value == 8
    assert run.large_io_kb is not None and run.large_io_kb.value == 1024
    assert run.write_percent is not None and run.write_percent.value == 30
    assert run.read_percent is not None and run.read_percent.value == 100 - 30
    assert run.duration_per_point_s is not None and run.duration_per_point_s.value == 45
    assert run.small_columns is not None and run.small_columns.value == small_columns
    assert run.large_columns is not None and run.large_columns.value == large_columns
    assert run.total_data_points is not None
    assert run.total_data_points.value == len(small_columns) * len(large_columns)
    assert run.max_iops is not None
    assert (run.max_iops.value, run.max_iops.small, run.max_iops.large) == (
        peak.value,
        peak.small,
        peak.large,
    )
    assert run.min_latency is not None and run.min_latency.value == low.value
    assert run.latency_unit == "us"
    assert run.min_latency_ms == pytest.approx(low.value / 1000)


def test_every_summary_value_names_its_line():
    data = orion_summary()
    lines = data.decode().split("\n")
    run = parse_orion_summary(data)
    assert run.small_io_kb is not None
    number = int(run.small_io_kb.where.removeprefix("line "))
    assert lines[number - 1].startswith("Small IO size")
    assert run.max_iops is not None
    assert lines[int(run.max_iops.where.removeprefix("line ")) - 1].startswith("Maximum Small IOPS")


@pytest.mark.parametrize("mode", ["oltp", "dss", "simple", "normal", "advanced"])
def test_every_run_mode_is_read(mode):
    run = parse_orion_summary(orion_summary(run=mode))
    assert run.mode is not None and run.mode.value == mode


def test_unknown_run_mode_is_refused_with_its_line():
    with pytest.raises(MeasurementFileError, match="not an ORION run mode") as caught:
        parse_orion_summary(orion_summary(run="turbo"))
    assert caught.value.where is not None and caught.value.where.startswith("line ")


def test_orion_11_1_summary_reads_milliseconds_from_the_version():
    run = parse_orion_summary(
        orion_summary(
            version="11.1.0.7.0",
            old_style=True,
            run="advanced",
            matrix="basic",
            cache_size_option_mb=64,
            cache_text="Not Entered",
            latency_word=None,
            max_mbps=Peak(52.71, 0, 8),
            min_latency=Peak(11.28, 1, 0),
            dash="\u2013",  # blogs paste the options with en dashes
        )
    )
    assert run.latency_unit == "ms"
    assert "11.1.0.7.0" in run.latency_unit_basis
    assert run.min_latency_ms == 11.28
    assert run.matrix is not None and run.matrix.value == "basic"
    assert run.cache_size_mb is not None and run.cache_size_mb.value == 64
    assert run.max_mbps is not None and (run.max_mbps.value, run.max_mbps.large) == (52.71, 8)
    assert run.duration_per_point_s is not None and run.duration_per_point_s.value == 60
    assert run.write_percent is not None and run.write_percent.value == 0


def test_values_absent_from_the_summary_are_none_not_zero():
    run = parse_orion_summary(
        orion_summary(
            num_disks=None, cache_text="not specified", max_iops=None, write_percent=None, version=None
        )
    )
    assert run.num_disks is None
    assert run.cache_size_mb is None
    assert run.max_iops is None
    assert run.max_mbps is None
    assert run.write_percent is None and run.read_percent is None
    assert run.matrix is None
    assert run.version is None


def test_latency_unit_unknown_without_unit_or_version():
    run = parse_orion_summary(orion_summary(version=None, latency_word=None))
    assert run.latency_unit is None
    assert run.min_latency_ms is None


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (AWR_TEXT_REPORT, "AWR report"),
        (AWR_HTML_REPORT, "AWR report"),
        (PDF_FILE, "PDF"),
        (b"", "empty"),
        (b"   \n\n", "empty"),
        (swingbench_results(), "Swingbench"),
        (b"just some notes\nabout storage\n", "not an ORION summary"),
    ],
)
def test_other_files_sent_as_a_summary_are_refused(data, words):
    with pytest.raises(MeasurementFileError, match=words):
        parse_orion_summary(data)


# --- CSV grids ----------------------------------------------------------------------------------


def test_iops_grid_cells_are_the_values_written():
    small = (1, 2, 3, 4)
    values = [130.0, 259.0, 388.5, 511.0]
    grid = parse_orion_csv(orion_grid(small, {0: values}), "iops")
    assert grid.small_columns == small
    assert grid.large_rows == (0,)
    assert [c.value for c in grid.row(0)] == values
    assert grid.unit == "IOPS"
    assert not grid.has_large_io
    cell = grid.cell(0, 3)
    assert cell is not None and cell.where == "line 2, column 'Small=3'"


def test_grid_with_large_io_rows():
    small = (0, 1, 2)
    rows: dict[int, list[float | None]] = {
        0: [None, 120.0, 230.0],
        1: [48.0, 50.0, 51.0],
        2: [95.5, 96.0, 97.0],
    }
    grid = parse_orion_csv(orion_grid(small, rows), "mbps")
    assert grid.has_large_io
    assert grid.large_rows == (0, 1, 2)
    for large, values in rows.items():
        assert [c.value for c in grid.row(large)] == values
    assert grid.unit == "MB/s"


def test_trailing_commas_and_untested_points():
    small = (1, 2, 3)
    grid = parse_orion_csv(orion_grid(small, {0: [10.0, 20.0, None]}, trailing_comma=True), "iops")
    assert [c.value for c in grid.row(0)] == [10.0, 20.0, None]
    grid = parse_orion_csv(orion_grid(small, {0: [10.0, 20.0, None]}), "iops")
    assert [c.value for c in grid.row(0)] == [10.0, 20.0, None]


@pytest.mark.parametrize(
    ("file_name", "name", "stamp"),
    [
        ("mytest_20240101_1200_iops.csv", "mytest", "20240101_1200"),
        ("mytest_iops.csv", "mytest", None),
        ("/tmp/runs/my_big_test_20130722_0953_iops.csv", "my_big_test", "20130722_0953"),
        ("C:\\orion\\test1_iops.csv", "test1", None),
    ],
)
def test_run_name_and_time_stamp_from_the_file_name(file_name, name, stamp):
    grid = parse_orion_csv(orion_grid((1,), {0: [1.0]}), "iops", file_name=file_name)
    assert grid.run_name is not None and grid.run_name.value == name
    assert (grid.time_stamp.value if grid.time_stamp else None) == stamp


def test_file_name_of_another_grid_kind_is_refused():
    with pytest.raises(MeasurementFileError, match=r"_lat\.csv"):
        parse_orion_csv(orion_grid((1,), {0: [1.0]}), "iops", file_name="t_lat.csv")


def test_ragged_row_is_refused_naming_its_line():
    data = b"Large/Small,      1,      2,      3\n          0,    130,    259\n"
    with pytest.raises(MeasurementFileError, match="2 values but the header names 3") as caught:
        parse_orion_csv(data, "iops")
    assert caught.value.where == "line 2"


def test_row_longer_than_the_header_is_refused():
    data = b"Large/Small, 1, 2\n0, 1, 2, 3\n"
    with pytest.raises(MeasurementFileError, match="3 values") as caught:
        parse_orion_csv(data, "iops")
    assert caught.value.where == "line 2"


def test_non_numeric_cell_names_line_and_column():
    data = b"Large/Small, 1, 8\n0, 130, n/a\n"
    with pytest.raises(MeasurementFileError, match="'n/a' is not a number") as caught:
        parse_orion_csv(data, "iops")
    assert caught.value.where == "line 2, column 'Small=8'"


@pytest.mark.parametrize(
    ("data", "words", "where"),
    [
        (b"Small/Large, 1, 2\n0, 1, 2\n", "must start with 'Large/Small'", "line 1"),
        (b"Large/Small, 1, two\n0, 1, 2\n", "not a count of outstanding small", "line 1, column 3"),
        (b"Large/Small, 1, 1\n0, 1, 2\n", "appears twice", "line 1"),
        (b"Large/Small, 1, 2\n", "no data row", "line 1"),
        (b"Large/Small, 1, 2\nzero, 1, 2\n", "outstanding large", "line 2, column 'Large'"),
        (b"Large/Small, 1, 2\n0, 1, 2\n0, 3, 4\n", "second row", "line 3"),
        (b"Large/Small, 1, 2\n0, 1, -2\n", "not a measured", "line 2, column 'Small=2'"),
    ],
)
def test_malformed_grids_are_refused_with_their_place(data, words, where):
    with pytest.raises(MeasurementFileError, match=words) as caught:
        parse_orion_csv(data, "iops")
    assert caught.value.where == where


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (AWR_TEXT_REPORT, "AWR report"),
        (AWR_HTML_REPORT, "AWR report"),
        (PDF_FILE, "PDF"),
        (b"", "empty"),
        (swingbench_results(), "Swingbench"),
        (orion_summary(), "Large/Small"),
    ],
)
def test_other_files_sent_as_a_grid_are_refused(data, words):
    with pytest.raises(MeasurementFileError, match=words):
        parse_orion_csv(data, "lat")


def test_unknown_grid_kind_is_refused():
    with pytest.raises(MeasurementFileError, match="unknown ORION grid kind"):
        parse_orion_csv(orion_grid((1,), {0: [1.0]}), "hist")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("values", "unit"),
    [
        ([123.58, 180.0, 260.0], "us"),  # ORION 11.2+: microseconds
        ([0.12, 0.18, 0.26], "ms"),  # ORION 11.1 on flash: milliseconds below 1
        ([5.5, 9.0, 48.0], None),  # could be HDD ms or persistent-memory µs
    ],
)
def test_latency_unit_from_magnitude(values, unit):
    grid = parse_orion_csv(orion_grid((1, 2, 3), {0: values}), "lat")
    assert grid.unit == unit
    assert "magnitude" in grid.unit_basis


def test_latency_unit_given_by_the_caller_wins():
    grid = parse_orion_csv(orion_grid((1, 2), {0: [5.5, 9.0]}), "lat", latency_unit="ms")
    assert grid.unit == "ms"


# --- curves -------------------------------------------------------------------------------------


def _run_files(latency_us: list[float], iops: list[float], small=(1, 2, 4, 8)):
    summary = parse_orion_summary(orion_summary(small_columns=small))
    iops_grid = parse_orion_csv(
        orion_grid(small, {0: iops}), "iops", file_name="test1_20240101_1200_iops.csv"
    )
    lat_grid = parse_orion_csv(
        orion_grid(small, {0: latency_us}), "lat", file_name="test1_20240101_1200_lat.csv"
    )
    return summary, iops_grid, lat_grid


def test_iops_latency_curve_is_the_large_zero_row_in_ms():
    small = (1, 2, 4, 8)
    iops = [4000.0, 7800.0, 14000.0, 21000.0]
    latency_us = [250.0, 256.0, 285.0, 380.0]
    curves = orion_curves(*_run_files(latency_us, iops, small))
    assert [p.outstanding_small for p in curves.iops_latency] == list(small)
    assert [p.iops for p in curves.iops_latency] == iops
    assert [p.latency_ms for p in curves.iops_latency] == pytest.approx([v / 1000 for v in latency_us])
    assert curves.latency_unit_in_file == "us"
    assert curves.run.test_name is not None and curves.run.test_name.value == "test1"
    assert curves.mbps == ()  # an OLTP run has no large I/O


def test_millisecond_grid_stays_in_milliseconds():
    small = (1, 2)
    summary = parse_orion_summary(orion_summary(version="11.1.0.7.0", old_style=True, latency_word=None))
    iops_grid = parse_orion_csv(orion_grid(small, {0: [100.0, 180.0]}), "iops")
    lat_grid = parse_orion_csv(orion_grid(small, {0: [8.5, 11.0]}), "lat")  # ambiguous by magnitude
    curves = orion_curves(summary, iops_grid, lat_grid)
    assert [p.latency_ms for p in curves.iops_latency] == [8.5, 11.0]
    assert "11.1.0.7.0" in curves.latency_unit_basis


def test_mbps_curve_is_the_small_zero_column():
    small = (0, 1, 2)
    mbps_rows: dict[int, list[float | None]] = {
        0: [None, 1.0, 2.0],
        1: [80.0, 78.0, 75.0],
        2: [150.0, 140.0, 131.0],
        4: [260.5, 240.0, 220.0],
    }
    summary = parse_orion_summary(
        orion_summary(run="normal", small_columns=small, large_columns=(0, 1, 2, 4))
    )
    iops_grid = parse_orion_csv(orion_grid(small, {0: [None, 200.0, 390.0], 1: [None, 150.0, 300.0]}), "iops")
    lat_grid = parse_orion_csv(
        orion_grid(small, {0: [None, 5000.0, 5100.0], 1: [None, 6000.0, 6500.0]}), "lat"
    )
    mbps_grid = parse_orion_csv(orion_grid(small, mbps_rows), "mbps")
    curves = orion_curves(summary, iops_grid, lat_grid, mbps_grid)
    assert [(p.outstanding_large, p.mbps) for p in curves.mbps] == [(1, 80.0), (2, 150.0), (4, 260.5)]
    assert [p.outstanding_small for p in curves.iops_latency] == [1, 2]


def test_latency_units_that_disagree_are_refused():
    summary = parse_orion_summary(orion_summary(version="11.1.0.7.0", latency_word=None))  # says ms
    iops_grid = parse_orion_csv(orion_grid((1,), {0: [100.0]}), "iops")
    lat_grid = parse_orion_csv(orion_grid((1,), {0: [250.0]}), "lat")  # reads as µs
    with pytest.raises(MeasurementFileError, match="reads as us"):
        orion_curves(summary, iops_grid, lat_grid)


def test_unknowable_latency_unit_is_refused():
    summary = parse_orion_summary(orion_summary(version=None, latency_word=None))
    iops_grid = parse_orion_csv(orion_grid((1,), {0: [100.0]}), "iops")
    lat_grid = parse_orion_csv(orion_grid((1,), {0: [9.0]}), "lat")
    with pytest.raises(MeasurementFileError, match="milliseconds or microseconds"):
        orion_curves(summary, iops_grid, lat_grid)


def test_grids_of_different_runs_are_refused():
    summary = parse_orion_summary(orion_summary())
    iops_grid = parse_orion_csv(orion_grid((1,), {0: [100.0]}), "iops", file_name="a_20240101_1200_iops.csv")
    lat_grid = parse_orion_csv(orion_grid((1,), {0: [250.0]}), "lat", file_name="a_20240102_0800_lat.csv")
    with pytest.raises(MeasurementFileError, match="different ORION runs"):
        orion_curves(summary, iops_grid, lat_grid)


def test_summary_of_another_test_is_refused():
    summary = parse_orion_summary(orion_summary(test_name="other"))
    iops_grid = parse_orion_csv(orion_grid((1,), {0: [100.0]}), "iops", file_name="test1_iops.csv")
    lat_grid = parse_orion_csv(orion_grid((1,), {0: [250.0]}), "lat", file_name="test1_lat.csv")
    with pytest.raises(MeasurementFileError, match="'other'"):
        orion_curves(summary, iops_grid, lat_grid)


def test_grid_given_in_the_wrong_place_is_refused():
    summary, iops_grid, lat_grid = _run_files([250.0], [100.0], small=(1,))
    with pytest.raises(MeasurementFileError, match="a lat grid was given where the iops grid belongs"):
        orion_curves(summary, lat_grid, iops_grid)


def test_dss_grids_without_a_large_zero_row_are_refused():
    summary = parse_orion_summary(orion_summary(run="dss", small_columns=(0,), large_columns=(1, 2)))
    iops_grid = parse_orion_csv(orion_grid((0,), {1: [None], 2: [None]}), "iops")
    lat_grid = parse_orion_csv(orion_grid((0,), {1: [None], 2: [None]}), "lat", latency_unit="us")
    with pytest.raises(MeasurementFileError, match="Large=0"):
        orion_curves(summary, iops_grid, lat_grid)


def test_windows_line_ends_are_read():
    small = (1, 2)
    data = orion_grid(small, {0: [10.0, 20.0]}).replace(b"\n", b"\r\n")
    grid = parse_orion_csv(data, "iops")
    assert [c.value for c in grid.row(0)] == [10.0, 20.0]
    run = parse_orion_summary(orion_summary().replace(b"\n", b"\r\n"))
    assert run.test_name is not None and run.test_name.value == "test1"
