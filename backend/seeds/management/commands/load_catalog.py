"""`python manage.py load_catalog [--dir PATH]`: validate and load fixtures/*.yaml (idempotent).

-v2 also prints the row count of every catalog and benchmarks model after the load.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.apps import apps
from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from seeds.loader import FixtureError, fixture_files, load_catalog


class Command(BaseCommand):
    help = "Validate the seed catalog files (fixtures/*.yaml) and load them in one transaction."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--dir", type=Path, default=None, help="fixtures directory (default: repo fixtures/)"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        directory = Path(options["dir"] or settings.FIXTURES_DIR)
        if not fixture_files(directory):
            # Loading nothing would delete the loaded catalog and leave a server sizing from nothing.
            raise CommandError(f"catalog not loaded: no fixture files in {directory}")
        try:
            report = load_catalog(options["dir"])
        except FixtureError as exc:
            raise CommandError(f"catalog not loaded, {len(exc.problems)} problem(s):\n{exc}") from exc
        if options["verbosity"] < 1:
            return
        self.stdout.write(f"files: {', '.join(report.files) or '(none)'}")
        labels = sorted(set(report.created) | set(report.updated) | set(report.deleted))
        for label in labels:
            self.stdout.write(
                f"{label}: {report.created.get(label, 0)} created, {report.updated.get(label, 0)} updated, "
                f"{report.deleted.get(label, 0)} deleted"
            )
        if not labels:
            self.stdout.write("no changes")
        for note in report.notes:
            self.stdout.write(self.style.WARNING(note))
        if options["verbosity"] >= 2:
            for app in ("catalog", "benchmarks"):
                for model in apps.get_app_config(app).get_models():
                    if not model.__name__.startswith("Historical"):
                        self.stdout.write(f"rows {model._meta.label}: {model._default_manager.count()}")
