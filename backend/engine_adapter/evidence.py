"""Adapter: catalog and benchmark rows -> the engine's plain dataclasses (EvidenceBundle, RuleSet); a
team's imported evidence (ImportedEvidence, built by imports.overlay) -> an overlay of the bundle."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from benchmarks.models import BenchmarkCurve
from catalog.models import Configuration, SizingRule
from sizing import PLATFORM_FAMILIES
from sizing.evidence import ConfigurationFacts, EvidenceBundle, MeasuredValue, Observation, Source
from sizing.fixtures import storage_model_of
from sizing.platforms import family_of_storage_model
from sizing.rules import Rule, RuleSet

__all__ = [
    "ImportedEvidence",
    "MeasuredValue",
    "Observation",
    "Source",
    "build_evidence",
    "build_rules",
    "engine_family",
    "overlay_bundle",
]

# curve columns that become point conditions (a point's own conditions override them)
_CURVE_FIELDS = ("tool", "io_pattern", "block_size_kb", "read_pct", "arrays", "array_mode", "raid", "rac_nodes",
                 "asm_volumes", "memory")  # fmt: skip


def _plain(v: Any) -> Any:
    if isinstance(v, Decimal):
        return float(v)
    return v


def _quantities(raw: dict[str, Any] | None) -> dict[str, MeasuredValue]:
    out = {}
    for name, v in (raw or {}).items():
        if isinstance(v, dict) and "value" in v:
            out[name] = MeasuredValue(name, float(Decimal(str(v["value"]))), str(v.get("unit", "")))
    return out


def _configuration_text(conf: Configuration) -> list[str]:
    texts = [conf.slug, conf.name, conf.description]
    texts += [
        c.part.model or c.part.part_number
        for c in conf.components.all()
        if c.part.kind in ("storage_array", "xbrick", "storage_controller", "drive_enclosure")
    ]
    return texts


def build_evidence() -> EvidenceBundle:
    configs: dict[int, ConfigurationFacts] = {}
    for row in Configuration.objects.select_related("source_document").prefetch_related("components__part"):
        configs[row.pk] = ConfigurationFacts(
            row.slug,
            row.platform,
            row.role,
            row.name,
            storage_model_of(*_configuration_text(row)),
            _quantities(row.attributes),
            Source(row.source_document.slug, row.source_locator),
        )
    observations = []
    curves = BenchmarkCurve.objects.select_related("configuration").prefetch_related(
        "points__values", "points__source_document"
    )
    for curve in curves:
        conf = configs.get(curve.configuration_id)
        base = {f: _plain(getattr(curve, f)) for f in _CURVE_FIELDS if getattr(curve, f) not in (None, "")}
        model = storage_model_of(curve.slug, curve.title) or (conf.storage_model if conf else None)
        for point in curve.points.all():
            conds = {**base, **{k: _plain(v) for k, v in (point.conditions or {}).items()}}
            values = {
                pv.quantity: MeasuredValue(pv.quantity, float(pv.value), pv.unit) for pv in point.values.all()
            }
            observations.append(
                Observation(
                    curve.slug,
                    conf.slug if conf else "",
                    conf.platform if conf else "",
                    model,
                    conds,
                    values,
                    Source(point.source_document.slug, point.source_locator),
                    point.position,
                )
            )
    return EvidenceBundle(tuple(observations), tuple(configs.values()))


def build_rules(rule_versions: dict[str, int] | None = None) -> RuleSet:
    """Current rules, or the pinned versions (a slug missing from the pin uses its current version)."""
    rows = SizingRule.objects.select_related("source_document")
    chosen: dict[str, SizingRule] = {}
    for r in rows:
        pinned = (rule_versions or {}).get(r.slug)
        if (pinned is not None and r.version == pinned) or (pinned is None and r.is_current):
            chosen[r.slug] = r
    rules = []
    for r in chosen.values():
        params = {
            k: (float(Decimal(str(v["value"]))), str(v.get("unit", "")))
            for k, v in (r.parameters or {}).items()
            if isinstance(v, dict) and "value" in v
        }
        rules.append(
            Rule(
                r.slug,
                r.version,
                r.kind,
                r.title,
                params,
                Source(r.source_document.slug, r.source_locator),
                tuple(r.applies_to or ()),
                r.condition,
                r.severity,
            )
        )
    return RuleSet(tuple(sorted(rules, key=lambda x: x.slug)))


# --- a team's imported evidence (issue 38 points 4 and 5) ------------------------------------------
# What the imports app (imports.overlay) hands the engine for a design that opts in: its ORION runs and
# Swingbench series as Observations, with what a reader needs to name them. The engine never sees an
# import row; this package never imports the imports app (it registers itself: services).
@dataclass(frozen=True)
class ImportedEvidence:
    """One evidence import as the engine reads it. `observations` go into the overlay bundle (the
    family fits select them by tool, platform family, storage model and conditions like the
    catalog's); `points` are every imported point, those included, for the validation listing."""

    id: int
    name: str
    kind: str  # imports.choices.EvidenceKind: orion | swingbench
    sha256: str
    system: str  # the existing system's name ("" when the import names none)
    family: str | None  # the engine's platform family the system is of (None: none the engine knows)
    storage_model: str | None  # the engine's storage model, else the system's own words (None: none)
    observations: tuple[Observation, ...]
    points: tuple[Observation, ...]
    notes: tuple[str, ...] = ()


def engine_family(family_text: str, storage_text: str) -> tuple[str | None, str | None]:
    """(family slug, storage model) of a system described in a team's own words: a family named by its
    slug or label, else the family of the storage model its words name; the storage model as the
    engine names it when it knows it, else the words as written (a model the catalog does not hold)."""
    family = (family_text or "").strip().lower()
    slug = next(
        (s for s, f in PLATFORM_FAMILIES.items() if family and family in (s.lower(), f.label.lower())), None
    )
    model = storage_model_of(storage_text or "") if storage_text else None
    if slug is None and model is not None:
        slug = family_of_storage_model(model) or None
    if model is None:
        model = (storage_text or "").strip() or None
    return slug, model


def overlay_bundle(base: EvidenceBundle, imports: Sequence[ImportedEvidence]) -> EvidenceBundle:
    """The catalog's bundle plus the imported observations. The imported ones come first: where a fit
    reads one measurement of a condition (the first it finds: EqualLogic's ORION point at a block size
    and read share), it reads the team's own measurement of its own system."""
    imported = tuple(o for evidence in imports for o in evidence.observations)
    return EvidenceBundle(imported + base.observations, base.configurations)
