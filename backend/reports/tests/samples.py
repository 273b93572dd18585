"""Synthetic documents for the renderer tests and the benchmark (no database, no engine).

The BOM lines are Oracle Table 11 (quarter and half rack) with made-up prices; every other figure is
plausible filler. Nothing here is shown to a user.
"""

from __future__ import annotations

import datetime
from decimal import Decimal

from reports.model import (
    BalanceChart,
    Band,
    BomLine,
    CapacityRow,
    Check,
    DesignMeta,
    Fact,
    Headline,
    LoadResponseChart,
    LoadSeries,
    ProposalData,
    RuleRef,
    SourceRef,
    Summary,
    WarningItem,
    Zone,
    build_bom,
    document_refs,
)

SRC = "oracle-fs1-2016, Table 11"
FS1_TITLE = (
    "A Reference Architecture for Implementing an Oracle RAC Database on Oracle Servers, Switches, and SAN "
    "Storage Hardware"
)
DOCUMENTS = document_refs(
    [
        ("oracle-fs1-2016", FS1_TITLE, "Oracle", 2016),
        ("dell-equallogic-oltp-2010", "Sizing and Best Practices for Deploying Oracle 11g ...", "Dell", 2010),
    ]
)
# (section, part number, description, quarter rack qty, half rack qty): Oracle FS1-2 Table 11.
TABLE_11: tuple[tuple[str, str, str, int, int], ...] = (
    ("servers", "7110316", "Oracle Server X5-2: Model family", 2, 4),
    ("servers", "7101675", "2 Sun Storage 16 Gb FC short wave optics, Qlogic", 2, 4),
    ("servers", "2124A", "QSFP parallel fiber optics short wave transceiver", 2, 4),
    ("servers", "6331A-N", "2.5-inch HDD filler panel", 8, 16),
    ("servers", "7110346", "Intel Xeon E5-2699 v3 18-core 2.3 GHz processor", 4, 8),
    ("servers", "7110350", "Heat sink for 1U", 4, 8),
    ("servers", "7110353", "16 GB DDR4-2133 DIMM", 32, 64),
    ("servers", "7111102", "600 GB 10,000-rpm 2.5-inch SAS-3 HDD with marlin bracket", 4, 8),
    ("servers", "7104073", "Oracle Dual Port QDR InfiniBand Adapter M3", 2, 4),
    ("servers", "7101673", "Sun Storage Dual 16 Gb Fibre Channel PCIe Universal HBA, Qlogic", 4, 8),
    (
        "servers",
        "7110337",
        "Oracle Server X5-2: 1U base chassis with motherboard, internal 12 Gb SAS RAID HBA, "
        "2 PSUs, slide rail kit, and cable management arm",
        2,
        4,
    ),
    ("servers", "7102748", "PCIe filler panel", 2, 4),
    (
        "servers",
        "333V-10-10-C14",
        "Power cord: jumper, C14 plug to C13 connector, 1.0 m, 10 A, 250 VAC",
        4,
        8,
    ),
    ("servers", "7110360", "OSA 8 GB USB stick", 2, 4),
    ("servers", "7110339", "Eight 2.5-inch drive slots, 1 DVD-RW, and disk cage for 1U", 2, 4),
    ("servers", "7110359", "DVD filler panel", 2, 4),
    ("storage", "7113864", "Oracle All Flash FS1-2 Flash Storage System: Model family", 1, 1),
    ("storage", "7111942", "Oracle FS Pilot with 2 Oracle Server X5-2", 1, 1),
    ("storage", "7104975", "Oracle FS1-2 subsystem: model family", 1, 1),
    ("storage", "7104710", "Oracle FS1-2 Controller: performance configuration", 2, 2),
    ("storage", "7101673", "Sun Storage Dual 16 Gb Fibre Channel PCIe Universal HBA, Qlogic", 6, 6),
    ("storage", "7101675", "2 Sun Storage 16 Gb FC short wave optics, Qlogic", 6, 6),
    ("storage", "7112956", "Oracle Storage Drive Enclosure DE2-24P with thirteen 1.6 TB SAS SSDs", 2, 0),
    ("storage", "7112957", "Oracle Storage Drive Enclosure with nineteen 1.6 TB SAS SSDs", 0, 3),
    ("storage", "7104928", "Cable: 3 meters, mini SAS to mini SAS HD", 4, 4),
    ("storage", "7104932", "Cable assembly: 3 meters, mini SAS HD to mini SAS HD", 6, 6),
    ("network", "7103553", "Brocade 6510 Switch", 2, 2),
)


# Banded projections as the engine publishes them (made-up half-widths; see sizing/error_bands.py).
SAMPLE_BANDS = (
    Band(
        "Maximum sustained TPS within the SLA",
        25800.0,
        22700.0,
        28900.0,
        "TPS",
        12.0,
        "worst absolute error of 16 held-out throughput rows of this family",
    ),
    Band(
        "Response time at the design load",
        5.3,
        4.35,
        6.25,
        "ms",
        18.0,
        "worst absolute error of 9 held-out latency rows of this family",
    ),
)


def _price(i: int) -> Decimal:
    return Decimal(100 + (i * 7919) % 20000) + Decimal("0.95")


