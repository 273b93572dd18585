"""Delete for good the designs that have sat in the trash longer than TRASH_RETENTION_DAYS."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser

from designs.services import design_trash_purge


class Command(BaseCommand):
    help = (
        "Delete designs trashed more than TRASH_RETENTION_DAYS ago, with their revisions, BOM overrides "
        "and share links; --dry-run only counts them."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--dry-run", action="store_true", help="count what would be deleted, delete nothing"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        dry_run = bool(options["dry_run"])
        counts = design_trash_purge(dry_run=dry_run)
        verb = "would delete" if dry_run else "deleted"
        detail = ", ".join(f"{count} {name.replace('_', ' ')}" for name, count in counts.items())
        self.stdout.write(f"{verb} {detail} (trashed more than {settings.TRASH_RETENTION_DAYS} days ago)")
