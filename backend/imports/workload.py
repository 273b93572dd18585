"""An import's parsed workload as the design API's OLTP workload with the custom profile, so that a
design can be created from it (the platform is left to the user).

The field names are the design contract's (engine_adapter: sizing.inputs' custom profile fields); a
value the report does not print is left out of the workload (absent, never 0), and a field the
custom profile requires but the report lacks is a 400 naming it.
"""

from __future__ import annotations

from typing import Any

from core.errors import InvalidInput
from engine_adapter.engine import CUSTOM_PROFILE, CUSTOM_PROFILE_FIELDS, OLTP_WORKLOAD_FIELDS
from imports.models import AwrImport

# The design contract's custom profile field <- the AWR workload's value (imports.awr.workload_json).
CONTRACT_FROM_AWR: dict[str, str] = {
    "tx_per_s": "transactions_per_s",
    "reads_per_s": "read_requests_per_s",
    "writes_per_s": "write_requests_per_s",
    "db_cpu_s_per_s": "db_cpu_s_per_s",
    "redo_mb_per_s": "redo_mb_per_s",
}
# What the custom profile cannot do without (sizing.inputs.OltpWorkload), with where AWR prints it.
REQUIRED: dict[str, str] = {
    "tx_per_s": "the Load Profile's 'Transactions' row",
    "reads_per_s": "the Load Profile's 'Read IO requests' or 'Physical reads' row",
    "db_cpu_s_per_s": "the Time Model's 'DB CPU' or the Load Profile's 'DB CPU(s)' row",
}
# Values the report gives that no input of the design takes (measured, shown beside the workload).
MEASURED_ONLY = ("single_block_read_ms",)


def design_workload(awr_import: AwrImport) -> dict[str, Any]:
    """{"workload": the design API's workload, "sources": where each value is printed, "measured":
    what no design input takes, "notes": the parser's}; InvalidInput when it cannot be sized."""
    values: dict[str, Any] = awr_import.workload
    fields = [name for name in CUSTOM_PROFILE_FIELDS if name in OLTP_WORKLOAD_FIELDS]
    workload: dict[str, Any] = {"kind": "oltp", "profile": CUSTOM_PROFILE}
    sources: dict[str, Any] = {}
    missing: dict[str, list[str]] = {}
    for name in fields:
        measured = values.get(CONTRACT_FROM_AWR.get(name, name))
        if measured is None:
            if name in REQUIRED:
                missing[name] = [
                    f"the report prints no value for it ({REQUIRED[name]}): "
                    "the custom profile needs it, so this report cannot be sized"
                ]
            continue
        workload[name] = measured["value"]
        sources[name] = measured
    if missing:
        raise InvalidInput({"workload": missing})
    tps = workload["tx_per_s"]
    if not tps > 0:
        raise InvalidInput(
            {
                "workload": {
                    "tx_per_s": [
                        "the report prints 0 transactions per second (under 0.05/s): a workload of "
                        "0 transactions per second cannot be sized; choose snapshots that cover the load"
                    ]
                }
            }
        )
    # The design load is the measured one; the user may raise it (target_tps) in the editor.
    workload["target_tps"] = tps
    return {
        "import_id": awr_import.pk,
        "workload": workload,
        "sources": sources,
        "measured": {name: values.get(name) for name in MEASURED_ONLY},
        "notes": list(awr_import.notes),
    }
