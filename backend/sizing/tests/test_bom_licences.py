"""Oracle processor licences on every BOM (issue 15, finding 2): cores of all RAC nodes x core factor
0.5 (Oracle Processor Core Factor Table, Intel/AMD x86; a documented assumption), rounded up; RAC only
with two or more nodes; one year of support per licence."""

from __future__ import annotations

import pytest

from sizing.bom import (
    ORACLE_EE_LICENCE,
    ORACLE_EE_SUPPORT,
    ORACLE_RAC_LICENCE,
    ORACLE_RAC_SUPPORT,
    BomPlatform,
    CatalogPart,
    ReferenceDesign,
    ReferenceLine,
    build_bom,
    processor_licences,
)
from sizing.platforms import REGISTRY as PLATFORM_FAMILIES

# The Oracle FS1-2 rule starts from a Table 11 rack: its smallest, one drive enclosure line.
ENCLOSURE = CatalogPart("7112956", "DE2-24P, 13 x 1.6 TB SSD", "drive_enclosure")
FS1_RACK = ReferenceDesign("rack", "oracle-fs1", 2, 2, (ReferenceLine(ENCLOSURE, 2, "storage"),))


def _software(platform: BomPlatform) -> dict[str, int]:
    reference = FS1_RACK if platform.family == "oracle-fs1" else None
    bom = build_bom(platform=platform, reference=reference)
    return {line.part_number: line.quantity for line in bom.lines if line.section == "software"}


@pytest.mark.parametrize(("cores", "licences"), [(1, 1), (8, 4), (9, 5), (36, 18), (144, 72)])
def test_processor_licences_are_half_the_cores_rounded_up(cores: int, licences: int) -> None:
    assert processor_licences(cores) == licences


def test_half_rack_four_nodes_of_36_cores_needs_72_ee_and_72_rac_licences_with_support() -> None:
    got = _software(BomPlatform("oracle-fs1", "FS1-2", rac_nodes=4, arrays=3, cores_per_node=36))
    assert got == {
        ORACLE_EE_LICENCE: 72,
        ORACLE_EE_SUPPORT: 72,
        ORACLE_RAC_LICENCE: 72,
        ORACLE_RAC_SUPPORT: 72,
    }


def test_a_single_node_has_enterprise_edition_and_no_rac() -> None:
    got = _software(BomPlatform("equallogic", "PS6010XV", rac_nodes=1, arrays=1, cores_per_node=6))
    assert got == {ORACLE_EE_LICENCE: 3, ORACLE_EE_SUPPORT: 3}


@pytest.mark.parametrize("family", sorted(PLATFORM_FAMILIES))
def test_without_cores_the_family_measured_server_is_licensed(family: str) -> None:
    """Every family, OLTP or DSS: the cores the evaluation's CPU station uses when the design leaves
    them empty (the family's measured server)."""
    server = PLATFORM_FAMILIES[family].default_server
    storage = PLATFORM_FAMILIES[family].storage_models[0].name
    got = _software(BomPlatform(family, storage, rac_nodes=2, arrays=1))
    expected = -(-2 * server.cores_per_node // 2)
    assert got[ORACLE_EE_LICENCE] == got[ORACLE_RAC_LICENCE] == expected
    assert got[ORACLE_EE_SUPPORT] == got[ORACLE_RAC_SUPPORT] == expected


def test_licence_lines_take_the_catalog_part_and_say_how_they_were_counted() -> None:
    ee = CatalogPart(ORACLE_EE_LICENCE, "Oracle Database EE, processor", "software", part_number_is_model=True,
                     source="oracle-licensing, Core Factor Table")  # fmt: skip
    bom = build_bom(platform=BomPlatform("equallogic", "PS6010XV", 3, 2, cores_per_node=8), reference=None,
                    parts=[ee])  # fmt: skip
    line = next(line for line in bom.lines if line.part_number == ORACLE_EE_LICENCE)
    assert (line.description, line.source, line.quantity) == (ee.description, ee.source, 12)
    assert "3 RAC nodes x 8 cores = 24 cores x core factor 0.5, rounded up" in line.rule
    assert line.part_number_is_model
