"""Build an EvidenceBundle and a RuleSet from seed-catalog documents (the fixtures/*.yaml format,
fixtures/README.md) without a database: for the bench, the engine tests and offline use."""

from __future__ import annotations

import pathlib
from collections.abc import Iterable, Mapping
from decimal import Decimal
from typing import Any

from sizing.evidence import ConfigurationFacts, EvidenceBundle, MeasuredValue, Observation, Source
from sizing.platforms import storage_model_of
from sizing.rules import Rule, RuleSet

__all__ = ["bundle_from_documents", "load_fixture_dir", "storage_model_of"]


def _num(v: Any) -> float:
    return float(Decimal(str(v)))


def _values(raw: Mapping[str, Any]) -> dict[str, MeasuredValue]:
    return {k: MeasuredValue(k, _num(v["value"]), str(v["unit"])) for k, v in raw.items()}


def _source(raw: Mapping[str, Any] | None, default_doc: str) -> Source:
    raw = raw or {}
    return Source(str(raw.get("document") or default_doc), str(raw.get("locator") or ""))


def bundle_from_documents(docs: Iterable[Mapping[str, Any]]) -> tuple[EvidenceBundle, RuleSet]:
    docs = list(docs)
    configs: dict[str, ConfigurationFacts] = {}
    for doc in docs:
        slug = (doc.get("document") or {}).get("slug", "")
        for c in doc.get("configurations") or []:
            model = storage_model_of(c["slug"], c.get("name", ""), c.get("description", ""))
            configs[c["slug"]] = ConfigurationFacts(
                c["slug"],
                c.get("platform", ""),
                c.get("role", ""),
                c.get("name", ""),
                model,
                _values(c.get("attributes") or {}),
                _source(c.get("source"), slug),
            )
    observations: list[Observation] = []
    rules: list[Rule] = []
    for doc in docs:
        slug = (doc.get("document") or {}).get("slug", "")
        for curve in doc.get("curves") or []:
            conf = configs.get(curve["configuration"])
            workload = dict(curve.get("workload") or {})
            model = conf.storage_model if conf else None
            model = storage_model_of(curve["slug"], curve.get("title", "")) or model
            for i, pt in enumerate(curve.get("points") or []):
                conds = {**workload, **(pt.get("conditions") or {})}
                observations.append(
                    Observation(
                        curve["slug"],
                        curve["configuration"],
                        conf.platform if conf else "",
                        model,
                        conds,
                        _values(pt.get("values") or {}),
                        _source(pt.get("source"), slug),
                        i,
                    )
                )
        for r in doc.get("rules") or []:
            rules.append(
                Rule(
                    r["slug"],
                    int(r.get("version", 1)),
                    r.get("kind", ""),
                    r.get("title", ""),
                    {k: (_num(v["value"]), str(v["unit"])) for k, v in (r.get("parameters") or {}).items()},
                    _source(r.get("source"), slug),
                    tuple(r.get("applies_to") or ()),
                    r.get("check"),
                    r.get("severity", ""),
                )
            )
    # the highest version of each rule is current
    latest: dict[str, Rule] = {}
    for r in rules:
        if r.slug not in latest or r.version > latest[r.slug].version:
            latest[r.slug] = r
    return EvidenceBundle(tuple(observations), tuple(configs.values())), RuleSet(tuple(latest.values()))


def load_fixture_dir(path: str | pathlib.Path) -> tuple[EvidenceBundle, RuleSet]:
    import yaml

    files = sorted(pathlib.Path(path).glob("*.yaml"))
    docs = [yaml.safe_load(f.read_text(encoding="utf-8")) or {} for f in files]
    return bundle_from_documents(docs)
