"""The SPA's test data, written from a real evaluation: the FS1-2 quarter rack (oracle-fs1-2016 Table 2)
with 1,000 users, evaluated as POST /api/v1/evaluate/ answers it (engine + BOM + assumptions), on the
seed catalog, without a price book; the platform registry as GET /api/v1/platforms/ answers it; and,
for the charts of the disk platforms, two disk designs evaluated the same way (Dell EqualLogic PS6010XV
at 6,000 users on the TPC-C test system of dell-equallogic-oltp-2010 Table 9, NetApp FAS3140 at 140
users, netapp-pam-2009) with the TPS curves GET /api/v1/curves/ serves for the EqualLogic test system
(Tables 5-6); and, for the e2e scan for raw enum words (e2e/raw-words.spec.ts), the request body of
POST /api/v1/designs/ for each of the engine's seed designs (sizing/tests/golden/cases.py).
`manage.py write_spa_fixture` writes them all; a test fails when a committed file differs
(frontend/src/features/designs/lib/*.fixture.json, frontend/src/lib/platforms.fixture.json,
frontend/e2e/seed-designs.fixture.json)."""

from __future__ import annotations

import json
import pathlib
from typing import Any

from rest_framework.test import APIRequestFactory

from benchmarks.views import BenchmarkCurveViewSet
from catalog.models import Configuration
from designs.evaluation import evaluation_payload
from engine_adapter.platform_views import PlatformListView
from sizing.tests.golden.cases import SEED_DESIGNS  # test data, allowed by pyproject's import contract

SPA_FIXTURE = (
    pathlib.Path(__file__).resolve().parents[2]
    / "frontend/src/features/designs/lib/quarter-rack-evaluation.fixture.json"
)
PLATFORMS_FIXTURE = pathlib.Path(__file__).resolve().parents[2] / "frontend/src/lib/platforms.fixture.json"
SPA_LIB = SPA_FIXTURE.parent
EQUALLOGIC_FIXTURE = SPA_LIB / "equallogic-evaluation.fixture.json"
NETAPP_FIXTURE = SPA_LIB / "netapp-evaluation.fixture.json"
TPCC_CURVES_FIXTURE = SPA_LIB / "equallogic-tpcc-curves.fixture.json"
SEED_DESIGNS_FIXTURE = pathlib.Path(__file__).resolve().parents[2] / "frontend/e2e/seed-designs.fixture.json"
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


# The disk designs the issue found unreadable charts on (dell-equallogic-oltp-2010 Table 9: 2 x 8-core
# RAC nodes, one PS6010XV; netapp-pam-2009: one node, two FAS3140 shelves), no reference configuration.
DISK_DESIGNS: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {
    "ps6010xv-6000-users": (
        {"kind": "oltp", "users": 6000, "database_size_gb": 100},
        {
            "family": "equallogic",
            "storage_model": "PS6010XV",
            "rac_nodes": 2,
            "cores_per_node": 8,
            "arrays": 1,
        },
    ),
    "fas3140-140-users": (
        {"kind": "oltp", "users": 140},
        {"family": "netapp", "storage_model": "FAS3140", "rac_nodes": 1, "arrays": 2},
    ),
}
# The EqualLogic family's TPC-C test system: its curves carry the measured TPS points (Tables 5-6).
TPCC_TEST_SYSTEM = "dell-oltp-2010-tpcc-test-system"


def disk_payload(name: str) -> dict[str, Any]:
    """The evaluate payload of one of the DISK_DESIGNS (needs the seed catalog loaded)."""
    workload, platform = DISK_DESIGNS[name]
    return evaluation_payload(
        workload=workload,
        platform=platform,
        rule_versions=None,
        configuration=None,
        price_book=None,
        overrides=[],
    )


def tpcc_curves_payload() -> dict[str, Any]:
    """GET /api/v1/curves/?configuration=<TPC-C test system>&quantity=tps&limit=100, as the SPA asks it."""
    request = APIRequestFactory().get(
        "/api/v1/curves/", {"configuration": TPCC_TEST_SYSTEM, "quantity": "tps", "limit": "100"}
    )
    response = BenchmarkCurveViewSet.as_view({"get": "list"})(request)
    page = json.loads(json.dumps(response.data))
    # Database ids differ from one catalog load to the next; the SPA reads curves by slug.
    for curve in page["results"]:
        curve.pop("id", None)
    return page


def platforms_payload() -> list[dict[str, Any]]:
    """The GET /api/v1/platforms/ payload, as the view answers it (designs reads the engine only
    through the engine adapter: import-linter)."""
    response = PlatformListView.as_view()(APIRequestFactory().get("/api/v1/platforms/"))
    return json.loads(json.dumps(response.data))


def seed_designs_payload() -> list[dict[str, Any]]:
    """Each seed design (sizing/tests/golden/cases.py) as its name and the body of POST /api/v1/designs/
    that creates it: the design named after the seed, its workload and platform as the seed gives them.
    The seeds are the engine's test data, not the engine (the import contract allows this one import)."""
    seeds: dict[str, dict[str, Any]] = SEED_DESIGNS
    return [
        {
            "name": name,
            "body": {
                "name": name,
                "workload": dict(inputs["workload"]),
                "platform": dict(inputs["platform"]),
            },
        }
        for name, inputs in seeds.items()
    ]


def fixture_text(payload: dict[str, Any] | list[dict[str, Any]]) -> str:
    return json.dumps(payload, indent=2, ensure_ascii=False) + "\n"
