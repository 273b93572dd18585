"""Write the SPA's test evaluation from a real engine run (see designs.spa_fixture)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from designs.spa_fixture import (
    EQUALLOGIC_FIXTURE,
    NETAPP_FIXTURE,
    PLATFORMS_FIXTURE,
    SEED_DESIGNS_FIXTURE,
    SPA_FIXTURE,
    TPCC_CURVES_FIXTURE,
    disk_payload,
    fixture_text,
    platforms_payload,
    quarter_rack_payload,
    seed_designs_payload,
    tpcc_curves_payload,
)


class Command(BaseCommand):
    help = (
        "Write frontend/.../quarter-rack-evaluation.fixture.json from a real evaluation (catalog loaded) "
        "and frontend/.../platforms.fixture.json from the platform registry, the disk designs' evaluations "
        "the EqualLogic TPC-C curves and frontend/e2e/seed-designs.fixture.json (the seed designs' create bodies)."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        SPA_FIXTURE.write_text(fixture_text(quarter_rack_payload()), encoding="utf-8")
        self.stdout.write(f"wrote {SPA_FIXTURE}")
        PLATFORMS_FIXTURE.parent.mkdir(parents=True, exist_ok=True)
        PLATFORMS_FIXTURE.write_text(fixture_text(platforms_payload()), encoding="utf-8")
        self.stdout.write(f"wrote {PLATFORMS_FIXTURE}")
        for path, payload in (
            (EQUALLOGIC_FIXTURE, disk_payload("ps6010xv-6000-users")),
            (NETAPP_FIXTURE, disk_payload("fas3140-140-users")),
            (TPCC_CURVES_FIXTURE, tpcc_curves_payload()),
            (SEED_DESIGNS_FIXTURE, seed_designs_payload()),
        ):
            path.write_text(fixture_text(payload), encoding="utf-8")
            self.stdout.write(f"wrote {path}")
