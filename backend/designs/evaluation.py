"""Evaluation of a design: the engine's evaluation, the BOM built by the engine's BOM rules from the
reference configuration and the catalog, priced from the chosen price book only, plus the assumptions.

Catalog rows are converted to the engine's BOM dataclasses here (the engine package never imports
Django); the engine is reached through its adapter, engine_adapter.engine.

What a BOM reads from the catalog (reference designs, a family's parts, the parts overrides may name,
a price book's prices, the configurations a design may start from) is built once per catalog version
and memoised in its CatalogSnapshot (catalog/versioning.py): on a warm cache an evaluation reads the
version and nothing else. Memoised values are shared, so they are immutable (tuples, frozen
dataclasses) or copied before use.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from django.db.models import Q

from catalog.choices import ConfigurationRole
from catalog.models import Configuration, Part, PriceBook, PriceBookEntry
from catalog.versioning import CatalogSnapshot, catalog_snapshot
from core.errors import InvalidInput
from engine_adapter import engine
from engine_adapter.engine import DEFAULT_ARRAYS, DEFAULT_RAC_NODES, EvidenceError, InputError, bom_rules
from engine_adapter.evidence import ImportedEvidence
from engine_adapter.services import imported_point_checks, team_evidence

CENT = Decimal("0.01")
# Configuration attributes that count a reference's storage building blocks.
ARRAY_ATTRIBUTES = ("arrays", "drive_enclosures", "enclosures", "xbricks", "x_bricks", "controllers")


def _source(document_slug: str | None, locator: str) -> str:
    return ", ".join(part for part in (document_slug or "", locator) if part)


def _catalog_part(part: Part) -> bom_rules.CatalogPart:
    return bom_rules.CatalogPart(
        part_number=part.part_number,
        description=part.description or part.model or part.part_number,
        kind=part.kind,
        model=part.model,
        drive_count=part.drive_count,
        part_number_is_model=part.part_number_is_model,
        source=_source(part.source_document.slug if part.source_document else None, part.source_locator),
        cores=part.cores,
        sockets=part.sockets,
        memory_gb=part.memory_gb,
    )


def _attribute_count(configuration: Configuration, names: Sequence[str]) -> int | None:
    for name in names:
        value = (configuration.attributes or {}).get(name)
        if isinstance(value, dict) and value.get("value") not in (None, ""):
            return int(Decimal(str(value["value"])))
    return None


def reference_design(
    configuration: Configuration, snapshot: CatalogSnapshot | None = None
) -> bom_rules.ReferenceDesign:
    """The configuration's lines as the engine's ReferenceDesign (memoised per catalog version)."""
    snapshot = snapshot or catalog_snapshot()
    return snapshot.memo(("reference_design", configuration.pk), lambda: _reference_design(configuration))


def _reference_design(configuration: Configuration) -> bom_rules.ReferenceDesign:
    components = list(
        configuration.components.select_related("part", "part__source_document", "source_document").order_by(
            "position"
        )
    )
    lines = tuple(
        bom_rules.ReferenceLine(
            part=_catalog_part(c.part),
            quantity=c.quantity,
            section=c.section,
            source=_source(c.source_document.slug if c.source_document else None, c.source_locator),
        )
        for c in components
    )
    servers = [line.quantity for line in lines if line.section == "servers" and line.part.kind == "server"]
    nodes = _attribute_count(configuration, ("rac_nodes",)) or (servers[0] if servers else DEFAULT_RAC_NODES)
    family = engine.PLATFORM_FAMILIES.get(configuration.platform)  # None: a server / network configuration
    unit_kinds = family.array_part_kinds if family else engine.ARRAY_PART_KINDS
    blocks = [line.quantity for line in lines if line.part.kind in unit_kinds]
    arrays = _attribute_count(configuration, ARRAY_ATTRIBUTES) or (sum(blocks) if blocks else DEFAULT_ARRAYS)
    return bom_rules.ReferenceDesign(
        configuration.slug,
        configuration.platform,
        nodes,
        arrays,
        lines,
        measured=configuration.role == ConfigurationRole.TEST_SYSTEM,
        name=configuration.name,
    )


def reference_platform(
    configuration: Configuration, snapshot: CatalogSnapshot | None = None
) -> dict[str, Any]:
    """The platform inputs a reference configuration stands for (what the SPA starts a design from)."""
    reference = reference_design(configuration, snapshot)
    enclosure = next((line.part for line in reference.lines if line.part.kind == "drive_enclosure"), None)
    array = next(
        (
            line.part
            for line in reference.lines
            if line.part.kind in ("storage_array", "xbrick", "storage_controller")
        ),
        None,
    )
    family = engine.PLATFORM_FAMILIES.get(configuration.platform)
    storage_model = (family.only_storage_model if family else None) or (
        array.model or array.part_number if array else ""
    )
    platform: dict[str, Any] = {
        "family": configuration.platform,
        "storage_model": storage_model,
        "reference": configuration.slug,
        "rac_nodes": reference.rac_nodes,
        "arrays": reference.arrays,
    }
    if enclosure is not None and enclosure.drive_count:
        platform["drives_per_enclosure"] = enclosure.drive_count
    elif enclosure is not None and enclosure.part_number in bom_rules.ORACLE_FS1_ENCLOSURES:
        platform["drives_per_enclosure"] = bom_rules.ORACLE_FS1_ENCLOSURES[enclosure.part_number]
    return platform


def family_parts(family: str, snapshot: CatalogSnapshot | None = None) -> list[bom_rules.CatalogPart]:
    """Catalog parts of the documents that describe this platform family (a new list each call)."""
    snapshot = snapshot or catalog_snapshot()
    return list(snapshot.memo(("family_parts", family), lambda: tuple(_family_parts(family))))


def _family_parts(family: str) -> list[bom_rules.CatalogPart]:
    parts = (
        Part.objects.filter(
            Q(source_document__configurations__platform=family)
            | Q(configuration_components__configuration__platform=family)
        )
        .select_related("source_document")
        .distinct()
        .order_by("part_number")
    )
    return [_catalog_part(p) for p in parts]


def configurations_by_slug(snapshot: CatalogSnapshot | None = None) -> dict[str, Configuration]:
    """Every configuration by slug (shared instances: read them, never save them)."""
    snapshot = snapshot or catalog_snapshot()
    return snapshot.memo(("configurations",), lambda: {c.slug: c for c in Configuration.objects.all()})


def configuration_by_pk(pk: int | None, snapshot: CatalogSnapshot | None = None) -> Configuration | None:
    if pk is None:
        return None
    snapshot = snapshot or catalog_snapshot()
    by_pk = snapshot.memo(
        ("configurations_by_pk",), lambda: {c.pk: c for c in configurations_by_slug(snapshot).values()}
    )
    return by_pk.get(pk)


def price_book_by_pk(pk: Any, snapshot: CatalogSnapshot | None = None) -> PriceBook | None:
    """A price book by id (shared instances: read them, never save them); None for an unknown id."""
    snapshot = snapshot or catalog_snapshot()
    books = snapshot.memo(("price_books",), lambda: {b.pk: b for b in PriceBook.objects.all()})
    try:
        return books.get(int(pk))
    except (TypeError, ValueError):
        return None


def _configuration_for(
    *, platform: dict[str, Any], configuration: Configuration | None, snapshot: CatalogSnapshot
) -> Configuration | None:
    """The configuration a BOM starts from (and whose measured TPS curves the SPA's load-response chart
    draws): the design's, else the platform's `reference` slug, else the family's reference
    configuration of the design's own storage (_family_configuration), else its most telling measured
    test system."""
    if configuration is not None:
        return configuration
    family = platform.get("family")
    slug = platform.get("reference")
    if slug:
        found = configurations_by_slug(snapshot).get(slug)
        if found is None:
            raise InvalidInput({"platform": {"reference": [f"No configuration {slug}."]}})
        if found.platform != family:
            message = f"{slug} is a {found.platform} configuration, not {family}."
            raise InvalidInput({"platform": {"reference": [message]}})
        return found
    storage = _storage_of(platform)
    return snapshot.memo(
        ("family_configuration", family, *storage.items()),
        lambda: _family_configuration(family, storage, snapshot),
    )


# What a reference configuration must share with a design to be the design's own: its storage (a
# rack is its enclosures and their drives) and its RAC nodes.
STORAGE_KEYS = ("storage_model", "arrays", "drives_per_enclosure")


def _storage_of(platform: dict[str, Any]) -> dict[str, Any]:
    """The platform's storage and RAC nodes as reference_platform() names them (the fields it gives)."""
    return {key: platform.get(key) for key in (*STORAGE_KEYS, "rac_nodes") if platform.get(key) is not None}


