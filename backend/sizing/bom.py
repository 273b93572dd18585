"""Bill of materials rules: from the platform inputs and a reference configuration's component lines,
the BOM lines of a design (section, part number, description, quantity, the rule that produced it).

Pure Python (no Django): the designs app loads the catalog rows, converts them to the dataclasses
below and prices the result.

Oracle FS1-2 (Table 11 of "Oracle RAC on FS1-2, quarter and half rack reference", 2016). The two
columns are the same design at 2 and 4 RAC nodes, so every server-section line divided by the node
count gives the same factor in both columns; those per-node factors are `ORACLE_FS1_PER_NODE`. The
storage and miscellaneous lines are equal in both columns (per system), except the drive enclosures:
2 x DE2-24P with thirteen 1.6 TB SSDs (7112956) in the quarter rack, 3 x nineteen-SSD enclosures
(7112957) in the half rack, i.e. one line per enclosure of the chosen model. The SAS cabling (4 x
7104928, 6 x 7104932) is the same for 2 and 3 enclosures, so the table gives no per-enclosure cable
factor; beyond 3 enclosures the BOM keeps it and says it is unverified.

Other platforms scale their reference (or measured test-system) configuration: server-section lines
per RAC node, storage building blocks (arrays, X-Bricks, controllers) per array, the rest per system.
Without any configuration, the BOM is assembled from the document's catalog parts (servers x nodes,
the storage model x arrays), with the model designation as part number where the document gives none.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

SECTIONS: tuple[str, ...] = ("servers", "storage", "network", "software", "miscellaneous")
# Part kinds that are one storage building block each (scaled per array / X-Brick / controller).
ARRAY_KINDS: frozenset[str] = frozenset({"storage_array", "xbrick", "storage_controller"})

# Shared by the whole system whatever its size (a redundant pair of fabric switches, the rack).
SYSTEM_KINDS: frozenset[str] = frozenset({"switch", "rack_item"})

# Oracle FS1-2, Table 11, servers section: quantity per RAC node (quarter rack = 2 x, half rack = 4 x).
ORACLE_FS1_PER_NODE: dict[str, int] = {
    "7110316": 1,  # Oracle Server X5-2 (model family)
    "7101675": 1,  # 2 x 16 Gb FC short-wave optics (factory installed)
    "2124A": 1,  # QSFP short-wave transceiver
    "6331A-N": 4,  # 2.5-inch HDD filler panel
    "7110346": 2,  # Xeon E5-2699 v3 18-core
    "7110350": 2,  # heat sink, 1U
    "7110353": 16,  # 16 GB DDR4-2133 DIMM
    "7111102": 2,  # 600 GB 10k SAS-3 HDD
    "7104073": 1,  # dual-port QDR InfiniBand adapter M3
    "7101673": 2,  # dual 16 Gb FC HBA
    "7110337": 1,  # 1U base chassis
    "7102748": 1,  # PCIe filler panel
    "333V-10-10-C14": 2,  # power cord C13/C14
    "7110360": 1,  # 8 GB USB stick
    "7110339": 1,  # disk cage, 8 slots, DVD-RW
    "7110359": 1,  # DVD filler panel
}
# Oracle FS1-2 node internals that follow the chosen cores and memory: CPU, its heat sink (one per
# CPU in Table 11: 4 for 4 CPUs), DIMM.
ORACLE_FS1_CPU = "7110346"
ORACLE_FS1_HEAT_SINK = "7110350"
ORACLE_FS1_DIMM = "7110353"
# Oracle FS1-2 drive enclosures: part number -> SSDs per enclosure (Table 11).
ORACLE_FS1_ENCLOSURES: dict[str, int] = {"7112956": 13, "7112957": 19}
ORACLE_FS1_CABLES: frozenset[str] = frozenset({"7104928", "7104932"})
ORACLE_FS1_MAX_STATED_ENCLOSURES = 3
TABLE_11 = "oracle-fs1-2016, Table 11"
# The gap in Table 11: Table 2 lists a Sun Data Center InfiniBand Switch 36 and Table 3 (Oracle RAC) says
# the half rack's nodes are connected "by the InfiniBand switch" for the RAC interconnect, while the
# quarter rack's two nodes are cabled directly; Table 11 lists the nodes' InfiniBand adapters (7104073)
# but no switch. The document gives no part number for it (model designation) and no quantity beyond
# "the InfiniBand switch": one per system once the cluster has more nodes than can be cabled directly.
ORACLE_FS1_IB_SWITCH = "Sun Data Center InfiniBand Switch 36"
ORACLE_FS1_DIRECT_NODES = 2
ORACLE_FS1_IB_SOURCE = "oracle-fs1-2016, Table 2; Table 3 (Oracle RAC); not in Table 11"

# Oracle processor licences, on every design whatever its family. None of the seed documents prices
# or counts licences, so these are documented assumptions (docs/model.md, "Oracle licences"), not rules
# read from a document:
# - Oracle's "Processor Core Factor Table" (oracle.com/us/corporate/contracts/processor-core-factor-table-
#   070634.pdf) gives 0.5 for Intel Xeon and AMD x86 processors, which every seed document's servers
#   use; processor licences = cores of all RAC nodes x factor, rounded up to a whole licence.
# - Real Application Clusters is licensed on the same processors, only when the cluster has two or
#   more nodes.
# - Software Update License & Support is bought per licence and per year (one year is listed; its
#   price, 22 % of the licence's list price by Oracle's standard, comes from the price book).
# The catalog parts (fixtures/oracle-licensing.yaml) carry a short programme name as their number, the
# price list's full name as description: the price list names programmes and metrics, not SKUs.
ORACLE_CORE_FACTOR_X86 = Fraction(1, 2)
CORE_FACTOR_SOURCE = "Oracle Processor Core Factor Table (Intel/AMD x86: 0.5), assumption"
ORACLE_EE_LICENCE = "DB EE Processor Perpetual"
ORACLE_EE_SUPPORT = "DB EE Processor Support"
ORACLE_RAC_LICENCE = "RAC Processor Perpetual"
ORACLE_RAC_SUPPORT = "RAC Processor Support"
# Licence part number -> its support part number (the order the BOM lists them in).
ORACLE_LICENCES: dict[str, str] = {
    ORACLE_EE_LICENCE: ORACLE_EE_SUPPORT,
    ORACLE_RAC_LICENCE: ORACLE_RAC_SUPPORT,
}
ORACLE_LICENCE_PARTS: tuple[str, ...] = tuple(n for pair in ORACLE_LICENCES.items() for n in pair)
SUPPORT_RATE_ASSUMPTION = (
    "Oracle Software Update License & Support: one year per processor licence, priced by the price book "
    "(Oracle's standard is 22 % of the licence's list price per year; assumption, not in the documents)"
)


@dataclass(frozen=True)
class CatalogPart:
    part_number: str
    description: str
    kind: str
    model: str = ""
    drive_count: int | None = None
    part_number_is_model: bool = False
    source: str = ""  # "<document slug>, <locator>"
    cores: int | None = None  # per CPU for a cpu, total for a server
    sockets: int | None = None
    memory_gb: int | None = None  # per module for a memory module


@dataclass(frozen=True)
class ReferenceLine:
    part: CatalogPart
    quantity: int
    section: str
    source: str = ""


@dataclass(frozen=True)
class ReferenceDesign:
    """A configuration's component lines in document order, with the node and array counts they are for."""

    slug: str
    family: str
    rac_nodes: int
    arrays: int
    lines: tuple[ReferenceLine, ...]
    # A measured test system rather than a reference design: it also holds load generators and the
    # tested servers' internals, so only its design-relevant lines are used (see `_design_lines`).
    measured: bool = False
    # The configuration as people know it ("Dell OLTP 2010 TPC-C test system ..."): notes name it, as its
    # slug is a catalog key a customer never reads (a scaled line's rule says "the reference
    # configuration", which the BOM's assumptions name once).
    name: str = ""

    @property
    def label(self) -> str:
        return self.name or self.slug


