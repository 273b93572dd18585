"""The loaded reference configurations oracle-fs1-quarter-rack and oracle-fs1-half-rack reproduce Table 11
of the Oracle FS1-2 reference architecture (oracle-fs1-2016) line by line: part number, section and
quantity, in table order, both columns.

Table 11 is copied below from the seed text, not from the fixture. Descriptions drop the (R) marks; the
power cord's part number and description were printed across a line break ("333V-10-10- C14",
"IEC60320- 2-2") and are joined here (see fixtures/oracle-fs1-2016.yaml for the reasoning).
"""

from __future__ import annotations

import pytest

from catalog.models import Configuration, ConfigurationComponent, Part

# (part number, description as printed, quarter rack quantity, half rack quantity, section)
# Section: lines before the "Storage" heading are servers, then storage, then "Miscellaneous".
TABLE_11: list[tuple[str, str, int, int, str]] = [
    ("7110316", "Oracle Server X5-2: Model family", 2, 4, "servers"),
    (
        "7101675",
        "2 Sun Storage 16 Gb FC short wave optics, Qlogic (for factory installation)",
        2,
        4,
        "servers",
    ),
    ("2124A", "QSFP parallel fiber optics short wave transceiver", 2, 4, "servers"),
    ("6331A-N", "2.5-inch HDD filler panel", 8, 16, "servers"),
    ("7110346", "Intel Xeon E5-2699 v3 18-core 2.3 GHz processor", 4, 8, "servers"),
    ("7110350", "Heat sink for 1U", 4, 8, "servers"),
    ("7110353", "16 GB DDR4-2133 DIMM", 32, 64, "servers"),
    ("7111102", "600 GB 10,000-rpm 2.5-inch SAS-3 HDD with marlin bracket", 4, 8, "servers"),
    ("7104073", "Oracle Dual Port QDR InfiniBand Adapter M3", 2, 4, "servers"),
    ("7101673", "Sun Storage Dual 16 Gb Fibre Channel PCIe Universal HBA, Qlogic", 4, 8, "servers"),
    (
        "7110337",
        "Oracle Server X5-2: 1U base chassis with motherboard, internal 12 Gb SAS RAID HBA, 2 PSUs, "
        "slide rail kit, and cable management arm",
        2,
        4,
        "servers",
    ),
    ("7102748", "PCIe filler panel", 2, 4, "servers"),
    (
        "333V-10-10-C14",
        "Power cord: Jumper, straight plug-connector, 1.0 meter, IEC60320-2-2 Sheet E (C14) plug, "
        "IEC60320-1-C13 connector, 10 A, 250 VAC",
        4,
        8,
        "servers",
    ),
    ("7110360", "OSA 8 GB USB stick", 2, 4, "servers"),
    ("7110339", "Eight 2.5-inch drive slots, 1 DVD-RW, and disk cage for 1U", 2, 4, "servers"),
    ("7110359", "DVD filler panel", 2, 4, "servers"),
    ("7113864", "Oracle All Flash FS1-2 Flash Storage System: Model family", 1, 1, "storage"),
    ("7111942", "Oracle FS Pilot with 2 Oracle Server X5-2", 1, 1, "storage"),
    ("7104975", "Oracle FS1-2 subsystem: model family", 1, 1, "storage"),
    ("7104710", "Oracle FS1-2 Controller: performance configuration", 2, 2, "storage"),
    ("7101673", "Sun Storage Dual 16 Gb Fibre Channel PCIe Universal HBA, Qlogic", 6, 6, "storage"),
    ("7101675", "2 Sun Storage 16 Gb FC short wave optics, Qlogic", 6, 6, "storage"),
    ("7112956", "Oracle Storage Drive Enclosure DE2-24P with thirteen 1.6 TB SAS SSDs", 2, 0, "storage"),
    ("7112957", "Oracle Storage Drive Enclosure with nineteen 1.6 TB SAS SSDs", 0, 3, "storage"),
    ("7104928", "Cable: 3 meters, mini SAS to mini SAS HD", 4, 4, "storage"),
    ("7104932", "Cable assembly: 3 meters, mini SAS HD to mini SAS HD", 6, 6, "storage"),
    ("7103553", "Brocade 6510 Switch", 2, 2, "miscellaneous"),
]

COLUMNS = {"oracle-fs1-quarter-rack": 2, "oracle-fs1-half-rack": 3}  # index of the quantity column

pytestmark = pytest.mark.django_db


def loaded_bom(slug: str) -> list[tuple[str, int, str]]:
    configuration = Configuration.objects.get(slug=slug)
    rows = ConfigurationComponent.objects.filter(configuration=configuration).order_by("position")
    return [(c.part.part_number, c.quantity, c.section) for c in rows.select_related("part")]


@pytest.mark.parametrize("slug", sorted(COLUMNS))
def test_bom_equals_table_11_line_by_line(loaded_catalog: None, slug: str) -> None:
    column = COLUMNS[slug]
    expected = [(row[0], row[column], row[4]) for row in TABLE_11 if row[column] != 0]
    got = loaded_bom(slug)
    for i, (want, have) in enumerate(zip(expected, got, strict=False)):
        assert have == want, f"{slug} line {i + 1}: expected {want}, loaded {have}"
    assert len(got) == len(expected), f"{slug}: {len(got)} lines loaded, Table 11 has {len(expected)}"


def test_zero_quantity_lines_are_omitted_but_parts_exist(loaded_catalog: None) -> None:
    quarter = {number for number, _, _ in loaded_bom("oracle-fs1-quarter-rack")}
    half = {number for number, _, _ in loaded_bom("oracle-fs1-half-rack")}
    assert "7112957" not in quarter
    assert "7112956" not in half
    assert Part.objects.filter(part_number__in=["7112956", "7112957"]).count() == 2


def test_every_table_11_part_once_with_its_description(loaded_catalog: None) -> None:
    numbers = {row[0] for row in TABLE_11}
    assert len(numbers) == 25  # 27 lines; 7101673 and 7101675 are printed twice
    for number, description, *_ in TABLE_11:
        parts = list(Part.objects.filter(part_number=number))
        assert len(parts) == 1, f"{number}: {len(parts)} parts"
        # The server-section optics line adds "(for factory installation)"; the part keeps the common name.
        assert description == parts[0].description or description.startswith(parts[0].description + " ("), (
            f"{number}: {parts[0].description!r} is not {description!r}"
        )


def test_table_11_section_totals(loaded_catalog: None) -> None:
    # Independent of line order: per-section sums of each column.
    for slug, column in COLUMNS.items():
        totals: dict[str, int] = {}
        for row in TABLE_11:
            totals[row[4]] = totals.get(row[4], 0) + int(row[column])
        loaded: dict[str, int] = {}
        for _, quantity, section in loaded_bom(slug):
            loaded[section] = loaded.get(section, 0) + quantity
        assert loaded == totals, slug
