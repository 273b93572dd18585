import time

import pytest

from measurements.errors import MeasurementFileError
from measurements.swingbench import load_response_curve, parse_swingbench_results
from measurements.tests.orion_swingbench_builders import (
    AWR_HTML_REPORT,
    AWR_TEXT_REPORT,
    BILLION_LAUGHS,
    EXTERNAL_ENTITY,
    NAMESPACE_OLD,
    NAMESPACE_RESULTS,
    PDF_FILE,
    Transaction,
    orion_grid,
    orion_summary,
    swingbench_results,
)

# --- one results file ---------------------------------------------------------------------------


@pytest.mark.parametrize("namespace", [NAMESPACE_RESULTS, NAMESPACE_OLD, None])
def test_overview_values_are_the_values_written(namespace):
    name, comment, when = "Order Entry (PLSQL) V2", "SOE at scale 10", "Mar 3, 2025 9:00:00 AM"
    users, completed, failed, tps, tpm = 32, 987654, 12, 1234.56, 80123.0
    run = parse_swingbench_results(
        swingbench_results(
            namespace=namespace,
            total_run_time="1:02:03",
            benchmark_name=name,
            comment=comment,
            time_of_run=when,
            users=users,
            completed=completed,
            failed=failed,
            average_tps=tps,
            maximum_tpm=tpm,
        )
    )
    assert run.namespace == namespace
    assert run.benchmark_name is not None and run.benchmark_name.value == name
    assert run.comment is not None and run.comment.value == comment
    assert run.time_of_run is not None and run.time_of_run.value == when
    assert run.users is not None and run.users.value == users
    assert run.total_completed_transactions is not None
    assert run.total_completed_transactions.value == completed
    assert run.total_failed_transactions is not None and run.total_failed_transactions.value == failed
    assert run.average_tps is not None and run.average_tps.value == tps
    assert run.maximum_tpm is not None and run.maximum_tpm.value == tpm
    assert run.total_run_time_s is not None and run.total_run_time_s.value == 1 * 3600 + 2 * 60 + 3
    assert run.average_tps.where == "<Overview>/<AverageTransactionsPerSecond>"


def test_transaction_results_are_the_values_written():
    counts, averages = (1200, 9000), (5.97, 2.49)
    written = [
        Transaction(
            "Customer Registration", count=counts[0], failed=1, average=averages[0], minimum=1, maximum=64
        ),
        Transaction("Browse Products", count=counts[1], failed=0, average=averages[1], minimum=0, maximum=74),
    ]
    run = parse_swingbench_results(swingbench_results(transactions=written))
    assert [t.name for t in run.transactions] == [t.name for t in written]
    for parsed, source in zip(run.transactions, written, strict=True):
        assert parsed.transaction_count is not None and parsed.transaction_count.value == source.count
        assert parsed.failed_count is not None and parsed.failed_count.value == source.failed
        assert parsed.average_ms is not None and parsed.average_ms.value == source.average
        assert parsed.minimum_ms is not None and parsed.minimum_ms.value == source.minimum
        assert parsed.maximum_ms is not None and parsed.maximum_ms.value == source.maximum
    first = run.transactions[0]
    assert first.average_ms is not None
    assert (
        first.average_ms.where == '<TransactionResults>/<Result id="Customer Registration">/<AverageResponse>'
    )
    # The run's mean response: each transaction's mean weighted by its count.
    expected = sum(a * c for a, c in zip(averages, counts, strict=True)) / sum(counts)
    assert run.average_response_ms is not None
    assert run.average_response_ms.value == pytest.approx(expected)


@pytest.mark.parametrize(
    ("tag", "percentile"),
    [
        ("NinetiethPercentile", 90),
        ("NintiethPercentile", 90),
        ("NinetyPercentile", 90),
        ("NinetyFifthPercentile", 95),
        ("NintyFifthPercentile", 95),
        ("FiftiethPercentile", 50),
        ("TenthPercentile", 10),
        ("NinetyNinthPercentile", 99),
    ],
)
def test_percentiles_under_every_known_spelling(tag, percentile):
    run = parse_swingbench_results(
        swingbench_results(transactions=[Transaction("Order Products", percentiles={tag: 17.5})])
    )
    found = run.transactions[0].percentiles_ms
    assert set(found) == {percentile}
    assert found[percentile].value == 17.5
    assert found[percentile].where.endswith(f"<{tag}>")