def _family_configuration(
    family: Any, storage: dict[str, Any], snapshot: CatalogSnapshot
) -> Configuration | None:
    references = list(
        Configuration.objects.filter(
            platform=family, role=ConfigurationRole.REFERENCE, components__isnull=False
        )
        .distinct()
        # The seeded (documented) reference first: an admin's own configuration never hijacks it.
        .order_by("-from_fixtures", "slug")
    )
    if references:
        # The reference of the design's own storage (an FS1-2 quarter rack design scales from the
        # quarter rack, and its chart draws the quarter rack's runs, not the half rack's that sorts
        # first), then the seeded one, then the one with the design's RAC nodes. A design whose storage
        # is no reference's scales from the nearest (its BOM's assumption names it); its chart draws
        # none of that configuration's runs (the SPA matches every point on the design's storage).
        def rank(c: Configuration) -> tuple[int, bool, bool]:
            theirs = reference_platform(c, snapshot)
            differs = sum(1 for k in STORAGE_KEYS if k in storage and theirs.get(k) != storage[k])
            nodes = "rac_nodes" in storage and theirs.get("rac_nodes") != storage["rac_nodes"]
            return differs, not c.from_fixtures, nodes

        return min(references, key=rank)  # min is stable: the slug order breaks a tie
    # The measured RAC test system that says most about a design: one with servers, then the largest.
    candidates = Configuration.objects.filter(
        platform=family, role=ConfigurationRole.TEST_SYSTEM, components__isnull=False
    ).distinct()
    ranked = sorted(
        candidates.prefetch_related("components__part"),
        key=lambda c: (
            not any(component.part.kind == "server" for component in c.components.all()),
            "rac_nodes" not in (c.attributes or {}),
            -len(c.components.all()),
            c.slug,
        ),
    )
    return ranked[0] if ranked else None


