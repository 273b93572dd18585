"""Reads, validates and loads the seed catalog in fixtures/*.yaml (format: fixtures/README.md).

Three stages, all in this module so that the management command stays thin:
1. read: YAML with exact decimals (never binary floats) and no silently duplicated keys;
2. validate: the JSON Schema per file, then cross-references over all files (documents, manufacturers,
   part numbers, configuration slugs, units per quantity); every problem names file + path;
3. load: one transaction, upserts keyed by natural keys, deletion of fixture-owned rows that left the
   files, and rule versioning (a changed rule becomes version n+1; the old version stays).
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import yaml
from django.conf import settings
from django.db import connection, models, transaction
from django.db.models import ProtectedError
from simple_history.utils import bulk_create_with_history

from benchmarks.models import BenchmarkCurve, MeasuredPoint, PointValue
from catalog.models import (
    Configuration,
    ConfigurationComponent,
    ConfigurationLayout,
    ConfigurationParameter,
    Manufacturer,
    Part,
    SizingRule,
    SourceDocument,
    StorageProfile,
)
from catalog.units import unit_problem

SCHEMA_PATH = Path(settings.FIXTURES_DIR) / "schema" / "catalog.schema.json"
# Recorded on every history row the loader writes, so the change log tells seed loads from admin edits.
CHANGE_REASON = "load_catalog"

# The source documents of fixtures/README.md. Their files land one by one: an item of another file that
# cites one whose file is not there yet is skipped with a note instead of failing the whole catalog.
KNOWN_DOCUMENTS = frozenset(
    {
        "dell-equallogic-oltp-2010",
        "dell-equallogic-dss-2012",
        "emc-xtremio-2014",
        "oracle-fs1-2016",
        "netapp-pam-2009",
    }
)


# --------------------------------------------------------------------------------------------- errors
@dataclass(frozen=True)
class FixtureProblem:
    file: str
    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}: {self.path}: {self.message}"


class FixtureError(Exception):
    """The fixtures are invalid; nothing was written. `problems` lists every one found."""

    def __init__(self, problems: Sequence[FixtureProblem]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


# ------------------------------------------------------------------------------------------ reading
# The C parser when libyaml is there (several times faster; same safe constructors).
_SafeLoaderBase: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _DecimalSafeLoader(_SafeLoaderBase):
    """SafeLoader that reads floats as Decimal (exact, as written) and refuses duplicate mapping keys."""


def _construct_decimal(loader: Any, node: yaml.ScalarNode) -> Decimal:
    text = str(loader.construct_scalar(node)).replace("_", "")
    try:
        value = Decimal(text)
    except InvalidOperation as exc:
        raise yaml.constructor.ConstructorError(
            None, None, f"not a decimal number: {text!r}", node.start_mark
        ) from exc
    if not value.is_finite():
        raise yaml.constructor.ConstructorError(None, None, f"not a finite number: {text!r}", node.start_mark)
    return value


def _construct_mapping(loader: Any, node: yaml.MappingNode) -> dict[Any, Any]:
    loader.flatten_mapping(node)
    result: dict[Any, Any] = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if key in result:
            raise yaml.constructor.ConstructorError(
                "while reading a mapping", node.start_mark, f"duplicate key {key!r}", key_node.start_mark
            )
        result[key] = loader.construct_object(value_node, deep=True)
    return result


_DecimalSafeLoader.add_constructor("tag:yaml.org,2002:float", _construct_decimal)
_DecimalSafeLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


def read_yaml(path: Path) -> Any:
    """Parse one fixture file; raises FixtureError naming the file and line on a syntax problem."""
    try:
        with path.open(encoding="utf-8") as handle:
            return yaml.load(handle, Loader=_DecimalSafeLoader)  # noqa: S506 - a SafeLoader subclass
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}" if mark is not None else "$"
        raise FixtureError([FixtureProblem(path.name, where, f"YAML: {exc}")]) from exc


@cache
def catalog_schema() -> dict[str, Any]:
    with SCHEMA_PATH.open(encoding="utf-8") as handle:
        schema: dict[str, Any] = json.load(handle)
    return schema


def _json_path(parts: Iterable[str | int]) -> str:
    out = "$"
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


def schema_problems(file_name: str, data: Any) -> list[FixtureProblem]:
    """Every JSON Schema violation of one parsed file, as file + JSON path + message."""
    validator = jsonschema.Draft202012Validator(catalog_schema())
    problems = []
    for error in sorted(validator.iter_errors(data), key=lambda e: [str(p) for p in e.absolute_path]):
        problems.append(FixtureProblem(file_name, _json_path(error.absolute_path), error.message))
    return problems


def fixture_files(directory: Path) -> list[Path]:
    return sorted(p for p in directory.glob("*.yaml") if p.is_file())


# ---------------------------------------------------------------------------------- cross-reference
@dataclass
class _Located:
    """A fixture item with the file it came from, its JSON path and its resolved document slug."""

    file: str
    path: str
    document: str
    data: dict[str, Any]


@dataclass
class CatalogData:
    documents: dict[str, _Located] = field(default_factory=dict)
    manufacturers: dict[str, _Located] = field(default_factory=dict)
    parts: dict[tuple[str, str], _Located] = field(default_factory=dict)
    configurations: dict[str, _Located] = field(default_factory=dict)
    curves: dict[str, _Located] = field(default_factory=dict)
    rules: dict[str, _Located] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)


def parse_catalog(directory: Path) -> CatalogData:
    """Read and validate every fixtures/*.yaml in `directory`; raise FixtureError listing all problems."""
    parsed = _read_fixture_files(directory)
    parser = _CatalogParser()
    parser.collect_documents(parsed)
    for path, data in parsed:
        parser.collect_items(path.name, data)
    parser.check_part_manufacturers()
    for configuration in parser.catalog.configurations.values():
        parser.check_configuration(configuration)
    for curve in parser.catalog.curves.values():
        parser.check_curve(curve)
    for rule in parser.catalog.rules.values():
        parser.check_rule(rule)
    if parser.problems:
        raise FixtureError(parser.problems)
    return parser.catalog


def _read_fixture_files(directory: Path) -> list[tuple[Path, dict[str, Any]]]:
    """Every fixture file as YAML that passes the JSON schema; FixtureError with all problems if not."""
    problems: list[FixtureProblem] = []
    parsed: list[tuple[Path, dict[str, Any]]] = []
    for path in fixture_files(directory):
        try:
            data = read_yaml(path)
        except FixtureError as exc:
            problems.extend(exc.problems)
            continue
        if data is None:
            data = {}
        found = schema_problems(path.name, data)
        if found:
            problems.extend(found)
            continue
        parsed.append((path, data))
    if problems:
        raise FixtureError(problems)
    return parsed


class _CatalogParser:
    """Cross-references the schema-valid files: the catalog they make and every problem found, in the
    order the files (then the catalog's items) list them."""

    def __init__(self) -> None:
        self.catalog = CatalogData()
        self.problems: list[FixtureProblem] = []
        self.parts_by_number: dict[str, list[str]] = defaultdict(list)  # part number -> manufacturers

    def problem(self, file: str, where: str, message: str) -> None:
        self.problems.append(FixtureProblem(file, where, message))

    def collect_documents(self, parsed: list[tuple[Path, dict[str, Any]]]) -> None:
        for path, data in parsed:
            doc = data.get("document")
            if doc is None:
                continue
            if path.stem != doc["slug"]:
                self.problem(path.name, "$.document.slug", f"file must be named {doc['slug']}.yaml")
            if doc["slug"] in self.catalog.documents:
                other = self.catalog.documents[doc["slug"]]
                self.problem(path.name, "$.document.slug", f"also defined in {other.file}")
            self.catalog.documents[doc["slug"]] = _Located(path.name, "$.document", doc["slug"], doc)

    def resolve_document(
        self, file: str, where: str, default: str | None, source: Mapping[str, Any] | None
    ) -> str:
        slug = (source or {}).get("document") or default
        if slug is None:
            self.problem(file, where, "source.document is required in a file without a document")
            return ""
        if slug not in self.catalog.documents:
            self.problem(file, f"{where}.source.document", f"unknown document {slug!r}")
        return str(slug)

    def document_file_missing(
        self, file: str, where: str, default: str | None, source: Mapping[str, Any] | None
    ) -> bool:
        slug = (source or {}).get("document") or default
        if slug in KNOWN_DOCUMENTS and slug not in self.catalog.documents:
            self.catalog.notes.append(
                f"{file} {where}: skipped, its document {slug!r} has no file ({slug}.yaml) yet"
            )
            return True
        return False

    def collect_items(self, file: str, data: dict[str, Any]) -> None:
        """Manufacturers, parts, configurations, curves and rules of one file, duplicates reported."""
        default_doc = data["document"]["slug"] if "document" in data else None
        for i, item in enumerate(data.get("manufacturers", [])):
            where = f"$.manufacturers[{i}]"
            known = self.catalog.manufacturers.get(item["slug"])
            if known is not None and known.data["name"] != item["name"]:
                self.problem(file, f"{where}.name", f"{item['slug']!r} is named differently in {known.file}")
            self.catalog.manufacturers.setdefault(item["slug"], _Located(file, where, "", item))
        for i, item in enumerate(data.get("parts", [])):
            where = f"$.parts[{i}]"
            if self.document_file_missing(file, where, default_doc, item.get("source")):
                continue
            document = self.resolve_document(file, where, default_doc, item.get("source"))
            key = (item["manufacturer"], item["part_number"])
            if key in self.catalog.parts:
                other = self.catalog.parts[key]
                message = f"duplicate part {key[1]!r}: also {other.file} {other.path}"
                self.problem(file, f"{where}.part_number", message)
            self.catalog.parts[key] = _Located(file, where, document, item)
        for kind, duplicate in (("configurations", "duplicate slug"), ("curves", "duplicate slug"),
                                ("rules", "duplicate rule slug")):  # fmt: skip
            self._collect_slugged(file, data, kind, duplicate, default_doc)

    def _collect_slugged(
        self, file: str, data: dict[str, Any], kind: str, duplicate: str, default_doc: str | None
    ) -> None:
        target: dict[str, _Located] = getattr(self.catalog, kind)
        for i, item in enumerate(data.get(kind, [])):
            where = f"$.{kind}[{i}]"
            if self.document_file_missing(file, where, default_doc, item.get("source")):
                continue
            document = self.resolve_document(file, where, default_doc, item.get("source"))
            if item["slug"] in target:
                other = target[item["slug"]]
                self.problem(file, f"{where}.slug", f"{duplicate}: also {other.file} {other.path}")
            target[item["slug"]] = _Located(file, where, document, item)

    def check_part_manufacturers(self) -> None:
        for (manufacturer, number), part in self.catalog.parts.items():
            self.parts_by_number[number].append(manufacturer)
            if manufacturer not in self.catalog.manufacturers:
                self.problem(part.file, f"{part.path}.manufacturer", f"unknown manufacturer {manufacturer!r}")

    def check_configuration(self, configuration: _Located) -> None:
        file, where, item = configuration.file, configuration.path, configuration.data
        for i, component in enumerate(item.get("components", [])):
            self._check_component(configuration, f"{where}.components[{i}]", component)
        profile_names = [p["name"] for p in item.get("storage_profiles", [])]
        for i, profile in enumerate(item.get("storage_profiles", [])):
            pwhere = f"{where}.storage_profiles[{i}]"
            self.resolve_document(file, pwhere, configuration.document, profile.get("source"))
            if profile_names.count(profile["name"]) > 1:
                self.problem(file, f"{pwhere}.name", "duplicate storage profile name")
        for i, layout in enumerate(item.get("layouts", [])):
            lwhere = f"{where}.layouts[{i}]"
            self.resolve_document(file, lwhere, configuration.document, layout.get("source"))
            profile = layout.get("storage_profile")
            if profile_names and profile is not None and profile not in profile_names:
                self.problem(file, f"{lwhere}.storage_profile", f"no storage profile named {profile!r}")
        for i, parameter in enumerate(item.get("parameters", [])):
            self.resolve_document(
                file, f"{where}.parameters[{i}]", configuration.document, parameter.get("source")
            )
        self._check_units(file, f"{where}.attributes", item.get("attributes", {}))

    def _check_component(self, configuration: _Located, where: str, component: dict[str, Any]) -> None:
        file = configuration.file
        self.resolve_document(file, where, configuration.document, component.get("source"))
        makers = self.parts_by_number.get(component["part"], [])
        wanted = component.get("manufacturer")
        if wanted is not None:
            if wanted not in makers:
                self.problem(file, f"{where}.part", f"unknown part {component['part']!r} of {wanted!r}")
        elif not makers:
            self.problem(file, f"{where}.part", f"unknown part number {component['part']!r}")
        elif len(makers) > 1:
            message = f"part number {component['part']!r} is ambiguous: set manufacturer"
            self.problem(file, f"{where}.part", message)

    def check_curve(self, curve: _Located) -> None:
        file, where, item = curve.file, curve.path, curve.data
        if item["configuration"] not in self.catalog.configurations:
            message = f"unknown configuration {item['configuration']!r}"
            self.problem(file, f"{where}.configuration", message)
        for i, point in enumerate(item["points"]):
            pwhere = f"{where}.points[{i}]"
            self.resolve_document(file, pwhere, curve.document, point.get("source"))
            self._check_units(file, f"{pwhere}.values", point["values"])

    def check_rule(self, rule: _Located) -> None:
        self._check_units(rule.file, f"{rule.path}.parameters", rule.data.get("parameters", {}))

    def _check_units(self, file: str, where: str, quantities: Mapping[str, Mapping[str, Any]]) -> None:
        for name, quantity in quantities.items():
            message = unit_problem(name, quantity["unit"])
            if message:
                self.problem(file, f"{where}.{name}.unit", message)


# ------------------------------------------------------------------------------------------ loading
def _jsonable(value: Any) -> Any:
    """JSON fields keep exact numbers: a Decimal becomes its decimal string as written ("0.10")."""
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    return value


def _quantities(mapping: Mapping[str, Mapping[str, Any]]) -> dict[str, dict[str, str]]:
    """{name: {value, unit}} with the value always a decimal string, whatever YAML typed it as."""
    return {name: {"value": str(q["value"]), "unit": str(q["unit"])} for name, q in mapping.items()}


@dataclass
class LoadReport:
    created: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    updated: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    deleted: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    notes: list[str] = field(default_factory=list)
    files: list[str] = field(default_factory=list)


class _Loader:
    def __init__(self, catalog: CatalogData, report: LoadReport) -> None:
        self.catalog = catalog
        self.report = report
        self.documents: dict[str, SourceDocument] = {}
        self.manufacturers: dict[str, Manufacturer] = {}
        self.parts: dict[tuple[str, str], Part] = {}
        self.configurations: dict[str, Configuration] = {}

    # A generic upsert: compare field by field and write only what changed (keeps history honest).
    def upsert(self, model: type[models.Model], existing: models.Model | None, values: dict[str, Any]) -> Any:
        label = model._meta.label
        if existing is None:
            obj = model(**values)
            obj._change_reason = CHANGE_REASON  # type: ignore[attr-defined]
            obj.save()
            self.report.created[label] += 1
            return obj
        changed = [name for name, value in values.items() if getattr(existing, name) != value]
        if changed:
            for name in changed:
                setattr(existing, name, values[name])
            existing._change_reason = CHANGE_REASON  # type: ignore[attr-defined]
            existing.save()
            self.report.updated[label] += 1
        return existing

    def sync_children(
        self,
        model: type[models.Model],
        parent_field: str,
        parents: Iterable[tuple[models.Model, list[dict[str, Any]]]],
        key_field: str = "position",
    ) -> dict[tuple[int, Any], Any]:
        """Make each parent's children equal the desired rows, keyed by (parent, key_field)."""
        label = model._meta.label
        desired = list(parents)
        parent_ids = [p.pk for p, _ in desired]
        existing = {
            (getattr(o, f"{parent_field}_id"), getattr(o, key_field)): o
            for o in model._default_manager.filter(**{f"{parent_field}_id__in": parent_ids})
        }
        desired_keys = {(parent.pk, row[key_field]) for parent, rows in desired for row in rows}
        # Stale rows go first so that their unique keys are free for the updates and inserts.
        stale = [o.pk for key, o in existing.items() if key not in desired_keys]
        if stale:
            model._default_manager.filter(pk__in=stale).delete()
            self.report.deleted[label] += len(stale)
        wanted: dict[tuple[int, Any], Any] = {}
        to_create = []
        for parent, rows in desired:
            for row in rows:
                key = (parent.pk, row[key_field])
                obj = existing.get(key)
                if obj is None:
                    obj = model(**{parent_field: parent}, **row)
                    to_create.append(obj)
                else:
                    changed = [name for name, value in row.items() if getattr(obj, name) != value]
                    if changed:
                        for name in changed:
                            setattr(obj, name, row[name])
                        obj._change_reason = CHANGE_REASON  # type: ignore[attr-defined]
                        obj.save(update_fields=changed)
                        self.report.updated[label] += 1
                wanted[key] = obj
        if to_create:
            # One INSERT for the rows and one for their history rows (a "created" entry per row, as
            # save() would write), instead of two INSERTs per row.
            bulk_create_with_history(to_create, model, default_change_reason=CHANGE_REASON)
            self.report.created[label] += len(to_create)
        return wanted

    def source(self, item: Mapping[str, Any], default: str) -> tuple[SourceDocument, str]:
        source = item.get("source") or {}
        return self.documents[source.get("document") or default], str(source.get("locator", ""))

    # --- stages, parents before children --------------------------------------------------------
    def load_documents(self) -> None:
        existing = {d.slug: d for d in SourceDocument.objects.all()}
        for slug, located in self.catalog.documents.items():
            doc = located.data
            values = {
                "slug": slug,
                "title": doc["title"],
                "publisher": doc["publisher"],
                "year": doc["year"],
                "seed_file": doc.get("seed_file", ""),
                "from_fixtures": True,
            }
            self.documents[slug] = self.upsert(SourceDocument, existing.get(slug), values)

    def load_manufacturers(self) -> None:
        existing = {m.slug: m for m in Manufacturer.objects.all()}
        for slug, located in self.catalog.manufacturers.items():
            values = {"slug": slug, "name": located.data["name"], "from_fixtures": True}
            self.manufacturers[slug] = self.upsert(Manufacturer, existing.get(slug), values)

    def load_parts(self) -> None:
        existing = {
            (p.manufacturer.slug, p.part_number): p for p in Part.objects.select_related("manufacturer")
        }
        for key, located in self.catalog.parts.items():
            item, specs = located.data, located.data.get("specs", {})
            document, locator = self.source(item, located.document)
            values: dict[str, Any] = {
                "manufacturer_id": self.manufacturers[key[0]].pk,
                "part_number": key[1],
                "part_number_is_model": item.get("part_number_is_model", False),
                "kind": item["kind"],
                "model": item.get("model", ""),
                "description": item.get("description", ""),
                "source_document_id": document.pk,
                "source_locator": locator,
                "from_fixtures": True,
            }
            for name in (
                "cores",
                "sockets",
                "clock_ghz",
                "memory_gb",
                "drive_count",
                "drive_capacity_gb",
                "hot_spares",
                "host_ports",
                "host_port_speed_gbps",
                "rack_units",
                "cache_gb",
            ):
                values[name] = specs.get(name)
            for name in ("drive_technology", "host_port_protocol"):
                values[name] = specs.get(name, "")
            values["raid_levels"] = list(specs.get("raid_levels", []))
            self.parts[key] = self.upsert(Part, existing.get(key), values)

    def _part_for(self, component: Mapping[str, Any]) -> Part:
        number = component["part"]
        maker = component.get("manufacturer")
        if maker is None:
            maker = next(m for (m, n) in self.parts if n == number)
        return self.parts[(maker, number)]

    def load_configurations(self) -> None:
        existing = {c.slug: c for c in Configuration.objects.all()}
        children: dict[str, list[tuple[models.Model, list[dict[str, Any]]]]] = defaultdict(list)
        for slug, located in self.catalog.configurations.items():
            item = located.data
            document, locator = self.source(item, located.document)
            values = {
                "slug": slug,
                "name": item["name"],
                "platform": item["platform"],
                "role": item["role"],
                "description": item.get("description", ""),
                "attributes": _quantities(item.get("attributes", {})),
                "source_document_id": document.pk,
                "source_locator": locator,
                "from_fixtures": True,
            }
            configuration = self.upsert(Configuration, existing.get(slug), values)
            self.configurations[slug] = configuration

            def cited(row: Mapping[str, Any], doc: str = located.document) -> dict[str, Any]:
                source_document, source_locator = self.source(row, doc)
                return {"source_document_id": source_document.pk, "source_locator": source_locator}

            children["components"].append(
                (
                    configuration,
                    [
                        {
                            "position": i,
                            "part_id": self._part_for(c).pk,
                            "quantity": c["quantity"],
                            "section": c["section"],
                            **cited(c),
                        }
                        for i, c in enumerate(item.get("components", []), start=1)
                    ],
                )
            )
            children["layouts"].append(
                (
                    configuration,
                    [
                        {
                            "position": i,
                            "name": lay["name"],
                            "kind": lay["kind"],
                            "luns": lay.get("luns"),
                            "lun_size_gb": lay.get("lun_size_gb"),
                            "storage_profile": lay.get("storage_profile", ""),
                            "redundancy": lay.get("redundancy", ""),
                            "controllers": _jsonable(lay.get("controllers", [])),
                            "purpose": lay.get("purpose", ""),
                            **cited(lay),
                        }
                        for i, lay in enumerate(item.get("layouts", []), start=1)
                    ],
                )
            )
            children["profiles"].append(
                (
                    configuration,
                    [
                        {
                            "position": i,
                            "name": p["name"],
                            "raid": p.get("raid", ""),
                            "read_ahead": p.get("read_ahead", ""),
                            "qos_priority": p.get("qos_priority", ""),
                            "stripe_width": p.get("stripe_width", ""),
                            **cited(p),
                        }
                        for i, p in enumerate(item.get("storage_profiles", []), start=1)
                    ],
                )
            )
            children["parameters"].append(
                (
                    configuration,
                    [
                        {
                            "position": i,
                            "name": p["name"],
                            "value": _scalar_text(p["value"]),
                            "scope": p.get("scope", ""),
                            **cited(p),
                        }
                        for i, p in enumerate(item.get("parameters", []), start=1)
                    ],
                )
            )
        self.sync_children(ConfigurationComponent, "configuration", children["components"])
        self.sync_children(ConfigurationLayout, "configuration", children["layouts"])
        # Profiles are unique by name too: drop renamed ones first so positions can be reused.
        self.sync_children(StorageProfile, "configuration", children["profiles"], key_field="name")
        self.sync_children(ConfigurationParameter, "configuration", children["parameters"])

    def load_curves(self) -> None:
        existing = {c.slug: c for c in BenchmarkCurve.objects.all()}
        point_rows: list[tuple[BenchmarkCurve, list[dict[str, Any]]]] = []
        value_rows: dict[tuple[str, int], list[dict[str, Any]]] = {}
        for slug, located in self.catalog.curves.items():
            item, workload = located.data, located.data["workload"]
            document, locator = self.source(item, located.document)
            values = {
                "slug": slug,
                "title": item["title"],
                "configuration_id": self.configurations[item["configuration"]].pk,
                "tool": workload["tool"],
                "io_pattern": workload.get("io_pattern", ""),
                "block_size_kb": workload.get("block_size_kb"),
                "read_pct": workload.get("read_pct"),
                "arrays": workload.get("arrays"),
                "array_mode": workload.get("array_mode", ""),
                "raid": workload.get("raid", ""),
                "rac_nodes": workload.get("rac_nodes"),
                "asm_volumes": workload.get("asm_volumes"),
                "memory": workload.get("memory", ""),
                "notes": workload.get("notes", ""),
                "source_document_id": document.pk,
                "source_locator": locator,
                "from_fixtures": True,
            }
            curve = self.upsert(BenchmarkCurve, existing.get(slug), values)
            rows = []
            for i, point in enumerate(item["points"], start=1):
                point_document, point_locator = self.source(point, located.document)
                rows.append(
                    {
                        "position": i,
                        "conditions": _jsonable(point.get("conditions", {})),
                        "source_document_id": point_document.pk,
                        "source_locator": point_locator,
                    }
                )
                value_rows[(slug, i)] = [
                    {"quantity": name, "value": v["value"], "unit": v["unit"]}
                    for name, v in point["values"].items()
                ]
            point_rows.append((curve, rows))
        points = self.sync_children(MeasuredPoint, "curve", point_rows)
        curves_by_pk = {curve.pk: curve.slug for curve, _ in point_rows}
        self.sync_children(
            PointValue,
            "point",
            [
                (point, value_rows[(curves_by_pk[curve_pk], position)])
                for (curve_pk, position), point in points.items()
            ],
            key_field="quantity",
        )

    def load_rules(self) -> None:
        by_slug: dict[str, list[SizingRule]] = defaultdict(list)
        for rule in SizingRule.objects.all():
            by_slug[rule.slug].append(rule)
        for slug, located in self.catalog.rules.items():
            item = located.data
            document, locator = self.source(item, located.document)
            content = {
                "kind": item["kind"],
                "title": item["title"],
                "applies_to": list(item.get("applies_to", [])),
                "parameters": _quantities(item.get("parameters", {})),
                "condition": _jsonable(item.get("check")),
                "severity": item.get("severity", ""),
                "source_document_id": document.pk,
                "source_locator": locator,
            }
            versions = sorted(by_slug.get(slug, []), key=lambda r: r.version)
            current = next((r for r in versions if r.is_current), versions[-1] if versions else None)
            if current is not None and all(getattr(current, k) == v for k, v in content.items()):
                if not current.is_current or not current.from_fixtures:
                    current.is_current = True
                    current.from_fixtures = True
                    current.save()
                    self.report.updated["catalog.SizingRule"] += 1
                continue
            version = max([item["version"]] + [r.version + 1 for r in versions])
            for old in versions:
                if old.is_current:
                    old.is_current = False
                    old.save()
            rule = SizingRule(slug=slug, version=version, is_current=True, from_fixtures=True, **content)
            rule._change_reason = CHANGE_REASON  # type: ignore[attr-defined]
            rule.save()
            self.report.created["catalog.SizingRule"] += 1
            if version != item["version"]:
                self.report.notes.append(
                    f"{located.file} {located.path}: rule {slug!r} changed, stored as version {version} "
                    f"(the file says {item['version']}; older versions are kept)"
                )

    # --- removals, children before parents -----------------------------------------------------
    def delete_removed(self) -> None:
        # A rule removed from the files stops being current but its versions stay: designs pin rules
        # by slug + version. Only when its whole document leaves the catalog do they go with it.
        removed_rules = SizingRule.objects.filter(from_fixtures=True).exclude(slug__in=self.catalog.rules)
        self._delete(removed_rules.exclude(source_document__slug__in=self.catalog.documents))
        for rule in removed_rules.filter(is_current=True):
            rule.is_current = False
            rule.save()
            self.report.updated["catalog.SizingRule"] += 1
        self._delete(BenchmarkCurve.objects.filter(from_fixtures=True).exclude(slug__in=self.catalog.curves))
        self._delete(
            Configuration.objects.filter(from_fixtures=True).exclude(slug__in=self.catalog.configurations)
        )
        kept_parts = [p.pk for p in self.parts.values()]
        self._delete(Part.objects.filter(from_fixtures=True).exclude(pk__in=kept_parts))
        self._delete(
            Manufacturer.objects.filter(from_fixtures=True).exclude(slug__in=self.catalog.manufacturers)
        )
        self._delete(
            SourceDocument.objects.filter(from_fixtures=True).exclude(slug__in=self.catalog.documents)
        )

    def _delete(self, queryset: models.QuerySet[Any]) -> None:
        label = queryset.model._meta.label
        for obj in queryset:
            try:
                # One by one so that history records the deletion and PROTECT names the row.
                obj._change_reason = CHANGE_REASON
                obj.delete()
            except ProtectedError as exc:
                raise FixtureError(
                    [
                        FixtureProblem(
                            "(database)", f"{label} {obj}", f"removed from fixtures but still used: {exc}"
                        )
                    ]
                ) from exc
            self.report.deleted[label] += 1


def _scalar_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


# Tests load the same files many times per run; a parse is reused while no file changed (the key holds
# every file's name, size and modification time). The loader only reads a CatalogData.
_PARSED: dict[tuple[Any, ...], CatalogData] = {}


def _parse_catalog_cached(directory: Path) -> CatalogData:
    files = [*fixture_files(directory), SCHEMA_PATH]
    key = (str(directory.resolve()), *((str(p), p.stat().st_mtime_ns, p.stat().st_size) for p in files))
    if key not in _PARSED:
        if len(_PARSED) > 32:
            _PARSED.clear()
        _PARSED[key] = parse_catalog(directory)
    return _PARSED[key]


# Any constant shared by all loaders; several web containers run load_catalog at start-up together.
_LOAD_LOCK_KEY = 0x0DB512E


def _serialise_loaders() -> None:
    """One load at a time: on PostgreSQL a transaction-scoped advisory lock, taken before anything is
    read, so the second loader sees the first one's committed rows instead of inserting them again.
    (SQLite allows a single writer anyway.)"""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [_LOAD_LOCK_KEY])


def load_catalog(directory: Path | None = None) -> LoadReport:
    """Validate fixtures in `directory` (default settings.FIXTURES_DIR) and load them in one transaction.

    Raises FixtureError (nothing written) when a file is invalid or a removed row is still in use.
    """
    directory = Path(directory or settings.FIXTURES_DIR)
    catalog = _parse_catalog_cached(directory)
    report = LoadReport(files=[p.name for p in fixture_files(directory)], notes=list(catalog.notes))
    loader = _Loader(catalog, report)
    with transaction.atomic():
        _serialise_loaders()
        loader.load_documents()
        loader.load_manufacturers()
        loader.load_parts()
        loader.load_configurations()
        loader.load_curves()
        loader.load_rules()
        loader.delete_removed()
    return report
