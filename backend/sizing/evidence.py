"""Measured evidence as plain dataclasses, and capacity lookups over it.

The Django adapter (engine_adapter.evidence) or the YAML reader (sizing.fixtures) builds an
EvidenceBundle; the engine never sees a model row. Lookups answer "what does the evidence say this
storage sustains for this I/O profile" and say how far they had to reach: `measured` (a point),
`interpolated` (between points), `extrapolated` (beyond them, flagged in every output).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from sizing.errors import EvidenceError


@dataclass(frozen=True)
class Source:
    document: str
    locator: str

    def cite(self) -> str:
        return f"{self.document}, {self.locator}" if self.locator else self.document

    def to_dict(self) -> dict[str, str]:
        return {"document": self.document, "locator": self.locator}


@dataclass(frozen=True)
class MeasuredValue:
    quantity: str
    value: float
    unit: str


@dataclass(frozen=True)
class Observation:
    """One measured point with its curve's workload merged into `conditions`."""

    curve: str
    configuration: str
    platform: str
    storage_model: str | None
    conditions: Mapping[str, Any]
    values: Mapping[str, MeasuredValue]
    source: Source
    index: int = 0  # position within its curve

    def value(self, quantity: str) -> float | None:
        v = self.values.get(quantity)
        return None if v is None else v.value

    def cond(self, name: str, default: Any = None) -> Any:
        return self.conditions.get(name, default)

    @property
    def key(self) -> str:
        return f"{self.curve}#{self.index}"


@dataclass(frozen=True)
class ConfigurationFacts:
    slug: str
    platform: str
    role: str
    name: str
    storage_model: str | None
    attributes: Mapping[str, MeasuredValue]
    source: Source

    def value(self, name: str) -> float | None:
        v = self.attributes.get(name)
        return None if v is None else v.value


@dataclass(frozen=True)
class EvidenceBundle:
    observations: tuple[Observation, ...]
    configurations: tuple[ConfigurationFacts, ...] = ()
    # Derived data (calibrations) memoised per bundle; not part of equality.
    cache: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False, hash=False)

    def find(
        self,
        quantity: str,
        *,
        storage_model: str | None = None,
        platform: str | None = None,
        tool: str | Iterable[str] | None = None,
        **conditions: Any,
    ) -> list[Observation]:
        tools = {tool} if isinstance(tool, str) else set(tool) if tool is not None else None
        # The bundle never changes: each question is answered once per bundle, not per evaluation.
        try:
            key = ("find", quantity, storage_model, platform, frozenset(tools) if tools is not None else None,
                   tuple(sorted(conditions.items())))  # fmt: skip
            hash(key)
        except TypeError:  # an unhashable condition value: answer it without the memo
            return self._scan(quantity, storage_model, platform, tools, conditions)
        found = self.cache.get(key)
        if found is None:
            found = self.cache[key] = tuple(self._scan(quantity, storage_model, platform, tools, conditions))
        return list(found)

    def _scan(
        self,
        quantity: str,
        storage_model: str | None,
        platform: str | None,
        tools: set[str] | None,
        conditions: dict[str, Any],
    ) -> list[Observation]:
        out = []
        for obs in self.observations:
            if obs.value(quantity) is None:
                continue
            if storage_model is not None and obs.storage_model != storage_model:
                continue
            if platform is not None and obs.platform != platform:
                continue
            if tools is not None and obs.cond("tool") not in tools:
                continue
            if any(not _same(obs.cond(k), v) for k, v in conditions.items()):
                continue
            out.append(obs)
        return out

    def observed_sources(self) -> frozenset[Source]:
        """The sources of the bundle's observations (its measured cells), once per bundle: a citation
        among them names a cell, not a section of text."""
        found: frozenset[Source] | None = self.cache.get("observed_sources")
        if found is None:
            found = self.cache["observed_sources"] = frozenset(o.source for o in self.observations)
        return found

    def without(self, keys: Iterable[str]) -> EvidenceBundle:
        """The same bundle minus some points (for held-out validation)."""
        drop = set(keys)
        return EvidenceBundle(tuple(o for o in self.observations if o.key not in drop), self.configurations)

    def configuration(self, slug: str) -> ConfigurationFacts | None:
        return next((c for c in self.configurations if c.slug == slug), None)


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, int | float) and isinstance(b, int | float):
        return math.isclose(float(a), float(b), rel_tol=1e-9)
    return bool(a == b)


@dataclass(frozen=True)
class Estimate:
    """A capacity read from the evidence, with how it was obtained."""

    value: float
    unit: str
    basis: str  # measured | derived (the model's figure on a measured cell) | interpolated | extrapolated | stated-scaling | transferred
    sources: tuple[Source, ...]
    notes: tuple[str, ...] = ()

    @property
    def extrapolated(self) -> bool:
        return self.basis in ("extrapolated", "transferred")


