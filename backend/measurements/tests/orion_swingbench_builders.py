"""Write synthetic ORION and Swingbench files from values, laid out as the real tools lay them out.

Tests build a file from chosen values, parse it, and assert the parser gives back those values:
no expected result is typed in by hand. Layouts follow the real files described in the
docstrings of `measurements.orion` and `measurements.swingbench`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

# ---------------------------------------------------------------------------------------------
# ORION
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Peak:
    value: float
    small: int
    large: int


def orion_summary(
    *,
    version: str | None = "12.1.0.2.0",
    run: str | None = "oltp",
    test_name: str | None = "test1",
    num_disks: int | None = 4,
    matrix: str | None = None,
    cache_size_option_mb: int | None = None,
    small_kb: float | None = 8,
    large_kb: float | None = 1024,
    write_percent: float | None = 0,
    cache_text: str | None = "not specified",
    duration_s: int | None = 60,
    small_columns: Sequence[int] | None = (1, 2, 3, 4),
    large_columns: Sequence[int] | None = (0,),
    max_mbps: Peak | None = None,
    max_iops: Peak | None = Peak(9899, 17, 0),
    min_latency: Peak | None = Peak(123.58, 1, 0),
    latency_word: str | None = "usecs",
    old_style: bool = False,
    dash: str = "-",
) -> bytes:
    """An ORION `_summary.txt`; `old_style` gives the 11.1 wording and capitalisation."""
    lines: list[str] = []
    if version is not None:
        lines += [f"ORION VERSION {version}", ""]
    options = _orion_options(run, test_name, num_disks, matrix, cache_size_option_mb, dash)
    lines += ["Commandline:" if old_style else "Command line:", options, ""]
    lines.append("This maps to this test:" if old_style else "These options enable these settings:")
    if test_name is not None:
        lines.append(f"Test: {test_name}")
    if small_kb is not None:
        lines.append(f"Small IO size: {small_kb:g} KB")
    if large_kb is not None:
        lines.append(f"Large IO size: {large_kb:g} KB")
    lines.append(
        "IO Types: Small Random IOs, Large Random IOs"
        if old_style
        else "IO types: small random IOs, large random IOs"
    )
    lines.append(
        "Simulated Array Type: CONCAT"
        if old_style
        else "Sequential stream pattern: RAID-0 striping for all streams"
    )
    if write_percent is not None:
        lines.append(f"{'Write' if old_style else 'Writes'}: {write_percent:g}%")
    if cache_text is not None:
        lines.append(f"{'Cache Size' if old_style else 'Cache size'}: {cache_text}")
    if duration_s is not None:
        label = "Duration for each Data Point" if old_style else "Duration for each data point"
        lines.append(f"{label}: {duration_s} seconds")
    if small_columns is not None:
        lines.append("Small Columns:," + ",".join(f"{c:>7}" for c in small_columns))
    if large_columns is not None:
        lines.append("Large Columns:," + ",".join(f"{c:>7}" for c in large_columns))
    if small_columns is not None and large_columns is not None:
        lines.append(f"Total Data Points: {len(small_columns) * len(large_columns)}")
    lines += ["", "Name: /dev/sdb\tSize: 10737418240", "1 files found.", ""]
    if max_mbps is not None:
        lines.append(
            f"Maximum Large MBPS={max_mbps.value:g} @ Small={max_mbps.small} and Large={max_mbps.large}"
        )
    if max_iops is not None:
        lines.append(
            f"Maximum Small IOPS={max_iops.value:g} @ Small={max_iops.small} and Large={max_iops.large}"
        )
        lines.append(
            "Small Read Latency: avg=1711 us, min=791 us, max=12316 us, std dev=454 us "
            f"@ Small={max_iops.small} and Large={max_iops.large}"
        )
    if min_latency is not None:
        unit = f" {latency_word}" if latency_word else ""
        lines.append(
            f"Minimum Small Latency={min_latency.value:g}{unit} @ Small={min_latency.small} and Large={min_latency.large}"
        )
    return ("\n".join(lines) + "\n").encode()


def _orion_options(
    run: str | None,
    test_name: str | None,
    num_disks: int | None,
    matrix: str | None,
    cache_size_mb: int | None,
    dash: str,
) -> str:
    parts: list[str] = []
    for option, value in (
        ("run", run),
        ("testname", test_name),
        ("num_disks", num_disks),
        ("matrix", matrix),
        ("cache_size", cache_size_mb),
    ):
        if value is not None:
            parts += [f"{dash}{option}", str(value)]
    return " ".join(parts)


def orion_grid(
    small_columns: Sequence[int],
    rows: Mapping[int, Sequence[float | None]],
    *,
    trailing_comma: bool = False,
) -> bytes:
    """An ORION `_iops.csv` / `_mbps.csv` / `_lat.csv`: header `Large/Small, s1, s2...`, a row per large."""
    end = "," if trailing_comma else ""
    lines = ["Large/Small," + ",".join(f"{c:>7}" for c in small_columns) + end]
    for large, values in rows.items():
        cells = ",".join(f"{'' if v is None else f'{v:g}':>7}" for v in values)
        lines.append(f"{large:>11}," + cells + end)
    return ("\n".join(lines) + "\n").encode()


# ---------------------------------------------------------------------------------------------
# Swingbench
# ---------------------------------------------------------------------------------------------

NAMESPACE_RESULTS = "http://www.dominicgiles.com/swingbench/results"
NAMESPACE_OLD = "http://www.dominicgiles.com/swingbench"


@dataclass(frozen=True)
class Transaction:
    name: str
    count: int | None = 1000
    failed: int | None = 0
    average: float | None = 5.0
    minimum: float | None = 1.0
    maximum: float | None = 40.0
    percentiles: Mapping[str, float] = field(default_factory=dict)  # tag -> value


def swingbench_results(
    *,
    namespace: str | None = NAMESPACE_RESULTS,
    benchmark_name: str | None = "Order Entry (PLSQL) V2",
    comment: str | None = "Version 2 of the SOE Benchmark",
    time_of_run: str | None = "Apr 18, 2024 10:14:30 AM",
    total_run_time: str | None = "0:05:00",
    users: int | None = 16,
    users_in: str = "Configuration",
    users_tag: str = "NumberOfUsers",
    completed: int | None = 123456,
    failed: int | None = 0,
    average_tps: float | str | None = 411.52,
    maximum_tpm: float | None = 26820,
    timings_in: str | None = "milliseconds",
    think_times: tuple[int, int, int, int] | None = (0, 0, 0, 0),
    transactions: Sequence[Transaction] = (Transaction("Browse Products"),),
    before_declaration: str = "",
) -> bytes:
    """A Swingbench results XML; `None` leaves the element out of the file."""

    def element(tag: str, value: object | None, indent: str = "      ") -> list[str]:
        return [] if value is None else [f"{indent}<{tag}>{value}</{tag}>"]

    users_element = element(users_tag, users)
    overview = (
        element("BenchmarkName", f'"{benchmark_name}"' if benchmark_name is not None else None)
        + element("Comment", f'"{comment}"' if comment is not None else None)
        + element("TimeOfRun", time_of_run)
        + element("TotalRunTime", total_run_time)
        + (users_element if users_in == "Overview" else [])
        + element("TotalCompletedTransactions", completed)
        + element("TotalFailedTransactions", failed)
        + element("AverageTransactionsPerSecond", average_tps)
        + element("MaximumTransactionRate", maximum_tpm)
        + element("TimingsIn", timings_in)
        + element("TimingType", "Transaction Response Time")
    )
    configuration = users_element if users_in == "Configuration" else []
    if think_times is not None:
        for tag, value in zip(
            (
                "MinimumInterThinkTime",
                "MaximumInterThinkTime",
                "MinimumIntraThinkTime",
                "MaximumIntraThinkTime",
            ),
            think_times,
            strict=True,
        ):
            configuration += element(tag, value)
    xmlns = f' xmlns="{namespace}"' if namespace else ""
    lines = [
        "<?xml version = '1.0' encoding = 'UTF-8'?>",
        f"<Results{xmlns}>",
        "   <Overview>",
        *overview,
        "   </Overview>",
        "   <Configuration>",
        *configuration,
        "   </Configuration>",
        "   <TransactionResults>",
    ]
    for t in transactions:
        lines.append(f'      <Result id="{t.name}">')
        indent = "         "
        lines += element("AverageResponse", t.average, indent)
        lines += element("MinimumResponse", t.minimum, indent)
        lines += element("MaximumResponse", t.maximum, indent)
        lines += element("TransactionCount", t.count, indent)
        lines += element("FailedTransactionCount", t.failed, indent)
        for tag, percentile_value in t.percentiles.items():
            lines += element(tag, percentile_value, indent)
        lines.append("      </Result>")
    lines += ["   </TransactionResults>", "</Results>"]
    return (before_declaration + "\n".join(lines) + "\n").encode()


BILLION_LAUGHS = b"""<?xml version="1.0"?>
<!DOCTYPE Results [
  <!ENTITY lol "lol">
  <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
  <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
  <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
  <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
  <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
  <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
  <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
  <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
  <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<Results><Overview><BenchmarkName>&lol9;</BenchmarkName></Overview></Results>
"""

EXTERNAL_ENTITY = b"""<?xml version="1.0"?>
<!DOCTYPE Results [ <!ENTITY secret SYSTEM "file:///etc/passwd"> ]>
<Results><Overview><BenchmarkName>&secret;</BenchmarkName></Overview></Results>
"""

AWR_TEXT_REPORT = b"""
WORKLOAD REPOSITORY report for

DB Name         DB Id    Instance     Inst Num Startup Time    Release     RAC
------------ ----------- ------------ -------- --------------- ----------- ---
ORCL          1234567890 orcl                1 01-Jan-24 10:00 19.0.0.0.0  NO
"""

AWR_HTML_REPORT = (
    b"<html><head><title>AWR Report for DB: ORCL</title></head><body>"
    b"<h1>WORKLOAD REPOSITORY report for</h1></body></html>\n"
)

PDF_FILE = b"%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n"
