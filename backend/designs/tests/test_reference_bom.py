"""The BOM of the Oracle FS1-2 reference racks equals Table 11 of the Oracle paper, line by line, from
the loaded seed catalog through the API; scaling changes the dependent lines by the same rules."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from catalog.models import Configuration
from catalog.tests.table11 import table_11_column
from designs.evaluation import design_bom
from designs.tests.conftest import client_for, create_design
from engine_adapter.engine import bom_rules

pytestmark = pytest.mark.django_db


def with_infiniband_switch(lines: list[tuple[str, str, int]]) -> list[tuple[str, str, int]]:
    """Table 11's half rack column plus the InfiniBand switch Table 11 omits (Table 2 and 3 use it), in
    the network section, after the Brocade switches (which Table 11 lists under Miscellaneous)."""
    at = max(i for i, line in enumerate(lines) if line[0] in ("storage", "network")) + 1
    return [*lines[:at], ("network", bom_rules.ORACLE_FS1_IB_SWITCH, 1), *lines[at:]]


def _lines(body: dict[str, Any]) -> list[tuple[str, str, int]]:
    """Table 11's lines: the Oracle licences after them are not in the table (test_licences.py)."""
    return [
        (line["section"], line["part_number"], line["quantity"])
        for line in body["lines"]
        if line["part_number"] not in bom_rules.ORACLE_LICENCE_PARTS
    ]


@pytest.mark.parametrize(
    ("slug", "half"), [("oracle-fs1-quarter-rack", False), ("oracle-fs1-half-rack", True)]
)
def test_reference_design_bom_equals_table_11(catalog: None, slug: str, half: bool) -> None:
    response = APIClient().get(f"/api/v1/reference-designs/{slug}/bom/")
    assert response.status_code == 200, response.content
    body = response.json()
    expected = with_infiniband_switch(table_11_column(half)) if half else table_11_column(half)
    got = _lines(body)
    for number, (want, have) in enumerate(zip(expected, got, strict=False), start=1):
        assert have == want, f"line {number}"
    assert len(got) == len(expected)
    assert all(line["rule"] for line in body["lines"])
    # No price book chosen: nothing is priced, nothing invented.
    assert body["total"] is None and body["unpriced_lines"] == len(body["lines"])
    assert all(line["unit_price"] is None and line["extended_price"] is None for line in body["lines"])


def test_reference_designs_list_by_slug_with_platform_inputs(catalog: None) -> None:
    response = APIClient().get("/api/v1/reference-designs/")
    assert response.status_code == 200
    by_slug = {row["slug"]: row for row in response.json()}
    assert {"oracle-fs1-quarter-rack", "oracle-fs1-half-rack"} <= set(by_slug)
    assert by_slug["oracle-fs1-quarter-rack"]["platform_inputs"] == {
        "family": "oracle-fs1",
        "storage_model": "FS1-2",
        "reference": "oracle-fs1-quarter-rack",
        "rac_nodes": 2,
        "arrays": 2,
        "drives_per_enclosure": 13,
    }
    assert by_slug["oracle-fs1-half-rack"]["platform_inputs"]["rac_nodes"] == 4
    assert by_slug["oracle-fs1-half-rack"]["platform_inputs"]["arrays"] == 3
    assert APIClient().get("/api/v1/reference-designs/no-such-rack/bom/").status_code == 404


def test_quarter_rack_scaled_to_four_nodes_and_three_19_ssd_enclosures_is_the_half_rack(
    catalog: None,
) -> None:
    quarter = Configuration.objects.get(slug="oracle-fs1-quarter-rack")
    platform = {
        "family": "oracle-fs1",
        "storage_model": "FS1-2",
        "rac_nodes": 4,
        "arrays": 3,
        "drives_per_enclosure": 19,
    }
    bom, _ = design_bom(platform=platform, configuration=quarter, overrides=[])
    hardware = [line for line in bom.lines if line.part_number not in bom_rules.ORACLE_LICENCE_PARTS]
    assert [(line.section, line.part_number, line.quantity) for line in hardware] == with_infiniband_switch(
        table_11_column(True)
    )


def test_one_more_node_adds_exactly_one_node_worth_of_server_lines(catalog: None) -> None:
    quarter = Configuration.objects.get(slug="oracle-fs1-quarter-rack")
    base = {
        "family": "oracle-fs1",
        "storage_model": "FS1-2",
        "rac_nodes": 2,
        "arrays": 2,
        "drives_per_enclosure": 13,
    }
    two, _ = design_bom(platform=base, configuration=quarter, overrides=[])
    three, _ = design_bom(platform={**base, "rac_nodes": 3}, configuration=quarter, overrides=[])
    # A third node is one more than the quarter rack cables directly: the InfiniBand switch comes too.
    switch = [line for line in three.lines if line.part_number == bom_rules.ORACLE_FS1_IB_SWITCH]
    assert [(line.section, line.quantity) for line in switch] == [("network", 1)]
    three_lines = [line for line in three.lines if line not in switch]
    for before, after in zip(two.lines, three_lines, strict=True):
        assert (before.section, before.part_number) == (after.section, after.part_number)
        if before.section == "servers" or before.part_number in bom_rules.ORACLE_LICENCE_PARTS:
            assert after.quantity * 2 == before.quantity * 3, before.part_number  # per node (36 cores)
        else:
            assert after.quantity == before.quantity, before.part_number  # per system


def test_memory_per_node_changes_the_dimms_through_the_api(catalog: None) -> None:
    user = get_user_model().objects.create_user("mem", password="pw-mem-123")
    platform = {"family": "oracle-fs1", "storage_model": "FS1-2", "rac_nodes": 2, "arrays": 2,
                "drives_per_enclosure": 13, "cores_per_node": 36, "memory_gb_per_node": 512}  # fmt: skip
    design = create_design(user, platform=platform)
    body = client_for(user).get(f"/api/v1/designs/{design['id']}/evaluation/").json()
    quantities = {(line["section"], line["part_number"]): line["quantity"] for line in body["bom"]["lines"]}
    assert quantities[("servers", "7110353")] == 64  # 32 x 16 GB per node
    assert quantities[("servers", "7110346")] == 4
    too_many = client_for(user).post(
        "/api/v1/evaluate/",
        {"workload": {"kind": "oltp", "target_tps": 1000}, "platform": {**platform, "cores_per_node": 54}},
        format="json",
    )
    assert too_many.status_code == 400
    assert "cores_per_node" in too_many.json()["platform"]
