"""Engine benchmark: one design evaluation and a 10,000-design sweep, each against a baseline
measured in the same run (a plain Python loop doing the demand arithmetic without the model).

Run: cd backend && ../.venv/bin/python bench/bench_engine.py
Goals (issue 4): one design <= 5 ms; 10,000 designs <= 2 s.
"""

from __future__ import annotations

import pathlib
import random
import statistics
import sys
import time
from collections.abc import Callable

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from sizing.api import evaluate_design
from sizing.errors import EvidenceError
from sizing.evidence import EvidenceBundle
from sizing.fixtures import load_fixture_dir
from sizing.inputs import DesignInputs, OltpWorkload, Platform
from sizing.rules import RuleSet
from sizing.sweep import sweep

FIXTURES = pathlib.Path(__file__).resolve().parents[2] / "fixtures"
SWEEP_SIZE = 10_000


def load() -> tuple[EvidenceBundle, RuleSet, str]:
    evidence, rules = load_fixture_dir(FIXTURES)
    try:
        evaluate_design(designs(1, random.Random(0))[0], evidence, rules)
        return evidence, rules, f"fixtures/*.yaml ({len(evidence.observations)} measured points)"
    except EvidenceError:
        # the seed catalog is still being written: fall back to the engine tests' cited inputs
        from sizing.fixtures import bundle_from_documents
        from sizing.tests.seed_evidence import DOCS

        evidence, rules = bundle_from_documents(DOCS)
        return evidence, rules, "engine test evidence (fixtures incomplete)"


def designs(n: int, rng: random.Random) -> list[DesignInputs]:
    out = []
    for _ in range(n):
        kind = rng.choice(["ps6010xv", "ps6010s", "fs1-quarter", "fs1-half", "xtremio"])
        users = rng.randint(100, 20_000)
        nodes = rng.randint(1, 4)
        if kind.startswith("fs1"):
            enc, drives = (2, 13) if kind == "fs1-quarter" else (3, 19)
            p = Platform("oracle-fs1", "FS1-2", rac_nodes=nodes, arrays=enc, drives_per_enclosure=drives)
        elif kind == "xtremio":
            p = Platform("xtremio", "X-Brick", rac_nodes=nodes, arrays=rng.randint(1, 4))
        else:
            model = "PS6010XV" if kind == "ps6010xv" else "PS6010S"
            p = Platform("equallogic", model, rac_nodes=nodes, cores_per_node=8, arrays=rng.randint(1, 3),
                         asm_volumes=rng.choice([2, 4, 5]))  # fmt: skip
        w = OltpWorkload(users=users, database_size_gb=rng.choice([100, 500, 2000]),
                         read_pct=rng.choice([70, 80, 100]), block_size_kb=rng.choice([8, 16]))  # fmt: skip
        out.append(DesignInputs(w, p))
    return out


def baseline(d: DesignInputs) -> tuple[float, float]:
    """The demand arithmetic a spreadsheet does: IOPS per user and Table 7 capacity, no model."""
    w = d.workload
    assert isinstance(w, OltpWorkload)
    iops = (w.users or 0) * (3600 / 6900) * 1.1 * 1.2
    capacity = w.database_size_gb * (1.0 + 0.2 + 0.05 + 0.1 + 1.0 + 2.0)
    return iops, capacity


def timed(fn: Callable[[], object], repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t0)
    return out


def main() -> None:
    evidence, rules, source = load()
    rng = random.Random(42)
    sample = designs(200, rng)
    print(f"evidence: {source}")
    # warm the per-bundle calibration cache (done once per process in the service too)
    evaluate_design(sample[0], evidence, rules).to_dict()

    it = iter(range(10**9))
    one = timed(lambda: evaluate_design(sample[next(it) % len(sample)], evidence, rules).to_dict(), 400)
    it2 = iter(range(10**9))
    base_one = timed(lambda: baseline(sample[next(it2) % len(sample)]), 400)
    m_one, m_base = statistics.median(one), statistics.median(base_one)
    print(f"one design: median {m_one * 1e3:.3f} ms (goal <= 5 ms); baseline {m_base * 1e6:.2f} us; "
          f"ratio model/baseline {m_one / m_base:,.0f}x")  # fmt: skip

    batch = designs(SWEEP_SIZE, random.Random(7))
    sweeps = timed(lambda: sweep(batch, evidence, rules), 5)
    base_sweeps = timed(lambda: [baseline(d) for d in batch], 5)
    m_sweep, m_base_sweep = statistics.median(sweeps), statistics.median(base_sweeps)
    print(f"sweep of {SWEEP_SIZE:,} designs: median {m_sweep:.3f} s (goal <= 2 s); baseline {m_base_sweep * 1e3:.2f} ms; "
          f"ratio model/baseline {m_sweep / m_base_sweep:,.1f}x")  # fmt: skip
    full = timed(lambda: [evaluate_design(d, evidence, rules).to_dict() for d in batch[:500]], 1)[0]
    print(
        f"for comparison: full evaluate_design for 500 designs {full:.3f} s "
        f"({full / 500 * SWEEP_SIZE:.1f} s extrapolated to {SWEEP_SIZE:,})"
    )


if __name__ == "__main__":
    main()
