"""One report, either format, as the tables the extraction reads (`tables.Table`), by role."""

from __future__ import annotations

from dataclasses import dataclass, field

from measurements.awr.model import ReportFormat, ReportKind
from measurements.awr.tables import Table

# The roles a table can play. Instance report (awrrpt): LOAD_PROFILE ... IOSTAT_FUNCTION. RAC
# global report (awrgrpt): the RAC_* tables, whose "Sum" / "*" rows are the cluster.
LOAD_PROFILE = "Load Profile"
TOP_EVENTS = "Top Foreground Events"
TIME_MODEL = "Time Model Statistics"
FOREGROUND_EVENTS = "Foreground Wait Events"
IOSTAT_FUNCTION = "IOStat by Function summary"
RAC_DATABASE = "Database Summary"
RAC_INSTANCES = "Database Instances Included In Report"
RAC_OS = "OS Statistics By Instance"
RAC_TIME_MODEL = "Time Model"
RAC_SYSSTAT_PER_SECOND = "System Statistics - Per Second"
RAC_SYSSTAT_GLOBAL = "System Statistics (Global)"
RAC_FOREGROUND_EVENTS = "Foreground Wait Events (Global)"
RAC_IOSTAT_FUNCTION = "IOStat by Function"


@dataclass(frozen=True)
class SummaryLine:
    """A row of the snapshot block ("Elapsed:  60.22 (mins)") as text, with its line if known."""

    text: str
    line: int | None


@dataclass
class Document:
    format: ReportFormat
    kind: ReportKind
    pdb_report: bool
    header: list[Table] = field(default_factory=list)  # the tables above the Report Summary
    snapshot: list[SummaryLine] = field(default_factory=list)
    tables: dict[str, Table] = field(default_factory=dict)  # complete tables, by role
    cut: list[str] = field(default_factory=list)  # sections the end of the file cut off

    def table(self, role: str) -> Table | None:
        return self.tables.get(role)
