"""Evaluation output: target-TPS designs, growth horizon, DSS streams, balance, assumptions."""

from __future__ import annotations

import pytest

from sizing.evaluator import evaluate_design
from sizing.evidence import EvidenceBundle
from sizing.inputs import DesignInputs, DssWorkload, OltpWorkload, Platform
from sizing.rules import RuleSet

Seed = tuple[EvidenceBundle, RuleSet]
DELL = Platform("equallogic", "PS6010XV", rac_nodes=2, cores_per_node=8, asm_volumes=4)


def test_target_tps_gives_users_by_the_response_time_law(seed: Seed) -> None:
    d = evaluate_design(DesignInputs(OltpWorkload(target_tps=200), DELL), *seed).to_dict()
    think = d["demand"]["think_time"]["value"]
    resp = d["summary"]["response_at_design"]["value"] / 1000
    assert d["summary"]["design_tps"]["value"] == pytest.approx(200)
    assert d["summary"]["users"]["value"] == pytest.approx(200 * (think + resp), rel=2e-3)
    assert d["verdict"] == "holds"
    over = evaluate_design(DesignInputs(OltpWorkload(target_tps=1000), DELL), *seed).to_dict()
    assert over["verdict"] == "does-not-hold"
    assert any(w["code"] == "sla-missed" for w in over["warnings"])


def test_growth_horizon(seed: Seed) -> None:
    w = OltpWorkload(users=4000, user_growth_pct_per_year=20, data_growth_pct_per_year=50, horizon_years=5,
                     database_size_gb=500)  # fmt: skip
    d = evaluate_design(DesignInputs(w, DELL), *seed).to_dict()
    g = d["growth"]
    users_at_max = d["summary"]["users_at_max"]["value"]
    import math

    expected = math.log(users_at_max / 4000) / math.log(1.2)
    assert g["years_until_users_exceed_sla"]["value"] == pytest.approx(expected, abs=0.005)  # 3 figures
    assert g["years_until_users_exceed_sla"]["unit"] == "years"
    assert any(x["code"] == "growth-horizon" for x in d["warnings"])


def test_capacity_short_is_critical(seed: Seed) -> None:
    d = evaluate_design(DesignInputs(OltpWorkload(users=100, database_size_gb=5000), DELL), *seed).to_dict()
    assert d["capacity"]["fits"] is False
    assert d["verdict"] == "does-not-hold"
    assert any(w["code"] == "capacity-short" and w["severity"] == "critical" for w in d["warnings"])


def test_dss_streams(seed: Seed) -> None:
    inputs = DesignInputs(
        DssWorkload(target_throughput_mb_s=1000, query_streams=4, database_size_gb=1000),
        Platform("equallogic", "PS6110XV", arrays=2, raid="raid50"),
    )
    d = evaluate_design(inputs, *seed).to_dict()
    per = d["streams"]["per_stream"]["value"]
    assert per == pytest.approx(1168.9 / 4, rel=1e-3)
    assert d["streams"]["full_scan_time_per_stream"]["value"] == pytest.approx(
        1000 * 1024 / per / 60, rel=1e-3
    )
    assert d["verdict"] == "holds"


def test_dss_growth_states_its_horizon_and_when_capacity_runs_out(seed: Seed) -> None:
    inputs = DesignInputs(
        DssWorkload(
            target_throughput_mb_s=500, database_size_gb=3000, data_growth_pct_per_year=50, horizon_years=5
        ),
        Platform("equallogic", "PS6110XV", arrays=2, raid="raid50"),
    )
    growth = evaluate_design(inputs, *seed).to_dict()["growth"]
    assert growth["horizon"] == {"value": 5, "unit": "years"}
    assert growth["data_growth_per_year"] == {"value": 50, "unit": "%"}
    full = growth["years_until_capacity_full"]
    assert full is not None and 0 < full["value"] <= 5 and full["unit"] == "years"


def test_balance_and_assumptions_cite_sources(seed: Seed) -> None:
    d = evaluate_design(DesignInputs(OltpWorkload(users=3000), DELL), *seed).to_dict()
    assert d["balance"]["classification"] == "storage-bound"
    assert d["balance"]["zones"]["read_latency_limit"] == {"value": 20, "unit": "ms"}
    cpus = [p["cpu_utilisation_pct"] for p in d["balance"]["points"]]
    assert cpus == sorted(cpus)
    for a in d["assumptions"]:
        assert a["source"], a["key"]
    # the IOPS within 20 ms through the ASM volumes: the model's figure on the array's ORION cells
    assert d["storage"]["basis"] == "derived"
    assert d["extrapolated"] is False


def test_dss_small_io_is_bounded_by_the_arrays_iops(seed: tuple[EvidenceBundle, RuleSet]) -> None:

    platform = Platform("equallogic", "PS6110XV", arrays=2, raid="raid50")
    large = evaluate_design(DesignInputs(DssWorkload(target_throughput_mb_s=500), platform), *seed).to_dict()
    small = evaluate_design(
        DesignInputs(DssWorkload(target_throughput_mb_s=500, block_size_kb=8), platform), *seed
    ).to_dict()
    mb_s = small["summary"]["sustained_throughput"]["value"]
    # two PS6110XV: PS6010XV's 8 KB read IOPS x 22/14 active drives x 2 arrays x 8 KB: tens of MB/s, not GB/s
    assert 20 < mb_s < 200 < large["summary"]["sustained_throughput"]["value"]
    assert small["verdict"] == "does-not-hold" and small["extrapolated"]
    short = next(w for w in small["warnings"] if w["code"] == "throughput-short")
    assert "extrapolated from the measurements" in short["message"]
