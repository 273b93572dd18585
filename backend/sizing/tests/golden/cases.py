"""The seed designs: each document's own configurations (and a few loads around them), fed to the
engine with the seed catalog in fixtures/. Their evaluations are frozen in evaluations.json so that a
refactor provably changes no number (`python -m sizing.tests.golden.cases --write` regenerates the file;
a deliberate model change regenerates it in its own commit, with the reason)."""

from __future__ import annotations

import json
import pathlib
import sys
from typing import Any

from sizing.evaluator import evaluate_design
from sizing.evidence import EvidenceBundle
from sizing.fixtures import load_fixture_dir
from sizing.inputs import design_inputs_from_dict
from sizing.rules import RuleSet
from sizing.validation import summary, validation_report

REPO = pathlib.Path(__file__).resolve().parents[4]
FIXTURES = REPO / "fixtures"
GOLDEN = pathlib.Path(__file__).with_name("evaluations.json")

_FS1_QUARTER = {"family": "oracle-fs1", "storage_model": "FS1-2", "rac_nodes": 2, "cores_per_node": 36,
                "arrays": 2, "drives_per_enclosure": 13}  # fmt: skip  # oracle-fs1-2016 Table 2
_FS1_HALF = {"family": "oracle-fs1", "storage_model": "FS1-2", "rac_nodes": 4, "cores_per_node": 36,
             "arrays": 3, "drives_per_enclosure": 19}  # fmt: skip  # oracle-fs1-2016 Table 2
_PS6010XV = {"family": "equallogic", "storage_model": "PS6010XV", "rac_nodes": 2, "cores_per_node": 8,
             "arrays": 1}  # fmt: skip  # dell-equallogic-oltp-2010 Table 9
_PS6010S = {**_PS6010XV, "storage_model": "PS6010S"}
_PS6110XV = {"family": "equallogic", "storage_model": "PS6110XV", "rac_nodes": 2}  # dell DSS 2012
_XTREMIO = {"family": "xtremio", "storage_model": "X-Brick", "rac_nodes": 4, "arrays": 2}  # emc 2014 Table 1
_NETAPP = {"family": "netapp", "storage_model": "FAS3140", "rac_nodes": 1, "arrays": 2}  # netapp 2009

