"""Issue 15, findings 3, 7 and 10: a shortfall names the smallest change that fixes it (and that change
does fix it, by the engine's own evaluation), a design that holds with no margin or in a stress zone
says so, and best-practice warnings read as sentences."""

from __future__ import annotations

import itertools
import re
from dataclasses import replace
from typing import Any

import pytest

from sizing.api import evaluate_design
from sizing.evaluation import DesignEvaluation, OltpEvaluation
from sizing.evidence import EvidenceBundle
from sizing.inputs import DesignInputs, OltpWorkload, design_inputs_from_dict
from sizing.rules import RuleSet
from sizing.tests.golden.cases import SEED_DESIGNS
from sizing.tests.random_designs import random_oltp_designs

Catalog = tuple[EvidenceBundle, RuleSet]


def _evaluate(catalog: Catalog, data: dict[str, Any]) -> tuple[DesignInputs, DesignEvaluation]:
    inputs = design_inputs_from_dict(data)
    return inputs, evaluate_design(inputs, *catalog)


def _warning(ev: DesignEvaluation, code: str) -> str:
    found = [w.message for w in ev.warnings if w.code == code]
    assert found, f"no {code} warning in {[w.code for w in ev.warnings]}"
    return found[0]


def _codes(ev: DesignEvaluation) -> set[str]:
    return {w.code for w in ev.warnings}


def test_a_capacity_shortfall_names_the_arrays_that_hold_the_data(catalog: Catalog) -> None:
    data = {"workload": {"kind": "oltp", "users": 2000, "database_size_gb": 2500},
            "platform": {"family": "equallogic", "storage_model": "PS6010XV", "arrays": 1}}  # fmt: skip
    inputs, ev = _evaluate(catalog, data)
    message = _warning(ev, "capacity-short")
    found = re.search(r": (\d+) PS6010XV arrays give", message)
    assert found, message
    arrays = int(found.group(1))
    fixed = evaluate_design(replace(inputs, platform=replace(inputs.platform, arrays=arrays)), *catalog)
    assert fixed.capacity.fits and "capacity-short" not in _codes(fixed)
    fewer = evaluate_design(replace(inputs, platform=replace(inputs.platform, arrays=arrays - 1)), *catalog)
    assert not fewer.capacity.fits  # the smallest count, not merely one that works


def test_a_missed_sla_names_rac_nodes_that_carry_the_load(catalog: Catalog) -> None:
    platform = SEED_DESIGNS["fs1-half-3-nodes-20000-users"]["platform"]  # 3 nodes carry ~4,070 users
    data = {"workload": {"kind": "oltp", "users": 4500}, "platform": platform}
    inputs, ev = _evaluate(catalog, data)
    assert ev.verdict == "does-not-hold"
    message = _warning(ev, "sla-missed")
    found = re.search(r": (\d+) RAC nodes sustain", message)
    assert found, message
    nodes = int(found.group(1))
    fixed = evaluate_design(replace(inputs, platform=replace(inputs.platform, rac_nodes=nodes)), *catalog)
    assert "sla-missed" not in _codes(fixed)
    fewer = evaluate_design(replace(inputs, platform=replace(inputs.platform, rac_nodes=nodes - 1)), *catalog)
    assert "sla-missed" in _codes(fewer)


def test_a_storage_bound_missed_sla_names_the_arrays(catalog: Catalog) -> None:
    data = {"workload": {"kind": "oltp", "users": 64, "read_pct": 100, "database_size_gb": 2000},
            "platform": {"family": "xtremio", "storage_model": "X-Brick", "rac_nodes": 4, "arrays": 1}}  # fmt: skip
    inputs, ev = _evaluate(catalog, data)
    assert isinstance(ev, OltpEvaluation) and ev.summary.bottleneck == "storage"
    message = _warning(ev, "sla-missed")
    found = re.search(r": (\d+) X-Bricks sustain", message)
    assert found, message
    bricks = int(found.group(1))
    fixed = evaluate_design(replace(inputs, platform=replace(inputs.platform, arrays=bricks)), *catalog)
    assert "sla-missed" not in _codes(fixed)
    fewer = evaluate_design(replace(inputs, platform=replace(inputs.platform, arrays=bricks - 1)), *catalog)
    assert "sla-missed" in _codes(fewer)


def test_cpu_above_its_limit_names_the_nodes_that_bring_it_under(catalog: Catalog) -> None:
    inputs, ev = _evaluate(catalog, SEED_DESIGNS["ps6010xv-2-arrays-10000-users-raid50"])
    message = _warning(ev, "cpu-above-limit")
    found = re.search(r": (\d+) RAC nodes bring it to (\d+)%", message)
    assert found, message
    fixed = evaluate_design(
        replace(inputs, platform=replace(inputs.platform, rac_nodes=int(found.group(1)))), *catalog
    )
    assert "cpu-above-limit" not in _codes(fixed)


