"""Issue 36: the recommender's search and the evaluator share one verdict; the screen only rejects
what evaluate rejects; the walk's questions get their answers."""

from __future__ import annotations

import random
from dataclasses import replace
from decimal import Decimal

from sizing.errors import EvidenceError
from sizing.evaluation import OltpEvaluation
from sizing.evaluator import evaluate_design
from sizing.evidence import EvidenceBundle
from sizing.inputs import DesignInputs, DssWorkload, OltpWorkload, Platform
from sizing.recommend import CostFigure, Reference, configurations, recommend
from sizing.rules import RuleSet
from sizing.search import may_hold, screen
from sizing.sweep import sweep

Catalog = tuple[EvidenceBundle, RuleSet]

QUARTER = Reference(
    "oracle-fs1-quarter-rack", "Oracle FS1-2 quarter rack",
    Platform("oracle-fs1", "FS1-2", rac_nodes=2, arrays=2, drives_per_enclosure=13),
)  # fmt: skip
HALF = Reference(
    "oracle-fs1-half-rack", "Oracle FS1-2 half rack",
    Platform("oracle-fs1", "FS1-2", rac_nodes=4, arrays=3, drives_per_enclosure=19),
)  # fmt: skip


def _generated(n: int, seed: int) -> list[DesignInputs]:
    """Designs of every configuration of every family, both kinds, many sizes and loads."""
    rng = random.Random(seed)
    oltp = configurations("oltp")
    dss = configurations("dss")
    out = []
    for _ in range(n):
        nodes, units = rng.randint(1, 16), rng.randint(1, 16)
        if rng.random() < 0.8:
            config = rng.choice(oltp)
            load = (
                {"users": rng.choice((1, 5, 50, 500, 5000, 30000))}
                if rng.random() < 0.5
                else {"target_tps": rng.choice((10.0, 300.0, 3000.0, 30000.0, 90000.0))}
            )
            workload: OltpWorkload | DssWorkload = OltpWorkload(
                **load, database_size_gb=rng.choice((100.0, 2000.0, 50000.0)),
                max_cpu_pct=rng.choice((None, 60.0, 95.0)),
            )  # fmt: skip
        else:
            config = rng.choice(dss)
            workload = DssWorkload(
                target_throughput_mb_s=rng.choice((100.0, 1000.0, 5000.0)),
                database_size_gb=rng.choice((500.0, 20000.0)),
            )
        out.append(DesignInputs(workload, config.platform(nodes, units)))
    return out


def test_the_screen_rejects_only_what_evaluate_rejects(catalog: Catalog) -> None:
    """Over 5,000 generated designs of every family and both kinds: each the screen rejects, evaluate
    says does not hold (the search never loses a design that holds); its verdict and reasons are the
    evaluation's own (the search decides with evaluate_design), and the sweep's capacity is evaluate's.
    The same holds for may_hold, the bound the smallest fix screens one size with."""
    designs = _generated(5000, seed=36)
    passes = screen(designs, *catalog)
    rejected = held = 0
    oltp = [d for d in designs if isinstance(d.workload, OltpWorkload)]
    swept = sweep(oltp, *catalog)
    index = {id(d): k for k, d in enumerate(oltp)}
    for design, ok in zip(designs, passes, strict=True):
        try:
            ev = evaluate_design(design, *catalog, advise=False)
        except EvidenceError:
            continue
        held += ev.verdict != "does-not-hold"
        if not ok:
            rejected += 1
            assert ev.verdict == "does-not-hold", design
        if not may_hold(design, *catalog):  # the smallest fix's one-design screen: the same promise
            assert ev.verdict == "does-not-hold", design
        if isinstance(ev, OltpEvaluation):
            k = index[id(design)]
            assert swept.usable_gb[k] == ev.capacity.usable.value, design
            assert bool(swept.capacity_fits[k]) == ev.capacity.fits, design
    assert rejected >= 1000 and held >= 500, (rejected, held)


