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


XTREMIO_SERVER = "vSphere host 8 cores 2.9 GHz 512 GB"  # the PDF keeps it on one row
IB_SWITCH = "Sun Data Center InfiniBand Switch 36"


@pytest.mark.parametrize("nodes", [2, 4, 6])
def test_xtremio_has_the_documents_database_servers_one_per_rac_node_cited(
    catalog: None, users: dict[str, Any], nodes: int
) -> None:
    """Issue 15, finding 2: XtremIO designs had no servers and a note asking for overrides."""
    platform = {"family": "xtremio", "storage_model": "X-Brick", "rac_nodes": nodes, "arrays": 2}
    bom = _bom(users, {"kind": "oltp", "target_tps": 5000}, platform)
    servers = [line for line in bom["lines"] if line["section"] == "servers"]
    assert [(line["part_number"], line["quantity"]) for line in servers] == [(XTREMIO_SERVER, nodes)]
    (server,) = servers
    assert server["source"].startswith("emc-xtremio-2014, Table 1")  # the test system's Table 1
    assert server["part_number_is_model"] is True  # the paper names no make, model or part number
    assert "8 cores at 2.9 GHz, 512 GB RAM" in server["description"]
    assert f"x {nodes} nodes" in server["rule"]
    assert not [note for note in bom["notes"] if "override" in note]


@pytest.mark.parametrize(
    "platform",
    [
        {"family": "oracle-fs1", "storage_model": "FS1-2", "arrays": 2, "drives_per_enclosure": 13},
        {"family": "equallogic", "storage_model": "PS6010XV", "arrays": 1},
        {"family": "equallogic", "storage_model": "PS6110XV", "arrays": 1},
        {"family": "xtremio", "storage_model": "X-Brick", "arrays": 2},
        {"family": "netapp", "storage_model": "FAS3140", "arrays": 2},
    ],
    ids=lambda p: f"{p['family']}-{p['storage_model']}",
)
def test_every_family_orders_one_server_per_rac_node(
    catalog: None, users: dict[str, Any], platform: dict[str, Any]
) -> None:
    bom = _bom(users, {"kind": "oltp", "target_tps": 500}, {**platform, "rac_nodes": 3})
    first_server = next(line for line in bom["lines"] if line["section"] == "servers")
    assert first_server["quantity"] == 3
    assert first_server["source"]  # cited
    assert not [note for note in bom["notes"] if "no server" in note]


def test_xtremio_server_line_says_when_the_design_evaluates_other_cores(
    catalog: None, users: dict[str, Any]
) -> None:
    platform = {
        "family": "xtremio", "storage_model": "X-Brick", "rac_nodes": 4, "arrays": 2, "cores_per_node": 16,
    }  # fmt: skip
    bom = _bom(users, {"kind": "oltp", "target_tps": 5000}, platform)
    assert any("16 cores per RAC node (the server has 8)" in note for note in bom["notes"])


def _fs1(nodes: int, enclosures: int, drives: int) -> dict[str, Any]:
    return {
        "family": "oracle-fs1", "storage_model": "FS1-2", "rac_nodes": nodes, "arrays": enclosures,
        "drives_per_enclosure": drives,
    }  # fmt: skip


def test_fs1_half_rack_lists_the_infiniband_switch_table_11_omits(
    catalog: None, users: dict[str, Any]
) -> None:
    """Issue 15, finding 2: Table 2 and the RAC text (Table 3) use an InfiniBand switch in the half
    rack; Table 11 omits it, and the BOM said nothing."""
    bom = _bom(users, {"kind": "oltp", "target_tps": 30000}, _fs1(4, 3, 19))
    switches = [line for line in bom["lines"] if line["part_number"] == IB_SWITCH]
    assert len(switches) == 1
    (switch,) = switches
    assert (switch["section"], switch["quantity"]) == ("network", 1)
    assert "not in Table 11; from Table 2 and Table 3" in switch["rule"]
    assert "Table 2" in switch["source"] and "not in Table 11" in switch["source"]
    assert switch["part_number_is_model"] is True  # the document gives no part number
    assert any(note.startswith(f"{IB_SWITCH}: not in Table 11") for note in bom["notes"])
    # Listed after the storage lines and before the licences (not appended at the end).
    sections = [line["section"] for line in bom["lines"]]
    position = bom["lines"].index(switch)
    assert position > max(i for i, s in enumerate(sections) if s == "storage")
    assert position < sections.index("software")


