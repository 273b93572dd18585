"""The real AWR reports of ../shared/samples/awr (test data kept outside the project, see its README).

Each must give a workload or be refused with a message naming what is missing; the text and HTML
reports of one interval must give the same workload. Skipped where the folder is absent (CI clones).
Nothing of these reports is copied here: the checks are on structure, not on their numbers.
"""

import os
from pathlib import Path

import pytest

from measurements.awr import AwrReport, AwrWorkload, Value, parse_awr, workload_from_awr
from measurements.errors import MeasurementFileError

# ../shared/samples/awr beside the checkout, or AWR_SAMPLES_DIR: a clone elsewhere (CI clones to a
# temporary directory) has no samples beside it, and the tests then skip, saying where they looked.
SAMPLES = Path(
    os.environ.get("AWR_SAMPLES_DIR") or Path(__file__).resolve().parents[4] / "shared" / "samples" / "awr"
)
TWIN = "yasushiyy__awr2csv__awr_11204_1"

pytestmark = pytest.mark.skipif(not SAMPLES.is_dir(), reason=f"no AWR samples at {SAMPLES}")


def _samples() -> list[Path]:
    return sorted(p for p in SAMPLES.iterdir() if p.is_file()) if SAMPLES.is_dir() else []


def _values(workload: AwrWorkload) -> dict[str, Value | None]:
    names = (
        "transactions_per_s",
        "read_requests_per_s",
        "write_requests_per_s",
        "db_cpu_s_per_s",
        "redo_mb_per_s",
        "single_block_read_ms",
    )
    return {name: getattr(workload, name) for name in names}


def test_the_ten_samples_are_there():
    assert len(_samples()) == 10


def _read(data: bytes) -> tuple[AwrReport, AwrWorkload] | MeasurementFileError:
    try:
        report = parse_awr(data)
        return report, workload_from_awr(report)
    except MeasurementFileError as error:
        return error


@pytest.mark.parametrize("path", _samples(), ids=lambda p: p.name)
def test_each_sample_gives_a_workload_or_says_what_is_missing(path):
    result = _read(path.read_bytes())
    if isinstance(result, MeasurementFileError):
        assert result.where, result.message
        assert any(word in result.message for word in ("no ", "ends inside", "idle", "not ")), result.message
        return
    report, workload = result
    assert report.db_name and report.release and report.instances
    assert report.elapsed_min is not None and report.elapsed_min.value > 0
    for name, value in _values(workload).items():
        if value is None:
            continue
        assert value.value >= 0, name
        assert value.source.section and value.source.row, name
        if report.format == "text":
            assert value.source.line is not None, name
    if report.load_profile is not None and report.load_profile.read_requests_per_s is not None:
        assert workload.read_requests_per_s is report.load_profile.read_requests_per_s


def test_text_and_html_of_one_interval_give_the_same_workload():
    from_text = workload_from_awr(parse_awr((SAMPLES / f"{TWIN}.txt").read_bytes()))
    from_html = workload_from_awr(parse_awr((SAMPLES / f"{TWIN}.html").read_bytes()))
    text_values, html_values = _values(from_text), _values(from_html)
    for name, text_value in text_values.items():
        html_value = html_values[name]
        if text_value is None or html_value is None:
            assert text_value is html_value is None, name
            continue
        # The Time Model prints DB CPU with one decimal in text and two in HTML.
        assert text_value.value == pytest.approx(html_value.value, rel=0.05), name
        assert (text_value.source.section, text_value.source.row) == (
            html_value.source.section,
            html_value.source.row,
        )
    assert from_text.notes == from_html.notes
