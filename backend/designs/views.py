"""Designs API: declarative viewsets; reads through designs.selectors, writes through designs.services."""

from __future__ import annotations

import re
from typing import Any, cast

from django.db.models import QuerySet
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.serializers import BaseSerializer
from rest_framework.settings import api_settings
from rest_framework.views import APIView

from catalog.choices import ConfigurationRole
from catalog.models import Configuration
from catalog.versioning import catalog_snapshot
from core.errors import InvalidInput, PreconditionFailed, PreconditionRequired
from core.openapi import FIELD_ERRORS_SCHEMA
from core.renderers import EvaluationJSONRenderer
from core.throttling import ScopedRateThrottle
from designs import recommend as recommend_service
from designs import services
from designs.compare import compare_designs
from designs.evaluation import design_bom, priced_bom, reference_platform
from designs.headline import HEADLINE_FIELDS
from designs.models import Design
from designs.permissions import DesignAccess
from designs.recommend_serializers import RecommendInputSerializer, engine_recommendation_schema
from designs.selectors import (
    active_share_link_or_404,
    design_revisions,
    design_share_links,
    get_revision_or_404,
    get_trashed_design_or_404,
    get_visible_design_or_404,
    trashed_designs,
    visible_designs,
)
from designs.serializers import (
    CompareQuerySerializer,
    CompareResponseSerializer,
    DesignInputSerializer,
    DesignListItemSerializer,
    DesignRevisionSerializer,
    DesignSerializer,
    EvaluateInputSerializer,
    EvaluationResponseSerializer,
    ReferenceBomResponseSerializer,
    ReferenceDesignSerializer,
    SharedDesignResponseSerializer,
    SharedDesignSerializer,
    ShareLinkSerializer,
    TrashedDesignSerializer,
)

# What a designs list row reads (designs.serializers.DesignListItemSerializer), as one tuple per row
# (values_list): the inputs and pins it does not show stay in the database (rule_versions alone was 80 %
# of a row's cost), and no Design, User or Team objects are built for a page (three model instances a
# row were a third of a page of 50's time at 1,000 designs, issue 16).
LIST_ROW_FIELDS = (
    "pk",
    "name",
    "customer",
    "description",
    "owner_id",
    "owner__username",
    "team_id",
    "team__name",
    "team__slug",
    "visibility",
    "status",
    "platform",
    "version",
    "latest_revision",
    "created",
    "updated",
    *HEADLINE_FIELDS,
)

# Restore and delete check If-Match when it is sent (412 when stale) but do not require it.
ETAG_PATTERN = re.compile(r'^(?:W/)?"design-(?P<pk>\d+)-v(?P<version>\d+)"$')
# The schema states the ETag's form: a header of another form is a 400; one of this form naming
# another version is a 412 (someone saved in between).
ETAG_SCHEMA = {"type": "string", "pattern": r'^(W/)?"design-[0-9]+-v[0-9]+"$'}
IF_MATCH_OPTIONAL = OpenApiParameter(
    "If-Match", ETAG_SCHEMA, OpenApiParameter.HEADER, required=False, description="The ETag you read"
)
IF_MATCH_REQUIRED = OpenApiParameter(
    "If-Match", ETAG_SCHEMA, OpenApiParameter.HEADER, required=True, description="The ETag you read"
)

# GET /designs/{id}/evaluation/?rules=current: the saved inputs with the current rules, the answer
# POST /evaluate/ gives for them; the SPA's editor preloads it for an untouched design.
EVALUATION_RULES = OpenApiParameter(
    "rules",
    OpenApiTypes.STR,
    OpenApiParameter.QUERY,
    required=False,
    enum=["pinned", "current"],
    default="pinned",
    description=(
        "pinned: the rule versions the design pinned (what its exports show); current: the current "
        "rule versions, as POST /evaluate/ evaluates the same inputs (what the editor shows until an "
        "input changes)"
    ),
)


def _if_match_version(request: Request, design: Design, *, required: bool) -> int | None:
    """The version named by If-Match: missing -> 428 (when required), not an ETag -> 400, another
    design's or version's -> 412."""
    if "If-Match" not in request.headers:
        if required:
            raise PreconditionRequired()
        return None
    header = request.headers["If-Match"].strip()  # sent empty: not an ETag (400 below)
    match = ETAG_PATTERN.match(header)
    if match is None:
        # `*` included: this API's writes must name the version they read.
        raise InvalidInput(
            {"If-Match": ['Not an ETag of a design: send the ETag you read ("design-<id>-v<n>").']}
        )
    if int(match["pk"]) != design.pk:
        raise PreconditionFailed()
    return int(match["version"])