def _parts_by_number() -> dict[str, bom_rules.CatalogPart]:
    """Every part by number; a number two manufacturers share names the last by manufacturer name
    (the catalog's order), as the override lookup always did."""
    return {p.part_number: _catalog_part(p) for p in Part.objects.select_related("source_document")}


def design_bom(
    *,
    platform: dict[str, Any],
    configuration: Configuration | None,
    overrides: Sequence[dict[str, Any]],
    snapshot: CatalogSnapshot | None = None,
) -> tuple[bom_rules.Bom, Configuration | None]:
    snapshot = snapshot or catalog_snapshot()
    configuration = _configuration_for(platform=platform, configuration=configuration, snapshot=snapshot)
    reference = reference_design(configuration, snapshot) if configuration is not None else None
    parts = family_parts(str(platform.get("family")), snapshot)
    if reference is not None:
        known = {p.part_number for p in parts}
        parts += [line.part for line in reference.lines if line.part.part_number not in known]
    # The Oracle licence parts belong to no document (fixtures/hardware.yaml): looked up by number.
    catalog_parts = snapshot.memo(("parts_by_number",), _parts_by_number)
    known = {p.part_number for p in parts}
    parts += [
        catalog_parts[n] for n in bom_rules.ORACLE_LICENCE_PARTS if n in catalog_parts and n not in known
    ]
    request = bom_rules.BomPlatform(
        family=str(platform.get("family")),
        storage_model=str(platform.get("storage_model")),
        rac_nodes=int(platform.get("rac_nodes") or DEFAULT_RAC_NODES),
        arrays=int(platform.get("arrays") or DEFAULT_ARRAYS),
        drives_per_enclosure=platform.get("drives_per_enclosure"),
        pam=bool(platform.get("pam", False)),
        cores_per_node=platform.get("cores_per_node"),
        memory_gb_per_node=platform.get("memory_gb_per_node"),
    )
    try:
        bom = bom_rules.build_bom(platform=request, reference=reference, parts=parts)
    except bom_rules.BomError as exc:
        section, _, name = exc.field.partition(".")
        raise InvalidInput({section: {name: [exc.message]} if name else [exc.message]}) from exc
    extra = {p.part_number: p for p in parts}
    if overrides:
        extra.update(
            {
                o["part_number"]: catalog_parts[o["part_number"]]
                for o in overrides
                if o["part_number"] in catalog_parts
            }
        )
    bom = bom_rules.apply_overrides(
        bom,
        [
            bom_rules.BomOverride(
                section=o["section"],
                part_number=o["part_number"],
                quantity=o["quantity"],
                description=o.get("description", ""),
                reason=o.get("reason", ""),
            )
            for o in overrides
        ],
        extra,
    )
    return bom, configuration


