"""BOMs of the other platforms from the loaded catalog, through POST /api/v1/evaluate/: EqualLogic
(n arrays + RAC servers + switches), XtremIO (n X-Bricks), NetApp FAS3140 with and without PAM."""

from __future__ import annotations

from typing import Any

import pytest

from designs.tests.conftest import client_for

pytestmark = pytest.mark.django_db


def _bom(users: dict[str, Any], workload: dict[str, Any], platform: dict[str, Any]) -> dict[str, Any]:
    response = client_for(users["alice"]).post(
        "/api/v1/evaluate/", {"workload": workload, "platform": platform}, format="json"
    )
    assert response.status_code == 200, response.content
    return dict(response.json()["bom"])


def _quantities(bom: dict[str, Any]) -> dict[tuple[str, str], int]:
    return {(line["section"], line["part_number"]): line["quantity"] for line in bom["lines"]}


@pytest.mark.parametrize("model", ["PS6010XV", "PS6010S"])
def test_equallogic_n_arrays_plus_rac_servers_and_switches(
    catalog: None, users: dict[str, Any], model: str
) -> None:
    bom = _bom(
        users,
        {"kind": "oltp", "users": 2000},
        {"family": "equallogic", "storage_model": model, "rac_nodes": 3, "arrays": 2},
    )
    quantities = _quantities(bom)
    assert quantities[("servers", "PowerEdge R710")] == 3
    assert quantities[("storage", model)] == 2
    assert [k for k in quantities if k[0] == "storage"] == [("storage", model)]
    assert quantities[("network", "PowerConnect 8024F")] == 2
    assert ("servers", "PowerEdge R610") not in quantities  # the document's load generators
    assert all(line["part_number_is_model"] for line in bom["lines"])


def test_xtremio_n_xbricks(catalog: None, users: dict[str, Any]) -> None:
    platform = {"family": "xtremio", "storage_model": "X-Brick", "rac_nodes": 4, "arrays": 4}
    bom = _bom(users, {"kind": "oltp", "target_tps": 5000}, platform)
    assert _quantities(bom)[("storage", "X-Brick")] == 4


def test_netapp_fas3140_with_and_without_pam(catalog: None, users: dict[str, Any]) -> None:
    base = {"family": "netapp", "storage_model": "FAS3140", "rac_nodes": 1, "arrays": 2}
    workload = {"kind": "oltp", "target_tps": 500}
    with_pam = _quantities(_bom(users, workload, {**base, "pam": True}))
    without = _quantities(_bom(users, workload, base))
    assert with_pam[("storage", "FAS3140")] == without[("storage", "FAS3140")] == 2
    pam_lines = {k: q for k, q in with_pam.items() if "PAM" in k[1]}
    assert pam_lines and all(q == 2 for q in pam_lines.values())  # one per controller
    # ... listed once: the test system's own cards are not added a second time by the PAM rule
    lines = _bom(users, workload, {**base, "pam": True})["lines"]
    assert (
        sum(
            line["quantity"]
            for line in lines
            if line["section"] == "storage" and "PAM" in line["part_number"]
        )
        == 2
    )
    assert not [k for k in without if "PAM" in k[1] or "FlexScale" in k[1]]
