"""Design inputs (workload + platform) as the API reads them: generated from the engine's input contract
(sizing.inputs: OLTP_FIELDS, DSS_FIELDS, PLATFORM_FIELDS), so the serializers, the published OpenAPI
schema and the engine check the same bounds with the same messages. Nothing here lists a field by hand.

The designs app stores `serializer.validated_data` (plain JSON: the fields that were sent, nulls
dropped) and passes it to services.evaluate.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from drf_spectacular.extensions import OpenApiSerializerFieldExtension
from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema_field
from rest_framework import serializers

from sizing.consolidation import CONSOLIDATION_FIELDS, DATABASE_FIELDS
from sizing.errors import InputError
from sizing.inputs import (
    DSS_FIELDS,
    OLTP_FIELDS,
    PLATFORM_FIELDS,
    WORKLOAD_KINDS,
    InputField,
    design_inputs_from_dict,
)


def _drop_unset(data: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if v is not None}


class ContractField(serializers.Field):
    """One input of the engine's contract: parsed from JSON, then checked by the declaration itself
    (InputField.check), so the API answers with the engine's message for the same value."""

    def __init__(self, spec: InputField, **kwargs: Any) -> None:
        self.spec = spec
        kwargs.setdefault("required", spec.required)
        kwargs.setdefault("allow_null", spec.nullable)
        kwargs.setdefault("help_text", spec.help)
        super().__init__(**kwargs)

    def __deepcopy__(self, memo: dict[int, Any]) -> ContractField:
        # DRF copies every declared field for each serializer instance, deep-copying the constructor's
        # arguments: the spec is an immutable declaration, so share it (most of a validation's time
        # went to copying specs).
        return self.__class__(self.spec, **getattr(self, "_kwargs", {}))

    def to_internal_value(self, data: Any) -> Any:
        value = data
        # JSON numbers arrive as numbers; a form may send "8" (DRF's number fields accept it too).
        if self.spec.type in ("integer", "number") and isinstance(data, str):
            try:
                value = float(data)
            except ValueError:
                raise serializers.ValidationError("must be a number") from None
            if value.is_integer() and self.spec.type == "integer":
                value = int(value)
        if self.spec.type == "boolean" and isinstance(data, str | int) and not isinstance(data, bool):
            # As DRF's BooleanField: "true", "1", 1 ... are true (a form or query may send them).
            if data in serializers.BooleanField.TRUE_VALUES:
                value = True
            elif data in serializers.BooleanField.FALSE_VALUES:
                value = False
        try:
            checked = self.spec.check(value, self.spec.name)
        except InputError as exc:
            raise serializers.ValidationError(exc.message) from exc
        # A number input is stored and echoed as a float whatever the JSON spelling (25800 or 25800.0),
        # as DRF's FloatField did: the same design must not print differently by how it was typed.
        if self.spec.type == "number" and isinstance(checked, int) and not isinstance(checked, bool):
            return float(checked)
        return checked

    def to_representation(self, value: Any) -> Any:
        return value


def contract_schema(spec: InputField) -> dict[str, Any]:
    """The OpenAPI (3.0) schema of one declared input: the same bounds, default and choices."""
    schema: dict[str, Any] = {"type": spec.type}
    if spec.type == "number":
        schema["format"] = "double"
    if spec.choices is not None:
        # A None member makes drf-spectacular publish a nullable choice as oneOf [enum, NullEnum].
        schema["enum"] = [*spec.choices, *([None] if spec.nullable else [])]
    if spec.allowed is not None:
        # An enum on the number (Oracle's block sizes), printed as whole numbers where they are.
        schema["enum"] = [int(v) if float(v).is_integer() else v for v in spec.allowed]
    if spec.minimum is not None:
        schema["minimum"] = spec.minimum
        if spec.exclusive_minimum:
            schema["exclusiveMinimum"] = True
    if spec.maximum is not None:
        schema["maximum"] = spec.maximum
    if spec.max_length is not None:
        schema["maxLength"] = spec.max_length
    if spec.default is not None:
        schema["default"] = spec.default
    if spec.unit:
        schema["x-unit"] = spec.unit
    return schema


class ContractFieldExtension(OpenApiSerializerFieldExtension):
    target_class = ContractField

    def map_serializer_field(self, auto_schema: Any, direction: Any) -> dict[str, Any]:
        return contract_schema(self.target.spec)


def _contract_serializer(
    name: str,
    declared: Mapping[str, InputField],
    doc: str,
    **extra: Any,
) -> type[serializers.Serializer]:
    """A serializer class with one ContractField per declared input (plus `extra` attributes)."""
    attrs: dict[str, Any] = {"__doc__": doc, "__module__": __name__, **extra}
    attrs.update({spec.name: ContractField(spec) for spec in declared.values()})
    return type(name, (serializers.Serializer,), attrs)


