"""Sign-in lockout, by django-axes: after LOGIN_FAILURE_LIMIT failed sign-ins for one username from
one client address within LOGIN_FAILURE_WINDOW_SECONDS, that pair is refused (429) until the window
has passed since its last failure; a successful sign-in clears the pair's failures.

Why axes: every sign-in goes through django.contrib.auth.authenticate(), the session login, the token
endpoint and /admin/login/ alike, and axes sits there (an authentication backend plus the
user_login_failed signal), so one lockout covers all three, with its records in the database (every
web worker sees the same failures) and an admin view to lift a lock. It replaces our own
LoginFailure table, which covered the API only.

What we add to axes (its settings name these functions):
- `client_ip`: the address DRF's throttles see (NUM_PROXIES: X-Forwarded-For behind our nginx),
  always a valid IP (axes stores it in an inet column).
- `attempted_username`: counted case-blind, so BOB and bob are one account to a guesser.
- `lockout_response`: the API's 429 `{"password": [...]}` with Retry-After; the admin gets text.
- `LockoutBackend`: axes' check, first taking a PostgreSQL advisory lock on the (username, address)
  pair for the rest of the request's transaction. Axes checks the count, then the password is
  checked, then the failure is recorded: without the lock, parallel requests all pass the check
  before any failure is recorded (each of them a free guess).

Keyed by username *and* address so that a stranger hammering one account locks only themselves
out, not the account's owner signing in from elsewhere.
"""

from __future__ import annotations

import hashlib
import ipaddress
from datetime import timedelta
from math import ceil
from typing import Any

from axes.backends import AxesStandaloneBackend
from axes.helpers import get_cool_off, get_lockout_message
from axes.models import AccessAttempt
from django.conf import settings
from django.db import connections, router
from django.db.models import Max
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils import timezone
from rest_framework.throttling import BaseThrottle

from core.durations import wait_in_words

USERNAME_FIELD = "username"


def client_ip(request: HttpRequest) -> str | None:
    """AXES_CLIENT_IP_CALLABLE: the client address as DRF identifies it (honouring NUM_PROXIES)."""
    ident = str(BaseThrottle().get_ident(request))  # type: ignore[arg-type]
    for candidate in (ident, request.META.get("REMOTE_ADDR", "")):
        try:
            return str(ipaddress.ip_address(candidate.strip()))
        except ValueError:
            continue
    return None


def attempted_username(request: HttpRequest, credentials: dict[str, Any] | None) -> str | None:
    """AXES_USERNAME_CALLABLE: the username tried, lower-cased."""
    value = (credentials or {}).get(USERNAME_FIELD)
    if value is None:
        data = getattr(request, "data", None) or getattr(request, "POST", {})
        value = data.get(USERNAME_FIELD) if hasattr(data, "get") else None
    return None if value is None else str(value).strip().lower()[:150]


def retry_after_seconds(request: HttpRequest, credentials: dict[str, Any] | None) -> int:
    cool_off = get_cool_off(request) or timedelta(seconds=settings.LOGIN_FAILURE_WINDOW_SECONDS)
    last = AccessAttempt.objects.filter(
        username=attempted_username(request, credentials), ip_address=client_ip(request)
    ).aggregate(last=Max("attempt_time"))["last"]
    if last is None:
        return int(cool_off.total_seconds())
    return max(1, ceil((last + cool_off - timezone.now()).total_seconds()))


def lockout_response(
    request: HttpRequest, original_response: HttpResponse | None, credentials: dict[str, Any] | None
) -> HttpResponse:
    """AXES_LOCKOUT_CALLABLE: what a locked-out attempt is answered."""
    wait = retry_after_seconds(request, credentials)
    message = f"Too many failed sign-ins for this user from your address: try again in {wait_in_words(wait)}."
    response: HttpResponse
    if request.path.startswith("/api/"):
        response = JsonResponse({"password": [message]}, status=429)
    else:
        response = HttpResponse(f"{get_lockout_message()} {message}", status=429, content_type="text/plain")
    response["Retry-After"] = str(wait)
    return response


def _serialise_attempts(request: HttpRequest, user: str) -> None:
    """Hold an advisory lock on the (username, address) pair until the request's transaction ends, so
    that this pair's check, password check and failure record are one step at a time. Only where it
    means something: PostgreSQL, inside the request's transaction (ATOMIC_REQUESTS)."""
    connection = connections[router.db_for_write(AccessAttempt)]
    if connection.vendor != "postgresql" or not connection.in_atomic_block:
        return
    digest = hashlib.sha256(f"signin|{user}|{client_ip(request)}".encode()).digest()
    key = int.from_bytes(digest[:8], "big", signed=True)
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_xact_lock(%s)", [key])


class LockoutBackend(AxesStandaloneBackend):
    """First in AUTHENTICATION_BACKENDS: refuses a locked-out pair before any password is checked.
    A sign-in without a request (a script, the test client's login()) has no client to lock out."""

    def authenticate(
        self,
        request: HttpRequest | None,
        username: str | None = None,
        password: str | None = None,
        **kwargs: Any,
    ) -> None:
        if request is None:
            return None
        if username is not None:
            _serialise_attempts(request, str(username).strip().lower())
        super().authenticate(request, username=username, password=password, **kwargs)
        return None