# The views that answer with an evaluation payload write its JSON with orjson (core.renderers); the
# browsable API and the other renderers stay as configured.
EVALUATION_RENDERERS: list[type[BaseRenderer]] = [
    EvaluationJSONRenderer,
    *(
        r
        for r in cast("list[type[BaseRenderer]]", api_settings.DEFAULT_RENDERER_CLASSES)
        if r is not JSONRenderer
    ),
]


def _with_etag(response: Response, design: Design) -> Response:
    response["ETag"] = design.etag
    return response


class DesignViewSet(viewsets.ModelViewSet[Design]):
    """Designs the caller may see (own + shared with a team the caller is in); others are 404."""

    serializer_class = DesignSerializer
    permission_classes = [DesignAccess]
    filterset_fields = ["status", "visibility", "team", "owner"]
    search_fields = ["name", "customer", "description"]
    ordering_fields = ["name", "customer", "created", "updated", "status"]

    def get_queryset(self) -> QuerySet[Design]:
        designs = visible_designs(self.request.user)
        if self.action == "list":
            return designs.select_related(None)
        return designs.prefetch_related("bom_overrides")

    def list(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        # A page of rows, each read as one tuple (LIST_ROW_FIELDS) after the filters and the ordering.
        rows = self.filter_queryset(self.get_queryset()).values_list(*LIST_ROW_FIELDS, named=True)
        page = self.paginate_queryset(rows)
        return self.get_paginated_response(self.get_serializer(page, many=True).data)

    def get_serializer_class(self) -> type[BaseSerializer[Any]]:
        if self.action in ("create", "update", "partial_update"):
            return DesignInputSerializer
        if self.action == "list":
            return DesignListItemSerializer
        return DesignSerializer

    def _read(self, design: Design, status_code: int = status.HTTP_200_OK) -> Response:
        fresh = self.get_queryset().get(pk=design.pk)
        data = DesignSerializer(fresh, context=self.get_serializer_context()).data
        return _with_etag(Response(data, status=status_code), fresh)

    @extend_schema(responses={200: DesignSerializer})
    def retrieve(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        # get_object() read the design with its overrides (get_queryset) in this request: nothing was
        # written since, so it is serialized as read (_read reads again, for the writes below).
        design = self.get_object()
        data = DesignSerializer(design, context=self.get_serializer_context()).data
        return _with_etag(Response(data), design)

    @extend_schema(request=DesignInputSerializer, responses={201: DesignSerializer})
    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        serializer = DesignInputSerializer(data=request.data, context=self.get_serializer_context())
        serializer.is_valid(raise_exception=True)
        design = services.design_create(user=request.user, data=serializer.validated_data)
        return self._read(design, status.HTTP_201_CREATED)

    @extend_schema(
        request=DesignInputSerializer,
        responses={200: DesignSerializer},
        parameters=[IF_MATCH_REQUIRED],
    )
    def update(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        partial = kwargs.pop("partial", False)
        design = self.get_object()
        expected = _if_match_version(request, design, required=True)
        assert expected is not None
        serializer = DesignInputSerializer(
            design, data=request.data, partial=partial, context=self.get_serializer_context()
        )
        serializer.is_valid(raise_exception=True)
        design = services.design_update(
            user=request.user, design=design, expected_version=expected, data=serializer.validated_data
        )
        return self._read(design)

    @extend_schema(
        request=DesignInputSerializer,
        responses={200: DesignSerializer},
        parameters=[IF_MATCH_REQUIRED],
    )
    def partial_update(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        kwargs["partial"] = True
        return self.update(request, *args, **kwargs)

    @extend_schema(parameters=[IF_MATCH_OPTIONAL])
    def destroy(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        """Moves the design to the owner's trash (undo: POST .../undelete/ within the retention)."""
        design = self.get_object()
        expected = _if_match_version(request, design, required=False)
        services.design_delete(user=request.user, design=design, expected_version=expected)
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(responses={200: TrashedDesignSerializer(many=True)})
    @action(detail=False, methods=["get"])
    def trash(self, request: Request) -> Response:
        """The caller's own deleted designs that may still be restored, most recently deleted first."""
        # The list's filters, search and ordering apply here too (the trash's default: latest first).
        designs: Any = self.filter_queryset(trashed_designs(request.user).prefetch_related("bom_overrides"))
        page = self.paginate_queryset(designs)
        data = TrashedDesignSerializer(page, many=True, context=self.get_serializer_context()).data
        return self.get_paginated_response(data)

    @extend_schema(request=None, responses={200: DesignSerializer}, parameters=[IF_MATCH_OPTIONAL])
    @action(detail=True, methods=["post"])
    def undelete(self, request: Request, pk: str | None = None) -> Response:
        """Restores a design from the caller's trash; anyone but its owner gets 404, as does a design
        past the retention."""
        design = get_trashed_design_or_404(request.user, pk or "")
        expected = _if_match_version(request, design, required=False)
        design = services.design_undelete(user=request.user, design=design, expected_version=expected)
        return self._read(design)

    @extend_schema(responses={200: DesignRevisionSerializer(many=True)})
    @action(detail=True, methods=["get"])
    def revisions(self, request: Request, pk: str | None = None) -> Response:
        design = self.get_object()
        revisions: Any = design_revisions(design=design)
        page = self.paginate_queryset(revisions)
        data = DesignRevisionSerializer(page, many=True).data
        return self.get_paginated_response(data)

    @extend_schema(responses={200: DesignRevisionSerializer})
    @action(detail=True, methods=["get"], url_path=r"revisions/(?P<number>[0-9]+)")
    def revision(self, request: Request, pk: str | None = None, number: str | None = None) -> Response:
        revision = get_revision_or_404(design=self.get_object(), number=number or "")
        return Response(DesignRevisionSerializer(revision).data)

    @extend_schema(responses={200: EvaluationResponseSerializer})
    @action(
        detail=True,
        methods=["get"],
        url_path=r"revisions/(?P<number>[0-9]+)/evaluation",
        renderer_classes=EVALUATION_RENDERERS,
    )
    def revision_evaluation(
        self, request: Request, pk: str | None = None, number: str | None = None
    ) -> Response:
        revision = get_revision_or_404(design=self.get_object(), number=number or "")
        return Response(services.revision_evaluation(revision=revision))

    @extend_schema(
        request=None,
        # 400: the revision names a team the caller has left, or team sharing without a team.
        responses={200: DesignSerializer, 400: OpenApiResponse(FIELD_ERRORS_SCHEMA)},
        parameters=[IF_MATCH_OPTIONAL],
    )
    @action(detail=True, methods=["post"], url_path=r"revisions/(?P<number>[0-9]+)/restore")
    def restore(self, request: Request, pk: str | None = None, number: str | None = None) -> Response:
        design = self.get_object()
        revision = get_revision_or_404(design=design, number=number or "")
        expected = _if_match_version(request, design, required=False)
        design = services.design_restore(
            user=request.user, design=design, revision=revision, expected_version=expected
        )
        return self._read(design)

    @extend_schema(request=None, responses={201: DesignSerializer})
    @action(detail=True, methods=["post"])
    def clone(self, request: Request, pk: str | None = None) -> Response:
        clone = services.design_clone(user=request.user, design=self.get_object())
        return self._read(clone, status.HTTP_201_CREATED)

    @extend_schema(parameters=[EVALUATION_RULES], responses={200: EvaluationResponseSerializer})
    @action(detail=True, methods=["get"], renderer_classes=EVALUATION_RENDERERS)
    def evaluation(self, request: Request, pk: str | None = None) -> Response:
        design = self.get_object()
        rules = request.query_params.get("rules", "pinned")
        if rules not in ("pinned", "current"):
            raise InvalidInput({"rules": ['Either "pinned" (the default) or "current".']})
        payload = services.design_evaluation(design, current_rules=rules == "current")
        return _with_etag(Response(payload), design)

    @extend_schema(methods=["GET"], responses={200: ShareLinkSerializer(many=True)})
    @extend_schema(methods=["POST"], request=None, responses={201: ShareLinkSerializer})
    @action(detail=True, methods=["get", "post"], url_path="share-links")
    def share_links(self, request: Request, pk: str | None = None) -> Response:
        design = self.get_object()
        if request.method == "POST":
            link = services.share_link_create(user=request.user, design=design)
            return Response(ShareLinkSerializer(link).data, status=status.HTTP_201_CREATED)
        links: Any = design_share_links(design=design)
        page = self.paginate_queryset(links)
        return self.get_paginated_response(ShareLinkSerializer(page, many=True).data)

    @extend_schema(request=None, responses={204: None})
    @action(detail=True, methods=["delete"], url_path=r"share-links/(?P<token>[A-Za-z0-9_-]+)")
    def revoke_share_link(
        self, request: Request, pk: str | None = None, token: str | None = None
    ) -> Response:
        design = self.get_object()
        link = design_share_links(design=design).filter(token=token).first()
        if link is None:
            return Response({"detail": "No such share link."}, status=status.HTTP_404_NOT_FOUND)
        services.share_link_revoke(link=link)
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(
        parameters=[OpenApiParameter("ids", OpenApiTypes.STR, OpenApiParameter.QUERY, required=True)],
        responses={200: CompareResponseSerializer},
    )
    @action(detail=False, methods=["get"])
    def compare(self, request: Request) -> Response:
        query = CompareQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        designs = [get_visible_design_or_404(request.user, pk) for pk in query.validated_data["ids"]]
        return Response(compare_designs(designs=designs))


class EvaluateView(APIView):
    """Evaluate an unsaved design (on every keystroke): engine evaluation + priced BOM + assumptions."""

    permission_classes = [IsAuthenticated]
    renderer_classes = EVALUATION_RENDERERS

    @extend_schema(request=EvaluateInputSerializer, responses={200: EvaluationResponseSerializer})
    def post(self, request: Request) -> Response:
        # One read of the catalog version; the serializer's lookups and the evaluation share its cache.
        snapshot = catalog_snapshot()
        serializer = EvaluateInputSerializer(
            data=request.data, context={"catalog_snapshot": snapshot, "request": request}
        )
        serializer.is_valid(raise_exception=True)
        return Response(services.evaluate_unsaved(data=serializer.validated_data, snapshot=snapshot))


class RecommendView(APIView):
    """Recommend what to buy: every family's configurations searched for the workload and its targets
    (or for several databases together: `databases`, as a design lists them), ranked by cost (with a
    price book) or size, each with its degraded state, growth and why the next smaller one fails
    (sizing.recommend). Writes nothing; a design is created from a candidate with POST /designs/ (its
    workload or databases, and its platform)."""

    permission_classes = [IsAuthenticated]
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "recommend"
    # a workload or databases: neither field is required alone (core.openapi.AutoSchema)
    request_body_required = True

    @extend_schema(
        request=RecommendInputSerializer,
        responses={
            200: engine_recommendation_schema(),
            # (400 with field-level messages, 401, 403, 413, 415 and 429 as every JSON write: core.openapi)
            404: OpenApiResponse(description="No price book with that id."),
        },
    )
    def post(self, request: Request) -> Response:
        snapshot = catalog_snapshot()
        serializer = RecommendInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        return Response(recommend_service.recommend(data=serializer.validated_data, snapshot=snapshot))


class SharedDesignView(APIView):
    """A design through its read-only share link: no account needed; 404 once revoked or once the
    design was made private. Throttled per client address: every read runs a full evaluation."""

    permission_classes = [AllowAny]
    authentication_classes: list[type] = []
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "share-link"

    @extend_schema(responses={200: SharedDesignResponseSerializer})
    def get(self, request: Request, token: str) -> Response:
        link = active_share_link_or_404(token=token)
        return Response(
            {
                "design": SharedDesignSerializer(link.design).data,
                "evaluation": services.design_evaluation(link.design),
            }
        )


class ReferenceDesignViewSet(
    mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet[Configuration]
):
    """Reference configurations to start a design from, by slug, with the platform inputs they stand for."""

    serializer_class = ReferenceDesignSerializer
    permission_classes = [AllowAny]
    lookup_field = "slug"
    pagination_class = None
    queryset = Configuration.objects.filter(role=ConfigurationRole.REFERENCE).select_related(
        "source_document"
    )
    filterset_fields = ["platform"]

    @extend_schema(responses={200: ReferenceBomResponseSerializer})
    @action(detail=True, methods=["get"])
    def bom(self, request: Request, slug: str | None = None) -> Response:
        configuration = self.get_object()
        bom, _ = design_bom(
            platform=reference_platform(configuration), configuration=configuration, overrides=[]
        )
        return Response(
            {
                "reference_design": configuration.slug,
                "platform": reference_platform(configuration),
                **priced_bom(bom=bom, price_book=None),
            }
        )
