"""A failure in the middle of a save leaves nothing behind: 80 BOM override lines, line 40 names a part
the catalog does not know and gives no description. The update has already written the design row and
39 override lines when it fails; the request's transaction must drop all of it."""

from __future__ import annotations

from itertools import product
from typing import Any

import pytest

from catalog.models import Part
from designs.models import Design, DesignBomOverride, DesignRevision
from designs.tests.conftest import client_for, create_design

pytestmark = pytest.mark.django_db

SECTIONS = ["servers", "storage", "network", "software", "miscellaneous"]


def _override_lines(count: int) -> list[dict[str, Any]]:
    numbers = list(Part.objects.order_by("part_number").values_list("part_number", flat=True).distinct())
    pairs = list(product(SECTIONS, numbers))[:count]
    assert len(pairs) == count
    return [
        {"section": s, "part_number": n, "quantity": i + 1, "reason": "sizing"}
        for i, (s, n) in enumerate(pairs)
    ]


def test_invalid_override_on_line_40_of_80_leaves_nothing(catalog: None, users: dict[str, Any]) -> None:
    kept = _override_lines(3)
    design = create_design(users["alice"], bom_overrides=kept)
    lines = _override_lines(80)
    lines[39] = {"section": "network", "part_number": "NOT-IN-CATALOG-40", "quantity": 1, "reason": "sizing"}

    response = client_for(users["alice"]).patch(
        f"/api/v1/designs/{design['id']}/",
        {"name": "half written?", "status": "proposed", "bom_overrides": lines},
        format="json",
        HTTP_IF_MATCH=design["etag"],
    )

    assert response.status_code == 400, response.content
    errors = response.json()["bom_overrides"]
    assert len(errors) == 80
    assert "description" in errors[39] and "NOT-IN-CATALOG-40" in errors[39]["description"][0]
    assert all(error == {} for i, error in enumerate(errors) if i != 39)
    stored = Design.objects.get(pk=design["id"])
    assert (stored.name, stored.status, stored.version) == ("Bank core OLTP", "draft", 1)
    assert (
        list(
            DesignBomOverride.objects.filter(design=stored)
            .order_by("position")
            .values("section", "part_number", "quantity", "reason")
        )
        == kept
    )
    assert DesignRevision.objects.filter(design=stored).count() == 1


def test_the_same_80_lines_with_line_40_described_are_saved(catalog: None, users: dict[str, Any]) -> None:
    design = create_design(users["alice"])
    lines = _override_lines(80)
    lines[39] = {
        "section": "network",
        "part_number": "NOT-IN-CATALOG-40",
        "quantity": 1,
        "description": "patch panel",
    }
    response = client_for(users["alice"]).patch(
        f"/api/v1/designs/{design['id']}/",
        {"bom_overrides": lines},
        format="json",
        HTTP_IF_MATCH=design["etag"],
    )
    assert response.status_code == 200, response.content
    assert DesignBomOverride.objects.filter(design_id=design["id"]).count() == 80
    assert DesignRevision.objects.filter(design_id=design["id"]).count() == 2


def test_invalid_create_writes_nothing(catalog: None, users: dict[str, Any]) -> None:
    lines = _override_lines(10)
    lines[5] = {"section": "storage", "part_number": "UNKNOWN-6", "quantity": 2, "reason": "sizing"}
    response = client_for(users["alice"]).post(
        "/api/v1/designs/",
        {
            "name": "new",
            "workload": {"kind": "oltp", "target_tps": 100},
            "platform": {"family": "oracle-fs1", "storage_model": "FS1-2"},
            "bom_overrides": lines,
        },
        format="json",
    )
    assert response.status_code == 400
    assert "description" in response.json()["bom_overrides"][5]
    assert not Design.objects.exists() and not DesignRevision.objects.exists()
    assert not DesignBomOverride.objects.exists()


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"workload": {"kind": "oltp", "users": -5}}, "workload"),
        ({"platform": {"family": "oracle-fs1", "storage_model": "PS6010XV"}}, "platform"),
        (
            {"bom_overrides": [{"section": "racks", "part_number": "7110316", "quantity": 1, "reason": "x"}]},
            "bom_overrides",
        ),
        (
            {
                "bom_overrides": [
                    {"section": "servers", "part_number": "7110316", "quantity": -1, "reason": "x"}
                ]
            },
            "bom_overrides",
        ),
        ({"reference_configuration": "no-such-rack"}, "reference_configuration"),
        ({"visibility": "team"}, "team"),
        ({"status": "shipped"}, "status"),
        ({"reference_configuration": "xtremio-two-xbrick-cluster"}, "reference_configuration"),
        ({"team": 999999}, "team"),
        ({"price_book": 999999}, "price_book"),
        ({"workload": None}, "workload"),
        ({"platform": ["not", "an", "object"]}, "platform"),
    ],
)
def test_bad_input_is_400_with_field_messages(
    catalog: None, users: dict[str, Any], body: dict[str, Any], field: str
) -> None:
    design = create_design(users["alice"])
    response = client_for(users["alice"]).patch(
        f"/api/v1/designs/{design['id']}/", body, format="json", HTTP_IF_MATCH=design["etag"]
    )
    assert response.status_code == 400, response.content
    assert field in response.json()
    assert Design.objects.get(pk=design["id"]).version == 1


def test_unknown_design_is_404(users: dict[str, Any]) -> None:
    client = client_for(users["alice"])
    assert client.get("/api/v1/designs/999999/").status_code == 404
    assert client.get("/api/v1/designs/999999/evaluation/").status_code == 404
    assert client.post("/api/v1/designs/999999/revisions/1/restore/").status_code == 404
