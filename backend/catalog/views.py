"""Catalog API: declarative viewsets; versioned writes go through catalog.services."""

from __future__ import annotations

from typing import Any

from django.db.models import Count, Prefetch, QuerySet
from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import mixins, serializers, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response

from catalog import imports, selectors, services
from catalog.filtersets import (
    ConfigurationFilterSet,
    PartFilterSet,
    PriceBookEntryFilterSet,
    SizingRuleFilterSet,
)
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
    StorageProfile,
)
from catalog.permissions import IsAdminOrReadOnly, IsAuthenticatedReadAdminWrite, ProtectedDestroyMixin
from catalog.serializers import (
    ConfigurationSerializer,
    DefaultPriceBookSerializer,
    ManufacturerSerializer,
    PartSerializer,
    PriceBookEntrySerializer,
    PriceBookSerializer,
    SizingRuleSerializer,
)
from catalog.transfer_views import EXPORT_AS, PRICE_ROWS, export_response

PART_EXAMPLE = {
    "id": 7,
    "manufacturer": "dell",
    "part_number": "PS6010XV",
    "part_number_is_model": True,
    "kind": "storage_array",
    "model": "EqualLogic PS6010XV",
    "description": "EqualLogic PS6010XV, 16 x 15K SAS",
    "cores": None,
    "sockets": None,
    "clock_ghz": None,
    "memory_gb": None,
    "drive_count": 16,
    "drive_capacity_gb": "600.000",
    "drive_technology": "sas_15k",
    "raid_levels": ["raid10", "raid50"],
    "hot_spares": 2,
    "host_ports": 2,
    "host_port_speed_gbps": "10.00",
    "host_port_protocol": "iscsi",
    "rack_units": 3,
    "cache_gb": None,
    "source_document": "dell-equallogic-oltp-2010",
    "source_locator": "Section 3",
    "from_fixtures": True,
}
CONFIGURATION_EXAMPLE = {
    "id": 3,
    "slug": "oracle-fs1-quarter-rack",
    "name": "Oracle FS1-2 quarter rack",
    "platform": "oracle-fs1",
    "role": "reference",
    "description": "Two Sun X5-2 RAC nodes, FS1-2 with two 13 x 1.6 TB SSD enclosures",
    "attributes": {"rac_nodes": {"value": "2", "unit": "count"}},
    "source_document": "oracle-fs1-2016",
    "source_locator": "Table 1",
    "from_fixtures": True,
    "components": [
        {
            "position": 1,
            "section": "servers",
            "part": 12,
            "part_number": "7110316",
            "manufacturer": "oracle",
            "kind": "server",
            "description": "Oracle Server X5-2",
            "quantity": 2,
            "source_document": "oracle-fs1-2016",
            "source_locator": "Table 11",
        }
    ],
    "layouts": [
        {
            "position": 1,
            "name": "DATA",
            "kind": "asm_disk_group",
            "luns": 8,
            "lun_size_gb": "1800.000",
            "storage_profile": "Oracle DB ASM: Data OLTP",
            "redundancy": "external",
            "controllers": [1, 2],
            "purpose": "Data files and indexes",
            "source_document": "oracle-fs1-2016",
            "source_locator": "Table 4",
        }
    ],
    "storage_profiles": [],
    "parameters": [
        {
            "position": 1,
            "name": "sga_target",
            "value": "128G",
            "scope": "per node",
            "source_document": "oracle-fs1-2016",
            "source_locator": "Table 9",
        }
    ],
}
RULE_EXAMPLE = {
    "id": 1,
    "slug": "dell-iops-per-user",
    "version": 1,
    "kind": "demand",
    "title": "IOPS per OLTP user from the TPC-C peak",
    "applies_to": ["equallogic"],
    "parameters": {
        "peak_iops": {"value": "3600", "unit": "IOPS"},
        "users_at_peak": {"value": "6900", "unit": "users"},
        "backup_overhead": {"value": "0.10", "unit": "fraction"},
        "growth_overhead": {"value": "0.20", "unit": "fraction"},
    },
    "check": None,
    "severity": "",
    "source_document": "dell-equallogic-oltp-2010",
    "source_locator": "Section 4.2",
    "is_current": True,
    "created_at": "2026-01-01T00:00:00Z",
    "from_fixtures": True,
}


def _page(example: dict[str, Any]) -> dict[str, Any]:
    return {"count": 1, "next": None, "previous": None, "results": [example]}


def list_and_detail_examples(name: str, example: dict[str, Any]) -> dict[str, Any]:
    """extend_schema_view kwargs giving the list and retrieve operations a response example."""
    return {
        "list": extend_schema(
            examples=[OpenApiExample(f"{name} list", value=_page(example), response_only=True)]
        ),
        "retrieve": extend_schema(examples=[OpenApiExample(name, value=example, response_only=True)]),
    }


