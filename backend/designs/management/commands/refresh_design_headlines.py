"""Evaluate the headline the designs list shows (verdict, throughput, cost) of every design again, or,
with --missing, of those never evaluated (designs saved before the list had these columns)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from designs.services import design_headlines_refresh


class Command(BaseCommand):
    help = (
        "Evaluate the designs list's verdict, throughput and cost of every design again (e.g. after a "
        "price book's prices changed in place); --missing evaluates only designs never evaluated."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--missing", action="store_true", help="only designs never evaluated")

    def handle(self, *args: Any, **options: Any) -> None:
        count = design_headlines_refresh(only_missing=bool(options["missing"]))
        if options["verbosity"] >= 1:
            self.stdout.write(f"evaluated the headline of {count} design{'s' if count != 1 else ''}")
