"""Adapter: catalog and benchmark rows -> the engine's plain dataclasses (EvidenceBundle, RuleSet)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from benchmarks.models import BenchmarkCurve
from catalog.models import Configuration, SizingRule
from sizing.evidence import ConfigurationFacts, EvidenceBundle, MeasuredValue, Observation, Source
from sizing.fixtures import storage_model_of
from sizing.rules import Rule, RuleSet

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