def _money(value: Decimal) -> str:
    return str(value.quantize(CENT))


def _price_list(price_book_pk: int) -> dict[str, Decimal]:
    """A price book's unit prices by part number, net of each line's discount."""
    prices: dict[str, Decimal] = {}
    for entry in PriceBookEntry.objects.filter(price_book_id=price_book_pk).select_related("part"):
        prices.setdefault(entry.part.part_number, entry.net_unit_price)
    return prices


def bom_prices(
    *, bom: bom_rules.Bom, price_book: PriceBook | None, snapshot: CatalogSnapshot | None = None
) -> dict[str, Decimal]:
    """Unit prices of the BOM's part numbers in the chosen price book (none without a book), net of
    the price book line's discount."""
    if price_book is None:
        return {}
    snapshot = snapshot or catalog_snapshot()
    book = snapshot.memo(("price_list", price_book.pk), lambda: _price_list(price_book.pk))
    return {line.part_number: book[line.part_number] for line in bom.lines if line.part_number in book}


def _number(value: float) -> str:
    """12000.0 -> "12,000", 1169.4 -> "1,169.4" (for the basis text only)."""
    return f"{value:,.0f}" if float(value).is_integer() else f"{value:,.1f}"


def cost_per_throughput(*, summary: dict[str, Any], bom: dict[str, Any]) -> dict[str, Any]:
    """The BOM's cost per unit of what the design sustains: per TPS held within the SLA (the most the
    platform sustains, not the design load: that is what is bought) for OLTP, per MB/s sustained for
    DSS. Exact Decimal division, rounded to the cent; None with the reason when it has no meaning."""
    tps = summary.get("max_sustained_tps")
    figure = tps or summary.get("sustained_throughput")
    unit = figure["unit"] if figure else None
    currency = bom["currency"]
    if tps:
        basis = f"the most TPS sustained within the {_number(summary['sla_response']['value'])} "
        basis += f"{summary['sla_response']['unit']} SLA"
    else:
        basis = "the sustained scan throughput"
    out: dict[str, Any] = {
        "amount": None,
        "currency": currency,
        "unit": f"{currency} per {unit}" if currency and unit else None,
        "basis": basis,
        "note": "",
    }
    if currency is None:
        out["note"] = "No price book chosen"
    elif bom["unpriced_lines"]:
        lines = bom["unpriced_lines"]
        out["note"] = f"{lines} BOM line{'s' if lines != 1 else ''} without a price: the cost is incomplete"
    elif not figure or figure["value"] <= 0:
        out["note"] = "The design sustains no throughput"
    else:
        amount = Decimal(bom["total"]) / Decimal(repr(float(figure["value"])))
        out["amount"] = str(amount.quantize(CENT, rounding=ROUND_HALF_UP))
    return out


