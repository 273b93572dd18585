"""The model against the documents' headline numbers (issue 4 acceptance)."""

from __future__ import annotations

from typing import Any

import pytest

from sizing.calibration import orion_estimate
from sizing.evaluator import evaluate_design
from sizing.evidence import EvidenceBundle
from sizing.families.equallogic_fit import fit_profile
from sizing.inputs import DesignInputs, DssWorkload, OltpWorkload, Platform
from sizing.rules import RuleSet

Seed = tuple[EvidenceBundle, RuleSet]


def dell(volumes: int = 4, users: int = 1000, arrays: int = 1) -> DesignInputs:
    # Dell OLTP 2010 Table 9: two R710 with 2 x quad-core each, one PS6010XV RAID 10
    return DesignInputs(
        OltpWorkload(users=users), Platform("equallogic", "PS6010XV", rac_nodes=2, cores_per_node=8,
                                            asm_volumes=volumes, arrays=arrays),
    )  # fmt: skip


def fs1(rack: str, nodes: int) -> DesignInputs:
    enclosures, drives = {"quarter": (2, 13), "half": (3, 19)}[rack]  # Oracle FS1 2016 Table 2
    return DesignInputs(
        OltpWorkload(users=1000),
        Platform("oracle-fs1", "FS1-2", rac_nodes=nodes, cores_per_node=36, arrays=enclosures,
                 drives_per_enclosure=drives),
    )  # fmt: skip


def series(result: dict[str, Any]) -> dict[int, dict[str, Any]]:
    return {s["rac_nodes"]: s for s in result["projection"]["series"]}


def test_orion_measured_points_are_returned_exactly(seed: Seed) -> None:
    ev = seed[0]
    assert orion_estimate(ev, "PS6010XV", 8, 70).value == 4047  # Dell Table 2, test 2
    assert orion_estimate(ev, "PS6010S", 8, 70).value == 16116  # Dell Table 3, test 2
    assert orion_estimate(ev, "PS6010XV", 8, 70).basis == "measured"


def test_tpcc_four_volumes(seed: Seed) -> None:
    d = evaluate_design(dell(4), *seed).to_dict()
    assert d["summary"]["max_sustained_tps"]["value"] == pytest.approx(348.61, rel=0.05)
    assert d["summary"]["sla_response"] == {"value": 2000.0, "unit": "ms"}
    assert d["summary"]["users_at_max"]["value"] == pytest.approx(6900, rel=0.10)
    assert d["performance"]["at_sla"]["response"]["value"] <= 2000.0 + 1e-6


def test_tpcc_two_volumes(seed: Seed) -> None:
    d = evaluate_design(dell(2), *seed).to_dict()
    assert d["summary"]["max_sustained_tps"]["value"] == pytest.approx(294.5, rel=0.05)
    assert d["summary"]["users_at_max"]["value"] == pytest.approx(5700, rel=0.12)


def test_think_time_is_derived_from_the_tables_and_reported(seed: Seed) -> None:
    fit = fit_profile(*seed)
    # N/X - R at the peak run (Table 5 test 2 = Table 6 test 5): 19.12 s; the other runs are held out
    assert 19.0 < fit.profile.think_s < 19.6
    d = evaluate_design(dell(4), *seed).to_dict()
    think = next(a for a in d["assumptions"] if a["key"] == "think_time_tpcc")
    assert think["value"]["unit"] == "s"
    assert "Table 5" in think["source"] and "Table 6" in think["source"]
    assert d["demand"]["think_time"]["value"] == pytest.approx(fit.profile.think_s, rel=1e-3)


def test_fs1_rated_points(seed: Seed) -> None:
    q = evaluate_design(fs1("quarter", 2), *seed).to_dict()
    h = evaluate_design(fs1("half", 4), *seed).to_dict()
    assert q["summary"]["max_sustained_tps"]["value"] == pytest.approx(25800, rel=0.05)
    assert h["summary"]["max_sustained_tps"]["value"] == pytest.approx(39000, rel=0.05)
    assert q["summary"]["sla_response"]["value"] == 20.0


def test_fs1_node_scaling(seed: Seed) -> None:
    q = series(evaluate_design(fs1("quarter", 2), *seed).to_dict())
    h = series(evaluate_design(fs1("half", 4), *seed).to_dict())
    two = q[2]["max_sustained_tps"]["value"]
    for n in (3, 4):  # storage-bound: more nodes add (almost) nothing
        assert q[n]["max_sustained_tps"]["value"] == pytest.approx(two, rel=0.03)
        assert q[n]["bottleneck"] == "storage"
    assert h[4]["max_sustained_tps"]["value"] > h[2]["max_sustained_tps"]["value"] * 1.03
    assert h[3]["max_sustained_tps"]["value"] >= h[2]["max_sustained_tps"]["value"]
    for s in (q, h):  # one node is CPU-bound on both
        assert s[1]["bottleneck"] == "cpu"
        assert s[1]["max_sustained_tps"]["value"] < s[2]["max_sustained_tps"]["value"]


