"""Input validation for design inputs (workload + platform), with the engine's field-level messages.

The designs app stores `serializer.validated_data` (plain JSON) and passes it to services.evaluate.
"""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from sizing.errors import InputError
from sizing.inputs import FAMILIES, IO_PATTERNS, RAID_BY_FAMILY, STORAGE_MODELS, design_inputs_from_dict

RAID_CHOICES = sorted({r for levels in RAID_BY_FAMILY.values() for r in levels})


def _drop_unset(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if v is not None}


class WorkloadSerializer(serializers.Serializer):
    """OLTP: give `users` or `target_tps`. DSS: give `target_throughput_mb_s`."""

    kind = serializers.ChoiceField(choices=["oltp", "dss"], default="oltp")
    users = serializers.IntegerField(required=False, allow_null=True, min_value=1, max_value=1_000_000)
    target_tps = serializers.FloatField(required=False, allow_null=True, min_value=0.001)
    think_time_s = serializers.FloatField(
        required=False, allow_null=True, min_value=0.001, max_value=3600,
        help_text="Seconds between a user's transactions; empty = the platform's calibrated think time",
    )  # fmt: skip
    database_size_gb = serializers.FloatField(required=False, min_value=0.001)
    read_pct = serializers.FloatField(required=False, min_value=0, max_value=100)
    block_size_kb = serializers.FloatField(required=False, min_value=2, max_value=4096)
    sla_response_ms = serializers.FloatField(
        required=False, allow_null=True, min_value=0.001,
        help_text="Response time threshold; empty = the platform's benchmark threshold (2 s TPC-C, 20 ms Swingbench)",
    )  # fmt: skip
    user_growth_pct_per_year = serializers.FloatField(required=False, min_value=-50, max_value=500)
    data_growth_pct_per_year = serializers.FloatField(required=False, min_value=-50, max_value=500)
    horizon_years = serializers.IntegerField(required=False, min_value=0, max_value=20)
    include_backup_overhead = serializers.BooleanField(required=False)
    include_growth_overhead = serializers.BooleanField(required=False)
    target_throughput_mb_s = serializers.FloatField(required=False, allow_null=True, min_value=0.001)
    io_pattern = serializers.ChoiceField(choices=list(IO_PATTERNS), required=False)
    query_streams = serializers.IntegerField(required=False, min_value=1, max_value=1000)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        attrs = _drop_unset(attrs)
        kind = attrs.get("kind", "oltp")
        oltp_only = {"users", "target_tps", "think_time_s", "read_pct", "sla_response_ms", "user_growth_pct_per_year",
                     "include_backup_overhead", "include_growth_overhead"}  # fmt: skip
        dss_only = {"target_throughput_mb_s", "io_pattern", "query_streams"}
        wrong = sorted(attrs.keys() & (dss_only if kind == "oltp" else oltp_only))
        if wrong:
            raise serializers.ValidationError({k: [f"not a field of a {kind} workload"] for k in wrong})
        if kind == "dss" and "target_throughput_mb_s" not in attrs:
            raise serializers.ValidationError({"target_throughput_mb_s": ["required for a DSS workload"]})
        return attrs


class PlatformSerializer(serializers.Serializer):
    family = serializers.ChoiceField(choices=list(FAMILIES))
    storage_model = serializers.ChoiceField(choices=list(STORAGE_MODELS))
    reference = serializers.CharField(required=False, allow_null=True, allow_blank=True, max_length=80)
    rac_nodes = serializers.IntegerField(required=False, min_value=1, max_value=16)
    cores_per_node = serializers.IntegerField(required=False, min_value=1, max_value=512)
    memory_gb_per_node = serializers.FloatField(required=False, min_value=0.001, max_value=65536)
    arrays = serializers.IntegerField(
        required=False, min_value=1, max_value=16,
        help_text="EqualLogic arrays, X-Bricks, FS1-2 drive enclosures or NetApp controllers",
    )  # fmt: skip
    drives_per_enclosure = serializers.IntegerField(
        required=False, allow_null=True, min_value=1, max_value=24
    )
    raid = serializers.ChoiceField(choices=RAID_CHOICES, required=False, allow_null=True)
    asm_volumes = serializers.IntegerField(required=False, min_value=1, max_value=64)
    pam = serializers.BooleanField(required=False)
    thin_provisioning = serializers.BooleanField(required=False)
    dedup_ratio = serializers.FloatField(required=False, allow_null=True, min_value=1, max_value=20)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        attrs = _drop_unset(attrs)
        if attrs.get("reference") == "":
            attrs.pop("reference")
        return attrs


class DesignInputsSerializer(serializers.Serializer):
    """Design inputs: {"workload": {...}, "platform": {...}}; the engine checks the combination."""

    workload = WorkloadSerializer()
    platform = PlatformSerializer()

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        data = {"workload": dict(attrs["workload"]), "platform": dict(attrs["platform"])}
        try:
            design_inputs_from_dict(data)
        except InputError as exc:
            section, _, name = exc.field.partition(".")
            if name:
                raise serializers.ValidationError({section: {name: [exc.message]}}) from exc
            raise serializers.ValidationError({section or "non_field_errors": [exc.message]}) from exc
        return data
