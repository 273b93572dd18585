"""BOM rules against Oracle Table 11 (both columns), and the scaling of the other platforms."""

from __future__ import annotations

from dataclasses import replace

import pytest

from sizing.bom import (
    ORACLE_FS1_IB_SWITCH,
    ORACLE_FS1_PER_NODE,
    ORACLE_LICENCE_PARTS,
    Bom,
    BomError,
    BomOverride,
    BomPlatform,
    CatalogPart,
    ReferenceDesign,
    ReferenceLine,
    apply_overrides,
    build_bom,
)

# Table 11 of the Oracle FS1-2 reference (2016): (section, part number, kind, quarter rack, half rack).
TABLE_11: list[tuple[str, str, str, int, int]] = [
    ("servers", "7110316", "server", 2, 4),
    ("servers", "7101675", "optics", 2, 4),
    ("servers", "2124A", "optics", 2, 4),
    ("servers", "6331A-N", "filler", 8, 16),
    ("servers", "7110346", "cpu", 4, 8),
    ("servers", "7110350", "other", 4, 8),
    ("servers", "7110353", "memory_module", 32, 64),
    ("servers", "7111102", "drive", 4, 8),
    ("servers", "7104073", "hba", 2, 4),
    ("servers", "7101673", "hba", 4, 8),
    ("servers", "7110337", "server", 2, 4),
    ("servers", "7102748", "filler", 2, 4),
    ("servers", "333V-10-10-C14", "cable", 4, 8),
    ("servers", "7110360", "other", 2, 4),
    ("servers", "7110339", "other", 2, 4),
    ("servers", "7110359", "filler", 2, 4),
    ("storage", "7113864", "storage_array", 1, 1),
    ("storage", "7111942", "server", 1, 1),
    ("storage", "7104975", "storage_array", 1, 1),
    ("storage", "7104710", "storage_controller", 2, 2),
    ("storage", "7101673", "hba", 6, 6),
    ("storage", "7101675", "optics", 6, 6),
    ("storage", "7112956", "drive_enclosure", 2, 0),
    ("storage", "7112957", "drive_enclosure", 0, 3),
    ("storage", "7104928", "cable", 4, 4),
    ("storage", "7104932", "cable", 6, 6),
    ("network", "7103553", "switch", 2, 2),
]
ENCLOSURE_DRIVES = {"7112956": 13, "7112957": 19}
PARTS = {
    number: CatalogPart(number, f"part {number}", kind, drive_count=ENCLOSURE_DRIVES.get(number))
    for _, number, kind, _, _ in TABLE_11
}


def _qty(row: tuple[str, str, str, int, int], column: int) -> int:
    return row[3] if column == 3 else row[4]


def _reference(column: int) -> ReferenceDesign:
    """A reference rack as the catalog holds it: Table 11's non-zero lines of one column, in order."""
    lines = tuple(
        ReferenceLine(PARTS[row[1]], _qty(row, column), row[0], "Table 11")
        for row in TABLE_11
        if _qty(row, column) > 0
    )
    nodes = 2 if column == 3 else 4
    return ReferenceDesign(
        "oracle-fs1-quarter-rack" if column == 3 else "oracle-fs1-half-rack",
        "oracle-fs1",
        nodes,
        2 if column == 3 else 3,
        lines,
    )


def _expected(column: int) -> list[tuple[str, str, int]]:
    """Table 11's column; the half rack (4 nodes) also gets the InfiniBand switch of Table 2 that
    Table 11 omits, last of the network lines (after the Brocade switches)."""
    rows = [(row[0], row[1], _qty(row, column)) for row in TABLE_11 if _qty(row, column) > 0]
    if column == 4:
        at = max(i for i, row in enumerate(rows) if row[0] in ("storage", "network")) + 1
        rows.insert(at, ("network", ORACLE_FS1_IB_SWITCH, 1))
    return rows


def _table(bom: Bom) -> list[tuple[str, str, int]]:
    """The family rule's lines: the Oracle licences every BOM ends with are tested on their own."""
    return [
        (line.section, line.part_number, line.quantity)
        for line in bom.lines
        if line.part_number not in ORACLE_LICENCE_PARTS
    ]


QUARTER = BomPlatform("oracle-fs1", "FS1-2", rac_nodes=2, arrays=2, drives_per_enclosure=13)
HALF = BomPlatform("oracle-fs1", "FS1-2", rac_nodes=4, arrays=3, drives_per_enclosure=19)


