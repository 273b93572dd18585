"""Session login for the SPA (with CSRF), the current user, token issue for API clients, my teams."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import login, logout
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
from rest_framework import serializers, viewsets
from rest_framework.authtoken.models import Token
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts import lockout
from accounts.models import Team
from accounts.selectors import user_teams
from accounts.serializers import (
    AnonymousSessionSerializer,
    CurrentUserSerializer,
    LoginSerializer,
    TeamSerializer,
    TokenSerializer,
)
from core.openapi import ERROR_SCHEMA, FIELD_ERRORS_SCHEMA

CSRF_REFUSED = OpenApiResponse(ERROR_SCHEMA, description="No valid CSRF token.")
ERRORS = OpenApiResponse(FIELD_ERRORS_SCHEMA, description='Field-level messages, e.g. {"password": ["..."]}')


def _check_credentials(request: Request) -> Any:
    """The user the credentials name, or the 400/429 response to send. Failures are recorded and
    *returned*, not raised: a raised error would roll back the request's transaction and, with it,
    the record of the failure."""
    username = str(request.data.get("username", "")) if hasattr(request.data, "get") else ""
    ip = lockout.client_ip(request)
    wait = lockout.retry_after_seconds(username, ip)
    if wait is not None:
        message = f"Too many failed sign-ins for this user from your address: try again in {wait} s."
        return Response({"password": [message]}, status=429, headers={"Retry-After": str(wait)})
    serializer = LoginSerializer(data=request.data, context={"request": request})
    if not serializer.is_valid():
        if username:
            lockout.record_failure(username, ip)
        return Response(serializer.errors, status=400)
    lockout.clear_failures(username, ip)
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
        responses={200: CurrentUserSerializer, 400: ERRORS, 403: CSRF_REFUSED, 429: ERRORS},
        tags=["auth"],
    )
    def post(self, request: Request) -> Response:
        user = _check_credentials(request)
        if isinstance(user, Response):
            return user
        login(request._request, user)
        return Response(CurrentUserSerializer(user).data)


class LogoutView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(request=None, responses={204: None}, tags=["auth"])
    def post(self, request: Request) -> Response:
        logout(request._request)
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
    """Issues (or returns the existing) API token for a username + password."""

    permission_classes = [AllowAny]
    authentication_classes: list[type] = []

    @extend_schema(
        request=LoginSerializer, responses={200: TokenSerializer, 400: ERRORS, 429: ERRORS}, tags=["auth"]
    )
    def post(self, request: Request) -> Response:
        user = _check_credentials(request)
        if isinstance(user, Response):
            return user
        token, _ = Token.objects.get_or_create(user=user)
        return Response({"token": token.key})


class TeamViewSet(viewsets.ReadOnlyModelViewSet[Team]):
    """The teams the current user belongs to, with members and the user's role."""

    serializer_class = TeamSerializer
    permission_classes = [IsAuthenticated]
    search_fields = ["name", "slug"]
    ordering_fields = ["name"]

    def get_queryset(self) -> QuerySet[Team]:
        return user_teams(user=self.request.user).prefetch_related("memberships__user")