def price_lines(*, bom: bom_rules.Bom, prices: dict[str, Decimal], currency: str | None) -> dict[str, Any]:
    """Extended = quantity x unit price (exact Decimal); lines without a price stay unpriced and are
    counted, never invented; money totals per section and overall, as strings (never a quantity total:
    it would add up unlike parts)."""
    lines: list[dict[str, Any]] = []
    sections: dict[str, dict[str, Any]] = {}
    total = Decimal(0)
    unpriced = 0
    for number, line in enumerate(bom.lines, start=1):
        unit = prices.get(line.part_number)
        extended = unit * line.quantity if unit is not None else None
        # Money only: a section's lines are unlike parts (servers, CPUs, DIMMs), so no quantity total.
        section = sections.setdefault(
            line.section, {"section": line.section, "total": Decimal(0), "unpriced_lines": 0}
        )
        if extended is None:
            unpriced += 1
            section["unpriced_lines"] += 1
        else:
            section["total"] += extended
            total += extended
        lines.append(
            {
                "line": number,
                "section": line.section,
                "part_number": line.part_number,
                "part_number_is_model": line.part_number_is_model,
                "description": line.description,
                "quantity": line.quantity,
                "unit_price": _money(unit) if unit is not None else None,
                "extended_price": _money(extended) if extended is not None else None,
                "priced": unit is not None,
                "rule": line.rule,
                "source": line.source,
            }
        )
    ordered = [sections[name] for name in bom_rules.SECTIONS if name in sections]
    return {
        "currency": currency,
        "lines": lines,
        "sections": [{**s, "total": _money(s["total"])} for s in ordered],
        "total": _money(total) if currency else None,
        "unpriced_lines": unpriced,
        "complete": currency is not None and unpriced == 0,
        "notes": list(bom.notes),
    }


def priced_bom(
    *, bom: bom_rules.Bom, price_book: PriceBook | None, snapshot: CatalogSnapshot | None = None
) -> dict[str, Any]:
    """The BOM priced from the chosen price book only."""
    priced = price_lines(
        bom=bom,
        prices=bom_prices(bom=bom, price_book=price_book, snapshot=snapshot),
        currency=price_book.currency if price_book else None,
    )
    priced["price_book"] = (
        {"id": price_book.pk, "name": price_book.name, "version": price_book.version} if price_book else None
    )
    return priced


def _assumption(key: str, text: str, source: str) -> dict[str, Any]:
    return {"key": key, "text": text, "source": source, "value": None}


