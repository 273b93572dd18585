"""Session login for the SPA (with CSRF), the current user, password change, tokens for API clients,
my teams. Sign-ins go through authenticate(), where the lockout sits (accounts.lockout)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import login, logout, update_session_auth_hash
from django.contrib.auth.signals import user_logged_in
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponseBase
from django.utils.decorators import method_decorator
from django.views.decorators.csrf import csrf_protect, ensure_csrf_cookie
from drf_spectacular.utils import (
    OpenApiResponse,
    PolymorphicProxySerializer,
    extend_schema,
    inline_serializer,
)
from knox.models import get_token_model
from knox.settings import knox_settings
from rest_framework import serializers, viewsets
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.branding import LOGO_MAX_BYTES, branding_data, branding_update, team_for_branding
from accounts.models import Team
from accounts.selectors import user_teams
from accounts.serializers import (
    AnonymousSessionSerializer,
    CurrentUserSerializer,
    LoginSerializer,
    PasswordChangeSerializer,
    TeamBrandingSerializer,
    TeamBrandingUpdateSerializer,
    TeamSerializer,
    TokenSerializer,
)
from core.errors import InvalidInput
from core.openapi import BAD_REQUEST_SCHEMA, ERROR_SCHEMA, FIELD_ERRORS_SCHEMA
from core.throttling import ScopedRateThrottle

CSRF_REFUSED = OpenApiResponse(ERROR_SCHEMA, description="No valid CSRF token.")
ERRORS = OpenApiResponse(FIELD_ERRORS_SCHEMA, description='Field-level messages, e.g. {"password": ["..."]}')
# A body that is not JSON at all gets one message ({"detail": "JSON parse error ..."}), not fields.
BAD_REQUEST = OpenApiResponse(
    BAD_REQUEST_SCHEMA, description='Field-level messages, e.g. {"password": ["..."]}, or an unreadable body'
)


def _check_credentials(request: Request) -> Any:
    """The user the credentials name, or the 400 response to send. Returned, not raised: a raised error
    would roll back the request's transaction and, with it, the failure the lockout recorded. A
    locked-out pair's answer becomes the 429 on its way out (accounts.lockout.lockout_response)."""
    serializer = LoginSerializer(data=request.data, context={"request": request})
    if not serializer.is_valid():
        return Response(serializer.errors, status=400)
    return serializer.validated_data["user"]


class CsrfView(APIView):
    """Sets the csrftoken cookie the SPA echoes in X-CSRFToken."""

    permission_classes = [AllowAny]

    @extend_schema(
        responses={200: inline_serializer("CsrfCookie", fields={"detail": serializers.CharField()})},
        tags=["auth"],
    )
    @method_decorator(ensure_csrf_cookie)
    def get(self, request: Request) -> Response:
        return Response({"detail": "CSRF cookie set."})


class LoginView(APIView):
    """Session login. CSRF-protected even though the caller is still anonymous (login CSRF)."""

    permission_classes = [AllowAny]
    authentication_classes: list[type] = []

    @method_decorator(csrf_protect)
    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        return super().dispatch(request, *args, **kwargs)

    @extend_schema(
        request=LoginSerializer,
        # 403: the login form's CSRF token is checked although the caller is not signed in yet.
        responses={200: CurrentUserSerializer, 400: BAD_REQUEST, 403: CSRF_REFUSED, 429: ERRORS},
        tags=["auth"],
    )
    def post(self, request: Request) -> Response:
        user = _check_credentials(request)
        if isinstance(user, Response):
            return user
        login(request._request, user)
        return Response(CurrentUserSerializer(user).data)


class LogoutView(APIView):
    """Ends the session; called with an API token, revokes that token."""

    permission_classes = [AllowAny]

    @extend_schema(request=None, responses={204: None}, tags=["auth"])
    def post(self, request: Request) -> Response:
        if isinstance(request.auth, get_token_model()):
            request.auth.delete()
        logout(request._request)
        return Response(status=204)