SEED_DESIGNS: dict[str, dict[str, Any]] = {
    "fs1-quarter-2-nodes-1000-users": {"workload": {"kind": "oltp", "users": 1000}, "platform": _FS1_QUARTER},
    "fs1-quarter-rated-25800-tps": {"workload": {"kind": "oltp", "target_tps": 25800, "database_size_gb": 2000},
                                    "platform": _FS1_QUARTER},
    "fs1-half-4-nodes-rated-39000-tps": {"workload": {"kind": "oltp", "target_tps": 39000},
                                         "platform": _FS1_HALF},
    "fs1-half-3-nodes-20000-users": {"workload": {"kind": "oltp", "users": 20000},
                                     "platform": {**_FS1_HALF, "rac_nodes": 3}},
    "fs1-quarter-long-think-time": {"workload": {"kind": "oltp", "users": 100, "think_time_s": 3600},
                                    "platform": _FS1_QUARTER},
    "ps6010xv-4-volumes-6900-users": {"workload": {"kind": "oltp", "users": 6900}, "platform": _PS6010XV},
    "ps6010xv-2-volumes-5700-users": {"workload": {"kind": "oltp", "users": 5700},
                                      "platform": {**_PS6010XV, "asm_volumes": 2}},
    "ps6010xv-2-arrays-10000-users-raid50": {"workload": {"kind": "oltp", "users": 10000, "read_pct": 70},
                                             "platform": {**_PS6010XV, "arrays": 2, "raid": "raid50"}},
    "ps6010xv-target-300-tps": {"workload": {"kind": "oltp", "target_tps": 300, "database_size_gb": 100},
                                "platform": _PS6010XV},
    "ps6010s-6000-users": {"workload": {"kind": "oltp", "users": 6000}, "platform": _PS6010S},
    "ps6010xv-300-users-exact-solver": {"workload": {"kind": "oltp", "users": 300}, "platform": _PS6010XV},
    "ps6010xv-301-users": {"workload": {"kind": "oltp", "users": 301}, "platform": _PS6010XV},
    "ps6110xv-raid10-1-array-1mb-sequential": {
        "workload": {"kind": "dss", "target_throughput_mb_s": 700, "block_size_kb": 1024, "io_pattern": "sequential"},
        "platform": {**_PS6110XV, "arrays": 1, "raid": "raid10"}},
    "ps6110xv-raid50-2-arrays-1mb-random": {
        "workload": {"kind": "dss", "target_throughput_mb_s": 1300, "block_size_kb": 1024},
        "platform": {**_PS6110XV, "arrays": 2, "raid": "raid50"}},
    "ps6110xv-raid50-1-array-8kb": {
        "workload": {"kind": "dss", "target_throughput_mb_s": 100, "block_size_kb": 8, "query_streams": 4},
        "platform": {**_PS6110XV, "arrays": 1, "raid": "raid50"}},
    "xtremio-2-xbricks-32-sessions-read-only": {
        "workload": {"kind": "oltp", "users": 32, "read_pct": 100, "database_size_gb": 2000},
        "platform": _XTREMIO},
    # read_pct is the I/O's read share (issue 37): the tests' printed mixes, Table 13 (112,124 read and
    # 28,830 write IOPS) and Table 12 (31,646 and 33,136)
    "xtremio-2-xbricks-64-sessions-75-25": {
        "workload": {"kind": "oltp", "users": 64, "read_pct": 79.5, "database_size_gb": 2000},
        "platform": {**_XTREMIO, "dedup_ratio": 2.4}},
    "xtremio-dss-2000-mb-s": {"workload": {"kind": "dss", "target_throughput_mb_s": 2000}, "platform": _XTREMIO},
    "netapp-without-pam-140-users": {"workload": {"kind": "oltp", "users": 140}, "platform": _NETAPP},
    "netapp-with-pam-140-users": {"workload": {"kind": "oltp", "users": 140},
                                  "platform": {**_NETAPP, "pam": True}},
    "netapp-with-pam-40-users": {"workload": {"kind": "oltp", "users": 40}, "platform": {**_NETAPP, "pam": True}},
    # round 2: the profiles, the PAM cache inputs, the TPC-H model and the user's own AWR figures
    "xtremio-2-xbricks-32-sessions-update": {
        "workload": {"kind": "oltp", "users": 32, "read_pct": 48.8, "database_size_gb": 2000}, "platform": _XTREMIO},
    "netapp-with-pam-140-users-6000-warehouses-sga-4": {
        "workload": {"kind": "oltp", "users": 140, "warehouses": 6000, "sga_gb": 4},
        "platform": {**_NETAPP, "pam": True}},
    "ps6110xv-tpch-5-streams-2-nodes-2-arrays": {
        "workload": {"kind": "dss", "target_throughput_mb_s": 1300, "query_streams": 5},
        "platform": {**_PS6110XV, "arrays": 2, "raid": "raid50"}},
    "ps6010s-custom-awr-profile": {
        "workload": {"kind": "oltp", "users": 400, "profile": "custom", "tx_per_s": 500, "reads_per_s": 4000,
                     "writes_per_s": 1500, "db_cpu_s_per_s": 4, "think_time_s": 1, "sla_response_ms": 50},
        "platform": _PS6010S},
    "fs1-quarter-running-the-tpcc-profile": {
        "workload": {"kind": "oltp", "users": 20000, "profile": "tpcc-benchmark-factory"}, "platform": _FS1_QUARTER},
}  # fmt: skip


def seed_catalog() -> tuple[EvidenceBundle, RuleSet]:
    return load_fixture_dir(FIXTURES)


def evaluate_seed_designs(evidence: EvidenceBundle, rules: RuleSet) -> dict[str, Any]:
    """Each seed design's evaluation as the JSON the API returns (engine half), plus the validation report."""
    evaluations = {
        name: evaluate_design(design_inputs_from_dict(inputs), evidence, rules).to_dict()
        for name, inputs in SEED_DESIGNS.items()
    }
    rows = validation_report(evidence, rules)
    return {
        "evaluations": evaluations,
        "validation": {"summary": summary(rows), "rows": [r.to_dict() for r in rows]},
    }


def canonical_json(data: Any) -> str:
    # repr-exact floats: the comparison is to the last digit
    return json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    text = canonical_json(evaluate_seed_designs(*seed_catalog()))
    if sys.argv[1:] == ["--write"]:
        GOLDEN.write_text(text, encoding="utf-8")
        print(f"wrote {GOLDEN} ({len(SEED_DESIGNS)} seed designs)")
    else:
        sys.stdout.write(text)
