"""Imports API: a team's AWR reports, its existing systems and its ORION / Swingbench evidence.
Declarative viewsets; reads through imports.selectors, writes through imports.services. Uploads are
multipart (AWR: `file`; ORION: `summary`, `iops`, `mbps`, `lat`; Swingbench: `files`; optional
`team`, `existing_system`), at most 10 MB a file."""

from __future__ import annotations

from typing import Any

from django.core.files.uploadedfile import UploadedFile
from django.db.models import QuerySet
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_view
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.serializers import BaseSerializer

from core.errors import InvalidInput
from core.openapi import BAD_REQUEST_SCHEMA, FIELD_ERRORS_SCHEMA
from core.parsers import MultiPartParser
from imports import services
from imports.awr import too_large
from imports.choices import EvidenceFileRole, EvidenceKind
from imports.evidence import ORION_FIELDS, SWINGBENCH_FIELD, ParsedEvidence, SentFile, limit_message
from imports.models import AwrImport, EvidenceImport, ExistingSystem
from imports.permissions import ImportAccess
from imports.selectors import (
    existing_awr_import,
    existing_evidence_import,
    get_visible_evidence_import_or_404,
    get_visible_existing_system_or_404,
    visible_awr_imports,
    visible_evidence_imports,
    visible_existing_systems,
)
from imports.serializers import (
    AwrDesignWorkloadSerializer,
    AwrImportCreatedSerializer,
    AwrImportListItemSerializer,
    AwrImportSerializer,
    AwrPreviewSerializer,
    AwrUploadSerializer,
    EvidenceImportCreatedSerializer,
    EvidenceImportListItemSerializer,
    EvidenceImportSerializer,
    ExistingSystemCreateSerializer,
    ExistingSystemSerializer,
    ExistingSystemUpdateSerializer,
    OrionCheckSerializer,
    OrionUploadSerializer,
    SwingbenchCheckSerializer,
    SwingbenchUploadSerializer,
)
from imports.workload import design_workload
from measurements.source import MAX_FILE_BYTES

UPLOAD = {"multipart/form-data": AwrUploadSerializer}
# A multipart body that cannot be read at all (a NUL in a part's name: core.nul) is one message; a
# file that cannot be read is field-level.
REFUSED = OpenApiResponse(
    BAD_REQUEST_SCHEMA,
    description='The file cannot give a workload: {"file": ["<line, section or element>: <why>"]} '
    "(not an AWR report, no Load Profile, cut short, binary, empty, over 10 MB); nothing is stored",
)


def _read_upload(request: Request) -> tuple[dict[str, Any], UploadedFile, bytes]:
    upload = AwrUploadSerializer(data=request.data)
    upload.is_valid(raise_exception=True)
    file: UploadedFile = upload.validated_data["file"]
    if (file.size or 0) > MAX_FILE_BYTES:  # refused before the bytes are read
        raise too_large(file.size or 0)
    return upload.validated_data, file, file.read()