def _platform_validate(self: serializers.Serializer, attrs: dict[str, Any]) -> dict[str, Any]:
    attrs = _drop_unset(attrs)
    if attrs.get("reference") == "":
        attrs.pop("reference")
    return attrs


OltpWorkloadSerializer = _contract_serializer(
    "OltpWorkloadSerializer",
    OLTP_FIELDS,
    "OLTP demand: give `users` or `target_tps` (exactly one).",
    kind=serializers.ChoiceField(choices=["oltp"], required=False, help_text="Absent: oltp"),
)
DssWorkloadSerializer = _contract_serializer(
    "DssWorkloadSerializer",
    DSS_FIELDS,
    "DSS demand: a scan throughput target and concurrent query streams.",
    kind=serializers.ChoiceField(choices=["dss"]),
)
PlatformSerializer = _contract_serializer(
    "PlatformSerializer",
    PLATFORM_FIELDS,
    "Servers and storage; `arrays` counts what the storage model's entry in /platforms/ says.",
    validate=_platform_validate,
)
WORKLOAD_SERIALIZERS: dict[str, type[serializers.Serializer]] = {
    "oltp": OltpWorkloadSerializer,
    "dss": DssWorkloadSerializer,
}

WorkloadSchema = PolymorphicProxySerializer(
    component_name="Workload",
    serializers=dict[str, serializers.Serializer[Any] | type[serializers.Serializer[Any]]](
        WORKLOAD_SERIALIZERS
    ),
    resource_type_field_name="kind",
)


@extend_schema_field(WorkloadSchema)
class WorkloadField(serializers.Field):
    """An OLTP or a DSS workload, told apart by `kind` (absent: oltp)."""

    def to_internal_value(self, data: Any) -> dict[str, Any]:
        if not isinstance(data, Mapping):  # worded and shaped as DRF answers for the platform object
            raise serializers.ValidationError(
                {"non_field_errors": [f"Invalid data. Expected a dictionary, but got {type(data).__name__}."]}
            )
        kind = data.get("kind") or "oltp"
        if kind not in WORKLOAD_KINDS:
            raise serializers.ValidationError({"kind": [f"must be one of {', '.join(WORKLOAD_KINDS)}"]})
        own = OLTP_FIELDS if kind == "oltp" else DSS_FIELDS
        other = DSS_FIELDS if kind == "oltp" else OLTP_FIELDS
        wrong = sorted((data.keys() & other.keys()) - own.keys())
        if wrong:
            raise serializers.ValidationError({k: [f"not a field of a {kind} workload"] for k in wrong})
        serializer = WORKLOAD_SERIALIZERS[kind](data=data)
        if not serializer.is_valid():
            errors = dict(serializer.errors)
            if kind == "dss" and "target_throughput_mb_s" not in data:
                errors["target_throughput_mb_s"] = ["required for a DSS workload"]
            raise serializers.ValidationError(errors)
        return {"kind": kind, **_drop_unset(serializer.validated_data)}

    def to_representation(self, value: Any) -> Any:
        return value


class DesignInputsSerializer(serializers.Serializer):
    """Design inputs: {"workload": {...}, "platform": {...}}; the engine checks the combination."""

    workload = WorkloadField()
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


# A design stores its workload and platform as the JSON the engine accepted (validated as a pair by
# designs.engine.validate_design_inputs): the fields below keep that JSON as it is and publish its
# schema. Written, it is the request union / platform above; read back, it is the same request shape
# (fields that were not sent are absent), so the read side refers to the request components.


@extend_schema_field(WorkloadSchema)
class WorkloadJSONField(serializers.JSONField):
    """A design's workload as sent (OLTP or DSS)."""


@extend_schema_field(PlatformSerializer)
class PlatformJSONField(serializers.JSONField):
    """A design's platform as sent."""


@extend_schema_field({"$ref": "#/components/schemas/WorkloadRequest"})
class StoredWorkloadField(serializers.JSONField):
    """A design's workload as stored: what was sent and the engine accepted."""


@extend_schema_field({"$ref": "#/components/schemas/PlatformRequest"})
class StoredPlatformField(serializers.JSONField):
    """A design's platform as stored: what was sent and the engine accepted."""


# One database of a design of several (issue 40), generated from the engine's declaration
# (sizing.consolidation.DATABASE_FIELDS) as the workload and platform serializers are; the engine checks
# the list as a whole (names unique, the maximum, a workload each).
DatabaseSerializer = _contract_serializer(
    "DatabaseSerializer",
    DATABASE_FIELDS,
    "One database of a design of several (issue 40); the engine checks it (sizing.consolidation).",
    workload=StoredWorkloadField(help_text="an OLTP or DSS workload, as `workload` takes it"),
)


def clone_reduction_ratio_field(**kwargs: Any) -> ContractField:
    """The design's own clone data reduction ratio, as the engine declares it."""
    return ContractField(CONSOLIDATION_FIELDS["clone_reduction_ratio"], required=False, **kwargs)