def test_xtremio_capacity_uses_the_stated_usable_figure(catalog: Catalog) -> None:
    design = DesignInputs(OltpWorkload(users=10), Platform("xtremio", "X-Brick", rac_nodes=2, arrays=2))
    swept = sweep([design], *catalog)
    ev = evaluate_design(design, *catalog)
    assert swept.usable_gb[0] == ev.capacity.usable.value
    assert swept.usable_gb[0] < 2 * 8000  # about 7,470 GB an X-Brick, not the ~9,200 of raw x RAID


def test_recommended_candidates_are_what_evaluate_says(catalog: Catalog) -> None:
    rec = recommend(OltpWorkload(target_tps=30000, sla_response_ms=20), *catalog, references=(QUARTER, HALF))
    assert rec.holds and rec.candidates
    for c in rec.candidates:
        ev = evaluate_design(
            DesignInputs(OltpWorkload(target_tps=30000, sla_response_ms=20), c.platform), *catalog
        )
        assert ev.verdict == c.verdict
        assert [w.message for w in ev.warnings if w.severity == "critical"] == c.reasons
        assert isinstance(ev, OltpEvaluation) and ev.summary.max_sustained_tps == c.sustained


def test_30000_tps_quarter_rack_rejected_half_rack_recommended_and_n_plus_1_adds_a_node(
    catalog: Catalog,
) -> None:
    workload = OltpWorkload(target_tps=30000, sla_response_ms=20)
    rec = recommend(workload, *catalog, references=(QUARTER, HALF), families=["oracle-fs1"])
    quarter = next(r for r in rec.references if r.reference == QUARTER.slug)
    assert quarter.verdict == "does-not-hold"
    sla = next(m for m in quarter.misses if m.target == "sla")
    assert sla.value.value == 30000 and round(sla.limit.value) == 25800
    half = [c for c in rec.candidates if c.reference == HALF.slug and c.platform.raid_level == "mirrored"]
    assert half, [c.label for c in rec.candidates]
    nodes = {c.units: c.rac_nodes for c in half}
    n1 = recommend(
        workload, *catalog, references=(QUARTER, HALF), families=["oracle-fs1"], resilience="n+1-node"
    )
    half_n1 = [c for c in n1.candidates if c.reference == HALF.slug and c.platform.raid_level == "mirrored"]
    assert half_n1
    for c in half_n1:
        assert c.degraded is not None and c.degraded.rac_nodes == c.rac_nodes - 1
        assert c.degraded.verdict != "does-not-hold"
        if c.units in nodes:
            assert c.rac_nodes == nodes[c.units] + 1


def test_cost_ranks_and_unpriced_ranks_after(catalog: Catalog) -> None:
    """The order follows the cost function; a candidate with an unpriced line has cost unknown, ranks
    after every priced one and names the line."""

    def cost(platform: Platform) -> CostFigure:
        if platform.storage_model == "PS6010S":
            return CostFigure(None, "USD", ("PS6010S-part",))
        return CostFigure(Decimal(1000 * platform.rac_nodes + 100 * platform.arrays), "USD")

    rec = recommend(OltpWorkload(users=6000), *catalog, families=["equallogic"], cost=cost, limit=50)
    priced = [c for c in rec.candidates if c.cost.amount is not None]
    unknown = [c for c in rec.candidates if c.cost.amount is None]
    assert priced and unknown
    assert rec.candidates.index(unknown[0]) > rec.candidates.index(priced[-1])
    assert unknown[0].cost.unpriced_lines == ["PS6010S-part"]
    amounts = [Decimal(c.cost.amount) for c in priced if c.verdict == "holds"]  # type: ignore[arg-type]
    assert amounts == sorted(amounts)


