"""Session authentication that steps aside for explicit credentials.

A request that sends `Authorization: ...` is judged by that header alone: a session cookie riding
along (a browser that also holds a token, a client that signed in once) must not turn a wrong or
revoked token into a signed-in request. The token class then refuses it with 401; requests without
the header are authenticated by their session exactly as before (and refused with 403).
"""

from __future__ import annotations

from typing import Any

from rest_framework import authentication
from rest_framework.request import Request


class SessionAuthentication(authentication.SessionAuthentication):
    def authenticate(self, request: Request) -> tuple[Any, None] | None:
        if request.META.get("HTTP_AUTHORIZATION"):
            return None
        return super().authenticate(request)

    def authenticate_header(self, request: Request) -> str | None:
        # DRF asks the first class for WWW-Authenticate: a request that brought a token is told how
        # to send one (401); a cookie or anonymous request keeps its 403.
        if request.META.get("HTTP_AUTHORIZATION"):
            return "Token"
        return None
