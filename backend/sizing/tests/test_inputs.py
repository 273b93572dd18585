from __future__ import annotations

import pytest

from sizing.errors import InputError
from sizing.inputs import DssWorkload, OltpWorkload, Platform, design_inputs_from_dict


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"users": -1}, "workload.users"),
        ({"users": 0}, "workload.users"),
        ({"users": 10, "think_time_s": 3601}, "workload.think_time_s"),
        ({"users": 10, "think_time_s": -3}, "workload.think_time_s"),
        ({"users": 10, "read_pct": 101}, "workload.read_pct"),
        ({"users": 10, "block_size_kb": 1}, "workload.block_size_kb"),
        ({"users": 10, "block_size_kb": 3}, "workload.block_size_kb"),  # not an Oracle block size
        ({"users": 10, "block_size_kb": 64}, "workload.block_size_kb"),
        ({"users": 10, "sla_response_ms": 0.001}, "workload.sla_response_ms"),  # faster than a flash read
        ({"users": 10, "sla_response_ms": 0.999}, "workload.sla_response_ms"),
        ({"users": 10, "database_size_gb": float("nan")}, "workload.database_size_gb"),
        ({"users": 10, "target_tps": 5}, "workload.users"),
        ({}, "workload.users"),
    ],
)
def test_bad_oltp_input_names_the_field(kwargs: dict[str, object], field: str) -> None:
    with pytest.raises(InputError) as err:
        OltpWorkload(**kwargs)  # type: ignore[arg-type]
    assert err.value.field == field


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"family": "equallogic", "storage_model": "X-Brick"}, "platform.storage_model"),
        ({"family": "equallogic", "storage_model": "PS6010XV", "arrays": 0}, "platform.arrays"),
        ({"family": "equallogic", "storage_model": "PS6010XV", "arrays": 17}, "platform.arrays"),
        ({"family": "equallogic", "storage_model": "PS6010XV", "raid": "xdp"}, "platform.raid"),
        ({"family": "equallogic", "storage_model": "PS6010XV", "pam": True}, "platform.pam"),
        ({"family": "xtremio", "storage_model": "X-Brick", "dedup_ratio": 0.5}, "platform.dedup_ratio"),
        ({"family": "mainframe", "storage_model": "PS6010XV"}, "platform.family"),
    ],
)
def test_bad_platform_names_the_field(kwargs: dict[str, object], field: str) -> None:
    with pytest.raises(InputError) as err:
        Platform(**kwargs)  # type: ignore[arg-type]
    assert err.value.field == field


def test_dict_round_trip_and_unknown_fields() -> None:
    data = {
        "workload": {"kind": "oltp", "users": 100},
        "platform": {"family": "netapp", "storage_model": "FAS3140"},
    }
    inputs = design_inputs_from_dict(data)
    assert design_inputs_from_dict(inputs.to_dict()) == inputs
    with pytest.raises(InputError) as err:
        design_inputs_from_dict({**data, "workload": {"users": 1, "colour": "red"}})
    assert err.value.field == "workload.colour"
    assert DssWorkload(target_throughput_mb_s=10).kind == "dss"


def test_oracle_block_sizes_and_the_sla_floor_are_accepted() -> None:
    for kb in (2, 4, 8, 16, 32):
        assert OltpWorkload(users=10, block_size_kb=kb).block_size_kb == kb
    assert OltpWorkload(users=10, sla_response_ms=1.0).sla_response_ms == 1.0


def test_dss_scan_sizes_and_orion_loads_are_not_oracle_blocks() -> None:
    assert DssWorkload(target_throughput_mb_s=10, block_size_kb=3).block_size_kb == 3
    orion = {"workload": {"users": 1, "block_size_kb": 64}, "platform": {"family": "equallogic",
             "storage_model": "PS6010XV"}}  # fmt: skip
    assert design_inputs_from_dict(orion, storage_test=True).workload.block_size_kb == 64
    with pytest.raises(InputError):
        design_inputs_from_dict(orion)


def test_a_required_field_left_out_is_that_fields_error_in_words() -> None:
    """A DSS workload without its target MB/s names the field and says "required" (it printed the
    constructor's TypeError: "DssWorkload.__init__() missing 1 required positional argument ...")."""
    platform = {"family": "equallogic", "storage_model": "PS6110XV"}
    with pytest.raises(InputError) as err:
        design_inputs_from_dict({"workload": {"kind": "dss"}, "platform": platform})
    assert (err.value.field, err.value.message) == ("workload.target_throughput_mb_s", "required")
