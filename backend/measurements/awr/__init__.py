"""Oracle AWR reports (text and HTML; instance, PDB/CDB and RAC global reports; 11.2 to 19c).

`parse_awr(bytes)` reads one report into an `AwrReport`, every value with the section and row it
came from and None for what the report does not print; `workload_from_awr(report)` turns it into
the custom workload profile or refuses it with a `MeasurementFileError` naming what is missing.
"""

from __future__ import annotations

import re

from measurements.awr.extract import build_report
from measurements.awr.html_report import html_document
from measurements.awr.model import (
    AwrReport,
    AwrWorkload,
    Instance,
    IoStatFunction,
    LoadProfile,
    Source,
    Value,
    WaitEvent,
)
from measurements.awr.text_report import text_document
from measurements.awr.workload import workload_from_awr
from measurements.errors import MeasurementFileError
from measurements.source import decode

__all__ = [
    "AwrReport",
    "AwrWorkload",
    "Instance",
    "IoStatFunction",
    "LoadProfile",
    "Source",
    "Value",
    "WaitEvent",
    "parse_awr",
    "workload_from_awr",
]

_HTML = re.compile(r"<\s*(html|head|body|table|h1)\b", re.IGNORECASE)
_HEAD = 20_000  # the heading is in the first lines; a browser may put a long <head> first


def parse_awr(data: bytes) -> AwrReport:
    """Read one AWR report (text or HTML) or refuse the file, saying why."""
    text = decode(data).text
    head = text[:_HEAD]
    if "WORKLOAD REPOSITORY" not in head.upper():
        raise MeasurementFileError(
            "not an AWR report: no 'WORKLOAD REPOSITORY report' heading at the top "
            "(an AWR report is the output of awrrpt.sql or awrgrpt.sql, text or HTML)",
            where="line 1",
        )
    if _HTML.search(head):
        return build_report(html_document(text))
    document = text_document(text)
    if document.kind == "rac_global":
        raise MeasurementFileError(
            "a RAC global report in text form is not read: send its HTML form (awrgrpt.sql, report type html) "
            "or one instance report (awrrpt.sql)",
            where="line 1",
        )
    return build_report(document)
