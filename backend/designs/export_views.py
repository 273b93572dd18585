"""Exports of a design: proposal PDF, BOM PDF / CSV / XLSX (GET /api/v1/designs/<pk>/export/...).

Seen like the design (another team's design is a 404, anonymous is refused), exported by its owner,
the team's editors and managers, not its viewers (403; designs.permissions). The views
only load and map; rendering is the pure `reports` package (docs/exports.md).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, ClassVar

from django.db import transaction
from django.db.models import Max
from django.http import HttpResponse
from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.negotiation import BaseContentNegotiation, DefaultContentNegotiation
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.views import APIView

from accounts.branding import logo_png
from accounts.models import Team
from catalog.models import SizingRule, SourceDocument
from catalog.versioning import catalog_snapshot
from core.errors import NotFound
from core.openapi import BAD_REQUEST_SCHEMA
from designs import services
from designs.models import Design, DesignRevision
from designs.permissions import DesignAccess, DesignPermission
from designs.selectors import get_visible_design_or_404
from designs.serializers import EvaluateInputSerializer
from engine_adapter import engine
from reports import (
    ProposalData,
    render_annex_pdf,
    render_bom_csv,
    render_bom_pdf,
    render_bom_xlsx,
    render_proposal_pdf,
)
from reports.mapping import databases_section, evidence_section, proposal_from_evaluation
from reports.model import CatalogRule, DesignMeta, DocumentRef, bom_from_priced, document_refs
from reports.text import export_filename

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
RENDERERS: dict[str, Callable[[ProposalData], bytes]] = {
    "proposal.pdf": render_proposal_pdf,
    "annex.pdf": render_annex_pdf,
    "bom.pdf": render_bom_pdf,
    "bom.csv": render_bom_csv,
    "bom.xlsx": render_bom_xlsx,
}


def _branding_team(design: Design) -> Team | None:
    """Whose branding the cover carries: the design's team, else the author's (first) team."""
    if design.team_id and design.team:
        return design.team
    return Team.objects.filter(memberships__user_id=design.owner_id).order_by("name").first()


def _meta(design: Design, revision: int, *, unsaved: bool = False) -> DesignMeta:
    owner = design.owner
    author = owner.get_full_name() or owner.get_username()
    branding = _branding_team(design)
    return DesignMeta(
        company=branding.company_name if branding else "",
        logo_png=logo_png(branding),
        unsaved=unsaved,
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


def _documents() -> tuple[DocumentRef, ...]:
    """Every source document: the proposal cites them by publisher and year and lists their titles."""
    return document_refs(list(SourceDocument.objects.values_list("slug", "title", "publisher", "year")))


def _latest_revision(design: Design) -> int:
    return int(DesignRevision.objects.filter(design=design).aggregate(n=Max("number"))["n"] or 0)


def _reference_names(design: Design) -> dict[str, str]:
    """The name of the design's reference configuration (the proposal prints it, not the slug)."""
    configuration = design.reference_configuration
    return {configuration.slug: configuration.name} if configuration is not None else {}


def proposal_data(design: Design, unsaved: dict[str, Any] | None = None) -> ProposalData:
    """The document model of a saved design: its evaluation (pinned rules, price book) and revision,
    read back as the typed evaluation with the numbers the API publishes. With `unsaved` (a validated
    evaluate body: what the editor shows), that is evaluated instead, as POST /evaluate/ does, and
    the document says it is not a saved revision (its revision is the last saved one)."""
    if unsaved is None:
        result = services.design_evaluation(design)
        revision = int(result.get("revision") or 0)
    else:
        result = services.evaluate_unsaved(data=unsaved)
        revision = _latest_revision(design)
    pins = dict(result["rule_versions"])
    data = proposal_from_evaluation(
        engine.evaluation_from_json(result["evaluation"]),
        meta=_meta(design, revision, unsaved=unsaved is not None),
        bom=bom_from_priced(result["bom"]),
        assumptions=engine.assumptions_from_json(result["assumptions"]),
        rule_versions=pins,
        rule_catalog=_rule_catalog(pins),
        cost_per_throughput=result.get("cost_per_throughput"),
        documents=_documents(),
        reference_names=_reference_names(design),
    )
    # The design's own-measurement evidence (evaluated with it by design_evaluation / evaluate_unsaved).
    evidence = evidence_section(
        result.get("evidence_overlay"), family=result["evaluation"]["inputs"]["platform"].get("family")
    )
    return dataclasses.replace(
        data, databases=databases_section(result.get("consolidation")), evidence=evidence
    )


