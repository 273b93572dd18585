"""Oracle Table 11 (oracle-fs1-2016: Oracle FS1-2 quarter/half rack reference architecture), both
columns, in the document's order: the bill of materials the catalog's reference configurations, the
designs' BOM rules and the exports must all reproduce. One transcription, used by every test that
checks Table 11.

Copied from the seed text, not from the fixture. Descriptions drop the (R) marks; the power cord's
part number and description were printed across a line break ("333V-10-10- C14", "IEC60320- 2-2") and
are joined here (see fixtures/oracle-fs1-2016.yaml for the reasoning).
"""

from __future__ import annotations

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
    ("7103553", "Brocade 6510 Switch", 2, 2, "network"),
]


# (section, part number, quarter rack quantity, half rack quantity), in table order.
TABLE_11_QUANTITIES: list[tuple[str, str, int, int]] = [
    (section, number, quarter, half) for number, _, quarter, half, section in TABLE_11
]


def table_11_column(half: bool) -> list[tuple[str, str, int]]:
    """One column of Table 11 as (section, part number, quantity), lines the rack does not have left out."""
    return [(s, n, h if half else q) for s, n, q, h in TABLE_11_QUANTITIES if (h if half else q) > 0]