def test_per_node_factors_reproduce_both_columns_of_table_11() -> None:
    for section, number, _, quarter, half in TABLE_11:
        if section == "servers":
            assert ORACLE_FS1_PER_NODE[number] * 2 == quarter, number
            assert ORACLE_FS1_PER_NODE[number] * 4 == half, number
    assert len(ORACLE_FS1_PER_NODE) == sum(1 for row in TABLE_11 if row[0] == "servers")


@pytest.mark.parametrize(("column", "platform"), [(3, QUARTER), (4, HALF)])
def test_reference_racks_as_they_stand_equal_table_11(column: int, platform: BomPlatform) -> None:
    bom = build_bom(platform=platform, reference=_reference(column), parts=list(PARTS.values()))
    assert _table(bom) == _expected(column)


def test_scaling_the_quarter_rack_to_four_nodes_and_three_19_ssd_enclosures_gives_the_half_rack() -> None:
    bom = build_bom(platform=HALF, reference=_reference(3), parts=list(PARTS.values()))
    assert _table(bom) == _expected(4)


def test_a_third_node_and_enclosure_change_only_the_dependent_lines() -> None:
    platform = BomPlatform("oracle-fs1", "FS1-2", rac_nodes=3, arrays=3, drives_per_enclosure=13)
    bom = build_bom(platform=platform, reference=_reference(3), parts=list(PARTS.values()))
    quantities = {(s, n): q for s, n, q in _table(bom)}
    assert quantities[("servers", "7110353")] == 48  # 16 DIMMs per node
    assert quantities[("servers", "7110346")] == 6  # 2 CPUs per node
    assert quantities[("servers", "7101673")] == 6  # 2 HBAs per node
    assert quantities[("servers", "333V-10-10-C14")] == 6  # 2 power cords per node
    assert quantities[("storage", "7112956")] == 3  # one line per enclosure
    assert quantities[("storage", "7101673")] == 6  # the array's HBAs do not depend on nodes
    assert quantities[("storage", "7104710")] == 2
    assert quantities[("network", "7103553")] == 2
    # More nodes than the quarter rack cables directly: the InfiniBand switch Table 11 omits, said so.
    assert quantities[("network", ORACLE_FS1_IB_SWITCH)] == 1
    assert len(bom.notes) == 1 and bom.notes[0].startswith(f"{ORACLE_FS1_IB_SWITCH}: not in Table 11")


def test_two_nodes_are_cabled_directly_without_an_infiniband_switch() -> None:
    bom = build_bom(platform=QUARTER, reference=_reference(4), parts=list(PARTS.values()))
    assert ORACLE_FS1_IB_SWITCH not in {n for _, n, _ in _table(bom)}
    assert bom.notes == ()


def test_the_infiniband_switch_comes_from_the_catalog_part_when_there_is_one() -> None:
    part = CatalogPart(
        ORACLE_FS1_IB_SWITCH, "IB switch (catalog)", "switch", part_number_is_model=True,
        source="oracle-fs1-2016, Table 2; Table 3",
    )  # fmt: skip
    bom = build_bom(platform=HALF, reference=_reference(4), parts=[*PARTS.values(), part])
    (line,) = [line for line in bom.lines if line.part_number == ORACLE_FS1_IB_SWITCH]
    assert (line.description, line.part_number_is_model) == ("IB switch (catalog)", True)
    assert "not in Table 11; from Table 2 and Table 3" in line.rule
    assert line.source.endswith("not in Table 11")


def test_more_enclosures_than_table_11_states_flags_the_cabling() -> None:
    platform = BomPlatform("oracle-fs1", "FS1-2", rac_nodes=2, arrays=4, drives_per_enclosure=13)
    bom = build_bom(platform=platform, reference=_reference(3), parts=list(PARTS.values()))
    assert any("7104928" in note and "verify" in note for note in bom.notes)


def test_unknown_enclosure_size_is_refused_with_the_field() -> None:
    platform = BomPlatform("oracle-fs1", "FS1-2", rac_nodes=2, arrays=2, drives_per_enclosure=7)
    with pytest.raises(BomError) as error:
        build_bom(platform=platform, reference=_reference(3), parts=list(PARTS.values()))
    assert error.value.field == "platform.drives_per_enclosure"


def test_oracle_needs_a_reference_rack() -> None:
    with pytest.raises(BomError):
        build_bom(platform=QUARTER, reference=None)


def test_overrides_set_remove_and_add_lines() -> None:
    bom = build_bom(platform=QUARTER, reference=_reference(3), parts=list(PARTS.values()))
    changed = apply_overrides(
        bom,
        [
            BomOverride("servers", "7110353", 64, reason="32 GB per node more"),
            BomOverride("servers", "7110360", 0),
            BomOverride("network", "X-NEW", 1, description="extra switch"),
        ],
        PARTS,
    )
    table = _table(changed)
    assert ("servers", "7110353", 64) in table
    assert all(number != "7110360" for _, number, _ in table)
    # A new line goes last of its section (the network: after the Brocade switches).
    assert table[-2:] == [("network", "7103553", 2), ("network", "X-NEW", 1)]