@extend_schema_view(
    **list_and_detail_examples(
        "Manufacturer", {"id": 1, "slug": "dell", "name": "Dell", "from_fixtures": True}
    )
)
class ManufacturerViewSet(ProtectedDestroyMixin, viewsets.ModelViewSet[Manufacturer]):
    queryset = Manufacturer.objects.all()
    serializer_class = ManufacturerSerializer
    permission_classes = [IsAdminOrReadOnly]
    lookup_field = "slug"
    search_fields = ["slug", "name"]
    ordering_fields = ["slug", "name"]


@extend_schema_view(**list_and_detail_examples("Part", PART_EXAMPLE))
class PartViewSet(ProtectedDestroyMixin, viewsets.ModelViewSet[Part]):
    """Parts with typed specifications; filter by kind, manufacturer, drive technology."""

    queryset = Part.objects.select_related("manufacturer", "source_document")
    serializer_class = PartSerializer
    permission_classes = [IsAdminOrReadOnly]
    filterset_class = PartFilterSet
    search_fields = ["part_number", "description", "model"]
    ordering_fields = ["part_number", "kind", "manufacturer__name"]

    @extend_schema(
        tags=["export"],
        parameters=[EXPORT_AS],
        responses={(200, "application/json"): PartSerializer(many=True), (200, "text/csv"): OpenApiTypes.STR},
        description="All parts matching the list filters, unpaginated, as JSON or as CSV in the import format.",
    )
    @action(detail=False, methods=["get"], pagination_class=None)
    def export(self, request: Request) -> Response:
        rows = imports.part_rows(self.filter_queryset(self.get_queryset()))
        return export_response(request, "parts", imports.PART_COLUMNS, rows)


PRICE_BOOK_EXAMPLE = {
    "id": 1,
    "name": "List prices",
    "currency": "USD",
    "version": 2,
    "effective_date": "2026-01-01",
    "valid_until": "2026-12-31",
    "imported_by": "admin",
    "is_active": True,
    "is_demo": False,
    "created_at": "2026-01-02T09:00:00Z",
    "entry_count": 120,
}


@extend_schema_view(
    **list_and_detail_examples("Price book", PRICE_BOOK_EXAMPLE),
    create=extend_schema(
        description="Creates version n+1 of the named price book and makes it the active one."
    ),
)
class PriceBookViewSet(
    mixins.CreateModelMixin,
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    viewsets.GenericViewSet[PriceBook],
):
    """Versioned price books (no prices ship with the catalog: the documents carry none)."""

    queryset = PriceBook.objects.select_related("imported_by").annotate(entry_count=Count("entries"))
    serializer_class = PriceBookSerializer
    permission_classes = [IsAuthenticatedReadAdminWrite]
    filterset_fields = ["name", "currency", "is_active"]
    search_fields = ["name"]
    ordering_fields = ["name", "version", "effective_date"]

    def perform_create(self, serializer: serializers.BaseSerializer[PriceBook]) -> None:
        data = serializer.validated_data
        serializer.instance = services.price_book_create_version(
            name=data["name"],
            currency=data["currency"],
            effective_date=data["effective_date"],
            valid_until=data.get("valid_until"),
            imported_by=self.request.user,
        )
        serializer.instance.entry_count = 0  # type: ignore[attr-defined]

    @extend_schema(
        responses=DefaultPriceBookSerializer,
        description="The price book a new design starts with when its create request omits "
        "`price_book`: of the active books, those valid today first (else any active one), then real "
        "prices before demo ones, then the newest (latest effective_date), then the highest id. "
        "`price_book` is null when no book is active (the design starts unpriced); `note` is the "
        "sentence the new-design page shows.",
        examples=[
            OpenApiExample(
                "Default price book",
                value={
                    "date": "2026-12-03",
                    "price_book": PRICE_BOOK_EXAMPLE,
                    "note": "Priced with List prices v2 (USD) (the active price book); change it next "
                    "to the design name.",
                },
                response_only=True,
            )
        ],
    )
    @action(detail=False, methods=["get"], pagination_class=None, filter_backends=[])
    def default(self, request: Request) -> Response:
        today = timezone.localdate()
        choice = selectors.default_price_book_choice(today)
        book = None if choice.book is None else self.get_queryset().get(pk=choice.book.pk)
        data = {"date": today, "price_book": book, "note": choice.note}
        return Response(DefaultPriceBookSerializer(data, context=self.get_serializer_context()).data)

    def _answer(self, book: PriceBook) -> Response:
        return Response(self.get_serializer(self.get_queryset().get(pk=book.pk)).data)

    @extend_schema(
        request=None,
        responses=PriceBookSerializer,
        description="Admins: make this version the active one of its name (the name's other versions "
        "are retired). An expired version (valid_until past) is refused (400).",
    )
    @action(detail=True, methods=["post"])
    def activate(self, request: Request, pk: str | None = None) -> Response:
        return self._answer(services.price_book_activate(self.get_object()))

    @extend_schema(
        request=None,
        responses=PriceBookSerializer,
        description="Admins: no longer offered to new designs; designs priced with it keep its prices.",
    )
    @action(detail=True, methods=["post"])
    def retire(self, request: Request, pk: str | None = None) -> Response:
        return self._answer(services.price_book_retire(self.get_object()))

    @extend_schema(
        tags=["export"],
        parameters=[EXPORT_AS],
        responses={(200, "application/json"): PRICE_ROWS, (200, "text/csv"): OpenApiTypes.STR},
        description="The price book's entries in the import format (manufacturer, part_number, "
        "unit_price, discount_percent).",
    )
    @action(detail=True, methods=["get"], pagination_class=None)
    def export(self, request: Request, pk: str | None = None) -> Response:
        book = self.get_object()
        name = f"price-book-{book.pk}-v{book.version}-{book.currency}"
        return export_response(request, name, imports.PRICE_COLUMNS, imports.price_book_rows(book))

    @extend_schema(responses=PriceBookEntrySerializer(many=True))
    @action(detail=True, methods=["get"])
    def entries(self, request: Request, pk: str | None = None) -> Response:
        """The price book's entries (paginated)."""
        book = self.get_object()
        queryset = PriceBookEntry.objects.filter(price_book=book).select_related(
            "part__manufacturer", "price_book"
        )
        paginator = self.paginator
        if paginator is None:
            return Response(PriceBookEntrySerializer(queryset, many=True).data)
        page = paginator.paginate_queryset(queryset, request, view=self)
        return paginator.get_paginated_response(PriceBookEntrySerializer(page, many=True).data)


