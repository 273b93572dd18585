"""Benchmark evidence API: curves with nested points and values."""

from __future__ import annotations

from django.db.models import Prefetch
from drf_spectacular.utils import OpenApiExample, extend_schema, extend_schema_view
from rest_framework import viewsets

from benchmarks.filtersets import BenchmarkCurveFilterSet
from benchmarks.models import BenchmarkCurve, MeasuredPoint
from benchmarks.serializers import BenchmarkCurveSerializer
from catalog.permissions import IsAdminOrReadOnly

CURVE_EXAMPLE = {
    "id": 1,
    "slug": "dell-oltp-2010-orion-ps6010xv",
    "title": "PS6010XV ORION: maximum IOPS at latency <= 20 ms",
    "configuration": "equallogic-ps6010xv",
    "tool": "orion",
    "io_pattern": "random",
    "block_size_kb": 8,
    "read_pct": "70.00",
    "arrays": 1,
    "array_mode": "",
    "raid": "raid10",
    "rac_nodes": None,
    "asm_volumes": None,
    "memory": "",
    "notes": "queue depth raised until the 20 ms latency limit",
    "source_document": "dell-equallogic-oltp-2010",
    "source_locator": "Table 2",
    "from_fixtures": True,
    "points": [
        {
            "position": 1,
            "conditions": {"block_size_kb": 8, "read_pct": 100},
            "values": [
                {"quantity": "latency_limit", "value": "20.000000", "unit": "ms"},
                {"quantity": "max_iops", "value": "4857.000000", "unit": "IOPS"},
            ],
            "source_document": "dell-equallogic-oltp-2010",
            "source_locator": "Table 2, test 1",
        }
    ],
}


@extend_schema_view(
    list=extend_schema(
        examples=[
            OpenApiExample(
                "Curve list",
                value={"count": 1, "next": None, "previous": None, "results": [CURVE_EXAMPLE]},
                response_only=True,
            )
        ]
    ),
    retrieve=extend_schema(examples=[OpenApiExample("Curve", value=CURVE_EXAMPLE, response_only=True)]),
)
class BenchmarkCurveViewSet(viewsets.ModelViewSet[BenchmarkCurve]):
    """Measured curves: a workload profile on a configuration, with points citing their source."""

    queryset = BenchmarkCurve.objects.select_related("configuration", "source_document").prefetch_related(
        Prefetch(
            "points",
            queryset=MeasuredPoint.objects.select_related("source_document").prefetch_related("values"),
        )
    )
    serializer_class = BenchmarkCurveSerializer
    permission_classes = [IsAdminOrReadOnly]
    lookup_field = "slug"
    filterset_class = BenchmarkCurveFilterSet
    search_fields = ["slug", "title", "notes"]
    ordering_fields = ["slug", "tool", "block_size_kb", "read_pct"]