def test_the_rated_fs1_load_holds_but_not_without_a_word(catalog: Catalog) -> None:
    """Finding 3: at its rated TPS the quarter rack has 0 % headroom; it cannot read "holds, no warnings"."""
    _, ev = _evaluate(catalog, SEED_DESIGNS["fs1-quarter-rated-25800-tps"])
    assert isinstance(ev, OltpEvaluation)
    assert ev.verdict == "holds"
    assert ev.summary.headroom_pct.value < ev.bands[0].half_width.value
    assert "thin-headroom" in _codes(ev)


def test_an_operating_point_in_the_latency_stress_zone_is_named(catalog: Catalog) -> None:
    _, ev = _evaluate(catalog, SEED_DESIGNS["xtremio-2-xbricks-32-sessions-read-only"])
    assert isinstance(ev, OltpEvaluation)
    stress = ev.balance.zones.read_latency_stress.value
    assert ev.summary.storage_latency_at_design.value >= stress
    assert "latency-stress" in _codes(ev)


def test_a_comfortable_design_has_no_margin_warning(catalog: Catalog) -> None:
    _, ev = _evaluate(catalog, SEED_DESIGNS["fs1-quarter-2-nodes-1000-users"])
    assert ev.verdict == "holds"
    assert not _codes(ev) & {"thin-headroom", "latency-stress", "cpu-stress"}


@pytest.mark.parametrize("name", sorted(SEED_DESIGNS))
def test_best_practice_warnings_read_as_sentences(catalog: Catalog, name: str) -> None:
    _, ev = _evaluate(catalog, SEED_DESIGNS[name])
    for w in ev.warnings:
        assert not re.search(r"design has \w+=", w.message), w.message
        assert "add RAC nodes or cores" not in w.message


def test_a_dss_throughput_shortfall_names_the_arrays_that_reach_the_target(catalog: Catalog) -> None:
    data = {"workload": {"kind": "dss", "target_throughput_mb_s": 1300, "block_size_kb": 1024},
            "platform": {"family": "equallogic", "storage_model": "PS6110XV", "rac_nodes": 2, "arrays": 1,
                         "raid": "raid50"}}  # fmt: skip
    inputs, ev = _evaluate(catalog, data)
    message = _warning(ev, "throughput-short")
    found = re.search(r": (\d+) PS6110XV arrays sustain", message)
    assert found, message
    arrays = int(found.group(1))
    fixed = evaluate_design(replace(inputs, platform=replace(inputs.platform, arrays=arrays)), *catalog)
    assert "throughput-short" not in _codes(fixed)
    if arrays - 1 > inputs.platform.arrays:
        fewer = evaluate_design(
            replace(inputs, platform=replace(inputs.platform, arrays=arrays - 1)), *catalog
        )
        assert "throughput-short" in _codes(fewer)


def test_storage_units_change_the_storage_station_only(catalog: Catalog) -> None:
    """PlatformModel's contract that the search for storage units relies on (remedies._beyond_storage):
    every station but its storage stations, the think time and the SLA are the same whatever the unit
    count."""
    from sizing import remedies
    from sizing.model import build_model

    for inputs in random_oltp_designs(40, seed=3):
        base = build_model(inputs, *catalog)
        for arrays in (1, 2, 5, remedies.MAX_ARRAYS):
            other = build_model(replace(inputs, platform=replace(inputs.platform, arrays=arrays)), *catalog)
            assert (other.think_s, other.sla_s) == (base.think_s, base.sla_s)
            for nodes in (1, inputs.platform.rac_nodes, remedies.MAX_NODES):
                assert type(other).storage_stations == type(base).storage_stations
                keep = [s for s in base.stations(nodes) if s.name not in base.storage_stations]
                assert [s for s in other.stations(nodes) if s.name not in base.storage_stations] == keep, (
                    inputs,
                    arrays,
                )


def test_the_search_for_storage_units_skips_only_loads_no_count_carries(catalog: Catalog) -> None:
    """arrays_for_load answers the same with the design's model (the short cut past a load the other
    stations cannot carry) as without it (every count tried), on designs that both pass and fail it."""
    from sizing import api, remedies
    from sizing.model import build_model

    skipped = searched = 0
    for inputs in random_oltp_designs(150, seed=11):
        model = build_model(inputs, *catalog)
        workload = inputs.workload
        assert isinstance(workload, OltpWorkload)
        tps = (
            float(workload.target_tps)
            if workload.target_tps is not None
            else api._solve_network(workload, inputs.platform, model).load.design_tps
        )
        short = remedies._beyond_storage(model, inputs.platform.rac_nodes, workload, tps)
        skipped += short
        searched += not short
        assert remedies.arrays_for_load(inputs, *catalog, tps, model) == remedies.arrays_for_load(
            inputs, *catalog, tps
        ), inputs
    assert skipped >= 10 and searched >= 10, (skipped, searched)


