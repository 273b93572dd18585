"""Audit trail API: the whole feed for admins, a design's own trail for whoever may see the design."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework.permissions import IsAdminUser, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.serializers import Serializer
from rest_framework.utils.urls import replace_query_param
from rest_framework.views import APIView

from audit.selectors import AuditFilter, AuditPage, audit_feed
from audit.serializers import AuditFilterSerializer, AuditPageSerializer, AuditQuerySerializer
from designs.selectors import get_visible_design_or_404

ENTRY_EXAMPLE = {
    "id": "benchmarks.historicalpointvalue:812",
    "at": "2026-11-25T15:02:11.204518Z",
    "actor": "admin",
    "action": "changed",
    "object_type": "measured value",
    "object_id": "17",
    "object_label": "max_iops of dell-oltp-2010-orion-ps6010xv point 1",
    "summary": "",
    "changes": [{"field": "value", "before": "4857.000000", "after": "4900.000000"}],
}
PAGE_EXAMPLE = OpenApiExample(
    "Audit page",
    value={"next": None, "next_cursor": None, "results": [ENTRY_EXAMPLE]},
    response_only=True,
)


def _page_response(request: Request, page: AuditPage) -> Response:
    next_url = None
    if page.next_cursor is not None:
        next_url = replace_query_param(request.build_absolute_uri(), "cursor", page.next_cursor)
    data = {"next": next_url, "next_cursor": page.next_cursor, "results": page.entries}
    return Response(AuditPageSerializer(data).data)


class AuditFeedView(APIView):
    """Every recorded change, newest first: catalog, evidence, rules, price books, teams and designs."""

    permission_classes = [IsAdminUser]

    @extend_schema(
        tags=["audit"],
        parameters=[AuditFilterSerializer],
        responses={200: AuditPageSerializer},
        examples=[PAGE_EXAMPLE],
        description="Admins only. Newest first; `next` continues after the last entry.",
    )
    def get(self, request: Request) -> Response:
        query = AuditFilterSerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        page = audit_feed(
            flt=query.to_filter(),
            cursor=query.validated_data.get("cursor"),
            limit=query.validated_data["limit"],
        )
        return _page_response(request, page)


class DesignAuditView(APIView):
    """A design's trail: its revisions (who, when, before and after) and its share links' events."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        tags=["audit"],
        parameters=[AuditQuerySerializer],
        responses={200: AuditPageSerializer},
        examples=[PAGE_EXAMPLE],
        description="For anyone who may see the design (others: 404). Newest first.",
    )
    def get(self, request: Request, pk: int) -> Response:
        design = get_visible_design_or_404(request.user, pk)
        query: Serializer[dict[str, object]] = AuditQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        page = audit_feed(
            flt=AuditFilter(design=design),
            cursor=query.validated_data.get("cursor"),
            limit=query.validated_data["limit"],
        )
        return _page_response(request, page)
