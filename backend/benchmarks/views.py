"""Benchmark evidence API: curves with nested points and values."""

from __future__ import annotations

from django.db.models import Prefetch
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, extend_schema, extend_schema_view, inline_serializer
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.serializers import BaseSerializer

from benchmarks import imports
from benchmarks.filtersets import BenchmarkCurveFilterSet, MeasuredValueFilterSet
from benchmarks.models import BenchmarkCurve, MeasuredPoint, PointValue
from benchmarks.selectors import source_documents_with_counts
from benchmarks.serializers import BenchmarkCurveSerializer, MeasuredValueSerializer
from catalog.models import SourceDocument
from catalog.permissions import IsAdminOrReadOnly, ProtectedDestroyMixin
from catalog.serializers import SourceDocumentSerializer
from catalog.transfer_views import (
    CURVES_IMPORTED,
    EXPORT_AS,
    IMPORT_ERRORS,
    IMPORT_REJECTED_EXAMPLE,
    ImportView,
    export_format,
    export_response,
    read_payload,
    run_import,
    upload,
)
from catalog.views import list_and_detail_examples

# Documents live in the catalog; their list lives here because it counts the curves and points that
# cite each one, and the catalog app does not import the evidence app built on it.
DOCUMENT_EXAMPLE = {
    "id": 1,
    "slug": "dell-equallogic-oltp-2010",
    "title": "Sizing and best practices for Oracle OLTP on EqualLogic PS6010 arrays",
    "publisher": "Dell",
    "year": 2010,
    "seed_file": "dell-equallogic-oracle-oltp-sizing-2010.txt",
    "from_fixtures": True,
    "part_count": 11,
    "configuration_count": 4,
    "curve_count": 8,
    "point_count": 40,
    "rule_count": 12,
}
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
class BenchmarkCurveViewSet(ProtectedDestroyMixin, viewsets.ModelViewSet[BenchmarkCurve]):
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

    @extend_schema(
        tags=["export"],
        parameters=[EXPORT_AS],
        responses={(200, "application/json"): BenchmarkCurveSerializer, (200, "text/csv"): OpenApiTypes.STR},
        description="The curve as JSON (the import format) or as CSV, one row per measured value.",
    )
    @action(detail=True, methods=["get"])
    def export(self, request: Request, slug: str | None = None) -> Response:
        curve = self.get_object()
        if export_format(request) == "csv":
            return export_response(request, curve.slug, imports.CSV_COLUMNS, imports.curve_rows(curve))
        return Response(BenchmarkCurveSerializer(curve).data)


MEASURED_VALUE_EXAMPLE = {
    "id": 7,
    "curve": "dell-oltp-2010-orion-ps6010xv",
    "position": 1,
    "quantity": "max_iops",
    "value": "4857.000000",
    "unit": "IOPS",
}


@extend_schema_view(**list_and_detail_examples("Measured value", MEASURED_VALUE_EXAMPLE))
class MeasuredValueViewSet(
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.UpdateModelMixin,
    viewsets.GenericViewSet[PointValue],
):
    """One measured value of a curve's point: admins correct its value or unit (each change is in the
    audit trail). Points and values are created with their curve (import) and go with it."""

    queryset = PointValue.objects.select_related("point__curve")
    serializer_class = MeasuredValueSerializer
    permission_classes = [IsAdminOrReadOnly]
    filterset_class = MeasuredValueFilterSet
    ordering_fields = ["quantity", "value"]
    ordering = ["point__curve__slug", "point__position", "quantity"]


class ImportCurvesView(ImportView):
    @extend_schema(
        tags=["import"],
        request=upload(
            inline_serializer(
                "CurvesImport",
                fields={
                    "curves": BenchmarkCurveSerializer(
                        many=True, help_text="as GET /curves/{slug}/ returns them"
                    )
                },
            )
        ),
        responses={201: CURVES_IMPORTED, 400: IMPORT_ERRORS},
        examples=[IMPORT_REJECTED_EXAMPLE],
        description="Admins: create curves with their points. CSV: one row per value, columns "
        + ", ".join(imports.CSV_COLUMNS)
        + " (required: "
        + ", ".join(imports.CSV_REQUIRED)
        + "). JSON: a list of curves as returned by GET /curves/{slug}/. All-or-nothing.",
    )
    def post(self, request: Request) -> Response:
        def work() -> Response:
            curves = imports.import_curves(read_payload(request))
            return Response({"created": [c.slug for c in curves]}, status=status.HTTP_201_CREATED)

        return run_import(work)


@extend_schema_view(**list_and_detail_examples("Source document", DOCUMENT_EXAMPLE))
class SourceDocumentViewSet(ProtectedDestroyMixin, viewsets.ModelViewSet[SourceDocument]):
    """The vendor whitepapers every catalog number cites."""

    queryset = source_documents_with_counts()
    serializer_class = SourceDocumentSerializer
    permission_classes = [IsAdminOrReadOnly]
    lookup_field = "slug"
    search_fields = ["slug", "title", "publisher"]
    ordering_fields = ["slug", "year"]
    filterset_fields = ["publisher", "year"]

    def perform_create(self, serializer: BaseSerializer[SourceDocument]) -> None:
        # Answer with the counts (all 0) like every other read of a document.
        document = serializer.save()
        serializer.instance = self.get_queryset().get(pk=document.pk)