def interpolate(xs: list[float], ys: list[float], x: float) -> tuple[float, str]:
    """Piecewise-linear interpolation; linear extrapolation from the two nearest points outside.

    Returns (value, basis). Callers floor the result: an extrapolated line may cross zero.
    """
    pairs = sorted(zip(xs, ys, strict=True))
    if not pairs:
        raise EvidenceError("no points to interpolate")
    for px, py in pairs:
        if math.isclose(px, x, rel_tol=1e-9, abs_tol=1e-12):
            return py, "measured"
    if len(pairs) == 1:
        return pairs[0][1], "extrapolated"
    if x < pairs[0][0]:
        (x0, y0), (x1, y1) = pairs[0], pairs[1]
        basis = "extrapolated"
    elif x > pairs[-1][0]:
        (x0, y0), (x1, y1) = pairs[-2], pairs[-1]
        basis = "extrapolated"
    else:
        i = next(i for i in range(1, len(pairs)) if pairs[i][0] >= x)
        (x0, y0), (x1, y1) = pairs[i - 1], pairs[i]
        basis = "interpolated"
    return y0 + (y1 - y0) * (x - x0) / (x1 - x0), basis


def _worst(*bases: str) -> str:
    order = ["measured", "interpolated", "stated-scaling", "transferred", "extrapolated"]
    return max(bases, key=order.index)


def block_and_mix_iops(
    points: list[Observation], block_size_kb: float, read_pct: float, quantity: str = "max_iops"
) -> Estimate:
    """IOPS at (block size, read %) from points measured at several block sizes (one read mix) and
    several read mixes (one block size): interpolation in log2(block size), then a read-mix factor
    taken at the block size where mixes were measured (the shape is assumed to carry over)."""
    if not points:
        raise EvidenceError("no measured IOPS points")
    mixes: dict[float, list[Observation]] = {}
    for p in points:
        mixes.setdefault(float(p.cond("read_pct", 70)), []).append(p)
    # The mix measured at the most block sizes carries the block-size shape.
    base_mix = max(mixes, key=lambda m: (len(mixes[m]), -abs(m - read_pct)))
    base = mixes[base_mix]
    xs = [math.log2(float(p.cond("block_size_kb"))) for p in base]
    ys = [float(p.value(quantity) or 0.0) for p in base]
    at_block, basis_b = interpolate(xs, ys, math.log2(block_size_kb))
    notes = []
    sources = {p.source for p in base}
    basis_m = "measured"
    if not math.isclose(read_pct, base_mix):
        # read-mix line at the block size where several mixes were measured
        ref_block = _most_common_block(points)
        at_ref = [p for p in points if _same(p.cond("block_size_kb"), ref_block)]
        mx = [float(p.cond("read_pct", 70)) for p in at_ref]
        my = [float(p.value(quantity) or 0.0) for p in at_ref]
        if len(at_ref) < 2:
            raise EvidenceError(f"no read-mix evidence besides {base_mix:g}% read")
        at_mix, basis_m = interpolate(mx, my, read_pct)
        base_at_ref, _ = interpolate(mx, my, base_mix)
        factor = max(at_mix, 0.25 * base_at_ref) / base_at_ref
        at_block *= factor
        sources |= {p.source for p in at_ref}
        notes.append(f"read-mix factor {factor:.3f} taken at {ref_block:g} KB")
        if basis_m != "measured" and not math.isclose(block_size_kb, ref_block):
            basis_m = _worst(basis_m, "interpolated")
    basis = _worst(basis_b, basis_m)
    # An extrapolated line may head towards zero; never below a quarter of the nearest measurement.
    floor = 0.25 * min(ys)
    value = max(at_block, floor)
    if basis == "extrapolated":
        notes.append(
            f"outside the measured range ({_span(base, 'block_size_kb')} KB, "
            f"{_span(points, 'read_pct')}% read)"
        )
    return Estimate(value, "IOPS", basis, tuple(sorted(sources, key=lambda s: s.locator)), tuple(notes))


def _most_common_block(points: list[Observation]) -> float:
    counts: dict[float, int] = {}
    for p in points:
        b = float(p.cond("block_size_kb"))
        counts[b] = counts.get(b, 0) + 1
    return max(counts, key=lambda b: (counts[b], -b))


def _span(points: list[Observation], name: str) -> str:
    vals = sorted({float(p.cond(name, 0)) for p in points})
    return f"{vals[0]:g}-{vals[-1]:g}" if vals else "?"
