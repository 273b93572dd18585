"""One design, asked two ways, gets one answer.

A model built for a design at m RAC nodes also gives the networks at other node counts (its
load-response curves, the searches for the smallest fix). Those must be the networks a design built at
that node count gets, or the projection promises what the design, once changed, does not sustain.
And more RAC nodes or more storage units never lower the load sustained within the SLA.

Found by these properties: NetApp with a read share other than the profile's split its I/Os after the
aggregate SGA had removed reads, so the writes turned into reads grew with the nodes' cache misses, and
a 2-node design sustained less than the 1-node design's own projection for 2 nodes (1,437 vs 1,561 TPS).
"""

from __future__ import annotations

import math
import random
from dataclasses import replace
from itertools import pairwise

import pytest

from sizing.evaluator import evaluate_design
from sizing.evidence import EvidenceBundle
from sizing.inputs import DesignInputs, OltpWorkload, Platform
from sizing.model import build_model
from sizing.rules import RuleSet
from sizing.tests.random_designs import KINDS, random_platform

Catalog = tuple[EvidenceBundle, RuleSet]
NODE_COUNTS = (1, 2, 3, 4)
NODE_OVERHEAD = 0.005


def _designs(n: int, seed: int) -> list[DesignInputs]:
    """Every family, with read shares other than the profiles' (a re-split) and NetApp on 1-4 nodes."""
    rng = random.Random(seed)
    out = []
    for k in range(n):
        kind = KINDS[k % len(KINDS)]
        platform = random_platform(rng, kind, 1)
        if kind == "netapp":
            platform = replace(platform, arrays=rng.choice([1, 2]))
        workload = OltpWorkload(
            users=rng.randint(100, 20_000),
            database_size_gb=rng.choice([100, 500, 2000]),
            read_pct=rng.choice([None, 60, 70, 80, 90, 100]),
            block_size_kb=rng.choice([8, 16]),
        )
        out.append(DesignInputs(workload, platform))
    return out


def _at(design: DesignInputs, *, rac_nodes: int | None = None, arrays: int | None = None) -> DesignInputs:
    p = design.platform
    changed = replace(p, rac_nodes=p.rac_nodes if rac_nodes is None else rac_nodes,
                      arrays=p.arrays if arrays is None else arrays)  # fmt: skip
    return DesignInputs(design.workload, changed)


@pytest.mark.parametrize("design", _designs(60, seed=29), ids=lambda d: d.platform.storage_model)
def test_a_node_count_has_one_network_whichever_build_asks(catalog: Catalog, design: DesignInputs) -> None:
    models = {m: build_model(_at(design, rac_nodes=m), *catalog) for m in NODE_COUNTS}
    for n in NODE_COUNTS:
        own = models[n].stations(n)
        for m in NODE_COUNTS:
            other = models[m].stations(n)
            assert [s.name for s in other] == [s.name for s in own]
            for a, b in zip(own, other, strict=True):
                for attr in ("demand_s", "servers", "background_s"):
                    assert math.isclose(getattr(a, attr), getattr(b, attr), rel_tol=1e-9, abs_tol=1e-15), (
                        f"{a.name}.{attr} at {n} nodes: {getattr(a, attr)} built there, "
                        f"{getattr(b, attr)} from the model built at {m}"
                    )


def _max_tps(design: DesignInputs, catalog: Catalog) -> float:
    value: float = evaluate_design(design, *catalog).to_dict()["summary"]["max_sustained_tps"]["value"]
    return value


@pytest.mark.parametrize("design", _designs(36, seed=31), ids=lambda d: d.platform.storage_model)
def test_more_nodes_or_storage_units_never_sustain_less(catalog: Catalog, design: DesignInputs) -> None:
    by_nodes = [_max_tps(_at(design, rac_nodes=n), catalog) for n in NODE_COUNTS]
    # (less than 0.5 % may go: on FS1-2 the global-cache share grows with the nodes, which a rack
    # already storage-bound pays for without gaining; the document: no gain past two nodes)
    for fewer, more in pairwise(by_nodes):
        assert more >= fewer * (1 - NODE_OVERHEAD), f"max sustained TPS at 1-4 RAC nodes: {by_nodes}"
    units = design.platform.arrays
    more = _max_tps(_at(design, arrays=units + 1), catalog)
    assert more >= _max_tps(design, catalog), f"{units + 1} storage units sustain less than {units}"


def test_the_netapp_design_that_found_it(catalog: Catalog) -> None:
    workload = OltpWorkload(users=3792, read_pct=100, block_size_kb=16)
    one = DesignInputs(workload, Platform("netapp", "FAS3140", rac_nodes=1, arrays=1, pam=True))
    two = _at(one, rac_nodes=2)
    assert _max_tps(two, catalog) >= _max_tps(one, catalog)
    # the same network to rounding: the fits behind it run on numpy, whose kernels round the last bit
    # differently on another CPU (CI saw a storage demand of 0.031171807009443154 against ...157)
    for a, b in zip(
        build_model(one, *catalog).stations(2), build_model(two, *catalog).stations(2), strict=True
    ):
        assert (a.name, a.servers, a.delay) == (b.name, b.servers, b.delay)
        for attr in ("demand_s", "background_s"):
            assert math.isclose(getattr(a, attr), getattr(b, attr), rel_tol=1e-12, abs_tol=1e-15), (
                a.name,
                attr,
            )