@pytest.mark.parametrize(
    ("timings_in", "factor"), [("seconds", 1000.0), ("microseconds", 0.001), ("milliseconds", 1.0)]
)
def test_response_times_are_converted_to_ms_from_timings_in(timings_in, factor):
    written = Transaction(
        "Process Orders", average=2.5, minimum=1.0, maximum=9.0, percentiles={"NinetiethPercentile": 4.0}
    )
    run = parse_swingbench_results(swingbench_results(timings_in=timings_in, transactions=[written]))
    assert run.timings_unit == timings_in
    parsed = run.transactions[0]
    assert parsed.average_ms is not None and parsed.average_ms.value == pytest.approx(
        written.average * factor
    )
    assert parsed.maximum_ms is not None and parsed.maximum_ms.value == pytest.approx(
        written.maximum * factor
    )
    assert parsed.percentiles_ms[90].value == pytest.approx(4.0 * factor)


def test_without_timings_in_the_default_milliseconds_is_stated():
    run = parse_swingbench_results(swingbench_results(timings_in=None))
    assert run.timings_in is None
    assert run.timings_unit == "milliseconds"
    assert "default" in run.timings_unit_basis


def test_unknown_timings_unit_is_refused():
    with pytest.raises(MeasurementFileError, match="not a time unit") as caught:
        parse_swingbench_results(swingbench_results(timings_in="fortnights"))
    assert caught.value.where == "<Overview>/<TimingsIn>"


@pytest.mark.parametrize(
    ("users_in", "users_tag"),
    [("Overview", "NumberOfUsers"), ("Configuration", "NumberOfUsers"), ("Overview", "Users")],
)
def test_users_from_overview_or_configuration(users_in, users_tag):
    run = parse_swingbench_results(swingbench_results(users=48, users_in=users_in, users_tag=users_tag))
    assert run.users is not None and run.users.value == 48
    assert run.users.where == f"<{users_in}>/<{users_tag}>"


def test_values_absent_from_the_file_are_none_not_zero():
    run = parse_swingbench_results(
        swingbench_results(
            users=None,
            failed=None,
            maximum_tpm=None,
            total_run_time=None,
            comment=None,
            think_times=None,
            transactions=[Transaction("Browse", failed=None, minimum=None, count=None)],
        )
    )
    assert run.users is None
    assert run.total_failed_transactions is None
    assert run.maximum_tpm is None
    assert run.total_run_time_s is None
    assert run.comment is None
    assert run.min_inter_think_time is None
    t = run.transactions[0]
    assert t.failed_count is None and t.minimum_ms is None and t.transaction_count is None
    assert t.percentiles_ms == {}
    assert run.average_response_ms is None  # no count to weight by


def test_think_times_are_read_from_configuration():
    run = parse_swingbench_results(swingbench_results(think_times=(10, 20, 30, 40)))
    values = [
        run.min_inter_think_time,
        run.max_inter_think_time,
        run.min_intra_think_time,
        run.max_intra_think_time,
    ]
    assert [v.value if v else None for v in values] == [10, 20, 30, 40]


@pytest.mark.parametrize(
    "before",
    [
        "<!--\n  Copyright 2023 Example\n  Licensed under the Apache License\n-->\n",
        "\n\n   \n",
        "\ufeff",
    ],
)
def test_text_before_the_xml_declaration_is_cut(before):
    run = parse_swingbench_results(swingbench_results(before_declaration=before, users=8))
    assert run.users is not None and run.users.value == 8


def test_truncated_xml_names_the_line_and_open_element():
    data = swingbench_results(transactions=[Transaction("A"), Transaction("B")])
    cut = data[: data.index(b'<Result id="B">') + 40]
    with pytest.raises(MeasurementFileError, match="malformed or cut short") as caught:
        parse_swingbench_results(cut)
    where = caught.value.where or ""
    assert where.startswith("line ")
    assert "<AverageResponse>" in where or "<Result>" in where


def test_error_lines_count_from_the_top_of_the_file_with_a_leading_comment():
    comment = "<!-- one -->\n<!-- two -->\n<!-- three -->\n"
    data = swingbench_results(before_declaration=comment).replace(b"</Overview>", b"</Overvue>")
    line = next(n for n, text in enumerate(data.decode().split("\n"), start=1) if "</Overvue>" in text)
    with pytest.raises(MeasurementFileError) as caught:
        parse_swingbench_results(data)
    assert caught.value.where is not None and caught.value.where.startswith(f"line {line},")
    assert "<Overview>" in caught.value.where