def table11_lines(rack: str = "quarter", priced: bool = True) -> list[BomLine]:
    """The Table 11 lines for "quarter" or "half" rack (lines with quantity 0 left out)."""
    col = 3 if rack == "quarter" else 4
    lines = []
    for i, row in enumerate(TABLE_11):
        qty = int(row[col])
        if qty == 0:
            continue
        unit = _price(i) if priced else None
        ext = unit * qty if unit is not None else None
        lines.append(BomLine(row[0], row[1], row[2], qty, unit, ext, f"reference-bom-{rack}-rack v1", SRC))
    return lines


def synthetic_lines(n: int) -> list[BomLine]:
    """`n` priced lines over four sections (for the 200-line benchmark)."""
    sections = ("servers", "storage", "network", "software")
    lines = []
    for i in range(n):
        unit = _price(i)
        qty = 1 + i % 17
        lines.append(
            BomLine(
                sections[i % 4],
                f"SYN-{i:05d}",
                f"Synthetic component number {i} with a description "
                "long enough to wrap on a purchasing sheet",
                qty,
                unit,
                unit * qty,
                "synthetic v1",
                "synthetic",
            )
        )
    return lines


def sample_proposal(
    lines: list[BomLine] | None = None,
    *,
    name: str = "Acme OLTP quarter rack",
    currency: str | None = "USD",
    revision: int = 3,
) -> ProposalData:
    lines = table11_lines("quarter", priced=currency is not None) if lines is None else lines
    bom = build_bom(lines, currency=currency, price_book="2026 list prices" if currency else "")
    load_points = {
        2: ((2000.0, 4.1), (6000.0, 5.0), (10000.0, 7.5), (13000.0, 14.0), (14500.0, 31.0)),
        4: ((4000.0, 4.0), (12000.0, 4.9), (20000.0, 7.2), (26000.0, 13.5), (29000.0, 29.0)),
    }
    return ProposalData(
        bom=bom,
        meta=DesignMeta(
            name=name,
            customer="Acme Corp",
            author="Alice Architect",
            date=datetime.date(2026, 11, 22),
            revision=revision,
            status="draft",
            team="Presales EMEA",
        ),
        workload=Summary(
            "OLTP, 5,000 users, 70 % reads, 8 KB blocks, 2 TB",
            (
                Fact("Users", 5000, "users", "design input"),
                Fact("Read share", 70, "%", "design input"),
                Fact("Database size", 2000, "GB", "design input"),
            ),
        ),
        platform=Summary(
            "Oracle FS1-2 quarter rack, 2 x Sun X5-2 RAC nodes",
            (
                Fact("RAC nodes", 2, "count", "oracle-fs1-2016, Table 1"),
                Fact("Cores per node", 36, "count", "oracle-fs1-2016, Table 11"),
            ),
        ),
        headline=Headline(
            tps_at_sla=Fact("TPS at SLA", 12345.6, "TPS", "model, oracle-fs1-2016 Figure 5"),
            sla_response=Fact("SLA", 20, "ms", "design input"),
            headroom=Fact("Headroom", 37.5, "%", "model"),
            bottleneck="server CPU",
            iops_demand=Fact("IOPS demand", 41000, "IOPS", "dell-iops-per-user v1"),
            iops_capacity=Fact("IOPS capacity", 160000, "IOPS", "oracle-fs1-2016, Table 2"),
            capacity=(Fact("Usable capacity", 15.6, "TB", "oracle-fs1-2016, Table 4"),),
            verdict="Design holds",
            bands=SAMPLE_BANDS,
        ),
        balance=BalanceChart(
            points=((10.0, 0.6), (30.0, 0.8), (50.0, 1.1), (70.0, 1.9), (85.0, 3.5), (95.0, 8.0)),
            zones=(
                Zone("CPU stressed", "warning", x_min=80.0),
                Zone("Latency stressed", "critical", y_min=5.0),
            ),
            operating_point=(46.0, 1.0),
            source="oracle-fs1-2016, Figure 5",
            band_pct=18.0,
        ),
        load_response=LoadResponseChart(
            series=tuple(
                LoadSeries(f"{n} nodes", n, pts, max(p[0] for p in pts if p[1] <= 20))
                for n, pts in load_points.items()
            ),
            sla_ms=20.0,
            operating_point=(7000.0, 5.3),
            source="model (MVA) calibrated on oracle-fs1-2016",
            band_pct=18.0,
        ),
        capacity_rows=(
            CapacityRow("Usable flash", 2.4, 15.6, "TB", "oracle-fs1-2016, Table 4"),
            CapacityRow("Read IOPS", 41000, 160000, "IOPS", "oracle-fs1-2016, Table 2"),
        ),
        warnings=(
            WarningItem(
                "warning",
                "Data growth exceeds usable capacity in year 3",
                "capacity-growth",
                1,
                "design input",
            ),
        ),
        checks=(
            Check(
                "ASM external redundancy on mirrored LUNs",
                True,
                "fs1-asm-redundancy",
                2,
                "oracle-fs1-2016, Table 4",
            ),
        ),
        assumptions=(Fact("Think time", 1.0, "s", "oracle-fs1-2016, Section 5"),),
        rules=(RuleRef("reference-bom-quarter-rack", 1, "Quarter rack BOM", "oracle-fs1-2016, Table 11"),),
        sources=(SourceRef("oracle-fs1-2016", "Table 11", "bill of materials"),),
        documents=DOCUMENTS,
    )