def test_every_search_answers_the_smallest_count_a_scan_finds(
    catalog: Catalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The searches (bisection, tried first at the node counts already solved) give what a scan of every
    count from the design's own up gives: the smallest that fixes the shortfall, or none. Holds the
    monotonicity the bisection relies on to account, on designs of every family."""
    from sizing import api, remedies

    def scan(lo: int, hi: int, fixes: Any, first_try: int | None = None) -> int | None:
        return next((n for n in range(lo + 1, hi + 1) if fixes(n)), None)

    designs = random_oltp_designs(120, seed=23)
    searched = []
    for inputs in designs:
        api.forget_models()
        searched.append(evaluate_design(inputs, *catalog).to_dict())
    monkeypatch.setattr(remedies, "_first", scan)
    fixes = 0
    for inputs, expected in zip(designs, searched, strict=True):
        api.forget_models()
        assert evaluate_design(inputs, *catalog).to_dict() == expected, inputs
        fixes += any(" RAC node" in w["message"] for w in expected["warnings"])
    assert fixes >= 20, fixes


def test_the_named_fix_applied_removes_the_shortfall(catalog: Catalog) -> None:
    """On random designs of every family: the RAC nodes or storage units a shortfall names, applied to
    the design, give the figure the warning promised and lift the warning (the search reads networks
    of the design's own model: sizing/tests/test_model_consistency.py holds them to the designs built
    at that count)."""
    from sizing import remedies
    from sizing.model import build_model

    applied = 0
    shares = (None, 60.0, 80.0, 100.0)  # the profiles' own, and re-splits of their I/Os
    for k, design in enumerate(random_oltp_designs(500, seed=41)):
        assert isinstance(design.workload, OltpWorkload)
        inputs = replace(design, workload=replace(design.workload, read_pct=shares[k % len(shares)]))
        ev = evaluate_design(inputs, *catalog)
        assert isinstance(ev, OltpEvaluation) and isinstance(inputs.workload, OltpWorkload)
        if "sla-missed" not in _codes(ev):
            continue
        model = build_model(inputs, *catalog)
        tps = ev.summary.design_tps.value
        for fix in (
            remedies.nodes_for_load(model, inputs.platform, inputs.workload, tps),
            remedies.arrays_for_load(inputs, *catalog, tps, model),
        ):
            if fix is None:
                continue
            p = inputs.platform
            fixed_platform = (
                replace(p, rac_nodes=fix.value)
                if fix.dimension == "rac_nodes"
                else replace(p, arrays=fix.value)
            )
            changed = replace(inputs, platform=fixed_platform)
            fixed = evaluate_design(changed, *catalog)
            assert isinstance(fixed, OltpEvaluation)
            assert "sla-missed" not in _codes(fixed), (inputs, fix)
            assert fixed.summary.max_sustained_tps.value == pytest.approx(fix.result, rel=1e-6), (inputs, fix)
            applied += 1
    assert applied >= 20, applied


def test_the_named_dss_fix_applied_reaches_the_target(catalog: Catalog) -> None:
    """DSS on every measured combination of PS6110XV RAID level, I/O pattern, block size and query
    streams: the arrays a throughput shortfall names, applied, sustain the target (and the figure the
    warning promised); one fewer does not."""
    from sizing import remedies
    from sizing.errors import EvidenceError
    from sizing.evaluation import DssEvaluation
    from sizing.inputs import DssWorkload, Platform

    applied = 0
    combinations = itertools.product(
        ("raid10", "raid50"), ("sequential", "random"), (64, 256, 1024), (1, 5, 20), (300.0, 1300.0, 4000.0)
    )
    for raid, pattern, block, streams, target in combinations:
        workload = DssWorkload(target_throughput_mb_s=target, block_size_kb=block, io_pattern=pattern,
                               query_streams=streams)  # fmt: skip
        platform = Platform("equallogic", "PS6110XV", rac_nodes=2, arrays=1, raid=raid)
        try:
            ev = evaluate_design(DesignInputs(workload, platform), *catalog)
        except EvidenceError:
            continue  # not measured: the API answers 400
        if "throughput-short" not in _codes(ev):
            continue
        fix = remedies.arrays_for_throughput(catalog[0], platform, workload)
        if fix is None:
            continue
        grown = replace(platform, arrays=fix.value)
        fixed = evaluate_design(DesignInputs(workload, grown), *catalog)
        assert isinstance(fixed, DssEvaluation)
        assert "throughput-short" not in _codes(fixed), (workload, raid, fix)
        assert remedies.dss_sustained(catalog[0], grown, workload) == pytest.approx(fix.result)
        if fix.value - 1 > platform.arrays:
            fewer = DesignInputs(workload, replace(platform, arrays=fix.value - 1))
            assert "throughput-short" in _codes(evaluate_design(fewer, *catalog)), (workload, fix)
        applied += 1
    assert applied >= 10, applied
