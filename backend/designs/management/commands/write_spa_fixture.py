"""Write the SPA's test evaluation from a real engine run (see designs.spa_fixture)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from designs.spa_fixture import (
    PLATFORMS_FIXTURE,
    SPA_FIXTURE,
    fixture_text,
    platforms_payload,
    quarter_rack_payload,
)


class Command(BaseCommand):
    help = (
        "Write frontend/.../quarter-rack-evaluation.fixture.json from a real evaluation (catalog loaded) "
        "and frontend/.../platforms.fixture.json from the platform registry."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        SPA_FIXTURE.write_text(fixture_text(quarter_rack_payload()), encoding="utf-8")
        self.stdout.write(f"wrote {SPA_FIXTURE}")
        PLATFORMS_FIXTURE.parent.mkdir(parents=True, exist_ok=True)
        PLATFORMS_FIXTURE.write_text(fixture_text(platforms_payload()), encoding="utf-8")
        self.stdout.write(f"wrote {PLATFORMS_FIXTURE}")
