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
    help = "Report the model's error against each measured point (held-out: recalibrated without it)."

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
            f"{'case':<{width}}  {'measured':>12}  {'predicted':>12}  {'err %':>7}  {'held-out %':>10}"
        )
        for r in rows:
            d = r.to_dict()
            self.stdout.write(
                f"{r.case:<{width}}  {d['measured']:>12g}  {d['predicted']:>12g}  {d['error_pct']:>+7.2f}  "
                f"{d['held_out_error_pct']:>+10.2f}  {r.unit}"
            )
        s = summary(rows)
        self.stdout.write(
            f"\n{s['count']} points; median |error| {s['median_abs_error_pct']}%, median |held-out error| "
            f"{s['median_abs_held_out_error_pct']}% (max {s['max_abs_held_out_error_pct']}%)"
        )