def test_fs1_quarter_rack_nodes_are_cabled_directly_no_switch(catalog: None, users: dict[str, Any]) -> None:
    bom = _bom(users, {"kind": "oltp", "target_tps": 10000}, _fs1(2, 2, 13))
    assert IB_SWITCH not in {line["part_number"] for line in bom["lines"]}
    assert not [note for note in bom["notes"] if IB_SWITCH in note]
    # ... and the quarter rack grown to three nodes needs the switch
    bom = _bom(users, {"kind": "oltp", "target_tps": 10000}, _fs1(3, 2, 13))
    assert [line["quantity"] for line in bom["lines"] if line["part_number"] == IB_SWITCH] == [1]


def _evaluate(users: dict[str, Any], workload: dict[str, Any], platform: dict[str, Any]) -> dict[str, Any]:
    response = client_for(users["alice"]).post(
        "/api/v1/evaluate/", {"workload": workload, "platform": platform}, format="json"
    )
    assert response.status_code == 200, response.content
    return dict(response.json())


def test_bom_notes_cite_their_own_document_not_table_11(catalog: None, users: dict[str, Any]) -> None:
    """Every BOM note used to be cited as "oracle-fs1-2016, Table 11", whatever its family."""
    fs1 = _evaluate(users, {"kind": "oltp", "target_tps": 30000}, _fs1(4, 3, 19))
    notes = {a["text"]: a["source"] for a in fs1["assumptions"] if a["key"] == "bom.note"}
    (ib_source,) = [source for text, source in notes.items() if text.startswith(IB_SWITCH)]
    assert ib_source == "oracle-fs1-2016, Table 2; Table 3 (Oracle RAC); not in Table 11"

    dell = _evaluate(
        users,
        {"kind": "oltp", "users": 2000},
        {
            "family": "equallogic",
            "storage_model": "PS6010XV",
            "rac_nodes": 2,
            "arrays": 1,
            "cores_per_node": 12,
        },
    )
    dell_notes = {a["text"]: a["source"] for a in dell["assumptions"] if a["key"] == "bom.note"}
    assert dell_notes and all(s.startswith("dell-equallogic-oltp-2010, ") for s in dell_notes.values()), (
        dell_notes
    )
    assert any("12 cores per RAC node (the server has 8)" in text for text in dell_notes)


FAMILY_PLATFORMS = [
    {"family": "oracle-fs1", "storage_model": "FS1-2", "drives_per_enclosure": 13},
    {"family": "oracle-fs1", "storage_model": "FS1-2", "drives_per_enclosure": 19},
    {"family": "equallogic", "storage_model": "PS6010XV"},
    {"family": "equallogic", "storage_model": "PS6010S"},
    {"family": "equallogic", "storage_model": "PS6110XV"},
    {"family": "xtremio", "storage_model": "X-Brick"},
    {"family": "netapp", "storage_model": "FAS3140", "pam": True},
    {"family": "netapp", "storage_model": "FAS3140", "pam": False},
]


@pytest.mark.parametrize("platform", FAMILY_PLATFORMS, ids=lambda p: f"{p['storage_model']}-{len(p)}")
def test_more_nodes_or_storage_units_never_order_less(catalog: None, platform: dict[str, Any]) -> None:
    """Every line of the generated BOM (servers, storage, network, licences) keeps or grows its quantity
    when a RAC node or a storage unit is added, from 1 to 6 of each: a design grown by the fix a
    warning names is never priced below the design it grew from."""
    from designs.evaluation import design_bom

    def quantities(nodes: int, units: int) -> dict[tuple[str, str], int]:
        bom, _ = design_bom(
            platform={**platform, "rac_nodes": nodes, "arrays": units}, configuration=None, overrides=[]
        )
        out: dict[tuple[str, str], int] = {}
        for line in bom.lines:
            out[(line.section, line.part_number)] = (
                out.get((line.section, line.part_number), 0) + line.quantity
            )
        return out

    grid = {(n, u): quantities(n, u) for n in range(1, 7) for u in range(1, 7)}
    for (n, u), lines in grid.items():
        for bigger in ((n + 1, u), (n, u + 1)):
            if bigger not in grid:
                continue
            for line, quantity in lines.items():
                assert grid[bigger].get(line, 0) >= quantity, (line, (n, u), bigger)
    # and the grid is not flat: nodes and units each order something more
    assert grid[6, 1] != grid[1, 1] and grid[1, 6] != grid[1, 1]
