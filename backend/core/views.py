"""Cross-cutting views: the health probe, the SPA shell, and the API's answers for unknown URLs and
crashes (handler404/handler500 in config.urls)."""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import DatabaseError, connection, transaction
from django.http import HttpRequest, HttpResponse, HttpResponseBase, JsonResponse
from django.utils.decorators import method_decorator
from django.views import defaults
from django.views.decorators.csrf import ensure_csrf_cookie
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.generics import GenericAPIView
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response


class HealthSerializer(serializers.Serializer):
    status = serializers.CharField(help_text="ok, or unavailable when the database does not answer")
    database = serializers.CharField(help_text="database vendor: postgresql or sqlite")


class HealthDownSerializer(HealthSerializer):
    detail = serializers.CharField()


class HealthView(GenericAPIView):
    """Liveness plus a real round trip to the database (outside ATOMIC_REQUESTS: no transaction)."""

    permission_classes = [AllowAny]
    authentication_classes: list[type] = []
    serializer_class = HealthSerializer

    @extend_schema(responses={200: HealthSerializer, 503: HealthDownSerializer}, tags=["health"])
    @method_decorator(transaction.non_atomic_requests)
    def dispatch(self, request: HttpRequest, *args: object, **kwargs: object) -> HttpResponseBase:
        return super().dispatch(request, *args, **kwargs)

    def get(self, request: Request) -> Response:
        try:
            with connection.cursor() as cursor:
                cursor.execute("SELECT 1")
                cursor.fetchone()
        except DatabaseError as exc:
            return Response(
                {"status": "unavailable", "database": connection.vendor, "detail": str(exc)[:200]},
                status=503,
            )
        return Response({"status": "ok", "database": connection.vendor})


SPA_MISSING = """<!doctype html><html><head><title>DB Sizer</title></head><body>
<h1>DB Sizer</h1><p>The front end has not been built. Run <code>make run</code>
(it builds frontend/ with Vite) or see <a href="/api/docs/">the API docs</a>.</p></body></html>"""


EDITOR_ROUTE = re.compile(r"^/designs/(\d+)$")
# The editor page's module in Vite's build manifest (frontend/vite.config.ts: build.manifest).
EDITOR_MODULE = "src/features/designs/components/design-editor-page.tsx"


@functools.lru_cache(maxsize=4)
def _vite_manifest(path: Path, mtime_ns: int) -> dict[str, Any]:
    """The build's manifest, read once per build (keyed by its modification time)."""
    manifest: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return manifest


def _module_files(manifest: dict[str, Any], key: str) -> list[str]:
    """The files of a module and of everything it imports statically (what loading it fetches)."""
    files: list[str] = []
    pending, seen = [key], set()
    while pending:
        chunk = manifest.get(pending.pop())
        if chunk is None or chunk["file"] in seen:
            continue
        seen.add(chunk["file"])
        files.append(chunk["file"])
        pending.extend(chunk.get("imports", []))
    return files


def editor_module_urls() -> list[str]:
    """The editor page's JavaScript that index.html does not already load, as static URLs."""
    path = settings.FRONTEND_DIST_DIR / ".vite" / "manifest.json"
    if not path.exists():
        return []
    manifest = _vite_manifest(path, path.stat().st_mtime_ns)
    loaded = set(_module_files(manifest, "index.html"))
    return [settings.STATIC_URL + f for f in _module_files(manifest, EDITOR_MODULE) if f not in loaded]


def first_requests(request: HttpRequest) -> bytes:
    """Preload links for what a signed-in user's page starts with: the API requests the route is sure
    to make and, on the editor, its JavaScript, the untouched design's evaluation and the platform
    registry. The browser fetches them while it still loads the entry script; the SPA's own fetch of
    the same URL (and its import of the same module) takes the answer.
    Only for a signed-in session: a visitor's would be refused, and a visitor is sent to sign-in."""
    if not request.user.is_authenticated:
        return b""
    links = ['<link rel="preload" as="fetch" crossorigin href="/api/v1/auth/me/">']
    editor = EDITOR_ROUTE.match(request.path)
    if editor:
        design = f"/api/v1/designs/{int(editor.group(1))}/"
        # The design, and the evaluation the untouched editor shows (the saved inputs with the current
        # rules: POST /evaluate/'s answer for them), in parallel rather than one after the other.
        links.append(f'<link rel="preload" as="fetch" crossorigin href="{design}">')
        links.append(f'<link rel="preload" as="fetch" crossorigin href="{design}evaluation/?rules=current">')
        # The platform registry: its labels (RAID levels, families) are in the charts' first draw rather
        # than redrawn into them when the editor's own request comes back (the capacity legend read
        # "Usable (raid10)", then "Usable (RAID 10)").
        links.append('<link rel="preload" as="fetch" crossorigin href="/api/v1/platforms/">')
        links += [f'<link rel="modulepreload" crossorigin href="{url}">' for url in editor_module_urls()]
    return "".join(links).encode()


@ensure_csrf_cookie
def spa_index(request: HttpRequest) -> HttpResponse:
    """Serve the built SPA's index.html for every client-side route (history-mode fallback)."""
    index = settings.FRONTEND_DIST_DIR / "index.html"
    if not index.exists():
        return HttpResponse(SPA_MISSING, content_type="text/html; charset=utf-8")
    html = index.read_bytes().replace(b"</head>", first_requests(request) + b"</head>", 1)
    response = HttpResponse(html, content_type="text/html; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    return response


def _is_api(request: HttpRequest) -> bool:
    return request.path.startswith("/api/")


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """A URL no route matches (e.g. /api/v1/designs/1.5/: ids are integers) is a 404 in the API's
    error shape under /api/, as an unknown id is; Django's HTML page elsewhere."""
    if _is_api(request):
        return JsonResponse({"detail": "Not found."}, status=404)
    return defaults.page_not_found(request, exception)


def server_error(request: HttpRequest) -> HttpResponse:
    if _is_api(request):
        return JsonResponse({"detail": "Server error."}, status=500)
    return defaults.server_error(request)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """CSRF_FAILURE_VIEW: a session write without the CSRF token (e.g. sign-in) is a 403 in the API's
    error shape under /api/; Django's HTML page elsewhere (the admin)."""
    if _is_api(request):
        return JsonResponse({"detail": f"CSRF Failed: {reason}"}, status=403)
    from django.views.csrf import csrf_failure as django_csrf_failure

    return django_csrf_failure(request, reason)
