"""Property tests: any valid design evaluates to finite numbers; invalid input raises a named error."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sizing.errors import InputError
from sizing.evaluator import evaluate_design
from sizing.fixtures import bundle_from_documents
from sizing.inputs import (
    ORACLE_BLOCK_SIZES_KB,
    RAID_BY_FAMILY,
    SLA_FLOOR_MS,
    STORAGE_MODELS,
    DesignInputs,
    DssWorkload,
    OltpWorkload,
    Platform,
)
from sizing.tests.seed_evidence import DOCS

EVIDENCE, RULES = bundle_from_documents(DOCS)


def _finite_everywhere(value: Any, path: str = "") -> None:
    if isinstance(value, float):
        assert math.isfinite(value), path
    elif isinstance(value, dict):
        for k, v in value.items():
            _finite_everywhere(v, f"{path}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            _finite_everywhere(v, f"{path}[{i}]")


@st.composite
def platforms(draw: st.DrawFn) -> Platform:
    model = draw(st.sampled_from(sorted(STORAGE_MODELS)))
    family = STORAGE_MODELS[model]
    return Platform(
        family=family,
        storage_model=model,
        rac_nodes=draw(st.integers(1, 16)),
        cores_per_node=draw(st.integers(1, 128)),
        arrays=draw(st.integers(1, 16)),
        drives_per_enclosure=draw(st.one_of(st.none(), st.integers(1, 24))),
        raid=draw(st.one_of(st.none(), st.sampled_from(RAID_BY_FAMILY[family]))),
        asm_volumes=draw(st.integers(1, 64)),
        pam=draw(st.booleans()) if family == "netapp" else False,
        dedup_ratio=draw(st.one_of(st.none(), st.floats(1, 20))) if family == "xtremio" else None,
    )


@st.composite
def oltp(draw: st.DrawFn) -> OltpWorkload:
    by_users = draw(st.booleans())
    return OltpWorkload(
        users=draw(st.integers(1, 1_000_000)) if by_users else None,
        target_tps=None if by_users else draw(st.floats(0.01, 1_000_000)),
        think_time_s=draw(st.one_of(st.none(), st.floats(0.001, 3600))),
        database_size_gb=draw(st.floats(0.01, 1e6)),
        read_pct=draw(st.floats(0, 100)),
        block_size_kb=draw(st.sampled_from(ORACLE_BLOCK_SIZES_KB)),
        sla_response_ms=draw(st.one_of(st.none(), st.floats(SLA_FLOOR_MS, 600_000))),
        user_growth_pct_per_year=draw(st.floats(-50, 500)),
        data_growth_pct_per_year=draw(st.floats(-50, 500)),
        horizon_years=draw(st.integers(0, 20)),
        include_backup_overhead=draw(st.booleans()),
        include_growth_overhead=draw(st.booleans()),
    )


@settings(max_examples=200, derandomize=True, deadline=None)
@given(workload=oltp(), platform=platforms())
def test_any_valid_oltp_design_gives_finite_json(workload: OltpWorkload, platform: Platform) -> None:
    result = evaluate_design(DesignInputs(workload, platform), EVIDENCE, RULES).to_dict()
    _finite_everywhere(result)
    json.dumps(result, allow_nan=False)  # strict JSON: NaN/inf would raise
    assert result["verdict"] in ("holds", "holds-until", "does-not-hold")
    # outside measured ground, the output says so
    # below 48% read no platform has a measurement (XtremIO's UPDATE test is the lowest, 48.8%)
    if (
        platform.arrays > 2
        or workload.block_size_kb > 64
        or workload.block_size_kb < 8
        or (workload.read_pct is not None and workload.read_pct < 48)
    ):
        assert result["extrapolated"] is True


@settings(max_examples=200, derandomize=True, deadline=None)
@given(
    target=st.floats(0.01, 1e6),
    block=st.floats(2, 4096),
    pattern=st.sampled_from(["random", "sequential"]),
    streams=st.integers(1, 1000),
    arrays=st.integers(1, 16),
)
def test_any_valid_dss_design_gives_finite_json(
    target: float, block: float, pattern: str, streams: int, arrays: int
) -> None:
    inputs = DesignInputs(
        DssWorkload(
            target_throughput_mb_s=target, block_size_kb=block, io_pattern=pattern, query_streams=streams
        ),
        Platform("equallogic", "PS6110XV", arrays=arrays, raid="raid50"),
    )
    try:
        result = evaluate_design(inputs, EVIDENCE, RULES).to_dict()
    except LookupError:  # no sequential evidence in the test bundle: a clear error, not a number
        assert pattern == "sequential"
        return
    _finite_everywhere(result)
    json.dumps(result, allow_nan=False)
    if arrays > 2:
        assert result["extrapolated"] is True


@settings(max_examples=200, derandomize=True, deadline=None)
@given(
    users=st.one_of(
        st.integers(max_value=0),
        st.floats(max_value=0),
        st.floats(0.01, 0.99),
        st.sampled_from([float("nan"), float("inf"), "12", None, True]),
    ),
    think=st.one_of(
        st.floats(max_value=-1e-9),
        st.floats(min_value=3600.001, allow_infinity=False),
        st.just(float("nan")),
        st.just(float("inf")),
    ),
)
def test_bad_input_is_a_named_error(users: Any, think: float) -> None:
    with pytest.raises(InputError) as err:
        OltpWorkload(users=users)
    assert err.value.field == "workload.users"
    with pytest.raises(InputError) as err:
        OltpWorkload(users=10, think_time_s=think)
    assert err.value.field == "workload.think_time_s"


@settings(max_examples=200, derandomize=True, deadline=None)
@given(designs=st.lists(st.tuples(oltp(), platforms()), min_size=1, max_size=5))
def test_sweep_outputs_are_finite(designs: list[tuple[OltpWorkload, Platform]]) -> None:
    from sizing.sweep import sweep

    result = sweep([DesignInputs(w, p) for w, p in designs], EVIDENCE, RULES)
    for arr in (
        result.users,
        result.design_tps,
        result.max_sustained_tps,
        result.users_at_max,
        result.response_ms,
    ):
        assert all(math.isfinite(float(v)) for v in arr)


@settings(max_examples=100, derandomize=True, deadline=None)
@given(workload=oltp(), platform=platforms())
def test_evaluation_obeys_the_operational_laws(workload: OltpWorkload, platform: Platform) -> None:
    d = evaluate_design(DesignInputs(workload, platform), EVIDENCE, RULES).to_dict()
    perf = d["performance"]
    think = d["demand"]["think_time"]["value"]
    for point in (perf["at_sla"],):  # N = X (R + Z), to the 4 significant figures of the output
        n, x, r = point["users"]["value"], point["tps"]["value"], point["response"]["value"] / 1000
        assert n == pytest.approx(x * (r + think), rel=2e-3, abs=1e-3)
    for station in perf["stations"]:
        assert 0 <= station["utilisation_at_sla"]["value"] <= 100.0 + 1e-9
