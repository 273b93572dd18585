"""Catalog API representations. Provenance is flat: `source_document` (slug) + `source_locator`."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from catalog.choices import CheckOp, Platform, RaidLevel, RuleKind, Unit
from catalog.models import (
    Configuration,
    ConfigurationComponent,
    ConfigurationLayout,
    ConfigurationParameter,
    Manufacturer,
    Part,
    PriceBook,
    PriceBookEntry,
    SizingRule,
    SourceDocument,
    StorageProfile,
)


# The list fields are named components holding their enum inline: drf-spectacular extracts enums only
# from object properties, so the same choices are not named twice (which `make openapi --fail-on-warn`
# rejects) and no component name of another field is relied on.
@extend_schema_field(
    {"type": "array", "items": {"type": "string", "enum": RaidLevel.values}}, component_name="RaidLevelList"
)
class RaidLevelListField(serializers.ListField):
    """RAID levels (RaidLevel values)."""

    child = serializers.ChoiceField(choices=RaidLevel.choices)


@extend_schema_field(
    {"type": "array", "items": {"type": "string", "enum": Platform.values}}, component_name="PlatformList"
)
class PlatformListField(serializers.ListField):
    """Platforms (Platform values)."""

    child = serializers.ChoiceField(choices=Platform.choices)


# Typed descriptions of the JSON fields, for clients generated from the OpenAPI schema. The unit is a
# plain string here (the closed list is UnitEnum on measured values): an enum inside these components
# would be extracted under a second name.
@extend_schema_field(
    {
        "type": "object",
        "description": "Named quantities: {name: {value, unit}}; value is an exact decimal string",
        "additionalProperties": {
            "type": "object",
            "properties": {"value": {"type": "string", "example": "3600"}, "unit": {"type": "string"}},
            "required": ["value", "unit"],
        },
        "example": {"peak_iops": {"value": "3600", "unit": "IOPS"}},
    },
    component_name="QuantityMap",
)
class QuantityMapField(serializers.JSONField):
    pass


@extend_schema_field(
    {
        "type": "object",
        "nullable": True,
        "description": "A machine-checkable condition a design can violate (best-practice rules)",
        "properties": {
            "field": {"type": "string"},
            "op": {"type": "string", "description": "eq, ne, lte, gte, lt, gt or in"},
            "value": {},
            "when": {
                "type": "object",
                "description": "The design facts the check applies to ({workload_kind: oltp}); "
                "the check is skipped for a design that differs",
                "additionalProperties": {
                    "oneOf": [{"type": "string"}, {"type": "number"}, {"type": "boolean"}]
                },
            },
        },
        "required": ["field", "op", "value"],
    },
    component_name="RuleCheck",
)
class RuleCheckField(serializers.JSONField):
    pass


def _document_field(**kwargs: Any) -> serializers.SlugRelatedField[SourceDocument]:
    return serializers.SlugRelatedField(slug_field="slug", queryset=SourceDocument.objects.all(), **kwargs)


class QuantitySerializer(serializers.Serializer[dict[str, Any]]):
    """A named quantity: an exact decimal (as a string) and a unit of the closed list."""

    value = serializers.DecimalField(max_digits=20, decimal_places=6, coerce_to_string=True)
    unit = serializers.ChoiceField(choices=Unit.choices)


def _validate_quantities(value: Any, field: str) -> dict[str, dict[str, str]]:
    if not isinstance(value, dict):
        raise serializers.ValidationError(f"{field} must be an object of {{name: {{value, unit}}}}.")
    out: dict[str, dict[str, str]] = {}
    errors: dict[str, Any] = {}
    for name, quantity in value.items():
        item = QuantitySerializer(data=quantity)
        if item.is_valid():
            # Keep the number as written (normalised), never a float.
            out[str(name)] = {"value": str(quantity["value"]), "unit": item.validated_data["unit"]}
        else:
            errors[str(name)] = item.errors
    if errors:
        raise serializers.ValidationError(errors)
    return out


class SourceDocumentSerializer(serializers.ModelSerializer[SourceDocument]):
    # How much of the catalog cites the document (annotated by the viewset; read-only).
    part_count = serializers.IntegerField(read_only=True)
    configuration_count = serializers.IntegerField(read_only=True)
    curve_count = serializers.IntegerField(read_only=True)
    point_count = serializers.IntegerField(read_only=True)
    rule_count = serializers.IntegerField(read_only=True, help_text="current rule versions")

    class Meta:
        model = SourceDocument
        fields = [
            "id",
            "slug",
            "title",
            "publisher",
            "year",
            "seed_file",
            "from_fixtures",
            "part_count",
            "configuration_count",
            "curve_count",
            "point_count",
            "rule_count",
        ]
        read_only_fields = ["from_fixtures"]
        # Mirrors the sourcedocument_year_range check constraint: a 400, not an IntegrityError.
        extra_kwargs = {"year": {"min_value": 1990, "max_value": 2100}}


class ManufacturerSerializer(serializers.ModelSerializer[Manufacturer]):
    class Meta:
        model = Manufacturer
        fields = ["id", "slug", "name", "from_fixtures"]
        read_only_fields = ["from_fixtures"]


class PartSerializer(serializers.ModelSerializer[Part]):
    manufacturer = serializers.SlugRelatedField(slug_field="slug", queryset=Manufacturer.objects.all())
    source_document = _document_field(required=False, allow_null=True)
    raid_levels = RaidLevelListField(required=False, allow_empty=True)

    class Meta:
        model = Part
        fields = [
            "id",
            "manufacturer",
            "part_number",
            "part_number_is_model",
            "kind",
            "model",
            "description",
            "cores",
            "sockets",
            "clock_ghz",
            "memory_gb",
            "drive_count",
            "drive_capacity_gb",
            "drive_technology",
            "raid_levels",
            "hot_spares",
            "host_ports",
            "host_port_speed_gbps",
            "host_port_protocol",
            "rack_units",
            "cache_gb",
            "source_document",
            "source_locator",
            "from_fixtures",
        ]
        read_only_fields = ["from_fixtures"]

    def _positive(self, value: Decimal | None, what: str) -> Decimal | None:
        if value is not None and value <= 0:
            raise serializers.ValidationError(f"{what} must be greater than zero.")
        return value

    def validate_clock_ghz(self, value: Decimal | None) -> Decimal | None:
        return self._positive(value, "Clock speed")

    def validate_drive_capacity_gb(self, value: Decimal | None) -> Decimal | None:
        return self._positive(value, "Drive capacity")

    def validate_host_port_speed_gbps(self, value: Decimal | None) -> Decimal | None:
        return self._positive(value, "Host port speed")


class PriceBookEntrySerializer(serializers.ModelSerializer[PriceBookEntry]):
    part_number = serializers.CharField(source="part.part_number", read_only=True)
    manufacturer = serializers.CharField(source="part.manufacturer.slug", read_only=True)
    currency = serializers.CharField(source="price_book.currency", read_only=True)
    net_unit_price = serializers.DecimalField(
        max_digits=14, decimal_places=2, read_only=True, help_text="list price less the discount"
    )

    class Meta:
        model = PriceBookEntry
        fields = [
            "id",
            "price_book",
            "part",
            "part_number",
            "manufacturer",
            "unit_price",
            "discount_percent",
            "net_unit_price",
            "currency",
        ]
        extra_kwargs = {
            "unit_price": {"min_value": Decimal("0")},
            "discount_percent": {"min_value": Decimal("0"), "max_value": Decimal("100")},
        }


class PriceBookSerializer(serializers.ModelSerializer[PriceBook]):
    imported_by = serializers.CharField(
        source="imported_by.username", read_only=True, default=None, allow_null=True
    )
    entry_count = serializers.IntegerField(read_only=True)

    class Meta:
        model = PriceBook
        fields = [
            "id",
            "name",
            "currency",
            "version",
            "effective_date",
            "valid_until",
            "imported_by",
            "is_active",
            "is_demo",
            "created_at",
            "entry_count",
        ]
        read_only_fields = ["version", "created_at", "is_active", "is_demo"]
        # Posting an existing name makes its next version (catalog.services), not a conflict.
        validators: list[Any] = []

    def validate_currency(self, value: str) -> str:
        if len(value) != 3 or not value.isalpha() or not value.isupper():
            raise serializers.ValidationError("An ISO 4217 code of three capital letters, e.g. USD.")
        return value

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        until, start = attrs.get("valid_until"), attrs.get("effective_date")
        if until is not None and start is not None and until < start:
            raise serializers.ValidationError(
                {"valid_until": ["Must not be before effective_date (valid from)."]}
            )
        return attrs


class DefaultPriceBookSerializer(serializers.Serializer[Any]):
    """The price book a design created without a `price_book` starts with (catalog.selectors)."""

    date = serializers.DateField(help_text="the day the default was taken for (the server's today)")
    price_book = PriceBookSerializer(allow_null=True, help_text="null: no active price book (unpriced)")
    note = serializers.CharField(help_text="what the new-design page says about it")


class ConfigurationComponentSerializer(serializers.ModelSerializer[ConfigurationComponent]):
    part_number = serializers.CharField(source="part.part_number", read_only=True)
    manufacturer = serializers.CharField(source="part.manufacturer.slug", read_only=True)
    kind = serializers.CharField(source="part.kind", read_only=True)
    description = serializers.CharField(source="part.description", read_only=True)
    source_document: serializers.SlugRelatedField[SourceDocument] = serializers.SlugRelatedField(
        slug_field="slug", read_only=True
    )

    class Meta:
        model = ConfigurationComponent
        fields = [
            "position",
            "section",
            "part",
            "part_number",
            "manufacturer",
            "kind",
            "description",
            "quantity",
            "source_document",
            "source_locator",
        ]


class ConfigurationLayoutSerializer(serializers.ModelSerializer[ConfigurationLayout]):
    source_document: serializers.SlugRelatedField[SourceDocument] = serializers.SlugRelatedField(
        slug_field="slug", read_only=True
    )

    class Meta:
        model = ConfigurationLayout
        fields = [
            "position",
            "name",
            "kind",
            "luns",
            "lun_size_gb",
            "storage_profile",
            "redundancy",
            "controllers",
            "purpose",
            "source_document",
            "source_locator",
        ]


class StorageProfileSerializer(serializers.ModelSerializer[StorageProfile]):
    source_document: serializers.SlugRelatedField[SourceDocument] = serializers.SlugRelatedField(
        slug_field="slug", read_only=True
    )

    class Meta:
        model = StorageProfile
        fields = [
            "position",
            "name",
            "raid",
            "read_ahead",
            "qos_priority",
            "stripe_width",
            "source_document",
            "source_locator",
        ]


class ConfigurationParameterSerializer(serializers.ModelSerializer[ConfigurationParameter]):
    source_document: serializers.SlugRelatedField[SourceDocument] = serializers.SlugRelatedField(
        slug_field="slug", read_only=True
    )

    class Meta:
        model = ConfigurationParameter
        fields = ["position", "name", "value", "scope", "source_document", "source_locator"]


class ConfigurationSerializer(serializers.ModelSerializer[Configuration]):
    """A configuration with its composition; the nested rows are read-only here (they come from the
    fixtures, or are edited in the admin)."""

    source_document = _document_field()
    attributes = QuantityMapField(required=False)
    components = ConfigurationComponentSerializer(many=True, read_only=True)
    layouts = ConfigurationLayoutSerializer(many=True, read_only=True)
    storage_profiles = StorageProfileSerializer(many=True, read_only=True)
    parameters = ConfigurationParameterSerializer(many=True, read_only=True)

    class Meta:
        model = Configuration
        fields = [
            "id",
            "slug",
            "name",
            "platform",
            "role",
            "description",
            "attributes",
            "source_document",
            "source_locator",
            "from_fixtures",
            "components",
            "layouts",
            "storage_profiles",
            "parameters",
        ]
        read_only_fields = ["from_fixtures"]

    def validate_attributes(self, value: Any) -> dict[str, dict[str, str]]:
        return _validate_quantities(value, "attributes")


def _is_scalar(value: Any) -> bool:
    return isinstance(value, str | int | float | bool | Decimal)


class RuleCheckSerializer(serializers.Serializer[dict[str, Any]]):
    """The machine-checkable condition of a best-practice rule (evaluated by the sizing engine)."""

    field = serializers.RegexField(r"^[a-z][a-z0-9_]*$", max_length=64)
    op = serializers.ChoiceField(choices=CheckOp.choices)
    value = serializers.JSONField()
    when = serializers.DictField(required=False)

    def validate_when(self, value: dict[str, Any]) -> dict[str, Any]:
        # A design fact is compared for equality with each value: only a scalar can be equal to one.
        wrong = {
            k: ["must be a string, a number or a boolean"] for k, v in value.items() if not _is_scalar(v)
        }
        if wrong:
            raise serializers.ValidationError(wrong)
        return value

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        unknown = set(self.initial_data) - {"field", "op", "value", "when"}
        if unknown:
            raise serializers.ValidationError(f"unknown keys: {', '.join(sorted(unknown))}")
        return attrs


class SizingRuleSerializer(serializers.ModelSerializer[SizingRule]):
    source_document = _document_field()
    parameters = QuantityMapField(required=False)
    applies_to = PlatformListField(required=False, help_text="platforms; empty means all")
    check = RuleCheckField(source="condition", required=False, allow_null=True)

    class Meta:
        model = SizingRule
        fields = [
            "id",
            "slug",
            "version",
            "kind",
            "title",
            "applies_to",
            "parameters",
            "check",
            "severity",
            "source_document",
            "source_locator",
            "is_current",
            "created_at",
            "from_fixtures",
        ]
        read_only_fields = ["version", "is_current", "created_at", "from_fixtures"]
        # Posting an existing slug is how a new version is made (catalog.services), not a conflict.
        validators: list[Any] = []

    def validate_parameters(self, value: Any) -> dict[str, dict[str, str]]:
        return _validate_quantities(value, "parameters")

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if attrs.get("kind") == RuleKind.BEST_PRACTICE and not (
            attrs.get("condition") and attrs.get("severity")
        ):
            raise serializers.ValidationError({"check": "A best-practice rule needs a check and a severity."})
        return attrs

    def validate_check(self, value: Any) -> dict[str, Any] | None:
        if value is None:
            return None
        check = RuleCheckSerializer(data=value)
        if not check.is_valid():
            raise serializers.ValidationError(check.errors)
        return value if isinstance(value, dict) else None