def test_a_workload_no_family_carries_says_so_with_the_closest(catalog: Catalog) -> None:
    rec = recommend(OltpWorkload(target_tps=1_000_000, sla_response_ms=20), *catalog)
    assert not rec.holds and not rec.candidates
    assert rec.closest and rec.closest[0].misses
    assert "closest" in rec.message and rec.closest[0].label in rec.message


def test_growth_shows_the_month_a_candidate_runs_out(catalog: Catalog) -> None:
    base = OltpWorkload(target_tps=30000, sla_response_ms=20, user_growth_pct_per_year=20, horizon_years=3)
    rec = recommend(base, *catalog, families=["oracle-fs1"], limit=50)
    until = [c for c in rec.candidates if c.verdict == "holds-until"]
    assert until and all(c.months_until_missed and 0 < c.months_until_missed <= 36 for c in until)
    assert any(c.verdict == "holds" for c in rec.candidates)  # sized through the horizon too
    c = until[0]
    assert c.months_until_missed is not None
    one_year = evaluate_design(DesignInputs(replace(base, horizon_years=1), c.platform), *catalog)
    assert one_year.verdict == ("holds" if c.months_until_missed > 12 else "holds-until")


def test_the_next_smaller_says_why_it_fails(catalog: Catalog) -> None:
    rec = recommend(OltpWorkload(users=6000), *catalog, families=["equallogic"], limit=50)
    xv2 = next(
        c
        for c in rec.candidates
        if c.platform.storage_model == "PS6010XV" and c.units == 2 and c.platform.raid_level == "raid10"
    )
    one = next(s for s in xv2.smaller if s.units == 1)
    assert one.verdict == "does-not-hold"
    assert any("IOPS" in r and "3,600" in r for r in one.reasons), one.reasons
    assert any(c.platform.storage_model == "PS6010S" and c.units == 1 for c in rec.candidates)


def test_several_databases_are_searched_together(catalog: Catalog) -> None:
    """Issue 40: the recommender carries the XtremIO document's OLTP and DW databases together. Every
    candidate's consolidated evaluation holds, one RAC node or one X-Brick fewer does not, and the
    smallest candidate is bigger than the OLTP database alone needs (its neighbour costs it room)."""
    from sizing.consolidation import consolidated_inputs_from_dict, evaluate_consolidated
    from sizing.recommend import recommend_together

    oltp = {"kind": "oltp", "target_tps": 60000, "read_pct": 75, "database_size_gb": 1000}
    dw = {"kind": "dss", "target_throughput_mb_s": 2000, "database_size_gb": 1000}
    platform = {"family": "xtremio", "storage_model": "X-Brick", "rac_nodes": 4, "arrays": 2}
    inputs = consolidated_inputs_from_dict(
        {
            "platform": platform,
            "databases": [{"name": "OLTP", "workload": oltp}, {"name": "DW", "workload": dw}],
        }
    )
    together = recommend_together(inputs, *catalog, families=["xtremio"])
    assert together.kind == "consolidated" and together.holds and together.databases == ["OLTP", "DW"]
    for c in together.candidates:
        ev = evaluate_consolidated(replace(inputs, platform=c.platform), *catalog)
        assert ev.verdict == c.verdict != "does-not-hold"
        assert [d.name for d in c.databases] == ["OLTP", "DW"]
        assert all(s.verdict == "does-not-hold" for s in c.smaller) and c.smaller
    alone = recommend(
        OltpWorkload(target_tps=60000, read_pct=75, database_size_gb=1000), *catalog, families=["xtremio"]
    )
    size = lambda r: min(c.rac_nodes + c.units for c in r.candidates)  # noqa: E731
    assert size(together) > size(alone)
    # one running database is the recommender itself
    one = consolidated_inputs_from_dict(
        {
            "platform": platform,
            "databases": [{"name": "OLTP", "workload": oltp}, {"name": "DW", "workload": dw, "paused": True}],
        }
    )
    assert recommend_together(one, *catalog, families=["xtremio"]) == alone
