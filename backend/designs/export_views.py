"""Exports of a design: proposal PDF, BOM PDF / CSV / XLSX (GET /api/v1/designs/<pk>/export/...).

Seen like the design (another team's design is a 404, anonymous is refused), exported by its owner,
the team's editors and managers, not its viewers (403; designs.permissions). The views
only load and map; rendering is the pure `reports` package (docs/exports.md).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from django.db import transaction
from django.http import HttpResponse
from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.negotiation import BaseContentNegotiation
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.views import APIView

from catalog.models import SizingRule
from core.errors import NotFound
from designs import services
from designs.models import Design
from designs.permissions import DesignAccess, DesignPermission
from designs.selectors import get_visible_design_or_404
from engine_adapter import engine
from reports import ProposalData, render_bom_csv, render_bom_pdf, render_bom_xlsx, render_proposal_pdf
from reports.mapping import proposal_from_evaluation
from reports.model import CatalogRule, DesignMeta, bom_from_priced
from reports.text import export_filename

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
RENDERERS: dict[str, Callable[[ProposalData], bytes]] = {
    "proposal.pdf": render_proposal_pdf,
    "bom.pdf": render_bom_pdf,
    "bom.csv": render_bom_csv,
    "bom.xlsx": render_bom_xlsx,
}


def _meta(design: Design, revision: int) -> DesignMeta:
    owner = design.owner
    author = owner.get_full_name() or owner.get_username()
    return DesignMeta(
        name=design.name,
        customer=design.customer,
        author=author,
        date=timezone.localdate(),
        revision=revision,
        status=design.get_status_display(),
        team=design.team.name if design.team_id and design.team else "",
        description=design.description,
    )


def _rule_catalog(pins: dict[str, int]) -> list[CatalogRule]:
    """Title, source and platforms of each pinned rule version, for the appendix."""
    rows = SizingRule.objects.filter(slug__in=list(pins)).select_related("source_document")
    return [
        CatalogRule(
            slug=rule.slug,
            version=rule.version,
            title=rule.title,
            source=", ".join(x for x in (rule.source_document.slug, rule.source_locator) if x),
            applies_to=tuple(rule.applies_to or ()),
            kind=rule.kind,
        )
        for rule in rows
        if pins.get(rule.slug) == rule.version
    ]


def proposal_data(design: Design) -> ProposalData:
    """The document model of a saved design: its evaluation (pinned rules, price book) and revision,
    read back as the typed evaluation with the numbers the API publishes."""
    result = services.design_evaluation(design)
    pins = dict(result["rule_versions"])
    return proposal_from_evaluation(
        engine.evaluation_from_json(result["evaluation"]),
        meta=_meta(design, int(result.get("revision") or 0)),
        bom=bom_from_priced(result["bom"]),
        assumptions=engine.assumptions_from_json(result["assumptions"]),
        rule_versions=pins,
        rule_catalog=_rule_catalog(pins),
    )


class JsonErrorsNegotiation(BaseContentNegotiation):
    """Errors (401/403/404) are always JSON whatever the client accepts, and `Accept:
    application/pdf` never gets a 406: the views return the file themselves, not through a renderer."""

    def select_parser(self, request: Request, parsers: Any) -> Any:
        return parsers[0] if parsers else None

    def select_renderer(self, request: Request, renderers: Any, format_suffix: str | None = None) -> Any:
        return (renderers[0], renderers[0].media_type)


class _ExportView(APIView):
    permission_classes = [DesignAccess]
    design_permission = DesignPermission.EXPORT
    renderer_classes = [JSONRenderer]
    content_negotiation_class = JsonErrorsNegotiation
    document: ClassVar[str]  # key of RENDERERS
    content_type: ClassVar[str]
    extension: ClassVar[str]
    # The BOM PDF gets "-bom" after the slug so it does not overwrite the proposal in a downloads folder.
    suffix: ClassVar[str] = ""

    def get(self, request: Request, pk: int) -> HttpResponse:
        design = get_visible_design_or_404(request.user, pk)
        self.check_object_permissions(request, design)
        with transaction.atomic():
            # Hold the design row while reading it, so the content and the revision number printed
            # belong together even if someone saves meanwhile (the save waits for this export).
            # A design moved to the trash meanwhile is gone for its exports too.
            locked = Design.objects.select_for_update().filter(pk=design.pk, deleted_at__isnull=True)
            if locked.values_list("pk", flat=True).first() is None:
                raise NotFound("No such design.")
            design.refresh_from_db()
            data = proposal_data(design)
        body = RENDERERS[self.document](data)
        response = HttpResponse(body, content_type=self.content_type)
        filename = export_filename(
            design.name, data.meta.revision, data.meta.date, self.extension, self.suffix
        )
        response["Content-Disposition"] = f'attachment; filename="{filename}"'
        # Customer names and prices: not for shared caches.
        response["Cache-Control"] = "private, no-store"
        response["X-Design-Revision"] = str(data.meta.revision)
        return response


ErrorDetail = inline_serializer("ErrorDetail", fields={"detail": serializers.CharField()})


def _schema(operation_id: str, summary: str, media_type: str) -> Callable[[Any], Any]:
    return extend_schema(
        operation_id=operation_id,
        summary=summary,
        responses={
            (200, media_type): OpenApiResponse(
                OpenApiTypes.BINARY, description="The file, as an attachment."
            ),
            (401, "application/json"): OpenApiResponse(ErrorDetail, description="Not signed in."),
            (403, "application/json"): OpenApiResponse(
                ErrorDetail, description="Not signed in (session), or a viewer: exports need a manager."
            ),
            (404, "application/json"): OpenApiResponse(
                ErrorDetail, description="No such design visible to you."
            ),
        },
    )


class ProposalPdfView(_ExportView):
    document = "proposal.pdf"
    content_type, extension = "application/pdf", "pdf"

    @_schema(
        "designs_export_proposal_pdf",
        "The proposal as PDF (cover, summary, charts, capacity, warnings, BOM, appendix)",
        "application/pdf",
    )
    def get(self, request: Request, pk: int) -> HttpResponse:
        return super().get(request, pk)


class BomPdfView(_ExportView):
    document = "bom.pdf"
    content_type, extension, suffix = "application/pdf", "pdf", "-bom"

    @_schema("designs_export_bom_pdf", "The bill of materials as PDF, for purchasing", "application/pdf")
    def get(self, request: Request, pk: int) -> HttpResponse:
        return super().get(request, pk)


class BomCsvView(_ExportView):
    document = "bom.csv"
    content_type, extension = "text/csv; charset=utf-8", "csv"

    @_schema(
        "designs_export_bom_csv",
        "The bill of materials as CSV (one row per line, then subtotals and the total)",
        "text/csv",
    )
    def get(self, request: Request, pk: int) -> HttpResponse:
        return super().get(request, pk)


class BomXlsxView(_ExportView):
    document = "bom.xlsx"
    content_type, extension = XLSX, "xlsx"

    @_schema(
        "designs_export_bom_xlsx", "The bill of materials as an Excel workbook (numbers as numbers)", XLSX
    )
    def get(self, request: Request, pk: int) -> HttpResponse:
        return super().get(request, pk)
