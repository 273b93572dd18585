"""Parse every AWR report of a folder and print what it gives: `python -m measurements.check_awr_samples DIR`.

For each file: DB name, release, instances, elapsed time, and the workload values with the section
and row each was read from, or the message the file is refused with.
"""

from __future__ import annotations

import sys
from pathlib import Path

from measurements.awr import AwrReport, Value, parse_awr, workload_from_awr
from measurements.errors import MeasurementFileError


def _show(name: str, value: Value | None) -> str:
    if value is None:
        return f"    {name}: absent"
    return f"    {name}: {value.value:.6g} {value.unit}  <- {value.source.describe()}"


def _describe_report(report: AwrReport) -> list[str]:
    instances = ", ".join(
        f"{i.name}#{i.number}" + (f" ({i.cpus.value:g} CPUs)" if i.cpus else "") for i in report.instances
    )
    elapsed = f"{report.elapsed_min.value:g} min" if report.elapsed_min else "absent"
    kind = report.kind + (", PDB report" if report.pdb_report else "")
    return [
        f"  {report.format} {kind}: DB {report.db_name} (id {report.db_id}), release {report.release}, "
        f"RAC {report.rac}, CDB {report.cdb}",
        f"  instances: {instances or 'absent'}; elapsed {elapsed}",
    ]


def check_file(path: Path) -> list[str]:
    lines = [path.name]
    try:
        report = parse_awr(path.read_bytes())
        lines += _describe_report(report)
        workload = workload_from_awr(report)
    except MeasurementFileError as error:
        return [*lines, f"  REFUSED: {error}"]
    lines += [
        _show("transactions_per_s", workload.transactions_per_s),
        _show("read_requests_per_s", workload.read_requests_per_s),
        _show("write_requests_per_s", workload.write_requests_per_s),
        _show("db_cpu_s_per_s", workload.db_cpu_s_per_s),
        _show("redo_mb_per_s", workload.redo_mb_per_s),
        _show("single_block_read_ms", workload.single_block_read_ms),
    ]
    lines += [f"    note: {note}" for note in workload.notes]
    return lines


def main(argv: list[str]) -> int:
    if len(argv) != 1 or not Path(argv[0]).is_dir():
        print("usage: python -m measurements.check_awr_samples DIR", file=sys.stderr)
        return 2
    for path in sorted(p for p in Path(argv[0]).iterdir() if p.is_file()):
        print("\n".join(check_file(path)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
