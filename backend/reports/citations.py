"""What a proposal cites: the rules the evaluation applied and the pinned ones that concern its
platform family, the warnings and best-practice checks with their rules, and every document and
locator the numbers come from. No wording of the document itself (that is reports.mapping)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import fields, is_dataclass

from pydantic import BaseModel

from reports.model import Bom, CatalogRule, Check, RuleRef, SourceRef, WarningItem
from sizing import Assumption, DesignEvaluation
from sizing import RuleRef as CitedRule


def rule_text(ref: CitedRule | None) -> str:
    return f"{ref.slug} v{ref.version}" if ref is not None else ""


def cites(values: Iterable[str]) -> str:
    """A list of "document, locator" citations, de-duplicated in order."""
    return "; ".join(dict.fromkeys(v for v in values if v))


def _cited_rules(node: object) -> Iterator[CitedRule]:
    """Every rule reference anywhere in the evaluation (capacity, IOPS rule, zones, warnings)."""
    if isinstance(node, CitedRule):
        yield node
    elif isinstance(node, BaseModel):
        for value in node.__dict__.values():
            yield from _cited_rules(value)
    elif is_dataclass(node):
        for f in fields(node):
            yield from _cited_rules(getattr(node, f.name))
    elif isinstance(node, list | tuple):
        for value in node:
            yield from _cited_rules(value)


_DOCUMENT_SLUG = re.compile(r"^([a-z0-9]+(?:-[a-z0-9]+)+)(?:, (.+))?$")


def split_cites(cite: str) -> list[tuple[str, str]]:
    """ "doc, locator; doc2, locator2; more of doc2" -> [(doc, locator), ...]. A part that does not
    start with a document slug continues the previous document's locator list."""
    out: list[tuple[str, str]] = []
    document = ""
    for part in (p.strip() for p in cite.split(";")):
        match = _DOCUMENT_SLUG.match(part)
        if match:
            document = match.group(1)
            out.append((document, (match.group(2) or "").strip()))
        elif document and part:
            out.append((document, part))
    return out


def storage_sources(ev: DesignEvaluation) -> str:
    return cites(ev.storage.sources)


def in_customer_words(message: str, rule: CitedRule | None) -> str:
    """A warning's message as the document prints it: the rule it cites by slug ("the catalog's
    cpu-utilisation-limit rule") is the catalog's rule there. Its document is the warning's source, and
    the technical annex pairs the warning with the rule's slug and version."""
    if rule is None:
        return message
    return message.replace(f"the catalog's {rule.slug} rule", "the catalog's rule")


def warnings_and_checks(ev: DesignEvaluation) -> tuple[tuple[WarningItem, ...], tuple[Check, ...]]:
    warnings, checks = [], []
    for w in ev.warnings:
        item = WarningItem(
            severity=w.severity,
            message=in_customer_words(w.message, w.rule),
            rule_slug=w.rule.slug if w.rule else "",
            rule_version=w.rule.version if w.rule else None,
            source=w.rule.source
            if w.rule
            else ("model" if w.code != "extrapolation" else "evidence coverage"),
        )
        warnings.append(item)
        if w.code == "best-practice":
            checks.append(Check(item.message, False, item.rule_slug, item.rule_version, item.source))
    return tuple(warnings), tuple(checks)


def best_practice_checklist(
    rules: Iterable[RuleRef], catalog: Sequence[CatalogRule], failed: Iterable[Check]
) -> tuple[Check, ...]:
    """The platform's pinned best-practice rules that raised no warning, as a checklist: met, or
    advice the engine cannot check from the design inputs (the document says so)."""
    kinds = {(r.slug, r.version): r.kind for r in catalog}
    warned = {(c.rule_slug, c.rule_version) for c in failed}
    return tuple(
        Check(r.title or r.slug, True, r.slug, r.version, r.source)
        for r in rules
        if kinds.get((r.slug, r.version)) == "best_practice" and (r.slug, r.version) not in warned
    )


def rules_cited_and_pinned(
    ev: DesignEvaluation, rule_versions: Mapping[str, int], catalog: Sequence[CatalogRule]
) -> tuple[RuleRef, ...]:
    """Rules the evaluation cites (applied) and the other pinned rules that concern the design's
    platform family; titles and sources from the rule catalog."""
    cited: dict[tuple[str, int], str] = {}
    for ref in _cited_rules(ev):
        cited.setdefault((ref.slug, ref.version), ref.source)
    pinned = {(slug, int(version)) for slug, version in rule_versions.items()}
    info = {(row.slug, row.version): row for row in catalog}
    family = ev.inputs.platform.family
    out = []
    for key in sorted(pinned | set(cited)):
        row = info.get(key)
        if key not in cited and row is not None and row.applies_to and family not in row.applies_to:
            continue  # another platform's rule: pinned, but irrelevant to this document
        source = cited.get(key) or (row.source if row else "")
        out.append(RuleRef(key[0], key[1], row.title if row else "", source, applied=key in cited))
    return tuple(out)


def sources_used(
    ev: DesignEvaluation, assumptions: Sequence[Assumption], rules: Iterable[RuleRef], bom: Bom
) -> tuple[SourceRef, ...]:
    used: dict[tuple[str, str], list[str]] = {}

    def add(cite: str, purpose: str) -> None:
        if not cite or cite in ("model", "model assumption"):
            return
        for document, locator in split_cites(cite):
            purposes = used.setdefault((document, locator), [])
            if purpose not in purposes:
                purposes.append(purpose)

    for s in ev.storage.sources:
        add(s, "storage performance")
    add(ev.capacity.hardware_source, "drive and RAID geometry")
    for a in assumptions:
        add(a.source, "model assumptions")
    for r in rules:
        # The rule in words; its slug and version are in the technical annex.
        add(r.source, f"rule: {r.title}" if r.title else f"rule {r.slug} v{r.version}")
    for line in bom.lines:
        add(line.source, "bill of materials")
    return tuple(SourceRef(doc, loc, ", ".join(purposes)) for (doc, loc), purposes in sorted(used.items()))


def citer(rules: Sequence[RuleRef], titles: Mapping[str, str]) -> Callable[[str], str]:
    """A citation as a customer reads it: a rule reference ("cpu-utilisation-limit v1") becomes the
    rule's document and locator, a document slug its title ("oracle-fs1-2016, Table 1" ->
    "Oracle FS1-2 ... reference architecture, Table 1"); repeated parts are printed once."""
    rule_sources = {f"{r.slug} v{r.version}": r.source for r in rules if r.source}
    rule_re = _alternation(rule_sources)
    doc_re = _alternation(titles)

    def cite(text: str) -> str:
        if not text:
            return text
        if rule_re is not None:
            text = rule_re.sub(lambda m: rule_sources[m.group(0)], text)
        if doc_re is not None:
            text = doc_re.sub(lambda m: titles[m.group(0)], text)
        return cites(part.strip() for part in text.split(";"))

    return cite


def _alternation(keys: Iterable[str]) -> re.Pattern[str] | None:
    ordered = sorted(keys, key=len, reverse=True)  # the longest first: no slug eats a longer one
    if not ordered:
        return None
    return re.compile(r"(?<![\w-])(?:" + "|".join(re.escape(k) for k in ordered) + r")(?![\w-])")
