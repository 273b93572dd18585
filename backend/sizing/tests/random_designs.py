"""Random OLTP designs of every family, shared by the engine tests that compare two ways of answering
(the vectorised pass against the scalar solver, a search against a plain scan); their platforms also
make the engine benchmark's design mix (backend/bench/bench_engine.py)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from sizing.inputs import DesignInputs, OltpWorkload, Platform

KINDS = ("ps6010xv", "ps6010s", "fs1-quarter", "fs1-half", "xtremio", "netapp")


def random_platform(
    rng: random.Random, kind: str, nodes: int, *, asm_volume_choices: Sequence[int] = ()
) -> Platform:
    """A platform of one of KINDS with `nodes` RAC nodes (NetApp: one) and a random number of storage
    units; EqualLogic with 8-core nodes and a random ASM volume count when `asm_volume_choices` is given
    (the engine benchmark's mix, backend/bench/bench_engine.py)."""
    if kind.startswith("fs1"):
        enc, drives = (2, 13) if kind == "fs1-quarter" else (3, 19)
        return Platform("oracle-fs1", "FS1-2", rac_nodes=nodes, arrays=enc, drives_per_enclosure=drives)
    if kind == "xtremio":
        return Platform("xtremio", "X-Brick", rac_nodes=nodes, arrays=rng.randint(1, 4))
    if kind == "netapp":
        return Platform("netapp", "FAS3140", rac_nodes=1, arrays=1, pam=rng.random() < 0.5)
    model = "PS6010XV" if kind == "ps6010xv" else "PS6010S"
    arrays = rng.randint(1, 3)
    if asm_volume_choices:
        return Platform("equallogic", model, rac_nodes=nodes, cores_per_node=8, arrays=arrays,
                        asm_volumes=rng.choice(asm_volume_choices))  # fmt: skip
    return Platform("equallogic", model, rac_nodes=nodes, arrays=arrays)


def random_oltp_designs(n: int, seed: int) -> list[DesignInputs]:
    """OLTP designs of every family, 1 to 6 RAC nodes, by users (1, a few, up to 30,000) or target TPS."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        kind = rng.choice(KINDS)
        p = random_platform(rng, kind, rng.randint(1, 6))
        if rng.random() < 0.2:
            w = OltpWorkload(target_tps=rng.uniform(10, 5000), database_size_gb=500)
        else:
            w = OltpWorkload(users=rng.choice([1, rng.randint(2, 400), rng.randint(400, 30_000)]),
                             database_size_gb=500)  # fmt: skip
        out.append(DesignInputs(w, p))
    return out
