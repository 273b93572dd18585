"""Sign-in lockout: after LOGIN_FAILURE_LIMIT failed attempts for one username from one client
address within LOGIN_FAILURE_WINDOW_SECONDS, further attempts are refused (429) until the oldest
of those failures leaves the window. A successful sign-in clears the pair's failures.

Keyed by username *and* address so that a stranger hammering one account locks only themselves
out, not the account's owner signing in from elsewhere."""

from __future__ import annotations

from datetime import datetime, timedelta
from math import ceil

from django.conf import settings
from django.db.models import Min
from django.utils import timezone
from rest_framework.request import Request
from rest_framework.throttling import BaseThrottle

from accounts.models import LoginFailure


def client_ip(request: Request) -> str:
    # DRF's identification honours NUM_PROXIES (X-Forwarded-For behind our nginx).
    return str(BaseThrottle().get_ident(request))[:64]


def _recent(username: str, ip: str) -> tuple[int, datetime | None]:
    since = timezone.now() - timedelta(seconds=settings.LOGIN_FAILURE_WINDOW_SECONDS)
    recent = LoginFailure.objects.filter(username=username.lower(), client_ip=ip, created__gte=since)
    summary = recent.aggregate(oldest=Min("created"))
    return recent.count(), summary["oldest"]


def retry_after_seconds(username: str, ip: str) -> int | None:
    """Seconds until the next attempt is allowed, or None when the pair is not locked out."""
    count, oldest = _recent(username, ip)
    if count < settings.LOGIN_FAILURE_LIMIT or oldest is None:
        return None
    unlock = oldest + timedelta(seconds=settings.LOGIN_FAILURE_WINDOW_SECONDS)
    return max(1, ceil((unlock - timezone.now()).total_seconds()))


def record_failure(username: str, ip: str) -> None:
    LoginFailure.objects.create(username=username.lower()[:150], client_ip=ip)
    # Keep the table small: what is older than the window no longer counts.
    horizon = timezone.now() - timedelta(seconds=settings.LOGIN_FAILURE_WINDOW_SECONDS)
    LoginFailure.objects.filter(created__lt=horizon).delete()


def clear_failures(username: str, ip: str) -> None:
    LoginFailure.objects.filter(username=username.lower(), client_ip=ip).delete()