def test_billion_laughs_is_refused_quickly():
    started = time.monotonic()
    with pytest.raises(MeasurementFileError, match="DTD"):
        parse_swingbench_results(BILLION_LAUGHS)
    assert time.monotonic() - started < 1.0


def test_external_entity_is_refused():
    with pytest.raises(MeasurementFileError, match="DTD") as caught:
        parse_swingbench_results(EXTERNAL_ENTITY)
    assert caught.value.where == "<!DOCTYPE>"


def test_non_numeric_value_names_its_element():
    with pytest.raises(MeasurementFileError, match="'fast' is not a number") as caught:
        parse_swingbench_results(swingbench_results(average_tps="fast"))
    assert caught.value.where == "<Overview>/<AverageTransactionsPerSecond>"


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (AWR_TEXT_REPORT, "AWR report"),
        (AWR_HTML_REPORT, "AWR report"),
        (PDF_FILE, "PDF"),
        (b"", "empty"),
        (orion_summary(), "ORION"),
        (orion_grid((1, 2), {0: [1.0, 2.0]}), "ORION"),
        (b"<?xml version='1.0'?><html><body>hello</body></html>", "root element is <html>"),
        (b"hello world\n", "not XML"),
    ],
)
def test_other_files_sent_as_swingbench_results_are_refused(data, words):
    with pytest.raises(MeasurementFileError, match=words):
        parse_swingbench_results(data)


# --- load-response curve ------------------------------------------------------------------------


def _run(
    users: int, tps: float, average: float, benchmark: str = "Order Entry (PLSQL) V2", name: str | None = None
):
    data = swingbench_results(
        users=users,
        average_tps=tps,
        benchmark_name=benchmark,
        transactions=[Transaction("Browse Products", count=1000, average=average)],
    )
    return parse_swingbench_results(data, file_name=name)


def test_runs_form_series_sorted_by_users():
    written = [(32, 2100.0, 14.0), (8, 700.0, 10.5), (16, 1300.0, 11.0), (64, 2400.0, 26.0)]
    curve = load_response_curve([_run(*w) for w in written])
    ordered = sorted(written)
    assert curve.users == tuple(u for u, _, _ in ordered)
    assert curve.tps == tuple(t for _, t, _ in ordered)
    assert curve.average_response_ms == pytest.approx([r for _, _, r in ordered])
    assert curve.benchmark_name == "Order Entry (PLSQL) V2"
    assert curve.points[0].users_where == "<Configuration>/<NumberOfUsers>"


def test_same_users_different_benchmarks_is_refused_with_both_names():
    runs = [_run(8, 700.0, 10.0, "Order Entry", "a.xml"), _run(8, 300.0, 40.0, "Sales History", "b.xml")]
    with pytest.raises(MeasurementFileError) as caught:
        load_response_curve(runs)
    message = str(caught.value)
    assert "run 1 (a.xml) and run 2 (b.xml) both ran 8 users" in message
    assert "'Order Entry'" in message and "'Sales History'" in message


def test_same_users_same_benchmark_is_refused():
    with pytest.raises(MeasurementFileError, match="keep one run per user count"):
        load_response_curve([_run(8, 700.0, 10.0), _run(8, 710.0, 10.1)])


def test_different_benchmarks_at_different_users_are_refused():
    with pytest.raises(MeasurementFileError, match="different benchmarks"):
        load_response_curve([_run(8, 700.0, 10.0, "Order Entry"), _run(16, 300.0, 40.0, "Sales History")])


def test_run_without_users_or_tps_is_refused_naming_it():
    no_users = parse_swingbench_results(swingbench_results(users=None), file_name="r16.xml")
    with pytest.raises(MeasurementFileError, match=r"run 2 \(r16.xml\) lacks the number of users"):
        load_response_curve([_run(8, 700.0, 10.0), no_users])
    no_tps = parse_swingbench_results(swingbench_results(average_tps=None))
    with pytest.raises(MeasurementFileError, match="AverageTransactionsPerSecond"):
        load_response_curve([no_tps])


def test_no_runs_is_refused():
    with pytest.raises(MeasurementFileError, match="at least one"):
        load_response_curve([])


def test_declaration_after_real_content_is_not_cut_away():
    data = b'<Results>text <?xml version="1.0"?></Results>'
    with pytest.raises(MeasurementFileError, match="malformed") as caught:
        parse_swingbench_results(data)
    assert caught.value.where == "line 1, <Results>"