def test_dss_two_arrays_twice_one(seed: Seed) -> None:
    def mbs(arrays: int) -> float:
        inputs = DesignInputs(
            DssWorkload(target_throughput_mb_s=500, block_size_kb=1024, io_pattern="random"),
            Platform("equallogic", "PS6110XV", arrays=arrays, raid="raid50"),
        )
        return float(evaluate_design(inputs, *seed).to_dict()["summary"]["sustained_throughput"]["value"])

    one, two = mbs(1), mbs(2)
    assert one == pytest.approx(573.11, rel=1e-3)  # Dell DSS 2012 Section 2.3.4
    assert two == pytest.approx(1168.9, rel=0.05)
    assert two == pytest.approx(2 * one, rel=0.05)
    # the held-out view: two arrays predicted from one array alone
    ev = seed[0]
    only_one = ev.without([o.key for o in ev.observations if o.cond("arrays") == 2 and o.value("throughput")])
    inputs = DesignInputs(DssWorkload(target_throughput_mb_s=500), Platform("equallogic", "PS6110XV", arrays=2,
                                                                            raid="raid50"))  # fmt: skip
    scaled = evaluate_design(inputs, only_one, seed[1]).to_dict()["summary"]["sustained_throughput"]["value"]
    assert scaled == pytest.approx(1168.9, rel=0.05)


def test_6000_users_on_one_ps6010xv_warn_two_arrays(seed: Seed) -> None:
    d = evaluate_design(dell(4, users=6000), *seed).to_dict()
    w = next(w for w in d["warnings"] if w["code"] == "add-arrays")
    assert "2 PS6010XV arrays" in w["message"]
    # issue 15, finding 3: the rule's IOPS is told apart from the model's, and the per-array threshold
    # says why it is not the document's printed figure (exact ratio vs the ratio rounded to 0.52)
    assert "not the queueing model's demand" in w["message"]
    assert "5,227 users" in w["message"] and "the document prints 5,245" in w["message"]
    assert w["rule"]["slug"] == "dell-iops-per-user" and w["rule"]["version"] == 1
    assert "Section 4.2" in w["rule"]["source"]
    # The document's own sizing rule outranks the model's 7,000-odd users at 2 s: the design does not hold.
    assert d["verdict"] == "does-not-hold"
    ok = evaluate_design(dell(4, users=6000, arrays=2), *seed).to_dict()
    assert not [w for w in ok["warnings"] if w["code"] == "add-arrays"]
    assert ok["verdict"] == "holds"


def test_best_practice_warnings(seed: Seed) -> None:
    inputs = DesignInputs(
        OltpWorkload(users=1000), Platform("equallogic", "PS6010XV", raid="raid50", asm_volumes=8)
    )
    codes = {w["code"]: w for w in evaluate_design(inputs, *seed).to_dict()["warnings"]}
    assert codes["raid-for-oltp"]["rule"]["source"].endswith("Section 5.1.3")
    assert "more than 5" in codes["asm-volumes"]["message"]
    assert "extrapolation" in codes  # 8 volumes: TPC-C measured 2 and 4


def test_xtremio_and_netapp_are_evaluable(seed: Seed) -> None:
    x = evaluate_design(
        DesignInputs(OltpWorkload(users=20000), Platform("xtremio", "X-Brick", arrays=4, rac_nodes=4)), *seed
    ).to_dict()
    assert x["storage"]["iops_capacity"]["value"] > 0
    assert any("X-Brick" in f["message"] for f in x["extrapolation"])  # 4 bricks: stated, not measured
    n_off = evaluate_design(
        DesignInputs(OltpWorkload(users=2000), Platform("netapp", "FAS3140", arrays=2)), *seed
    )
    n_on = evaluate_design(DesignInputs(OltpWorkload(users=2000), Platform("netapp", "FAS3140", arrays=2, pam=True)),
                           *seed)  # fmt: skip
    off = n_off.to_dict()["storage"]["iops_capacity"]["value"]
    on = n_on.to_dict()["storage"]["iops_capacity"]["value"]
    assert on > off  # PAM serves reads the disks would otherwise serve (sizing/families/netapp_fit.py)