class JsonErrorsNegotiation(BaseContentNegotiation):
    """Errors (400/401/403/404) are always JSON whatever the client accepts, and `Accept:
    application/pdf` never gets a 406: the views return the file themselves, not through a renderer.
    The POST body is parsed as JSON (DRF's default negotiation picks the parser)."""

    def select_parser(self, request: Request, parsers: Any) -> Any:
        return DefaultContentNegotiation().select_parser(request, parsers)

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
        return self._export(request, pk, None)

    def _export(self, request: Request, pk: int, unsaved: dict[str, Any] | None) -> HttpResponse:
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
            data = proposal_data(design, unsaved)
        body = RENDERERS[self.document](data)
        response = HttpResponse(body, content_type=self.content_type)
        # The unsaved proposal is named apart so it never passes for the saved revision's file.
        suffix = f"{self.suffix}-unsaved" if unsaved is not None else self.suffix
        filename = export_filename(design.name, data.meta.revision, data.meta.date, self.extension, suffix)
        response["Content-Disposition"] = f'attachment; filename="{filename}"'
        # Customer names and prices: not for shared caches.
        response["Cache-Control"] = "private, no-store"
        response["X-Design-Revision"] = str(data.meta.revision)
        if unsaved is not None:
            response["X-Design-Unsaved"] = "true"
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


def _unsaved_schema(operation_id: str, summary: str) -> Callable[[Any], Any]:
    return extend_schema(
        operation_id=operation_id,
        summary=summary,
        request=EvaluateInputSerializer,
        responses={
            (200, "application/pdf"): OpenApiResponse(
                OpenApiTypes.BINARY,
                description="The file, as an attachment; every page says it is not a saved revision.",
            ),
            # Field messages, or one message when the body is not JSON at all (schemathesis found
            # the undocumented {"detail"} of a malformed body).
            (400, "application/json"): OpenApiResponse(
                BAD_REQUEST_SCHEMA,
                description="Field-level messages, as POST /evaluate/ gives them; one message when the body is not JSON.",
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


class _UnsavedExportView(_ExportView):
    """A document of the design's unsaved inputs (the editor's), POSTed as an evaluate body."""

    def post(self, request: Request, pk: int) -> HttpResponse:
        design = get_visible_design_or_404(request.user, pk)
        self.check_object_permissions(request, design)  # a viewer is refused before the body is read
        snapshot = catalog_snapshot()
        # The request too: the body's evidence imports are checked against the caller's team, as
        # POST /evaluate/ checks them.
        serializer = EvaluateInputSerializer(
            data=request.data, context={"catalog_snapshot": snapshot, "request": request}
        )
        serializer.is_valid(raise_exception=True)
        return self._export(request, pk, dict(serializer.validated_data))


class ProposalPdfView(_UnsavedExportView):
    document = "proposal.pdf"
    content_type, extension = "application/pdf", "pdf"

    @_schema(
        "designs_export_proposal_pdf",
        "The customer proposal as PDF (cover, summary, configuration, charts, the customer's own "
        "measurements where the design names them, capacity, points to note, priced BOM, assumptions); "
        "the model detail is in the technical annex",
        "application/pdf",
    )
    def get(self, request: Request, pk: int) -> HttpResponse:
        return super().get(request, pk)

    @_unsaved_schema(
        "designs_export_proposal_pdf_unsaved",
        "The proposal of the design's unsaved inputs (as on screen), stamped as not a saved revision",
    )
    def post(self, request: Request, pk: int) -> HttpResponse:
        return super().post(request, pk)


class AnnexPdfView(_UnsavedExportView):
    document = "annex.pdf"
    content_type, extension, suffix = "application/pdf", "pdf", "-annex"

    @_schema(
        "designs_export_annex_pdf",
        "The technical annex of the proposal as PDF (model, inputs, error bands, evidence, warnings and "
        "checks by rule, rule versions), for the engineers who review the sizing",
        "application/pdf",
    )
    def get(self, request: Request, pk: int) -> HttpResponse:
        return super().get(request, pk)

    @_unsaved_schema(
        "designs_export_annex_pdf_unsaved",
        "The technical annex of the design's unsaved inputs (as on screen), stamped as not a saved revision",
    )
    def post(self, request: Request, pk: int) -> HttpResponse:
        return super().post(request, pk)


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
