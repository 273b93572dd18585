"""Issue 38 point 2: the custom profile's redo rate loads the storage (it was accepted and ignored)."""

from __future__ import annotations

import copy

import pytest

from sizing.evaluator import evaluate_design
from sizing.inputs import design_inputs_from_dict
from sizing.tests.golden.cases import SEED_DESIGNS, seed_catalog

BASE = SEED_DESIGNS["ps6010s-custom-awr-profile"]


def _evaluate(redo_mb_per_s: float | None) -> dict:
    raw = copy.deepcopy(BASE)
    if redo_mb_per_s is not None:
        raw["workload"]["redo_mb_per_s"] = redo_mb_per_s
    evidence, rules = seed_catalog()
    return evaluate_design(design_inputs_from_dict(raw), evidence, rules).to_dict()


def _writes_per_transaction(result: dict) -> float:
    (a,) = [a for a in result["assumptions"] if a["key"] == "writes_per_transaction"]
    assert "redo" in a["text"]  # the assumption says how the redo is counted
    return a["value"]["value"]


def test_redo_adds_block_size_writes_per_transaction() -> None:
    workload = BASE["workload"]
    without, with_redo = _evaluate(None), _evaluate(20.0)
    block_kb = 8.0  # the OLTP default block size (the seed design sets none)
    redo_writes = 20.0 * 1e6 / (block_kb * 1024) / workload["tx_per_s"]
    assert _writes_per_transaction(with_redo) == pytest.approx(
        _writes_per_transaction(without) + redo_writes, rel=1e-3
    )
    assert _writes_per_transaction(_evaluate(0.0)) == _writes_per_transaction(without)


def test_more_redo_is_more_storage_load_and_a_slower_response() -> None:
    low, high = _evaluate(5.0), _evaluate(40.0)
    assert high["summary"]["response_at_design"]["value"] > low["summary"]["response_at_design"]["value"]
    utilisation = "storage_utilisation_at_design"
    assert high["summary"][utilisation]["value"] > low["summary"][utilisation]["value"]
