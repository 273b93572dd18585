"""Swingbench / charbench results XML, and a load-response curve from several runs.

The results file charbench and the Swingbench GUI write (`results.xml`, `-r` option) is read as
public code that consumes it shows (nothing copied into the project):

- a Sprint 15 `render_swingbench_report_html.sh` found by the code search (repository not named
  by the index): namespace `http://www.dominicgiles.com/swingbench/results`; `Overview` children
  `BenchmarkName`, `TimeOfRun`, `TotalRunTime`, `NumberOfUsers`, `TotalCompletedTransactions`,
  `TotalFailedTransactions`, `AverageTransactionsPerSecond`, `MaximumTransactionRate`;
  `TransactionResults/Result[@id]` with `TransactionCount`, `FailedTransactionCount`,
  `AverageResponse`, `NinetiethPercentile`, `MaximumResponse`.
- Google LLC's Apache-2.0 Swingbench outage parser (`ParseSwingbenchRunXML`, 2023; repository
  not named by the index): the older
  namespace `http://www.dominicgiles.com/swingbench`, `BenchmarkMetrics/TPSReadings`, and test
  data that starts with an XML comment (a licence header) *before* `<?xml ...?>`, which a
  conforming parser rejects; it is cut off here before parsing.
- A Go Swingbench adapter (`SwingbenchAdapter.ParseFinalResults`, found by the code search,
  repository not named by the index): `MinimumResponse`,
  `TotalRunTime` as `H:MM:SS`, `SelectStatements` / `InsertStatements` / ... DML counts.
- `Overview/TimingsIn` (`milliseconds`) states the unit of every response time; when a file
  lacks it, milliseconds (Swingbench's default) is assumed and the assumption is stated.
  `MaximumTransactionRate` is read as transactions per minute (the GUI's "Max TPM"); one of the
  sources above doubts that figure, so nothing here derives a rate from it.

Not confirmed from a real file: only `NinetiethPercentile` was seen in public code. The other
percentile spellings read here (`NinetyFifthPercentile`, `NintiethPercentile`, `TenthPercentile`,
...) are tolerated in case a release writes them. Files without the namespace are read the same
way: tags are matched by their local name.

Entity declarations (a "billion laughs" bomb, an external entity) and DTDs are refused by
defusedxml before any expansion happens.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

import defusedxml
import defusedxml.ElementTree as SafeET

from measurements.errors import MeasurementFileError
from measurements.orion import Sourced
from measurements.source import decode

TimeUnit = Literal["seconds", "milliseconds", "microseconds", "nanoseconds"]

# Factor from each unit Swingbench can report in (TimingsIn) to milliseconds.
_TO_MS: Mapping[TimeUnit, float] = {
    "seconds": 1000.0,
    "milliseconds": 1.0,
    "microseconds": 0.001,
    "nanoseconds": 0.000001,
}
_UNIT_WORDS: Mapping[str, TimeUnit] = {
    "seconds": "seconds",
    "second": "seconds",
    "s": "seconds",
    "milliseconds": "milliseconds",
    "millisecond": "milliseconds",
    "ms": "milliseconds",
    "microseconds": "microseconds",
    "microsecond": "microseconds",
    "us": "microseconds",
    "nanoseconds": "nanoseconds",
    "ns": "nanoseconds",
}

# Percentile -> the spellings Swingbench releases have used for it.
_PERCENTILE_TAGS: Mapping[int, tuple[str, ...]] = {
    10: ("TenthPercentile", "TenPercentile"),
    25: ("TwentyFifthPercentile",),
    50: ("FiftiethPercentile", "FiftyPercentile", "Median"),
    75: ("SeventyFifthPercentile",),
    90: ("NinetiethPercentile", "NintiethPercentile", "NinetyPercentile", "NinetiethPercentileResponse"),
    95: ("NinetyFifthPercentile", "NintyFifthPercentile", "NinteyFifthPercentile", "NinetyFivePercentile"),
    99: ("NinetyNinthPercentile", "NintyNinthPercentile", "NinetyNinePercentile"),
}


@dataclass(frozen=True)
class TransactionResult:
    """One `<Result id="...">` of `<TransactionResults>`; response times in milliseconds."""

    name: str
    where: str
    transaction_count: Sourced[int] | None
    failed_count: Sourced[int] | None
    average_ms: Sourced[float] | None
    minimum_ms: Sourced[float] | None
    maximum_ms: Sourced[float] | None
    percentiles_ms: Mapping[int, Sourced[float]]  # {90: ..., 95: ...}, only those in the file


@dataclass(frozen=True)
class SwingbenchRun:
    """One Swingbench results file."""

    namespace: str | None
    benchmark_name: Sourced[str] | None
    comment: Sourced[str] | None
    time_of_run: Sourced[str] | None
    total_run_time_s: Sourced[float] | None
    users: Sourced[int] | None
    total_completed_transactions: Sourced[int] | None
    total_failed_transactions: Sourced[int] | None
    average_tps: Sourced[float] | None
    maximum_tpm: Sourced[float] | None
    timings_in: Sourced[str] | None  # the file's own word; None when the file does not say
    timings_unit: TimeUnit  # the unit response times were read in
    timings_unit_basis: str
    min_inter_think_time: Sourced[float] | None
    max_inter_think_time: Sourced[float] | None
    min_intra_think_time: Sourced[float] | None
    max_intra_think_time: Sourced[float] | None
    transactions: tuple[TransactionResult, ...]
    file_name: str | None = None

    @property
    def average_response_ms(self) -> Sourced[float] | None:
        """Mean response over all transactions, each transaction's mean weighted by its count.

        Swingbench reports response times per transaction only; this is the run's mean a user saw.
        """
        weighted = [
            (t.average_ms.value, t.transaction_count.value)
            for t in self.transactions
            if t.average_ms is not None and t.transaction_count is not None
        ]
        total = sum(count for _, count in weighted)
        if total <= 0:
            return None
        mean = sum(avg * count for avg, count in weighted) / total
        return Sourced(
            mean, f"<TransactionResults>: {len(weighted)} <AverageResponse> weighted by <TransactionCount>"
        )


def parse_swingbench_results(data: bytes, *, file_name: str | None = None) -> SwingbenchRun:
    """Read a Swingbench results XML file, or refuse it naming the line or element at fault."""
    text = decode(data).text
    xml_text, skipped_lines = _strip_before_declaration(text)
    _refuse_other_kinds(xml_text)
    root = _parse_xml(xml_text, skipped_lines)
    namespace, root_name = _split_tag(root.tag)
    if root_name != "Results":
        raise MeasurementFileError(
            f"this is not a Swingbench results file: the root element is <{root_name}>, not <Results>",
            where=f"<{root_name}>",
        )
    overview = _child(root, "Overview")
    configuration = _child(root, "Configuration")
    timings_in = _text(overview, "<Overview>", "TimingsIn")
    unit, basis = _timings_unit(timings_in)
    return SwingbenchRun(
        namespace=namespace,
        benchmark_name=_unquoted(_text(overview, "<Overview>", "BenchmarkName")),
        comment=_unquoted(_text(overview, "<Overview>", "Comment")),
        time_of_run=_text(overview, "<Overview>", "TimeOfRun"),
        total_run_time_s=_duration(_text(overview, "<Overview>", "TotalRunTime")),
        users=_users(overview, configuration),
        total_completed_transactions=_int(_text(overview, "<Overview>", "TotalCompletedTransactions")),
        total_failed_transactions=_int(_text(overview, "<Overview>", "TotalFailedTransactions")),
        average_tps=_float(_text(overview, "<Overview>", "AverageTransactionsPerSecond")),
        maximum_tpm=_float(
            _text(overview, "<Overview>", "MaximumTransactionRate")
            or _text(overview, "<Overview>", "MaximumTransactionsPerMinute")
        ),
        timings_in=timings_in,
        timings_unit=unit,
        timings_unit_basis=basis,
        min_inter_think_time=_float(_text(configuration, "<Configuration>", "MinimumInterThinkTime")),
        max_inter_think_time=_float(_text(configuration, "<Configuration>", "MaximumInterThinkTime")),
        min_intra_think_time=_float(_text(configuration, "<Configuration>", "MinimumIntraThinkTime")),
        max_intra_think_time=_float(_text(configuration, "<Configuration>", "MaximumIntraThinkTime")),
        transactions=_transactions(_child(root, "TransactionResults"), _TO_MS[unit]),
        file_name=file_name,
    )


# ---------------------------------------------------------------------------------------------
# Reading the XML safely
# ---------------------------------------------------------------------------------------------


def _strip_before_declaration(text: str) -> tuple[str, int]:
    """Cut whatever precedes `<?xml` (a licence comment, blank lines): XML forbids it there.

    Returns the text from `<?xml` on and the number of lines cut, so that error lines still
    count from the top of the file the user has.
    """
    start = text.find("<?xml")
    # Only comments and blank space may be cut: "<?xml" further down, after real content, is not
    # a misplaced declaration, and the parser's own message about it is the right one.
    if start <= 0 or not _ONLY_COMMENTS.fullmatch(text, 0, start):
        return text, 0
    return text[start:], text.count("\n", 0, start)


_ONLY_COMMENTS = re.compile(r"(?:\s|\ufeff|<!--.*?-->)*", re.S)


def _refuse_other_kinds(text: str) -> None:
    head = text[:20000]
    if re.search(r"WORKLOAD REPOSITORY", head, re.I):
        raise MeasurementFileError("this is an AWR report, not a Swingbench results XML file")
    if not head.lstrip().startswith("<"):
        if re.search(r"ORION VERSION|Large/Small", head, re.I):
            raise MeasurementFileError("this is an ORION results file, not a Swingbench results XML file")
        raise MeasurementFileError(
            "this is not XML: a Swingbench results file starts with '<?xml' or '<Results'"
        )


def _parse_xml(text: str, skipped_lines: int) -> ET.Element:
    try:
        # forbid_dtd: Swingbench never writes a DTD; refusing it stops entity tricks at the door.
        root: ET.Element = SafeET.fromstring(
            text, forbid_dtd=True, forbid_entities=True, forbid_external=True
        )
    except defusedxml.DTDForbidden:
        raise MeasurementFileError(
            "the XML declares a DTD (<!DOCTYPE ...>), which can hide an entity bomb or an external "
            "entity; Swingbench results have none, so the file is refused",
            where="<!DOCTYPE>",
        ) from None
    except defusedxml.DefusedXmlException:
        raise MeasurementFileError(
            "the XML declares entities (an entity bomb or an external entity); the file is refused",
            where="<!ENTITY>",
        ) from None
    except ET.ParseError as error:
        line, column = error.position
        line += skipped_lines
        inside = _open_element_at(text, error.position)
        place = f" inside <{inside}>" if inside else ""
        raise MeasurementFileError(
            f"the XML is malformed or cut short{place} (column {column + 1}): {_expat_message(error)}",
            where=f"line {line}" + (f", <{inside}>" if inside else ""),
        ) from None
    return root


def _expat_message(error: ET.ParseError) -> str:
    # expat's message ends with ": line L, column C", which the `where` already carries.
    return re.sub(r":\s*line \d+, column \d+$", "", str(error))


_TAG = re.compile(r"<!--.*?-->|<\?.*?\?>|<!\[CDATA\[.*?\]\]>|<(/?)([A-Za-z_][\w.:-]*)[^<>]*?(/?)>", re.S)


def _open_element_at(text: str, position: tuple[int, int]) -> str | None:
    """The innermost element still open where expat stopped, to name it in the message."""
    line, column = position
    lines = text.split("\n")
    offset = sum(len(each) + 1 for each in lines[: line - 1]) + column
    stack: list[str] = []
    for match in _TAG.finditer(text, 0, offset):
        closing, name, self_closing = match.group(1), match.group(2), match.group(3)
        if name is None or self_closing:
            continue
        local = name.split(":")[-1]
        if closing:
            if stack and stack[-1] == local:
                stack.pop()
        else:
            stack.append(local)
    return stack[-1] if stack else None


def _split_tag(tag: str) -> tuple[str | None, str]:
    if tag.startswith("{"):
        namespace, _, local = tag[1:].partition("}")
        return namespace, local
    return None, tag


def _local(element: ET.Element) -> str:
    return _split_tag(element.tag)[1]


def _child(parent: ET.Element | None, name: str) -> ET.Element | None:
    if parent is None:
        return None
    for element in parent:
        if _local(element) == name:
            return element
    return None


def _text(parent: ET.Element | None, parent_where: str, name: str) -> Sourced[str] | None:
    """The stripped text of `parent`'s child `name`; None when the element is absent or empty.

    `parent_where` is the parent's path as the user sees it ("<Overview>"); the value's place
    is that path followed by "/<name>".
    """
    element = _child(parent, name)
    if element is None or element.text is None or not element.text.strip():
        return None
    return Sourced(element.text.strip(), f"{parent_where}/<{name}>")


# ---------------------------------------------------------------------------------------------
# Values
# ---------------------------------------------------------------------------------------------


def _unquoted(raw: Sourced[str] | None) -> Sourced[str] | None:
    # Swingbench writes BenchmarkName and Comment with their double quotes: "Order Entry (PLSQL) V2".
    if raw is None:
        return None
    return Sourced(raw.value.strip('"').strip(), raw.where)


_DECIMAL = re.compile(r"[-+]?\d+(?:[.,]\d+)?(?:[eE][-+]?\d+)?")


def _float(raw: Sourced[str] | None) -> Sourced[float] | None:
    if raw is None:
        return None
    cleaned = raw.value.replace("\u00a0", "").replace(" ", "")
    if not _DECIMAL.fullmatch(cleaned):
        raise MeasurementFileError(f"'{raw.value}' is not a number", where=raw.where)
    # Some locales write a decimal comma ("411,52"); there is no thousands separator in these files.
    return Sourced(float(cleaned.replace(",", ".")), raw.where)


def _int(raw: Sourced[str] | None) -> Sourced[int] | None:
    number = _float(raw)
    if number is None:
        return None
    if not number.value.is_integer():
        raise MeasurementFileError(f"'{raw.value if raw else ''}' is not a whole number", where=number.where)
    return Sourced(int(number.value), number.where)


_CLOCK = re.compile(r"^(?:(?P<h>\d+):)?(?P<m>\d{1,2}):(?P<s>\d{1,2}(?:\.\d+)?)$")


def _duration(raw: Sourced[str] | None) -> Sourced[float] | None:
    """`TotalRunTime` is `H:MM:SS` (sometimes with milliseconds); a bare number is seconds."""
    if raw is None:
        return None
    clock = _CLOCK.match(raw.value)
    if clock:
        hours = int(clock.group("h") or 0)
        return Sourced(hours * 3600 + int(clock.group("m")) * 60 + float(clock.group("s")), raw.where)
    if _DECIMAL.fullmatch(raw.value):
        return Sourced(float(raw.value.replace(",", ".")), raw.where)
    raise MeasurementFileError(f"'{raw.value}' is not a run time (H:MM:SS)", where=raw.where)


def _users(overview: ET.Element | None, configuration: ET.Element | None) -> Sourced[int] | None:
    """The user count: newer files carry it in Overview, older ones in Configuration."""
    for parent, path in ((overview, "<Overview>"), (configuration, "<Configuration>")):
        for name in ("NumberOfUsers", "Users"):
            found = _int(_text(parent, path, name))
            if found is not None:
                return found
    return None


def _timings_unit(raw: Sourced[str] | None) -> tuple[TimeUnit, str]:
    if raw is None:
        return "milliseconds", "no <TimingsIn>: read in Swingbench's default unit, milliseconds"
    unit = _UNIT_WORDS.get(raw.value.strip().lower())
    if unit is None:
        raise MeasurementFileError(
            f"'{raw.value}' is not a time unit (seconds, milliseconds, microseconds)", where=raw.where
        )
    return unit, f"stated by {raw.where}"


def _transactions(results: ET.Element | None, to_ms: float) -> tuple[TransactionResult, ...]:
    if results is None:
        return ()
    parsed: list[TransactionResult] = []
    for position, element in enumerate((e for e in results if _local(e) == "Result"), start=1):
        name = (element.get("id") or "").strip() or f"Result {position}"
        path = f'<TransactionResults>/<Result id="{name}">'
        parsed.append(
            TransactionResult(
                name=name,
                where=path,
                transaction_count=_int(_text(element, path, "TransactionCount")),
                failed_count=_int(_text(element, path, "FailedTransactionCount")),
                average_ms=_ms(_text(element, path, "AverageResponse"), to_ms),
                minimum_ms=_ms(_text(element, path, "MinimumResponse"), to_ms),
                maximum_ms=_ms(_text(element, path, "MaximumResponse"), to_ms),
                percentiles_ms=_percentiles(element, path, to_ms),
            )
        )
    return tuple(parsed)


def _ms(raw: Sourced[str] | None, to_ms: float) -> Sourced[float] | None:
    value = _float(raw)
    return None if value is None else Sourced(value.value * to_ms, value.where)


def _percentiles(element: ET.Element, path: str, to_ms: float) -> Mapping[int, Sourced[float]]:
    found: dict[int, Sourced[float]] = {}
    for percentile, spellings in _PERCENTILE_TAGS.items():
        for tag in spellings:
            value = _ms(_text(element, path, tag), to_ms)
            if value is not None:
                found[percentile] = value
                break
    return found


# ---------------------------------------------------------------------------------------------
# Load-response curve
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class LoadResponsePoint:
    users: int
    tps: float
    average_response_ms: float
    run_label: str  # which file / run the point came from
    users_where: str
    tps_where: str
    response_where: str


@dataclass(frozen=True)
class LoadResponseCurve:
    """Users against throughput and response time, one point per run, rising users."""

    benchmark_name: str | None
    points: tuple[LoadResponsePoint, ...]

    @property
    def users(self) -> tuple[int, ...]:
        return tuple(p.users for p in self.points)

    @property
    def tps(self) -> tuple[float, ...]:
        return tuple(p.tps for p in self.points)

    @property
    def average_response_ms(self) -> tuple[float, ...]:
        return tuple(p.average_response_ms for p in self.points)


def load_response_curve(runs: Sequence[SwingbenchRun]) -> LoadResponseCurve:
    """Several runs of one benchmark at different user counts as users / TPS / response series."""
    if not runs:
        raise MeasurementFileError("a load-response curve needs at least one Swingbench run")
    points = [_point(run, index) for index, run in enumerate(runs, start=1)]
    _refuse_same_users(runs, points)
    names = {_benchmark(run) for run in runs}
    if len(names) > 1:
        listed = ", ".join(sorted(f"'{n}'" if n is not None else "an unnamed benchmark" for n in names))
        raise MeasurementFileError(
            f"the runs measure different benchmarks ({listed}); a load-response curve needs one benchmark"
        )
    return LoadResponseCurve(benchmark_name=names.pop(), points=tuple(sorted(points, key=lambda p: p.users)))


def _label(run: SwingbenchRun, index: int) -> str:
    return f"run {index}" + (f" ({run.file_name})" if run.file_name else "")


def _benchmark(run: SwingbenchRun) -> str | None:
    return run.benchmark_name.value if run.benchmark_name is not None else None


def _point(run: SwingbenchRun, index: int) -> LoadResponsePoint:
    label = _label(run, index)
    response = run.average_response_ms
    missing = [
        what
        for what, value in (
            ("the number of users (<NumberOfUsers>)", run.users),
            ("the throughput (<AverageTransactionsPerSecond>)", run.average_tps),
            ("response times (<TransactionResults> with <AverageResponse> and <TransactionCount>)", response),
        )
        if value is None
    ]
    if missing or run.users is None or run.average_tps is None or response is None:
        raise MeasurementFileError(f"{label} lacks {' and '.join(missing)}")
    return LoadResponsePoint(
        users=run.users.value,
        tps=run.average_tps.value,
        average_response_ms=response.value,
        run_label=label,
        users_where=run.users.where,
        tps_where=run.average_tps.where,
        response_where=response.where,
    )


def _refuse_same_users(runs: Sequence[SwingbenchRun], points: Sequence[LoadResponsePoint]) -> None:
    seen: dict[int, int] = {}
    for index, point in enumerate(points):
        if point.users not in seen:
            seen[point.users] = index
            continue
        first = seen[point.users]
        a, b = _benchmark(runs[first]), _benchmark(runs[index])
        if a != b:
            raise MeasurementFileError(
                f"{points[first].run_label} and {point.run_label} both ran {point.users} users but "
                f"different benchmarks ('{a}' and '{b}'): a load-response curve needs one benchmark"
            )
        raise MeasurementFileError(
            f"{points[first].run_label} and {point.run_label} both ran {point.users} users of '{a}': "
            "keep one run per user count"
        )