@dataclass(frozen=True)
class BomPlatform:
    family: str
    storage_model: str
    rac_nodes: int
    arrays: int
    drives_per_enclosure: int | None = None
    pam: bool = False
    # None: as the reference (Table 11: 2 x 18 cores, 16 x 16 GB per node).
    cores_per_node: int | None = None
    memory_gb_per_node: float | None = None


@dataclass(frozen=True)
class BomOverride:
    section: str
    part_number: str
    quantity: int
    description: str = ""
    reason: str = ""


@dataclass(frozen=True)
class BomLine:
    section: str
    part_number: str
    description: str
    quantity: int
    rule: str
    source: str = ""
    part_number_is_model: bool = False


@dataclass(frozen=True)
class Bom:
    lines: tuple[BomLine, ...]
    notes: tuple[str, ...] = ()
    # (note, "<document slug>, <locator>"): what each note that cites a document cites.
    note_sources: tuple[tuple[str, str], ...] = ()

    def source_of(self, note: str) -> str:
        """The citation of a note ("" for a note about the catalog or the design, not a document)."""
        return next((source for text, source in self.note_sources if text == note), "")


class BomError(ValueError):
    """The inputs cannot produce a BOM (names the field at fault)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


def _line(ref: ReferenceLine, quantity: int, rule: str, part: CatalogPart | None = None) -> BomLine:
    used = part or ref.part
    return BomLine(
        section=ref.section,
        part_number=used.part_number,
        description=used.description,
        quantity=quantity,
        rule=rule,
        source=(ref.source or used.source) if part is None else used.source,
        part_number_is_model=used.part_number_is_model,
    )


def _oracle_fs1_node_internals(
    platform: BomPlatform, reference: ReferenceDesign
) -> tuple[dict[str, int], dict[str, str]]:
    """Per-node factors, with CPUs/heat sinks from the chosen cores and DIMMs from the chosen memory
    (the CPU's cores and the DIMM's size come from the catalog parts)."""
    per_node = dict(ORACLE_FS1_PER_NODE)
    why: dict[str, str] = {}
    parts = {line.part.part_number: line.part for line in reference.lines}
    cpu, dimm, server = parts.get(ORACLE_FS1_CPU), parts.get(ORACLE_FS1_DIMM), parts.get("7110316")
    if platform.cores_per_node is not None and cpu is not None and cpu.cores:
        cpus = -(-platform.cores_per_node // cpu.cores)
        sockets = server.sockets if server is not None and server.sockets else None
        if sockets is not None and cpus > sockets:
            raise BomError(
                "platform.cores_per_node",
                f"an Oracle Server X5-2 takes at most {sockets} CPUs of {cpu.cores} cores ({sockets * cpu.cores} cores)",
            )
        per_node[ORACLE_FS1_CPU] = per_node[ORACLE_FS1_HEAT_SINK] = cpus
        why[ORACLE_FS1_CPU] = f"{platform.cores_per_node} cores / {cpu.cores} per CPU, rounded up"
        why[ORACLE_FS1_HEAT_SINK] = "one per CPU (Table 11)"
    if platform.memory_gb_per_node is not None and dimm is not None and dimm.memory_gb:
        dimms = math.ceil(platform.memory_gb_per_node / dimm.memory_gb)
        per_node[ORACLE_FS1_DIMM] = dimms
        why[ORACLE_FS1_DIMM] = (
            f"{platform.memory_gb_per_node:g} GB / {dimm.memory_gb} GB per DIMM, rounded up"
        )
    return per_node, why


def _oracle_fs1(platform: BomPlatform, reference: ReferenceDesign, parts: Sequence[CatalogPart]) -> Bom:
    nodes, enclosures = platform.rac_nodes, platform.arrays
    notes: list[str] = []
    cited: dict[str, str] = {}
    enclosure_parts = {p.part_number: p for p in parts if p.part_number in ORACLE_FS1_ENCLOSURES}
    ref_enclosure = next(
        (line.part for line in reference.lines if line.part.part_number in ORACLE_FS1_ENCLOSURES), None
    )
    chosen_enclosure = ref_enclosure
    if platform.drives_per_enclosure is not None:
        wanted = [
            p
            for number, p in enclosure_parts.items()
            if ORACLE_FS1_ENCLOSURES[number] == platform.drives_per_enclosure
        ]
        if (
            ref_enclosure is not None
            and ORACLE_FS1_ENCLOSURES[ref_enclosure.part_number] == platform.drives_per_enclosure
        ):
            wanted = [ref_enclosure]
        if not wanted:
            offered = ", ".join(str(n) for n in sorted(set(ORACLE_FS1_ENCLOSURES.values())))
            raise BomError("platform.drives_per_enclosure", f"Table 11 offers enclosures of {offered} SSDs")
        chosen_enclosure = wanted[0]

    per_node, sized = _oracle_fs1_node_internals(platform, reference)
    lines: list[BomLine] = []
    for ref in reference.lines:
        number = ref.part.part_number
        if ref.section == "servers" and number in per_node:
            factor = per_node[number]
            why = sized.get(number, "Table 11")
            lines.append(_line(ref, factor * nodes, f"{factor} per RAC node x {nodes} nodes ({why})"))
        elif number in ORACLE_FS1_ENCLOSURES:
            lines.append(
                _line(
                    ref, enclosures, f"1 per drive enclosure x {enclosures} (Table 11)", part=chosen_enclosure
                )
            )
        elif ref.section == "servers":
            # A server line Table 11 does not list: scale it like its reference, if that divides evenly.
            share = Fraction(ref.quantity, reference.rac_nodes)
            quantity = share * nodes
            if quantity.denominator != 1:
                raise BomError("platform.rac_nodes", f"{number} does not scale to {nodes} nodes")
            lines.append(_line(ref, int(quantity), f"{share} per RAC node x {nodes} nodes (reference)"))
        else:
            lines.append(_line(ref, ref.quantity, "1 set per system (same in both Table 11 columns)"))
            if number in ORACLE_FS1_CABLES and enclosures > ORACLE_FS1_MAX_STATED_ENCLOSURES:
                note = (
                    f"Cable {number}: Table 11 states the cabling for 2 and 3 drive enclosures only; "
                    f"verify it for {enclosures} with Oracle."
                )
                notes.append(note)
                cited[note] = TABLE_11
    if ref_enclosure is None:
        raise BomError("reference_configuration", f"{reference.slug} has no drive enclosure line")
    if nodes > ORACLE_FS1_DIRECT_NODES:
        lines = _with_section_line(lines, _oracle_fs1_infiniband_switch(parts))
        note = (
            f"{ORACLE_FS1_IB_SWITCH}: not in Table 11 (the document's bill of materials), which lists the "
            "nodes' InfiniBand adapters but no switch. Table 2 lists the switch and Table 3 connects the "
            f"half rack's RAC nodes through it (the quarter rack's {ORACLE_FS1_DIRECT_NODES} nodes are "
            f"cabled directly), so a design of {nodes} nodes gets one; the document gives no part number "
            "and no price: confirm both with Oracle."
        )
        notes.append(note)
        cited[note] = ORACLE_FS1_IB_SOURCE
    return Bom(
        lines=tuple(line for line in lines if line.quantity > 0),
        notes=tuple(dict.fromkeys(notes)),
        note_sources=tuple(cited.items()),
    )


def _oracle_fs1_infiniband_switch(parts: Sequence[CatalogPart]) -> BomLine:
    """The RAC interconnect switch Table 11 omits: one per system, flagged as not from Table 11."""
    part = next((p for p in parts if p.part_number == ORACLE_FS1_IB_SWITCH), None) or CatalogPart(
        ORACLE_FS1_IB_SWITCH, ORACLE_FS1_IB_SWITCH, "switch", ORACLE_FS1_IB_SWITCH, part_number_is_model=True
    )
    return BomLine(
        section="network",
        part_number=part.part_number,
        description=part.description,
        quantity=1,
        rule=(
            f"1 per system for more than {ORACLE_FS1_DIRECT_NODES} RAC nodes (RAC interconnect): "
            "not in Table 11; from Table 2 and Table 3"
        ),
        source=ORACLE_FS1_IB_SOURCE,
        part_number_is_model=part.part_number_is_model,
    )


def _with_section_line(lines: Sequence[BomLine], added: BomLine) -> list[BomLine]:
    """`lines` with `added` after the last line of its section or of any section before it."""
    order = SECTIONS.index(added.section)
    at = max((i for i, line in enumerate(lines) if SECTIONS.index(line.section) <= order), default=-1)
    return [*lines[: at + 1], added, *lines[at + 1 :]]


def _is_array_line(line: ReferenceLine, storage_model: str) -> bool:
    return line.part.kind in ARRAY_KINDS or storage_model in (line.part.part_number, line.part.model)


def _array_part(parts: Sequence[CatalogPart], storage_model: str) -> CatalogPart | None:
    return next((p for p in parts if storage_model in (p.part_number, p.model)), None)


_PAM_PATTERN = re.compile(r"\bPAM\b|flexscale|performance acceleration", re.IGNORECASE)


def _is_pam(part: CatalogPart) -> bool:
    """NetApp Performance Acceleration Module hardware or its FlexScale licence."""
    # Not the description: the storage OS (Data ONTAP) says it supports PAM, and is no PAM part.
    return any(_PAM_PATTERN.search(text) for text in (part.part_number, part.model))


def _pam_part(parts: Sequence[CatalogPart]) -> CatalogPart | None:
    return next((p for p in parts if p.kind != "software" and _is_pam(p)), None)


def _scaling_basis(ref: ReferenceLine, reference: ReferenceDesign, storage_model: str) -> str:
    """node, array or system. Servers and server-section parts go per node, storage building blocks
    per array, switches and rack items per system; any other line whose reference quantity equals exactly one of the two counts (per-host
    licences, one NIC per controller) follows that count; the rest is one set per system."""
    if ref.part.kind == "server" or (ref.section == "servers" and ref.part.kind not in ARRAY_KINDS):
        return "node"
    if _is_array_line(ref, storage_model):
        return "array"
    if ref.part.kind in SYSTEM_KINDS:
        return "system"
    per_node = ref.quantity == reference.rac_nodes
    per_array = ref.quantity == reference.arrays
    if per_node and not per_array:
        return "node"
    if per_array and not per_node:
        return "array"
    return "system"


def _design_lines(
    reference: ReferenceDesign, storage_model: str
) -> tuple[tuple[ReferenceLine, ...], list[str]]:
    """From a measured test system, the lines a customer design repeats: the first (database) server,
    the first storage building block, switches, disks and storage software/options that follow the
    array count. Load-generator servers, the tested servers' CPUs/drives/NICs and per-host software
    are left out (and said so), because the document does not split them per database node."""
    if not reference.measured:
        return reference.lines, []
    kept: list[ReferenceLine] = []
    server_seen = array_seen = False
    for ref in reference.lines:
        basis = _scaling_basis(ref, reference, storage_model)
        if ref.part.kind == "server":
            if not server_seen:
                kept.append(ref)
            server_seen = True
        elif ref.part.kind in ARRAY_KINDS:
            if not array_seen:
                kept.append(ref)
            array_seen = True
        elif (
            ref.part.kind in SYSTEM_KINDS
            or (ref.section == "storage" and basis != "node")
            or (ref.section in ("software", "storage") and basis == "array")
        ):
            kept.append(ref)
    note = (
        f"Built from the measured test system ({reference.label}): the database server model per node, the "
        "arrays and switches; server internals, load generators and host software are not itemised."
    )
    return tuple(kept), [note]


def _scaled_reference(platform: BomPlatform, reference: ReferenceDesign, parts: Sequence[CatalogPart]) -> Bom:
    nodes, arrays = platform.rac_nodes, platform.arrays
    chosen_array = _array_part(parts, platform.storage_model)
    design_lines, notes = _design_lines(reference, platform.storage_model)
    reference = replace(reference, lines=design_lines)
    lines: list[BomLine] = []
    if not any(ref.part.kind == "server" for ref in reference.lines):
        server = next((p for p in parts if p.kind == "server"), None)
        if server is None:
            notes.append(
                "The source document names no server model, so the BOM has no server line: "
                "add one per RAC node with a BOM override."
            )
        else:
            lines.append(
                BomLine("servers", server.part_number, server.description, nodes,
                        f"1 per RAC node x {nodes}", server.source, server.part_number_is_model)
            )  # fmt: skip
    for ref in reference.lines:
        if _is_pam(ref.part) and not platform.pam:
            continue
        basis = _scaling_basis(ref, reference, platform.storage_model)
        if basis == "node":
            per_node = Fraction(ref.quantity, reference.rac_nodes)
            quantity = per_node * nodes
            if quantity.denominator != 1:
                raise BomError(
                    "platform.rac_nodes", f"{ref.part.part_number} does not scale to {nodes} nodes"
                )
            lines.append(
                _line(
                    ref,
                    int(quantity),
                    f"{per_node} per RAC node x {nodes} nodes (as in the reference configuration)",
                )
            )
        elif basis == "array":
            per_array = Fraction(ref.quantity, reference.arrays)
            quantity = per_array * arrays
            if quantity.denominator != 1:
                raise BomError("platform.arrays", f"{ref.part.part_number} does not scale to {arrays} arrays")
            swap = chosen_array if ref.part.kind in ARRAY_KINDS and chosen_array is not None else None
            lines.append(
                _line(
                    ref,
                    int(quantity),
                    f"{per_array} per array x {arrays} (as in the reference configuration)",
                    part=swap,
                )
            )
        else:
            lines.append(_line(ref, ref.quantity, "1 set per system (as in the reference configuration)"))
    server_ref = next((ref for ref in reference.lines if ref.part.kind == "server"), None)
    server = server_ref.part if server_ref else next((p for p in parts if p.kind == "server"), None)
    reference_source = _first_source(reference)
    cited = dict.fromkeys(notes, reference_source) if reference_source else {}
    server_source = ((server_ref.source if server_ref else "") or server.source) if server else ""
    for note in _server_differs(platform, server):
        notes.append(note)
        if server_source:
            cited[note] = server_source
    return Bom(
        lines=tuple(line for line in lines if line.quantity > 0),
        notes=tuple(notes),
        note_sources=tuple(cited.items()),
    )


def _first_source(reference: ReferenceDesign) -> str:
    """What a note about the reference (or test system) as a whole cites: its first cited line."""
    return next(
        (ref.source or ref.part.source for ref in reference.lines if ref.source or ref.part.source), ""
    )


def _server_differs(platform: BomPlatform, server: CatalogPart | None) -> list[str]:
    """A note when the design evaluates other cores or memory per node than the document's server
    the BOM lists (its internals are not itemised, so the line cannot follow them)."""
    if server is None:
        return []
    differs = []
    if platform.cores_per_node is not None and server.cores and platform.cores_per_node != server.cores:
        differs.append(f"{platform.cores_per_node} cores per RAC node (the server has {server.cores})")
    if (
        platform.memory_gb_per_node is not None
        and server.memory_gb
        and not math.isclose(platform.memory_gb_per_node, server.memory_gb)
    ):
        differs.append(
            f"{platform.memory_gb_per_node:g} GB per RAC node (the server has {server.memory_gb} GB)"
        )
    if not differs:
        return []
    return [
        f"The design evaluates {' and '.join(differs)}; the BOM lists the document's {server.part_number}: "
        "change it with a BOM override to order the configuration evaluated."
    ]


def _assembled(platform: BomPlatform, parts: Sequence[CatalogPart]) -> Bom:
    notes: list[str] = []
    lines: list[BomLine] = []
    server = next((p for p in parts if p.kind == "server"), None)
    if server is not None:
        lines.append(
            BomLine(
                "servers",
                server.part_number,
                server.description,
                platform.rac_nodes,
                f"1 per RAC node x {platform.rac_nodes}",
                server.source,
                server.part_number_is_model,
            )
        )
    else:
        notes.append("The source document names no server part: add one per RAC node with a BOM override.")
    array = _array_part(parts, platform.storage_model)
    if array is None:
        array = CatalogPart(
            platform.storage_model,
            platform.storage_model,
            "storage_array",
            platform.storage_model,
            part_number_is_model=True,
        )
        notes.append(f"{platform.storage_model} is not in the catalog; the model designation stands in.")
    lines.append(
        BomLine(
            "storage",
            array.part_number,
            array.description,
            platform.arrays,
            f"1 per array x {platform.arrays}",
            array.source,
            array.part_number_is_model,
        )
    )
    for switch in (p for p in parts if p.kind == "switch"):
        lines.append(
            BomLine(
                "network",
                switch.part_number,
                switch.description,
                2,
                "2 per system (redundant SAN fabric)",
                switch.source,
                switch.part_number_is_model,
            )
        )
    return Bom(lines=tuple(lines), notes=tuple(notes))


def _with_pam(platform: BomPlatform, bom: Bom, parts: Sequence[CatalogPart]) -> Bom:
    """NetApp PAM: one card per storage controller when chosen (FAS3140 HA pair: 2)."""
    if not platform.pam:
        return bom
    pam = _pam_part(parts) or CatalogPart(
        "PAM", "NetApp Performance Acceleration Module", "other", "PAM", part_number_is_model=True
    )
    # The measured test system already carries its cards (catalog "PAM 16GB", described as a read-cache
    # card): any non-software PAM line counts, not only one named like the fallback part.
    if any(
        line.part_number == pam.part_number
        or (line.section != "software" and _PAM_PATTERN.search(f"{line.part_number} {line.description}"))
        for line in bom.lines
    ):
        return bom
    line = BomLine(
        "storage",
        pam.part_number,
        pam.description,
        platform.arrays,
        f"1 per controller x {platform.arrays}",
        pam.source,
        pam.part_number_is_model,
    )
    return replace(bom, lines=(*bom.lines, line))


# The BOM rules a platform family picks from (sizing.platforms: PlatformFamily.bom_rule).


def reference_rack_bom(
    platform: BomPlatform, reference: ReferenceDesign | None, parts: Sequence[CatalogPart]
) -> Bom:
    """Oracle FS1-2: the Table 11 reference rack, per RAC node and per drive enclosure."""
    if reference is None or not reference.lines:
        raise BomError("reference_configuration", "an Oracle FS1-2 design starts from a reference rack")
    return _oracle_fs1(platform, reference, parts)


def scaled_bom(platform: BomPlatform, reference: ReferenceDesign | None, parts: Sequence[CatalogPart]) -> Bom:
    """The reference (or measured test-system) configuration scaled, else assembled from catalog parts."""
    if reference is not None and reference.lines:
        return _scaled_reference(platform, reference, parts)
    return _assembled(platform, parts)


def scaled_bom_with_pam(
    platform: BomPlatform, reference: ReferenceDesign | None, parts: Sequence[CatalogPart]
) -> Bom:
    """NetApp: the scaled BOM plus one PAM card per controller when the design chooses PAM."""
    return _with_pam(platform, scaled_bom(platform, reference, parts), parts)


def processor_licences(cores: int) -> int:
    """Oracle processor licences for `cores` x86 cores: cores x core factor 0.5, rounded up."""
    return math.ceil(cores * ORACLE_CORE_FACTOR_X86)


def oracle_licence_lines(
    *, rac_nodes: int, cores_per_node: int, parts: Sequence[CatalogPart] = ()
) -> tuple[BomLine, ...]:
    """Enterprise Edition on every design, Real Application Clusters when it has two or more nodes;
    each with one year of support per licence (see ORACLE_LICENCES)."""
    cores = rac_nodes * cores_per_node
    licences = processor_licences(cores)
    by_number = {p.part_number: p for p in parts}
    count = (
        f"{rac_nodes} RAC node{'s' if rac_nodes != 1 else ''} x {cores_per_node} cores = {cores} cores "
        f"x core factor {float(ORACLE_CORE_FACTOR_X86):g}, rounded up"
    )
    lines: list[BomLine] = []
    for licence, support in ORACLE_LICENCES.items():
        if licence == ORACLE_RAC_LICENCE and rac_nodes < 2:
            continue
        for number, rule in (
            (licence, f"{licences} processor licences: {count}"),
            (support, f"1 year per processor licence x {licences}"),
        ):
            part = by_number.get(number)
            lines.append(
                BomLine(
                    "software",
                    number,
                    part.description if part else number,
                    licences,
                    rule,
                    part.source if part and part.source else CORE_FACTOR_SOURCE,
                    part.part_number_is_model if part else True,
                )
            )
    return tuple(lines)


def build_bom(
    *, platform: BomPlatform, reference: ReferenceDesign | None, parts: Sequence[CatalogPart] = ()
) -> Bom:
    """The generated BOM of a design, in the reference's line order, by its family's BOM rule, then
    the Oracle processor licences for the cores the design evaluates (its own, else the family's
    measured server's)."""
    # Imported here: the registry imports this module for the rules above.
    from sizing.platforms import platform_family

    if platform.rac_nodes < 1 or platform.arrays < 1:
        raise BomError(
            "platform.rac_nodes" if platform.rac_nodes < 1 else "platform.arrays", "must be at least 1"
        )
    family = platform_family(platform.family)
    bom = family.bom_rule(platform, reference, parts)
    cores_per_node = platform.cores_per_node or family.default_server.cores_per_node
    licences = oracle_licence_lines(rac_nodes=platform.rac_nodes, cores_per_node=cores_per_node, parts=parts)
    return replace(bom, lines=(*bom.lines, *licences))


def apply_overrides(bom: Bom, overrides: Sequence[BomOverride], parts: Mapping[str, CatalogPart]) -> Bom:
    """Set the quantity of (section, part number) lines; 0 removes; an unknown line is added at the
    end of its section. Returns a new BOM."""
    lines = list(bom.lines)
    for override in overrides:
        rule = "override" + (f": {override.reason}" if override.reason else "")
        index = next(
            (
                i
                for i, line in enumerate(lines)
                if line.section == override.section and line.part_number == override.part_number
            ),
            None,
        )
        if index is not None:
            lines[index] = replace(lines[index], quantity=override.quantity, rule=rule)
            continue
        part = parts.get(override.part_number)
        added = BomLine(
            section=override.section,
            part_number=override.part_number,
            description=override.description or (part.description if part else override.part_number),
            quantity=override.quantity,
            rule=rule,
            source=part.source if part else "",
            part_number_is_model=part.part_number_is_model if part else False,
        )
        last_in_section = max(
            (i for i, line in enumerate(lines) if line.section == override.section), default=None
        )
        if last_in_section is None:
            order = SECTIONS.index(override.section)
            last_in_section = max(
                (i for i, line in enumerate(lines) if SECTIONS.index(line.section) <= order), default=-1
            )
        lines.insert(last_in_section + 1, added)
    return replace(bom, lines=tuple(line for line in lines if line.quantity > 0))


def section_quantities(bom: Bom) -> dict[str, int]:
    totals = dict.fromkeys(SECTIONS, 0)
    for line in bom.lines:
        totals[line.section] += line.quantity
    return totals
