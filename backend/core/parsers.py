"""The API's request parsers (REST_FRAMEWORK["DEFAULT_PARSER_CLASSES"]) and the request size bound.

Every body is bounded before anything walks it:
- size: a body longer than the view accepts (DATA_UPLOAD_MAX_MEMORY_SIZE unless the view names a
  smaller bound, as the imports do: IMPORT_MAX_BYTES, or, for a file upload, its own bound:
  MEASUREMENT_UPLOAD_MAX_BYTES) is refused with 413 by `RequestSizeLimitMiddleware`, from the
  Content-Length header, before anything reads it (under WSGI the body is never longer than that
  header says). A multipart upload is refused there too, before the CSRF check parses it.
- depth: JSON nested deeper than MAX_JSON_DEPTH is a 400. Code that walks parsed data recursively
  (the NUL check, serializers, the JSON fields' encoder) would otherwise overflow the stack: a 500.
- NUL: text with U+0000 is a 400 (core.nul).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from rest_framework import parsers
from rest_framework.exceptions import ParseError

from core.errors import PayloadTooLarge
from core.nul import refuse_nul

# Our deepest legitimate body is an import ({"curves": [{"points": [{"values": [...]}]}]}: 5 levels).
MAX_JSON_DEPTH = 32
DEPTH_MESSAGE = f"JSON nested deeper than {MAX_JSON_DEPTH} levels is not accepted."


def nesting_depth_exceeds(data: Any, bound: int) -> bool:
    """Whether containers nest deeper than `bound` (a scalar is depth 0, {"a": 1} depth 1).
    Iterative, so that no depth can overflow the stack here."""
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, Mapping):
            children: Any = value.values()
        elif isinstance(value, list | tuple):
            children = value
        else:
            continue
        if depth + 1 > bound:
            return True
        stack.extend((child, depth + 1) for child in children)
    return False


class JSONParser(parsers.JSONParser):
    """DRF's strict JSON parser (NaN and Infinity refused), bounded in depth, NUL refused."""

    def load(self, stream: Any, media_type: Any, parser_context: Any) -> Any:
        return super().parse(stream, media_type, parser_context)

    def parse(self, stream: Any, media_type: Any = None, parser_context: Any = None) -> Any:
        try:
            data = self.load(stream, media_type, parser_context)
        except RecursionError as exc:  # deeper than the decoder itself can go
            raise ParseError(DEPTH_MESSAGE) from exc
        if nesting_depth_exceeds(data, MAX_JSON_DEPTH):
            raise ParseError(DEPTH_MESSAGE)
        return refuse_nul(data)


class FormParser(parsers.FormParser):
    def parse(self, stream: Any, media_type: Any = None, parser_context: Any = None) -> Any:
        return refuse_nul(super().parse(stream, media_type, parser_context))


class MultiPartParser(parsers.MultiPartParser):
    """Form fields are checked; uploaded files are the importers' to validate row by row."""

    def parse(self, stream: Any, media_type: Any = None, parser_context: Any = None) -> Any:
        result = super().parse(stream, media_type, parser_context)
        refuse_nul(result.data)
        return result


# --------------------------------------------------------------------------------------------- size
def max_body_bytes(view_class: Any) -> int:
    """The largest body a view accepts: the setting its `max_body_bytes_setting` names (the imports:
    IMPORT_MAX_BYTES), else DATA_UPLOAD_MAX_MEMORY_SIZE, Django's bound on a body held in memory.

    A view that takes a file upload only (multipart; Django streams the file part to disk, outside
    DATA_UPLOAD_MAX_MEMORY_SIZE) names its own bound, larger or not, in `max_upload_bytes_setting`
    (the measurement imports: MEASUREMENT_UPLOAD_MAX_BYTES)."""
    upload = getattr(view_class, "max_upload_bytes_setting", None)
    if upload is not None:
        return int(getattr(settings, upload))
    default = int(settings.DATA_UPLOAD_MAX_MEMORY_SIZE)
    name = getattr(view_class, "max_body_bytes_setting", None)
    return default if name is None else min(int(getattr(settings, name)), default)


def too_large_response(limit: int) -> JsonResponse:
    # Imported here: core.exception_handler imports DRF's views, which import these parsers.
    from core.exception_handler import error_body, error_status

    error = PayloadTooLarge.for_limit(limit)
    return JsonResponse(error_body(error), status=error_status(error))


class RequestSizeLimitMiddleware:
    """Refuse a body longer than the view accepts (413, the API's error shape) before anything reads
    it: no parser, CSRF check or upload handler touches the bytes, so a huge upload costs nothing."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_view(
        self, request: HttpRequest, view_func: Any, view_args: Any, view_kwargs: Any
    ) -> HttpResponse | None:
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            return JsonResponse({"detail": "Content-Length is not a number."}, status=400)
        limit = max_body_bytes(getattr(view_func, "cls", None))
        if length > limit:
            return too_large_response(limit)
        return None
