"""Files that cannot give a workload are refused with a message naming what is missing, and where."""

import pytest

from measurements.awr import AwrWorkload, parse_awr, workload_from_awr
from measurements.errors import MeasurementFileError
from measurements.tests.awr_builders import RacSpec, Spec, cut, html_report, rac_global_html, text_report

ORION_CSV = b"""ORION VERSION 11.2.0.4.0
Commandline:
-run advanced -testname mytest -num_disks 4 -size_small 8 -size_large 1024 -type rand
Large/Small,1,2,4,8,16
0,1480,2921,5702,11069,20514
1,1402,2803,5498,10700,19900
"""


def _refusal(data: bytes) -> MeasurementFileError:
    with pytest.raises(MeasurementFileError) as caught:
        workload_from_awr(parse_awr(data))
    return caught.value


def _workload_or_message(data: bytes) -> object:
    """A workload, or the refusal's message: anything but a crash."""
    try:
        return workload_from_awr(parse_awr(data))
    except MeasurementFileError as error:
        return error.message


def test_empty_file():
    assert "empty" in str(_refusal(b""))


def test_random_binary_is_refused_before_parsing():
    assert "binary" in str(_refusal(bytes(range(256)) * 64))


def test_orion_csv_sent_as_awr():
    error = _refusal(ORION_CSV)
    assert "not an AWR report" in error.message
    assert error.where == "line 1"


@pytest.mark.parametrize(
    "data",
    [b"just some notes\nabout a database\n", b"<html><body><table><tr><td>1</td></tr></table></body></html>"],
)
def test_other_text_or_html(data):
    assert "not an AWR report" in _refusal(data).message


@pytest.mark.parametrize("builder", [text_report, html_report])
def test_report_without_load_profile(builder):
    error = _refusal(builder(Spec(with_load_profile=False)))
    assert error.message == "no 'Load Profile' section: this report cannot give a workload"
    assert error.where == "Load Profile"


def test_html_cut_inside_the_load_profile():
    data = cut(html_report(Spec()), "<tr><td scope=\"row\" class='awrc'>Read IO requests:")
    error = _refusal(data)
    assert "ends inside the 'Load Profile' section" in error.message
    assert error.where == "Load Profile"


def test_text_cut_inside_the_load_profile():
    error = _refusal(cut(text_report(Spec()), "       Read IO requests:"))
    assert "ends inside the 'Load Profile' section" in error.message


def test_html_cut_after_the_load_profile_gives_what_is_complete():
    # the Foreground Wait Events row (waits, then %Time -outs); the Top 10 row has the total next
    data = cut(html_report(Spec()), "444,000</td><td class='awrc'>0</td>")
    workload = workload_from_awr(parse_awr(data))
    assert workload.transactions_per_s.value == Spec().transactions_per_s
    # the cut Foreground Wait Events table is not read; the complete Top 10 list stands in
    assert workload.single_block_read_ms is not None
    assert workload.single_block_read_ms.source.section == "Top 10 Foreground Events by Total Wait Time"
    assert any("ends inside 'Foreground Wait Events'" in note for note in workload.notes)


@pytest.mark.parametrize("builder", [text_report, html_report])
def test_a_report_cut_anywhere_never_crashes(builder):
    data = builder(Spec())
    for end in range(0, len(data), 97):  # every 97th byte: inside tags, cells, rows and lines
        result = _workload_or_message(data[:end])
        assert isinstance(result, AwrWorkload) or (isinstance(result, str) and result), end


def test_idle_interval():
    spec = Spec(
        transactions_per_s=0.0,
        read_blocks_per_s=0.0,
        write_blocks_per_s=0.0,
        read_requests_per_s=0.0,
        write_requests_per_s=0.0,
    )
    error = _refusal(text_report(spec))
    assert "idle interval" in error.message
    assert error.where == "Load Profile"


def test_no_transactions_row():
    error = _refusal(html_report(Spec(transactions_per_s=None)))
    assert "no 'Transactions' row" in error.message


def test_zero_transactions_with_io_is_a_workload_with_a_note():
    workload = workload_from_awr(parse_awr(text_report(Spec(transactions_per_s=0.0))))
    assert workload.transactions_per_s.value == 0.0
    assert any("transactions print as 0" in note for note in workload.notes)


def test_rac_global_without_its_system_statistics():
    data = rac_global_html(RacSpec()).decode()
    data = data[: data.index('<h2 class="awr">Global Activity Load Profile</h2>')] + "</body></html>"
    error = _refusal(data.encode())
    assert "no 'System Statistics - Per Second' section" in error.message


def test_rac_global_in_text_form_is_refused_with_the_way_out():
    error = _refusal(b"\nWORKLOAD REPOSITORY REPORT (RAC)\n\nDatabase Summary\n")
    assert "HTML form" in error.message


def test_crlf_and_windows_1252_text_reads_the_same():
    data = text_report(Spec())
    windows = data.replace(b"\n", b"\r\n").replace(b"for\r\n", "for \u2013\r\n".encode("cp1252"), 1)
    assert workload_from_awr(parse_awr(windows)) == workload_from_awr(parse_awr(data))
