"""DesignInputsSerializer: field-level messages from DRF and from the engine's checks."""

from __future__ import annotations

from typing import Any

import pytest

from engine_adapter.serializers import DesignInputsSerializer

OK_PLATFORM = {"family": "equallogic", "storage_model": "PS6010XV"}


@pytest.mark.parametrize(
    ("data", "section", "field"),
    [
        ({"workload": {"users": -1}, "platform": OK_PLATFORM}, "workload", "users"),
        ({"workload": {"users": 10, "think_time_s": -0.5}, "platform": OK_PLATFORM}, "workload", "think_time_s"),
        ({"workload": {"users": 10, "think_time_s": "NaN"}, "platform": OK_PLATFORM}, "workload", "think_time_s"),
        ({"workload": {"users": 10, "read_pct": 120}, "platform": OK_PLATFORM}, "workload", "read_pct"),
        ({"workload": {"users": 10, "target_tps": 3}, "platform": OK_PLATFORM}, "workload", "users"),
        ({"workload": {"kind": "dss"}, "platform": OK_PLATFORM}, "workload", "target_throughput_mb_s"),
        ({"workload": {"users": 10, "io_pattern": "random"}, "platform": OK_PLATFORM}, "workload", "io_pattern"),
        ({"workload": {"users": 10}, "platform": {"family": "equallogic", "storage_model": "X-Brick"}},
         "platform", "storage_model"),
        ({"workload": {"users": 10}, "platform": {**OK_PLATFORM, "raid": "xdp"}}, "platform", "raid"),
        ({"workload": {"users": 10}, "platform": {**OK_PLATFORM, "arrays": 99}}, "platform", "arrays"),
        ({"workload": {"users": 10}, "platform": {**OK_PLATFORM, "pam": True}}, "platform", "pam"),
    ],
)  # fmt: skip
def test_field_errors(data: dict[str, Any], section: str, field: str) -> None:
    s = DesignInputsSerializer(data=data)
    assert not s.is_valid()
    assert field in s.errors[section], s.errors


def test_valid_inputs_come_back_as_plain_json() -> None:
    s = DesignInputsSerializer(
        data={"workload": {"users": 5000, "think_time_s": None}, "platform": {**OK_PLATFORM, "raid": None}}
    )
    assert s.is_valid(), s.errors
    assert s.validated_data == {"workload": {"kind": "oltp", "users": 5000}, "platform": OK_PLATFORM}


def test_form_style_values_are_read_as_drf_reads_them() -> None:
    s = DesignInputsSerializer(
        data={
            "workload": {"users": "5000", "read_pct": "75.5", "include_backup_overhead": "false"},
            "platform": {"family": "netapp", "storage_model": "FAS3140", "pam": "true", "reference": ""},
        }
    )
    assert s.is_valid(), s.errors
    assert s.validated_data["workload"] == {
        "kind": "oltp", "users": 5000, "read_pct": 75.5, "include_backup_overhead": False,
    }  # fmt: skip
    assert s.validated_data["platform"] == {"family": "netapp", "storage_model": "FAS3140", "pam": True}


def test_a_dss_workload_refuses_oltp_fields_and_needs_its_throughput() -> None:
    s = DesignInputsSerializer(data={"workload": {"kind": "dss", "users": 10}, "platform": OK_PLATFORM})
    assert not s.is_valid()
    assert s.errors["workload"] == {"users": ["not a field of a dss workload"]}
    s = DesignInputsSerializer(data={"workload": {"kind": "dss"}, "platform": OK_PLATFORM})
    assert not s.is_valid()
    assert s.errors["workload"]["target_throughput_mb_s"] == ["required for a DSS workload"]


def test_a_workload_that_is_not_an_object_is_refused_like_a_platform_that_is_not() -> None:
    s = DesignInputsSerializer(data={"workload": "oltp", "platform": "equallogic"})
    assert not s.is_valid()
    assert s.errors["workload"] == {"non_field_errors": ["Invalid data. Expected a dictionary, but got str."]}
    assert s.errors["platform"] == {"non_field_errors": ["Invalid data. Expected a dictionary, but got str."]}


@pytest.mark.parametrize("value", [[], {}, "maybe", 2])
def test_a_flag_that_is_no_boolean_is_refused(value: object) -> None:
    s = DesignInputsSerializer(
        data={
            "workload": {"users": 10},
            "platform": {"family": "netapp", "storage_model": "FAS3140", "pam": value},
        }
    )
    assert not s.is_valid()
    assert s.errors["platform"] == {"pam": ["must be true or false"]}
