"""The verdict and headroom at the edges: an SLA no load can meet, a target beyond saturation, a user
load far past the knee."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

import pytest

from sizing.evaluator import evaluate_design
from sizing.evidence import EvidenceBundle
from sizing.inputs import DesignInputs, OltpWorkload, Platform
from sizing.rules import RuleSet

Seed = tuple[EvidenceBundle, RuleSet]
QUARTER = Platform("oracle-fs1", "FS1-2", rac_nodes=2, arrays=2, drives_per_enclosure=13)


def _codes(d: dict[str, Any]) -> set[str]:
    return {w["code"] for w in d["warnings"]}


def test_sla_below_the_light_load_response_is_unattainable(seed: Seed) -> None:
    d = evaluate_design(DesignInputs(OltpWorkload(users=1000, sla_response_ms=1.0), QUARTER), *seed).to_dict()
    assert "sla-unattainable" in _codes(d)
    assert d["verdict"] == "does-not-hold"
    assert d["summary"]["max_sustained_tps"]["value"] == 0
    assert d["summary"]["users_at_max"]["value"] == 0
    assert d["summary"]["headroom_pct"]["value"] == -100
    assert all(
        math.isfinite(v["value"]) for v in d["summary"].values() if isinstance(v, dict) and "value" in v
    )


def test_target_beyond_saturation_is_unreachable(seed: Seed) -> None:
    d = evaluate_design(DesignInputs(OltpWorkload(target_tps=30_000), QUARTER), *seed).to_dict()
    assert {"target-unreachable", "sla-missed"} <= _codes(d)
    assert d["verdict"] == "does-not-hold"
    reachable = evaluate_design(DesignInputs(OltpWorkload(target_tps=20_000), QUARTER), *seed).to_dict()
    assert "target-unreachable" not in _codes(reachable) and reachable["verdict"] == "holds"


def test_headroom_of_a_user_load_counts_users_not_flattened_throughput(seed: Seed) -> None:
    w = OltpWorkload(users=1000)
    light = evaluate_design(DesignInputs(w, QUARTER), *seed).to_dict()["summary"]
    at_max = light["users_at_max"]["value"]
    assert light["headroom_pct"]["value"] == pytest.approx((at_max / 1000 - 1) * 100, rel=1e-3)
    heavy = evaluate_design(DesignInputs(replace(w, users=100_000), QUARTER), *seed).to_dict()
    # throughput is flat past the knee (~25,800 TPS either way), but 100,000 users are ~30x the SLA point
    assert heavy["summary"]["headroom_pct"]["value"] < -90
    assert heavy["verdict"] == "does-not-hold" and "sla-missed" in _codes(heavy)


def test_a_tight_sla_names_the_same_component_as_the_bottleneck(seed: Seed) -> None:
    # 10 ms stops the quarter rack before either CPU or SSD latency reaches its stress zone
    d = evaluate_design(
        DesignInputs(OltpWorkload(users=1000, sla_response_ms=10.0), QUARTER), *seed
    ).to_dict()
    expected = {"cpu": "cpu-bound", "storage": "storage-bound"}[d["summary"]["bottleneck"]]
    assert d["summary"]["balance"] == expected


def test_parity_raid_costs_oltp_iops_by_its_write_penalty(seed: Seed) -> None:
    dell = Platform("equallogic", "PS6010XV", rac_nodes=2, arrays=1)
    w = OltpWorkload(users=1000, read_pct=70)

    def storage_iops(p: Platform, wl: OltpWorkload = w) -> float:
        return float(
            evaluate_design(DesignInputs(wl, p), *seed).to_dict()["storage"]["iops_capacity"]["value"]
        )

    r10 = storage_iops(dell)
    # 70/30: RAID 10 costs 0.7 + 0.3 x 2 = 1.3 back-end I/Os per I/O, RAID 50 0.7 + 0.3 x 4 = 1.9
    assert storage_iops(replace(dell, raid="raid50")) == pytest.approx(r10 * 1.3 / 1.9, rel=2e-3)
    assert storage_iops(replace(dell, raid="raid6")) == pytest.approx(r10 * 1.3 / 2.5, rel=2e-3)
    # reads only: no write, no penalty
    reads = replace(w, read_pct=100)
    assert storage_iops(replace(dell, raid="raid50"), reads) == pytest.approx(
        storage_iops(dell, reads), rel=1e-3
    )


def test_the_dell_iops_per_user_rule_is_reported_for_equallogic_only(seed: Seed) -> None:
    fs1 = evaluate_design(DesignInputs(OltpWorkload(users=1000), QUARTER), *seed).to_dict()
    assert fs1["demand"]["iops_rule"] is None  # Swingbench users are not TPC-C users
    dell = Platform("equallogic", "PS6010XV", arrays=1)
    eql = evaluate_design(DesignInputs(OltpWorkload(users=5000), dell), *seed).to_dict()
    assert eql["demand"]["iops_rule"]["iops"]["value"] == pytest.approx(3443, abs=1)
