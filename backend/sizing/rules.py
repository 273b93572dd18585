"""Sizing rules as plain data (versioned in the catalog), with the engine's cited defaults.

The catalog (fixtures/*.yaml -> SizingRule) is the source of truth. When a rule the engine needs is
absent (a bare test bundle, a catalog still being filled), the engine uses the built-in copy below,
which cites the same document, and says so in the output (`from_catalog: false`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from sizing.evidence import Source


@dataclass(frozen=True)
class Rule:
    slug: str
    version: int
    kind: str
    title: str
    parameters: Mapping[str, tuple[float, str]]  # name -> (value, unit)
    source: Source
    applies_to: tuple[str, ...] = ()
    check: Mapping[str, Any] | None = None
    severity: str = ""
    from_catalog: bool = True

    def param(self, name: str) -> float | None:
        p = self.parameters.get(name)
        return None if p is None else p[0]

    def ref(self) -> dict[str, Any]:
        return {
            "slug": self.slug,
            "version": self.version,
            "source": self.source.cite(),
            "from_catalog": self.from_catalog,
        }


def _builtin(
    slug: str, kind: str, title: str, params: dict[str, tuple[float, str]], doc: str, locator: str
) -> Rule:
    return Rule(slug, 0, kind, title, params, Source(doc, locator), from_catalog=False)


DELL = "dell-equallogic-oltp-2010"
FS1 = "oracle-fs1-2016"
DSS = "dell-equallogic-dss-2012"
XIO = "emc-xtremio-2014"
NETAPP = "netapp-pam-2009"

# name -> candidate parameter names looked up in the catalog's rules (first match wins)
BUILTIN: dict[str, Rule] = {
    r.slug: r
    for r in (
        _builtin(
            "dell-iops-per-user", "demand", "IOPS per OLTP user from the TPC-C peak",
            {"peak_iops": (3600, "IOPS"), "users_at_peak": (6900, "users"),
             "backup_overhead": (0.10, "fraction"), "growth_overhead": (0.20, "fraction")},
            DELL, "Section 4.2",
        ),
        _builtin(
            "dell-oltp-capacity", "capacity", "OLTP space per database element (x database size)",
            {"data": (1.0, "ratio"), "temp": (0.2, "ratio"), "system_undo": (0.05, "ratio"),
             "redo": (0.1, "ratio"), "archive": (1.0, "ratio"), "backup": (2.0, "ratio")},
            DELL, "Table 7",
        ),
        _builtin(
            "tpcc-response-threshold", "threshold", "Benchmark Factory TPC-C: maximum application response",
            {"response_time": (2, "s")}, DELL, "Section 3.2",
        ),
        _builtin(
            "swingbench-response-threshold", "threshold", "Swingbench transaction response benchmark",
            {"response_time": (20, "ms")}, FS1, "Table 1",
        ),
        _builtin(
            "cpu-utilisation-limit", "threshold", "Server CPU should stay below 70-80%",
            {"stress": (70, "%"), "limit": (80, "%")}, FS1, "Balance Charts",
        ),
        _builtin(
            "ssd-read-latency-stress", "threshold", "SSD db file sequential read: stress above 1.5 ms, serious above 2 ms",
            {"stress": (1.5, "ms"), "serious": (2, "ms")}, FS1, "Balance Charts",
        ),
        _builtin(
            "disk-latency-limit", "threshold", "Disk latency limit for OLTP",
            {"latency_limit": (20, "ms")}, DELL, "Section 2.2",
        ),
        _builtin(
            "asm-volumes-optimal", "best_practice", "More than five EqualLogic volumes for ASM adds little",
            {"max_useful_volumes": (5, "count")}, DELL, "Section 3.2.2",
        ),
        _builtin(
            "raid10-for-oltp", "best_practice", "Use RAID 10 for OLTP", {}, DELL, "Section 5.1.3",
        ),
        _builtin(
            "netapp-pam-gain", "scaling", "PAM raises OLTP throughput by 6% to 35%",
            {"min_gain": (6, "%"), "max_gain": (35, "%")}, NETAPP, "Section 1",
        ),
        _builtin(
            "xtremio-xdp-capacity", "capacity", "Two X-Bricks of 25 x 400 GB SSD with XDP give 14.94 TB usable",
            {"usable_capacity": (14.94, "TB"), "xbricks": (2, "count")}, XIO, "Storage configuration",
        ),
        _builtin(
            "xtremio-linear-scaling", "scaling", "XtremIO performance scales linearly per X-Brick",
            {}, XIO, "Section: Scalability",
        ),
    )
}  # fmt: skip


_SECONDS = {"s": 1.0, "ms": 1e-3, "min": 60.0, "h": 3600.0}
_SHARE = {"fraction": 1.0, "%": 0.01, "ratio": 1.0}
_CAPACITY = {"GB": 1.0, "TB": 1000.0}  # decimal, as the capacity breakdown counts


def convert(value: float, unit: str, to: str) -> float:
    for table in (_SECONDS, _SHARE, _CAPACITY):
        if unit in table and to in table:
            return value * table[unit] / table[to]
    raise ValueError(f"cannot convert {unit} to {to}")


@dataclass(frozen=True)
class RuleSet:
    rules: tuple[Rule, ...] = ()
    _by_slug: dict[str, Rule] = field(default_factory=dict, compare=False, repr=False, hash=False)
    # {slug: version}, asked several times per evaluation: built once (the rules never change)
    _versions: dict[str, int] = field(default_factory=dict, compare=False, repr=False, hash=False)
    # the same sorted by slug, and the key the per-bundle caches file this rule set's fits under
    _sorted: dict[str, int] = field(default_factory=dict, compare=False, repr=False, hash=False)
    _key: list[str] = field(default_factory=list, compare=False, repr=False, hash=False)
    _best: list[Rule] = field(default_factory=list, compare=False, repr=False, hash=False)
    # the best practices that apply to a family (its `applies_to` empty or naming it), per family asked
    _best_for: dict[Any, tuple[Rule, ...]] = field(
        default_factory=dict, compare=False, repr=False, hash=False
    )

    def __post_init__(self) -> None:
        for r in self.rules:
            self._by_slug[r.slug] = r
            self._versions[r.slug] = r.version
        self._sorted.update(sorted(self._versions.items()))
        self._key[:] = [f"{id(self)}:{sorted(self._versions.items())}"]
        self._best[:] = [r for r in self.rules if r.kind == "best_practice" and r.check]

    def get(self, slug: str) -> Rule:
        """The catalog's rule; else a catalog rule of the same kind carrying every parameter the
        built-in copy has (the catalog may name it differently); else the built-in copy (version 0)."""
        rule = self._by_slug.get(slug)
        if rule is not None:
            return rule
        builtin = BUILTIN[slug]
        if builtin.parameters:
            wanted = set(builtin.parameters)
            for r in self.rules:
                same_doc = r.source.document == builtin.source.document
                if same_doc and r.kind == builtin.kind and wanted <= set(r.parameters):
                    return r
        return builtin

    def param(self, slug: str, name: str, unit: str | None = None) -> tuple[float, Rule]:
        """A rule parameter; with `unit`, converted to it (s/ms/min/h, %/fraction)."""
        rule = self.get(slug)
        p = rule.parameters.get(name)
        if p is None:
            rule = BUILTIN[slug]
            p = rule.parameters.get(name)
            assert p is not None, f"{slug}.{name} has no built-in default"
        value, have = p
        if unit is not None and have != unit:
            value = convert(value, have, unit)
        return value, rule

    def best_practices(self) -> list[Rule]:
        return list(self._best)

    def best_practices_for(self, family: Any) -> tuple[Rule, ...]:
        """`best_practices()` less those whose `applies_to` leaves the family out (in the same order)."""
        found = self._best_for.get(family)
        if found is None:
            found = self._best_for[family] = tuple(
                r for r in self._best if not (r.applies_to and family not in r.applies_to)
            )
        return found

    def versions(self) -> dict[str, int]:
        return dict(self._versions)

    def sorted_versions(self) -> dict[str, int]:
        """{slug: version} sorted by slug (what an evaluation lists)."""
        return dict(self._sorted)

    def cache_key(self) -> str:
        """This rule set among others in a bundle's cache: its identity and every rule's version."""
        return self._key[0]
