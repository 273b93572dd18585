"""The SPA's test data, written from a real evaluation: the FS1-2 quarter rack (oracle-fs1-2016 Table 2)
with 1,000 users, evaluated as POST /api/v1/evaluate/ answers it (engine + BOM + assumptions), on the
seed catalog, without a price book; and the platform registry as GET /api/v1/platforms/ answers it.
`manage.py write_spa_fixture` writes both; a test fails when a committed file differs
(frontend/src/features/designs/lib/quarter-rack-evaluation.fixture.json,
frontend/src/lib/platforms.fixture.json)."""

from __future__ import annotations

import json
import pathlib
from typing import Any

from rest_framework.test import APIRequestFactory

from catalog.models import Configuration
from designs.evaluation import evaluation_payload
from engine_adapter.platform_views import PlatformListView

SPA_FIXTURE = (
    pathlib.Path(__file__).resolve().parents[2]
    / "frontend/src/features/designs/lib/quarter-rack-evaluation.fixture.json"
)
PLATFORMS_FIXTURE = pathlib.Path(__file__).resolve().parents[2] / "frontend/src/lib/platforms.fixture.json"
QUARTER_RACK = "oracle-fs1-quarter-rack"
WORKLOAD = {"kind": "oltp", "users": 1000, "database_size_gb": 100}
PLATFORM = {"family": "oracle-fs1", "storage_model": "FS1-2", "rac_nodes": 2, "cores_per_node": 36, "arrays": 2,
            "drives_per_enclosure": 13}  # fmt: skip


def quarter_rack_payload() -> dict[str, Any]:
    """The evaluate payload of the quarter rack (needs the seed catalog loaded)."""
    return evaluation_payload(
        workload=WORKLOAD,
        platform=PLATFORM,
        rule_versions=None,
        configuration=Configuration.objects.get(slug=QUARTER_RACK),
        price_book=None,
        overrides=[],
    )


def platforms_payload() -> list[dict[str, Any]]:
    """The GET /api/v1/platforms/ payload, as the view answers it (designs reads the engine only
    through the engine adapter: import-linter)."""
    response = PlatformListView.as_view()(APIRequestFactory().get("/api/v1/platforms/"))
    return json.loads(json.dumps(response.data))


def fixture_text(payload: dict[str, Any] | list[dict[str, Any]]) -> str:
    return json.dumps(payload, indent=2, ensure_ascii=False) + "\n"