class PasswordChangeView(APIView):
    """Change one's own password (Django's validators apply). Every API token of the user is revoked;
    the session that made the change stays signed in, the user's other sessions end."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=PasswordChangeSerializer,
        # 429: a wrong old password counts as a failed sign-in, so the lockout applies.
        responses={204: None, 400: BAD_REQUEST, 429: ERRORS},
        tags=["auth"],
    )
    def post(self, request: Request) -> Response:
        serializer = PasswordChangeSerializer(data=request.data, context={"request": request})
        if not serializer.is_valid():
            return Response(serializer.errors, status=400)  # returned, not raised: see _check_credentials
        user: Any = request.user
        user.set_password(serializer.validated_data["new_password"])
        user.save()
        update_session_auth_hash(request._request, user)
        return Response(status=204)


class MeView(APIView):
    """Who is signed in. A visitor who is not gets 200 `{"authenticated": false}`, not an error:
    asking is the normal first step of the SPA, so it must not log a failed request."""

    permission_classes = [AllowAny]

    @extend_schema(
        responses={
            200: PolymorphicProxySerializer(
                component_name="CurrentSession",
                serializers=[CurrentUserSerializer, AnonymousSessionSerializer],
                resource_type_field_name=None,
            )
        },
        tags=["auth"],
    )
    def get(self, request: Request) -> Response:
        if not request.user.is_authenticated:
            return Response(AnonymousSessionSerializer({}).data)
        return Response(CurrentUserSerializer(request.user).data)


class TokenView(APIView):
    """Issues a new API token for a username + password: it expires (REST_KNOX TOKEN_TTL), is stored
    only as a hash, and is revoked by POST /auth/logout/ with it or by a password change."""

    permission_classes = [AllowAny]
    authentication_classes: list[type] = []
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "token"

    @extend_schema(
        request=LoginSerializer,
        responses={200: TokenSerializer, 400: BAD_REQUEST, 429: ERRORS},
        tags=["auth"],
    )
    def post(self, request: Request) -> Response:
        user = _check_credentials(request)
        if isinstance(user, Response):
            return user
        instance, token = get_token_model().objects.create(user=user, expiry=knox_settings.TOKEN_TTL)
        # A sign-in like the session's: clears the pair's failures, logs the access, sets last_login.
        user_logged_in.send(sender=user.__class__, request=request._request, user=user)
        return Response(TokenSerializer({"token": token, "expiry": instance.expiry}).data)


class TeamViewSet(viewsets.ReadOnlyModelViewSet[Team]):
    """The teams the current user belongs to, with members and the user's role."""

    serializer_class = TeamSerializer
    permission_classes = [IsAuthenticated]
    search_fields = ["name", "slug"]
    ordering_fields = ["name"]

    def get_queryset(self) -> QuerySet[Team]:
        return user_teams(user=self.request.user).prefetch_related("memberships__user")


class TeamBrandingView(APIView):
    """A team's branding (company name and logo on the proposal cover): members read it, managers
    and staff change it, everyone else gets a 404."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: TeamBrandingSerializer}, operation_id="teams_branding_retrieve")
    def get(self, request: Request, slug: str) -> Response:
        team = team_for_branding(user=request.user, slug=slug)
        return Response(TeamBrandingSerializer(branding_data(team, request.user)).data)

    @extend_schema(
        request={
            "multipart/form-data": TeamBrandingUpdateSerializer,
            "application/json": TeamBrandingUpdateSerializer,
        },
        responses={200: TeamBrandingSerializer},
        operation_id="teams_branding_partial_update",
    )
    def patch(self, request: Request, slug: str) -> Response:
        team = team_for_branding(user=request.user, slug=slug, write=True)
        serializer = TeamBrandingUpdateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        upload = data.get("logo")
        logo = None
        if upload is not None:
            if (upload.size or 0) > LOGO_MAX_BYTES:
                raise InvalidInput(
                    {"logo": [f"The logo is {upload.size // 1024} KB; at most {LOGO_MAX_BYTES // 1024} KB."]}
                )
            logo = upload.read()
        team = branding_update(
            team=team,
            company_name=data.get("company_name"),
            logo=logo,
            clear_logo=data.get("clear_logo", False),
        )
        return Response(TeamBrandingSerializer(branding_data(team, request.user)).data)