EQL_PARTS = [
    CatalogPart("R710", "Dell PowerEdge R710", "server", "PowerEdge R710", part_number_is_model=True),
    CatalogPart("PS6010XV", "EqualLogic PS6010XV", "storage_array", "PS6010XV", part_number_is_model=True),
    CatalogPart("PS6010S", "EqualLogic PS6010S", "storage_array", "PS6010S", part_number_is_model=True),
    CatalogPart("8024F", "PowerConnect 8024F", "switch", "PowerConnect 8024F", part_number_is_model=True),
]


def test_equallogic_reference_scales_arrays_and_nodes_and_swaps_the_array_model() -> None:
    reference = ReferenceDesign(
        "eql",
        "equallogic",
        2,
        1,
        (
            ReferenceLine(EQL_PARTS[0], 2, "servers"),
            ReferenceLine(EQL_PARTS[1], 1, "storage"),
            ReferenceLine(EQL_PARTS[3], 2, "network"),
        ),
    )
    platform = BomPlatform("equallogic", "PS6010S", rac_nodes=4, arrays=3)
    bom = build_bom(platform=platform, reference=reference, parts=EQL_PARTS)
    assert _table(bom) == [("servers", "R710", 4), ("storage", "PS6010S", 3), ("network", "8024F", 2)]


def test_without_a_configuration_the_bom_is_assembled_from_catalog_parts() -> None:
    platform = BomPlatform("equallogic", "PS6010XV", rac_nodes=2, arrays=2)
    bom = build_bom(platform=platform, reference=None, parts=EQL_PARTS)
    assert _table(bom) == [("servers", "R710", 2), ("storage", "PS6010XV", 2), ("network", "8024F", 2)]
    assert bom.lines[1].part_number_is_model


def test_netapp_pam_adds_one_card_per_controller() -> None:
    parts = [
        CatalogPart(
            "FAS3140", "NetApp FAS3140 controller", "storage_controller", "FAS3140", part_number_is_model=True
        )
    ]
    with_pam = build_bom(
        platform=BomPlatform("netapp", "FAS3140", 1, 2, pam=True), reference=None, parts=parts
    )
    without = build_bom(
        platform=BomPlatform("netapp", "FAS3140", 1, 2, pam=False), reference=None, parts=parts
    )
    assert ("storage", "PAM", 2) in _table(with_pam)
    assert all(line.part_number != "PAM" for line in without.lines)


def test_per_host_licences_and_pam_follow_their_counts() -> None:
    server = CatalogPart("DL580", "HP ProLiant DL580 G5", "server", part_number_is_model=True)
    fas = CatalogPart(
        "FAS3140", "FAS3140 controller", "storage_controller", "FAS3140", part_number_is_model=True
    )
    pam = CatalogPart("PAM 16GB", "Performance Acceleration Module 16 GB", "other", part_number_is_model=True)
    ontap = CatalogPart("Data ONTAP", "Data ONTAP 7.3.1", "software", part_number_is_model=True)
    flexscale = CatalogPart("FlexScale", "FlexScale licence", "software", part_number_is_model=True)
    disks = CatalogPart("144GB", "144 GB 15k FC disk", "drive", part_number_is_model=True)
    reference = ReferenceDesign(
        "netapp-test", "netapp", 1, 2,
        (
            ReferenceLine(server, 1, "servers"),
            ReferenceLine(fas, 2, "storage"),
            ReferenceLine(pam, 2, "storage"),
            ReferenceLine(disks, 112, "storage"),
            ReferenceLine(ontap, 2, "software"),
            ReferenceLine(flexscale, 2, "software"),
        ),
    )  # fmt: skip
    with_pam = build_bom(platform=BomPlatform("netapp", "FAS3140", 2, 4, pam=True), reference=reference)
    assert _table(with_pam) == [
        ("servers", "DL580", 2),
        ("storage", "FAS3140", 4),
        ("storage", "PAM 16GB", 4),  # one per controller
        ("storage", "144GB", 112),  # the disk shelves are not scaled by controllers
        ("software", "Data ONTAP", 4),  # per controller
        ("software", "FlexScale", 4),
    ]
    without = build_bom(platform=BomPlatform("netapp", "FAS3140", 1, 2, pam=False), reference=reference)
    assert [n for _, n, _ in _table(without)] == ["DL580", "FAS3140", "144GB", "Data ONTAP"]


