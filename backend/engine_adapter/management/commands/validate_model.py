"""Compare the performance model with every measured point it can predict (in-sample and held-out)."""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from engine_adapter.services import evidence_and_rules
from sizing import validation_markdown as to_markdown
from sizing import validation_report
from sizing import validation_summary as summary


class Command(BaseCommand):
    help = "Report what evaluate returns for each document's configurations against the measurements (calibration and held-out rows, per family)."

    def add_arguments(self, parser: CommandParser) -> None:
        fmt = parser.add_mutually_exclusive_group()
        fmt.add_argument("--json", action="store_true", help="a JSON list of rows (machine-readable)")
        fmt.add_argument("--markdown", action="store_true", help="a Markdown table for docs/model.md")

    def handle(self, *args: Any, **options: Any) -> None:
        evidence, rules = evidence_and_rules()
        rows = validation_report(evidence, rules)
        if options["json"]:
            self.stdout.write(json.dumps([r.to_dict() for r in rows], indent=2))
            return
        if options["markdown"]:
            self.stdout.write(to_markdown(rows))
            return
        width = max((len(r.case) for r in rows), default=10)
        self.stdout.write(
            f"{'family':<12}  {'role':<11}  {'case':<{width}}  {'measured':>12}  {'predicted':>12}  {'err %':>8}"
        )
        for r in rows:
            d = r.to_dict()
            err = f"{d['error_pct']:>+8.2f}" if r.bound is None else ("  held" if r.bound_holds else "MISSED")
            self.stdout.write(
                f"{r.family:<12}  {r.role:<11}  {r.case:<{width}}  {d['measured']:>12g}  {d['predicted']:>12g}  "
                f"{err}  {r.unit}"
            )
        s = summary(rows)
        for family, f in s["families"].items():
            self.stdout.write(
                f"{family}: {f['held_out']} held-out rows, median |error| {f['median_abs_held_out_error_pct']}% "
                f"(worst {f['max_abs_held_out_error_pct']}%), {f['bounds_held']}/{f['bounds']} bounds held, "
                f"{f['calibration']} calibration rows; band coverage {f['band_coverage_pct']}% "
                f"({f['held_out_band_coverage_pct']}% from the other rows, stated {f['band_rate_pct']}%)"
            )
