"""What the families' calibrations share: `Constant` (a fitted value with its derivation and sources,
shown in every evaluation's assumptions), the benchmark tool names of the fixtures, the ORION look-up
and a few hardware facts of the measured systems. Each family fits its own constants in
`sizing/families/<family>_fit.py`; docs/model.md explains each.
"""

from __future__ import annotations

from dataclasses import dataclass

from sizing.evidence import Estimate, EvidenceBundle, Source, block_and_mix_iops
from sizing.notes import Assumption, assumption
from sizing.units import q

TPCC = "benchmark_factory_tpcc"
SWINGBENCH = "swingbench_orderentry"
SLOB = "slob"
ORION = "orion"

# Hardware facts of the measured test systems (not results): used to turn measured throughput into
# per-core demands.
DELL_ACTIVE_DRIVES = {"PS6010XV": 14, "PS6010S": 14, "PS6110XV": 22}  # Dell OLTP Section 2; DSS 2.3.1
XTREMIO_SSDS_PER_BRICK = 25


@dataclass(frozen=True)
class Constant:
    name: str
    value: float
    unit: str
    derivation: str
    sources: tuple[Source, ...]

    def assumption(self) -> Assumption:
        """The constant as an assumption of a model (its name, derivation, sources and value): built once
        per constant (a fit's constants are made once per evidence bundle and listed by every model)."""
        made: Assumption | None = self.__dict__.get("_assumption")
        if made is None:
            made = assumption(self.name, self.derivation, self.cite(), q(self.value, self.unit))
            object.__setattr__(self, "_assumption", made)
        return made

    def cite(self) -> str:
        # asked for on every evaluation (each constant is an assumption of the model): formatted once
        cited: str | None = self.__dict__.get("_cited")
        if cited is None:
            cited = "; ".join(sorted({s.cite() for s in self.sources}))
            object.__setattr__(self, "_cited", cited)
        return cited


def orion_estimate(bundle: EvidenceBundle, storage_model: str, block_kb: float, read_pct: float) -> Estimate:
    """One array's random IOPS at this block size and read mix, from its ORION runs: answered once per
    bundle (an Estimate is immutable; the models of a family ask it on every build)."""
    key = ("orion_estimate", storage_model, float(block_kb), float(read_pct))
    found: Estimate | None = bundle.cache.get(key)
    if found is None:
        pts = bundle.find("max_iops", storage_model=storage_model, tool=ORION)
        pts = [
            p
            for p in pts
            if p.cond("io_pattern", "random") == "random" and int(p.cond("arrays", 1) or 1) == 1
        ]
        found = bundle.cache[key] = block_and_mix_iops(pts, block_kb, read_pct)
    return found