class PriceBookEntryViewSet(ProtectedDestroyMixin, viewsets.ModelViewSet[PriceBookEntry]):
    queryset = PriceBookEntry.objects.select_related("part__manufacturer", "price_book")
    serializer_class = PriceBookEntrySerializer
    permission_classes = [IsAuthenticatedReadAdminWrite]
    filterset_class = PriceBookEntryFilterSet
    ordering_fields = ["unit_price", "part__part_number"]


@extend_schema_view(**list_and_detail_examples("Configuration", CONFIGURATION_EXAMPLE))
class ConfigurationViewSet(ProtectedDestroyMixin, viewsets.ModelViewSet[Configuration]):
    """Reference configurations, storage building blocks and measured test systems, with their
    components (bill of materials), LUN/ASM layouts, storage profiles and parameters."""

    queryset = Configuration.objects.select_related("source_document").prefetch_related(
        Prefetch(
            "components",
            queryset=ConfigurationComponent.objects.select_related("part__manufacturer", "source_document"),
        ),
        Prefetch("layouts", queryset=ConfigurationLayout.objects.select_related("source_document")),
        Prefetch("storage_profiles", queryset=StorageProfile.objects.select_related("source_document")),
        Prefetch("parameters", queryset=ConfigurationParameter.objects.select_related("source_document")),
    )
    serializer_class = ConfigurationSerializer
    permission_classes = [IsAdminOrReadOnly]
    lookup_field = "slug"
    filterset_class = ConfigurationFilterSet
    search_fields = ["slug", "name", "description"]
    ordering_fields = ["slug", "name", "platform"]


ALL_VERSIONS = OpenApiParameter(
    "all_versions",
    OpenApiTypes.BOOL,
    description="Include superseded versions (default: current versions only)",
)


def _all_versions(request: Request) -> bool:
    """`?all_versions=`: true or false (as the schema's boolean says); anything else is a 400."""
    raw = request.query_params.get("all_versions")
    if raw is None:
        return False
    if raw.lower() not in {"true", "false", "1", "0"}:
        raise ValidationError({"all_versions": ["Must be true or false."]})
    return raw.lower() in {"true", "1"}


@extend_schema_view(
    list=extend_schema(
        parameters=[ALL_VERSIONS],
        examples=[OpenApiExample("Sizing rule list", value=_page(RULE_EXAMPLE), response_only=True)],
    ),
    retrieve=extend_schema(examples=[OpenApiExample("Sizing rule", value=RULE_EXAMPLE, response_only=True)]),
    create=extend_schema(
        description="Stores the rule as the next version of its slug (version 1 for a new slug); the "
        "previous version stays, no longer current."
    ),
)
class SizingRuleViewSet(
    mixins.CreateModelMixin,
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    viewsets.GenericViewSet[SizingRule],
):
    """Versioned sizing rules. There is no update: a change is a new version (POST the same slug)."""

    queryset = SizingRule.objects.select_related("source_document")
    serializer_class = SizingRuleSerializer
    permission_classes = [IsAdminOrReadOnly]
    filterset_class = SizingRuleFilterSet
    search_fields = ["slug", "title"]
    ordering_fields = ["slug", "version", "kind"]

    def get_queryset(self) -> QuerySet[SizingRule]:
        queryset = super().get_queryset()
        if self.action == "list" and not _all_versions(self.request):
            queryset = queryset.filter(is_current=True)
        return queryset

    def perform_create(self, serializer: serializers.BaseSerializer[SizingRule]) -> None:
        data = dict(serializer.validated_data)
        serializer.instance = services.sizing_rule_create_version(**data)