@extend_schema_view(
    list=extend_schema(description="The AWR imports of the caller's teams, newest first."),
    retrieve=extend_schema(description="One import: every parsed value with its source."),
    destroy=extend_schema(description="Deletes the import and its file (the team's editors)."),
)
class AwrImportViewSet(
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.DestroyModelMixin,
    viewsets.GenericViewSet[AwrImport],
):
    """AWR reports imported by the caller's teams; another team's are 404."""

    permission_classes = [ImportAccess]
    parser_classes = [MultiPartParser]
    # The body may carry a 10 MB file (core.parsers.RequestSizeLimitMiddleware).
    max_upload_bytes_setting = "MEASUREMENT_UPLOAD_MAX_BYTES"
    filterset_fields = ["team"]
    search_fields = ["file_name"]
    ordering_fields = ["uploaded_at", "file_name", "size_bytes"]

    def get_queryset(self) -> QuerySet[AwrImport]:
        return visible_awr_imports(self.request.user)

    def get_serializer_class(self) -> type[BaseSerializer[Any]]:
        if self.action == "list":
            return AwrImportListItemSerializer
        return AwrImportSerializer

    @extend_schema(
        request=UPLOAD,
        responses={
            201: AwrImportCreatedSerializer,
            200: OpenApiResponse(AwrImportCreatedSerializer, description="The same file again: existing"),
            400: REFUSED,
        },
        description="Parse the report and store it for the team, all or nothing. The same file again "
        '(same sha256 in the team) answers 200 with the existing import and "existing": true.',
    )
    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        fields, file, data = _read_upload(request)
        team = services.import_team(user=request.user, team_id=fields.get("team"), write=True)
        assert team is not None
        awr_import, created = services.awr_import_create(
            user=request.user, team=team, file_name=file.name or "", data=data
        )
        fresh = self.get_queryset().get(pk=awr_import.pk)
        body = AwrImportCreatedSerializer(fresh, context={"existing": not created}).data
        return Response(body, status=status.HTTP_201_CREATED if created else status.HTTP_200_OK)

    @extend_schema(
        request=UPLOAD,
        responses={200: AwrPreviewSerializer, 400: REFUSED},
        description="Parse the report and answer every value it gives with its source; nothing is stored.",
    )
    @action(detail=False, methods=["post"])
    def preview(self, request: Request) -> Response:
        fields, file, data = _read_upload(request)
        team = services.import_team(user=request.user, team_id=fields.get("team"), write=False)
        parsed = services.awr_preview(data=data)
        existing = None if team is None else existing_awr_import(team_id=team.pk, sha256=parsed.sha256)
        body = {
            "file_name": file.name or "",
            "size_bytes": parsed.size_bytes,
            "sha256": parsed.sha256,
            "format": parsed.format,
            "encoding": parsed.encoding,
            "report": parsed.report,
            "workload": parsed.workload,
            "notes": parsed.notes,
            "existing_import": None if existing is None else existing.pk,
        }
        return Response(AwrPreviewSerializer(body).data)

    def destroy(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        services.awr_import_delete(awr_import=self.get_object())
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(
        responses={
            200: AwrDesignWorkloadSerializer,
            400: OpenApiResponse(
                FIELD_ERRORS_SCHEMA,
                description="The report cannot be sized: 0 transactions per second, or a value the "
                "custom profile needs is not printed (named under workload)",
            ),
        },
        description="The design workload the import makes (the custom profile; the platform is left "
        "to choose): the body's `workload` goes to POST /designs/ or /evaluate/ with a platform.",
    )
    @action(detail=True, methods=["get"])
    def workload(self, request: Request, pk: str | None = None) -> Response:
        return Response(AwrDesignWorkloadSerializer(design_workload(self.get_object())).data)


# ------------------------------------------------------------------------------- existing systems
@extend_schema_view(
    list=extend_schema(description="The existing systems of the caller's teams, by name."),
    retrieve=extend_schema(description="One existing system."),
    create=extend_schema(
        request=ExistingSystemCreateSerializer,
        responses={201: ExistingSystemSerializer},
        description="Describe a system the team runs (the team's editors); its name is unique in the "
        "team, whatever the case; family and storage model are free text.",
    ),
    update=extend_schema(request=ExistingSystemUpdateSerializer, responses={200: ExistingSystemSerializer}),
    partial_update=extend_schema(
        request=ExistingSystemUpdateSerializer, responses={200: ExistingSystemSerializer}
    ),
    destroy=extend_schema(
        description="Deletes the system (the team's editors); one with evidence imports is a 409."
    ),
)
class ExistingSystemViewSet(viewsets.ModelViewSet[ExistingSystem]):
    """Systems the caller's teams describe, to file their measurements under; another team's are 404."""

    permission_classes = [ImportAccess]
    serializer_class = ExistingSystemSerializer
    http_method_names = ["get", "post", "put", "patch", "delete", "head", "options"]
    filterset_fields = ["team"]
    search_fields = ["name", "family", "storage_model"]
    ordering_fields = ["name", "created_at"]
    conflict_methods = ("DELETE",)  # documented 409 (core.openapi)

    def get_queryset(self) -> QuerySet[ExistingSystem]:
        return visible_existing_systems(self.request.user)

    def get_object(self) -> ExistingSystem:
        system = get_visible_existing_system_or_404(self.request.user, self.kwargs["pk"])
        self.check_object_permissions(self.request, system)
        return system

    def _answer(self, system: ExistingSystem, code: int) -> Response:
        return Response(ExistingSystemSerializer(self.get_queryset().get(pk=system.pk)).data, status=code)

    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        body = ExistingSystemCreateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        fields = dict(body.validated_data)
        team = services.import_team(user=request.user, team_id=fields.pop("team", None), write=True)
        assert team is not None
        system = services.existing_system_create(user=request.user, team=team, **fields)
        return self._answer(system, status.HTTP_201_CREATED)

    def update(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        system = self.get_object()
        body = ExistingSystemUpdateSerializer(data=request.data, partial=kwargs.get("partial", False))
        body.is_valid(raise_exception=True)
        system = services.existing_system_update(system=system, **body.validated_data)
        return self._answer(system, status.HTTP_200_OK)

    def destroy(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        services.existing_system_delete(system=self.get_object())
        return Response(status=status.HTTP_204_NO_CONTENT)


# ------------------------------------------------------------------------------- evidence imports
EVIDENCE_REFUSED = OpenApiResponse(
    BAD_REQUEST_SCHEMA,
    description='A file cannot be read: under its form field, "<file name>: <line or element>: <why>" '
    "(another tool's file, a PDF, a binary, malformed or cut short, an XML entity bomb or DTD, over "
    "10 MB); files that do not belong together under non_field_errors (ORION) or files (Swingbench); "
    "nothing is stored",
)


def _uploaded(
    request: Request, upload: type[OrionUploadSerializer] | type[SwingbenchUploadSerializer]
) -> tuple[dict[str, Any], list[SentFile]]:
    """The form's fields and its files, each refused unread when over the size limit."""
    form = upload(data=request.data)
    form.is_valid(raise_exception=True)
    fields = form.validated_data
    sent: list[tuple[EvidenceFileRole, str, UploadedFile]] = (
        [(role, str(role), fields[str(role)]) for role in ORION_FIELDS if fields.get(str(role)) is not None]
        if upload is OrionUploadSerializer
        else [(EvidenceFileRole.RESULTS, SWINGBENCH_FIELD, f) for f in fields[SWINGBENCH_FIELD]]
    )
    errors: dict[str, list[str]] = {}
    for _role, field, file in sent:
        if (file.size or 0) > MAX_FILE_BYTES:
            errors.setdefault(field, []).append(limit_message(file.name or field, file.size or 0))
    if errors:
        raise InvalidInput(errors)
    files = [SentFile(role, field, file.name or str(role), file.read()) for role, field, file in sent]
    return fields, files


def _check_body(parsed: ParsedEvidence, team_id: int | None, system: ExistingSystem | None) -> dict[str, Any]:
    existing = None if team_id is None else existing_evidence_import(team_id=team_id, sha256=parsed.sha256)
    return {
        "kind": parsed.kind,
        "sha256": parsed.sha256,
        "files": parsed.files,
        "existing_system": None if system is None else {"id": system.pk, "name": system.name},
        "notes": parsed.notes,
        "existing_import": None if existing is None else existing.pk,
        str(parsed.kind): parsed.parsed,
    }


@extend_schema_view(
    list=extend_schema(description="The ORION and Swingbench imports of the caller's teams, newest first."),
    retrieve=extend_schema(description="One import: every parsed value with its file and line or element."),
    destroy=extend_schema(
        description="Deletes the import and its files (the team's editors); one a design names is a 409 "
        "naming the designs."
    ),
)
class EvidenceImportViewSet(
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.DestroyModelMixin,
    viewsets.GenericViewSet[EvidenceImport],
):
    """ORION runs and Swingbench series imported by the caller's teams as their own evidence; another
    team's are 404."""

    permission_classes = [ImportAccess]
    parser_classes = [MultiPartParser]
    # The body may carry 10 MB of files (core.parsers.RequestSizeLimitMiddleware).
    max_upload_bytes_setting = "MEASUREMENT_UPLOAD_MAX_BYTES"
    filterset_fields = ["team", "kind", "existing_system"]
    ordering_fields = ["uploaded_at", "kind"]
    conflict_methods = ("DELETE",)  # documented 409 (core.openapi): a design names the import

    def get_queryset(self) -> QuerySet[EvidenceImport]:
        return visible_evidence_imports(self.request.user)

    def get_object(self) -> EvidenceImport:
        evidence = get_visible_evidence_import_or_404(self.request.user, self.kwargs["pk"])
        self.check_object_permissions(self.request, evidence)
        return evidence

    def get_serializer_class(self) -> type[BaseSerializer[Any]]:
        if self.action == "list":
            return EvidenceImportListItemSerializer
        return EvidenceImportSerializer

    def _check(self, request: Request, kind: EvidenceKind, upload: Any) -> dict[str, Any]:
        fields, files = _uploaded(request, upload)
        team, system = services.evidence_target(
            user=request.user,
            team_id=fields.get("team"),
            system_id=fields.get("existing_system"),
            write=False,
        )
        parsed = services.evidence_preview(kind=kind, files=files)
        return _check_body(parsed, None if team is None else team.pk, system)

    def _save(self, request: Request, kind: EvidenceKind, upload: Any) -> Response:
        fields, files = _uploaded(request, upload)
        team, system = services.evidence_target(
            user=request.user, team_id=fields.get("team"), system_id=fields.get("existing_system"), write=True
        )
        assert team is not None
        evidence, created = services.evidence_import_create(
            user=request.user, team=team, system=system, kind=kind, files=files
        )
        fresh = self.get_queryset().get(pk=evidence.pk)
        body = EvidenceImportCreatedSerializer(fresh, context={"existing": not created}).data
        return Response(body, status=status.HTTP_201_CREATED if created else status.HTTP_200_OK)

    @extend_schema(
        request={"multipart/form-data": OrionUploadSerializer},
        responses={200: OrionCheckSerializer, 400: EVIDENCE_REFUSED},
        description="Parse an ORION run's files and answer every value with its file and line; nothing "
        "is stored. Any member of the team may check.",
    )
    @action(detail=False, methods=["post"], url_path="orion/check", url_name="orion-check")
    def orion_check(self, request: Request) -> Response:
        return Response(
            OrionCheckSerializer(self._check(request, EvidenceKind.ORION, OrionUploadSerializer)).data
        )

    @extend_schema(
        request={"multipart/form-data": OrionUploadSerializer},
        responses={
            201: EvidenceImportCreatedSerializer,
            200: OpenApiResponse(
                EvidenceImportCreatedSerializer, description="The same files again: existing"
            ),
            400: EVIDENCE_REFUSED,
        },
        description="Parse an ORION run and store it for the team (the team's editors), all or nothing. "
        "The same files again (same sha256 of the set in the team) answer 200 with the existing import "
        'and "existing": true.',
    )
    @action(detail=False, methods=["post"], url_path="orion", url_name="orion")
    def orion(self, request: Request) -> Response:
        return self._save(request, EvidenceKind.ORION, OrionUploadSerializer)

    @extend_schema(
        request={"multipart/form-data": SwingbenchUploadSerializer},
        responses={200: SwingbenchCheckSerializer, 400: EVIDENCE_REFUSED},
        description="Parse one or several Swingbench results files and answer every value with its file "
        "and element, and the load-response curve; nothing is stored. Any member of the team may check.",
    )
    @action(detail=False, methods=["post"], url_path="swingbench/check", url_name="swingbench-check")
    def swingbench_check(self, request: Request) -> Response:
        body = self._check(request, EvidenceKind.SWINGBENCH, SwingbenchUploadSerializer)
        return Response(SwingbenchCheckSerializer(body).data)

    @extend_schema(
        request={"multipart/form-data": SwingbenchUploadSerializer},
        responses={
            201: EvidenceImportCreatedSerializer,
            200: OpenApiResponse(
                EvidenceImportCreatedSerializer, description="The same files again: existing"
            ),
            400: EVIDENCE_REFUSED,
        },
        description="Parse one or several Swingbench results files (one run each; rising users make a "
        "load-response curve) and store them for the team (the team's editors), all or nothing. The "
        'same files again answer 200 with the existing import and "existing": true.',
    )
    @action(detail=False, methods=["post"], url_path="swingbench", url_name="swingbench")
    def swingbench(self, request: Request) -> Response:
        return self._save(request, EvidenceKind.SWINGBENCH, SwingbenchUploadSerializer)

    def destroy(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        services.evidence_import_delete(evidence_import=self.get_object())
        return Response(status=status.HTTP_204_NO_CONTENT)