def evaluation_payload(
    *,
    workload: dict[str, Any],
    platform: dict[str, Any],
    rule_versions: dict[str, int] | None,
    configuration: Configuration | None,
    price_book: PriceBook | None,
    overrides: Sequence[dict[str, Any]],
    snapshot: CatalogSnapshot | None = None,
    databases: Sequence[dict[str, Any]] = (),
    clone_reduction_ratio: float | None = None,
    team_id: int | None = None,
    evidence_imports: Sequence[int] = (),
    calibrate_on_evidence: bool = False,
) -> dict[str, Any]:
    """The engine evaluation + the priced BOM + every assumption used (`snapshot`: the catalog cache
    the request already read; None reads the version). With `databases` (a design of several), also
    `consolidation`: the databases evaluated together (sizing.consolidation), whose verdict is the
    design's; `evaluation` is then its first database alone.

    With `evidence_imports` (the team's imports the design names), also `evidence_overlay`: the
    imports, the headline on the catalog's evidence alone (`baseline`) and the difference, and each
    imported point against the model's prediction; `calibrate_on_evidence`: the design is evaluated on
    the catalog's evidence plus those imports (the fits run again with them). Without, no key is added:
    the payload is what it was before imports existed."""
    snapshot = snapshot or catalog_snapshot()
    inputs = {"workload": workload, "platform": platform}
    imported = team_evidence(team_id=team_id, ids=list(evidence_imports)) if evidence_imports else []
    overlay = imported if calibrate_on_evidence else []
    evaluation = _evaluate(inputs, rule_versions, snapshot, overlay)
    bom, used = design_bom(
        platform=platform, configuration=configuration, overrides=overrides, snapshot=snapshot
    )
    priced = priced_bom(bom=bom, price_book=price_book, snapshot=snapshot)
    published = engine.published(evaluation)
    assumptions = list(published["assumptions"])
    if used is not None:
        assumptions.append(
            # Named as people know it and cited by its document (it cited its own slug, which the
            # proposal then listed as if it were a source document).
            _assumption(
                "bom.reference",
                f"BOM scaled from the {used.name or used.slug} by the rule in each line",
                _source(used.source_document.slug, used.source_locator) or used.slug,
            )
        )
    if price_book is None:
        assumptions.append(_assumption("bom.prices", "No price book chosen: the BOM is unpriced", ""))
    elif priced["unpriced_lines"]:
        text = f"{priced['unpriced_lines']} BOM lines have no price in {price_book}; totals exclude them"
        assumptions.append(_assumption("bom.prices", text, str(price_book)))
    if price_book is not None and price_book.is_demo:
        text = f"{price_book.name}: fictional demo prices, not a quote"
        assumptions.append(_assumption("bom.prices.demo", text, str(price_book)))
    assumptions += [_assumption("bom.note", note, bom.source_of(note)) for note in bom.notes]
    if any(line.part_number in bom_rules.ORACLE_LICENCES for line in bom.lines):
        text = (
            "Oracle processor licences = cores of all RAC nodes x core factor 0.5 (Intel/AMD x86), rounded "
            "up; Real Application Clusters only with two or more RAC nodes"
        )
        assumptions.append(_assumption("bom.licences.core_factor", text, bom_rules.CORE_FACTOR_SOURCE))
        assumptions.append(
            _assumption(
                "bom.licences.support", bom_rules.SUPPORT_RATE_ASSUMPTION, "Oracle Technology price list"
            )
        )
    consolidation = None
    if databases:
        consolidation = engine.evaluate_consolidated_design(
            {
                "platform": platform,
                "databases": list(databases),
                "clone_reduction_ratio": clone_reduction_ratio,
            },
            rule_versions,
            snapshot,
            overlay,
        )
    payload = {
        "evaluation": published,
        "consolidation": consolidation,
        "bom": priced,
        "cost_per_throughput": cost_per_throughput(summary=published.get("summary", {}), bom=priced),
        "assumptions": assumptions,
        "rule_versions": rule_versions if rule_versions is not None else published["rule_versions"],
        "reference_configuration": used.slug if used is not None else None,
    }
    if evidence_imports:
        payload["evidence_overlay"] = _evidence_overlay(
            inputs=inputs, rule_versions=rule_versions, snapshot=snapshot, asked=evidence_imports,
            imported=imported, recalibrated=calibrate_on_evidence, published=published,
        )  # fmt: skip
        if calibrate_on_evidence and imported:
            names = ", ".join(f"{i.name} (import {i.id})" for i in imported)
            files = "; ".join(sorted({o.source.document for i in imported for o in i.points}))
            text = f"Calibrated on the team's own measurements as well as the catalog's evidence: {names}"
            assumptions.append(_assumption("evidence.overlay", text, files))
    return payload


def _evaluate(
    inputs: dict[str, Any],
    rule_versions: dict[str, int] | None,
    snapshot: CatalogSnapshot,
    imports: Sequence[ImportedEvidence],
) -> Any:
    """The engine's evaluation; its refusals as the API's field-level 400."""
    try:
        return engine.evaluate_inputs(inputs, rule_versions, snapshot, imports)
    except InputError as exc:
        section, _, name = exc.field.partition(".")
        raise InvalidInput({section: {name: [exc.message]} if name else [exc.message]}) from exc
    except EvidenceError as exc:
        raise InvalidInput({"platform": [f"Not enough measured evidence: {exc}"]}) from exc


# The headline figures of an evaluation that the overlay compares (those the summary has).
HEADLINE_FIGURES = (
    "max_sustained_tps",
    "sustained_throughput",
    "users_at_max",
    "response_at_design",
    "storage_latency_at_design",
    "headroom_pct",
)
ERROR_BANDS_NOTE = (
    "The error bands are the catalog's held-out errors per family (sizing/error_bands.json); they were "
    "not recomputed for this evidence set. The rows are the imported points' own errors."
)


def _headline_figures(published: dict[str, Any]) -> dict[str, Any]:
    summary = published.get("summary") or {}
    out: dict[str, Any] = {"verdict": published.get("verdict")}
    out.update({key: summary[key] for key in HEADLINE_FIGURES if summary.get(key) is not None})
    return out