def test_a_reference_without_servers_says_so() -> None:
    xbrick = CatalogPart("X-Brick", "XtremIO X-Brick", "xbrick", "X-Brick", part_number_is_model=True)
    vsphere = CatalogPart("vSphere 5.0", "VMware vSphere 5.0", "software", part_number_is_model=True)
    reference = ReferenceDesign(
        "xtremio-two",
        "xtremio",
        4,
        2,
        (ReferenceLine(xbrick, 2, "storage"), ReferenceLine(vsphere, 4, "software")),
    )
    bom = build_bom(platform=BomPlatform("xtremio", "X-Brick", 8, 3), reference=reference)
    assert _table(bom) == [("storage", "X-Brick", 3), ("software", "vSphere 5.0", 8)]
    assert any("no server model" in note for note in bom.notes)


def test_a_measured_test_system_gives_the_database_servers_arrays_and_switches_only() -> None:
    r710 = CatalogPart("PowerEdge R710", "Dell PowerEdge R710", "server", part_number_is_model=True)
    r610 = CatalogPart(
        "PowerEdge R610", "Dell PowerEdge R610 (load generators)", "server", part_number_is_model=True
    )
    cpu = CatalogPart("Xeon X5570", "Intel Xeon X5570", "cpu", part_number_is_model=True)
    nic = CatalogPart("57711", "NetXtreme II 57711", "nic", part_number_is_model=True)
    oracle = CatalogPart(
        "Oracle 11g R2 EE", "Oracle Database 11g R2 EE", "software", part_number_is_model=True
    )
    switch = CatalogPart("8024F", "PowerConnect 8024F", "switch", part_number_is_model=True)
    reference = ReferenceDesign(
        "dell-tpcc", "equallogic", 2, 1,
        (
            ReferenceLine(r710, 2, "servers"),
            ReferenceLine(r610, 2, "servers"),
            ReferenceLine(cpu, 6, "servers"),
            ReferenceLine(nic, 4, "network"),
            ReferenceLine(EQL_PARTS[1], 1, "storage"),
            ReferenceLine(switch, 2, "network"),
            ReferenceLine(oracle, 2, "software"),
        ),
        measured=True,
    )  # fmt: skip
    bom = build_bom(platform=BomPlatform("equallogic", "PS6010S", 3, 2), reference=reference, parts=EQL_PARTS)
    assert _table(bom) == [
        ("servers", "PowerEdge R710", 3),
        ("storage", "PS6010S", 2),
        ("network", "8024F", 2),
    ]
    assert any("measured test system (dell-tpcc)" in note for note in bom.notes)  # no name: the slug


def _with_specs(reference: ReferenceDesign) -> ReferenceDesign:
    specs: dict[str, CatalogPart] = {
        "7110346": replace(PARTS["7110346"], cores=18),
        "7110353": replace(PARTS["7110353"], memory_gb=16),
        "7110316": replace(PARTS["7110316"], sockets=2, cores=36),
    }
    lines = tuple(replace(line, part=specs.get(line.part.part_number, line.part)) for line in reference.lines)
    return replace(reference, lines=lines)


def test_table_11_cores_and_memory_reproduce_the_table() -> None:
    platform = replace(QUARTER, cores_per_node=36, memory_gb_per_node=256)
    bom = build_bom(platform=platform, reference=_with_specs(_reference(3)), parts=list(PARTS.values()))
    assert _table(bom) == _expected(3)


def test_memory_and_cores_drive_dimms_cpus_and_heat_sinks() -> None:
    platform = replace(QUARTER, cores_per_node=18, memory_gb_per_node=520)
    bom = build_bom(platform=platform, reference=_with_specs(_reference(3)), parts=list(PARTS.values()))
    quantities = {(s, n): q for s, n, q in _table(bom)}
    assert quantities[("servers", "7110346")] == 2  # 1 CPU per node x 2 nodes
    assert quantities[("servers", "7110350")] == 2  # heat sinks follow CPUs
    assert quantities[("servers", "7110353")] == 66  # ceil(520 / 16) = 33 per node
    assert quantities[("servers", "7110316")] == 2
    dimm = next(line for line in bom.lines if line.part_number == "7110353")
    assert "520 GB / 16 GB per DIMM" in dimm.rule


def test_more_cores_than_two_sockets_hold_is_refused() -> None:
    platform = replace(QUARTER, cores_per_node=40)
    with pytest.raises(BomError) as error:
        build_bom(platform=platform, reference=_with_specs(_reference(3)), parts=list(PARTS.values()))
    assert error.value.field == "platform.cores_per_node"
