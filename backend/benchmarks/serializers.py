"""Benchmark evidence representations: a curve with its workload, points and values (units included)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from benchmarks.models import BenchmarkCurve, MeasuredPoint, PointValue
from catalog.models import Configuration, SourceDocument
from catalog.units import unit_problem
from core.fields import ScalarMapField
from engine_adapter.evidence import storage_model_of


class PointValueSerializer(serializers.ModelSerializer[PointValue]):
    class Meta:
        model = PointValue
        fields = ["quantity", "value", "unit"]


class MeasuredValueSerializer(serializers.ModelSerializer[PointValue]):
    """One measured value on its own, so that an admin can correct it (the audit trail records it)."""

    curve: serializers.SlugRelatedField[BenchmarkCurve] = serializers.SlugRelatedField(
        source="point.curve", slug_field="slug", read_only=True
    )
    position = serializers.IntegerField(
        source="point.position", read_only=True, help_text="the point's position"
    )

    class Meta:
        model = PointValue
        fields = ["id", "curve", "position", "quantity", "value", "unit"]
        # The quantity names what was measured; changing it would be another measurement.
        read_only_fields = ["quantity"]

    def validate_value(self, value: Decimal) -> Decimal:
        # Mirrors pointvalue_not_negative: a 400 rather than an IntegrityError.
        if value < 0:
            raise serializers.ValidationError("A measured value cannot be negative.")
        return value

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        quantity = self.instance.quantity if self.instance else attrs.get("quantity", "")
        problem = unit_problem(quantity, attrs.get("unit", self.instance.unit if self.instance else ""))
        if problem:
            raise serializers.ValidationError({"unit": problem})
        return attrs


class MeasuredPointSerializer(serializers.ModelSerializer[MeasuredPoint]):
    source_document: serializers.SlugRelatedField[SourceDocument] = serializers.SlugRelatedField(
        slug_field="slug", read_only=True
    )
    values = PointValueSerializer(many=True, read_only=True)
    conditions = ScalarMapField(
        required=False, help_text="What the point was measured under (queue depth, block size, arrays, ...)"
    )

    class Meta:
        model = MeasuredPoint
        fields = ["position", "conditions", "values", "source_document", "source_locator"]


class BenchmarkCurveSerializer(serializers.ModelSerializer[BenchmarkCurve]):
    """Points are read-only here; curves with points are written through /api/v1/import/curves/."""

    configuration = serializers.SlugRelatedField(slug_field="slug", queryset=Configuration.objects.all())
    source_document = serializers.SlugRelatedField(slug_field="slug", queryset=SourceDocument.objects.all())
    points = MeasuredPointSerializer(many=True, read_only=True)
    storage_model = serializers.SerializerMethodField(
        help_text="The storage model the curve was measured on (platform.storage_model), as the engine reads "
        "it: named by the curve's slug or title, else by its configuration's; null: none named"
    )

    class Meta:
        model = BenchmarkCurve
        fields = [
            "id",
            "slug",
            "title",
            "configuration",
            "storage_model",
            "tool",
            "io_pattern",
            "block_size_kb",
            "read_pct",
            "arrays",
            "array_mode",
            "raid",
            "rac_nodes",
            "asm_volumes",
            "memory",
            "notes",
            "source_document",
            "source_locator",
            "from_fixtures",
            "points",
        ]
        read_only_fields = ["from_fixtures"]
        # Mirrors curve_read_pct_range: a 400 rather than an IntegrityError.
        extra_kwargs = {"read_pct": {"min_value": 0, "max_value": 100}}

    @extend_schema_field({"type": "string", "nullable": True})
    def get_storage_model(self, curve: BenchmarkCurve) -> str | None:
        # What a chart compares with the design's storage before it draws the curve's points on it
        # (the seed loader's reading, sizing.fixtures: no query beyond the configuration row).
        conf = curve.configuration
        return storage_model_of(curve.slug, curve.title) or storage_model_of(
            conf.slug, conf.name, conf.description
        )