def _difference(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """after - before of each figure both have, in its unit and in % of before."""
    out: dict[str, Any] = {"verdict_changed": before["verdict"] != after["verdict"]}
    for key in HEADLINE_FIGURES:
        b, a = before.get(key), after.get(key)
        if (
            not (isinstance(b, dict) and isinstance(a, dict))
            or b.get("value") is None
            or a.get("value") is None
        ):
            continue
        change = float(a["value"]) - float(b["value"])
        out[key] = {
            "value": round(change, 4),
            "unit": b["unit"],
            "pct": round(100.0 * change / float(b["value"]), 2) if b["value"] else None,
        }
    return out


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def _unused_note(evidence: ImportedEvidence, platform: dict[str, Any]) -> str:
    """Why a family fit did not read an import, in the reader's words."""
    family = platform.get("family")
    if evidence.family is None:
        return f"{evidence.name}: not used by the model: it names no platform family the engine models."
    if evidence.family != family:
        return (
            f"{evidence.name}: not used by the model: it measured {evidence.system} "
            f"({evidence.family}, {evidence.storage_model or 'storage model not given'}); this design is "
            f"{family}, whose fits do not select another family's measurements."
        )
    if evidence.kind == "swingbench":
        runs = len(evidence.points)
        return (
            f"{evidence.name}: not used by the {family} model: no {family} fit takes a measured users / TPS "
            "/ response series of a system outside the catalog (the FS1-2 fit reads the rated TPS of the "
            "catalog's racks, whose drives it knows); a series of 6 or more runs gives the USL second "
            f"opinion (this one has {runs}). Its runs are compared with the design's predictions below."
        )
    return (
        f"{evidence.name}: not used by the {family} model: its fits take no ORION run of "
        f"{evidence.storage_model or 'an unnamed storage model'} (the EqualLogic array fit reads the "
        "ORION maxima of the PS6010XV, PS6010S and PS6110XV); its points are listed below."
    )


def _evidence_overlay(
    *,
    inputs: dict[str, Any],
    rule_versions: dict[str, int] | None,
    snapshot: CatalogSnapshot,
    asked: Sequence[int],
    imported: Sequence[ImportedEvidence],
    recalibrated: bool,
    published: dict[str, Any],
) -> dict[str, Any]:
    """The design's evidence set: the imports, the headline before (the catalog's evidence alone) and
    after, which imports the model read, and each imported point against the prediction."""
    baseline = (
        _headline_figures(engine.published(_evaluate(inputs, rule_versions, snapshot, ())))
        if recalibrated and imported
        else _headline_figures(published)
    )
    headline = _headline_figures(published)
    cited = _strings(published) if recalibrated else []
    notes: list[str] = []
    found = {i.id for i in imported}
    notes += [
        f"Evidence import {i} is no longer one of this design's team's: left out."
        for i in asked
        if i not in found
    ]
    rows = []
    for evidence in imported:
        cites = {o.source.cite() for o in evidence.observations}
        used = bool(recalibrated and cites and any(c in s for c in cites for s in cited))
        if recalibrated and not used:
            notes.append(_unused_note(evidence, inputs["platform"]))
        rows.append(
            {
                "id": evidence.id,
                "name": evidence.name,
                "kind": evidence.kind,
                "points": len(evidence.points),
                "existing_system": evidence.system or None,
                "family": evidence.family,
                "storage_model": evidence.storage_model,
                "used_by_model": used,
                "notes": list(evidence.notes),
            }
        )
    if not recalibrated:
        notes.append(
            "Not calibrated on these measurements (calibrate_on_evidence is off): the design is evaluated "
            "on the catalog's evidence, and the imported points are compared with that model."
        )
    return {
        "imports": rows,
        "recalibrated": bool(recalibrated and imported),
        "baseline": baseline,
        "headline": headline,
        "difference": _difference(baseline, headline),
        "notes": notes,
        "validation": {
            "on": "the recalibrated model" if recalibrated and imported else "the catalog's model",
            "rows": imported_point_checks(inputs, rule_versions, snapshot, imported, recalibrated),
            "error_bands_recomputed": False,
            "error_bands": ERROR_BANDS_NOTE,
        },
    }
