"""Imports API: a team's AWR reports. Declarative viewset; reads through imports.selectors, writes
through imports.services. Uploads are multipart (`file`, optional `team`), at most 10 MB of file."""

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

from core.openapi import FIELD_ERRORS_SCHEMA
from core.parsers import MultiPartParser
from imports import services
from imports.awr import too_large
from imports.models import AwrImport
from imports.permissions import ImportAccess
from imports.selectors import existing_awr_import, visible_awr_imports
from imports.serializers import (
    AwrDesignWorkloadSerializer,
    AwrImportCreatedSerializer,
    AwrImportListItemSerializer,
    AwrImportSerializer,
    AwrPreviewSerializer,
    AwrUploadSerializer,
)
from imports.workload import design_workload
from measurements.source import MAX_FILE_BYTES

UPLOAD = {"multipart/form-data": AwrUploadSerializer}
REFUSED = OpenApiResponse(
    FIELD_ERRORS_SCHEMA,
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
