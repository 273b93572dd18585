"""PostgreSQL text cannot hold NUL (U+0000): a NUL that reaches a query is a database error (a 500),
wherever it came from (a URL, a filter, a slug lookup, a JSON body). Refuse it at the door with a
400 instead: the URL and query string in a middleware, request bodies in the API's parsers."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from rest_framework import parsers
from rest_framework.exceptions import ParseError

MESSAGE = "Text may not contain the NUL character (U+0000)."


def contains_nul(value: Any) -> bool:
    if isinstance(value, str):
        return "\x00" in value
    if isinstance(value, Mapping):
        return any(contains_nul(k) or contains_nul(v) for k, v in value.items())
    if isinstance(value, list | tuple):
        return any(contains_nul(item) for item in value)
    return False


class RejectNulInUrlMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        query = [item for key in request.GET for item in (key, *request.GET.getlist(key))]
        if "\x00" in request.path or contains_nul(query):
            return JsonResponse({"detail": MESSAGE}, status=400)
        return self.get_response(request)


def _checked(data: Any) -> Any:
    lists = data.lists() if hasattr(data, "lists") else None
    if contains_nul(dict(lists) if lists is not None else data):
        raise ParseError(MESSAGE)
    return data


class JSONParser(parsers.JSONParser):
    def parse(self, stream: Any, media_type: Any = None, parser_context: Any = None) -> Any:
        return _checked(super().parse(stream, media_type, parser_context))


class FormParser(parsers.FormParser):
    def parse(self, stream: Any, media_type: Any = None, parser_context: Any = None) -> Any:
        return _checked(super().parse(stream, media_type, parser_context))


class MultiPartParser(parsers.MultiPartParser):
    """Form fields are checked; uploaded files are the importers' to validate row by row."""

    def parse(self, stream: Any, media_type: Any = None, parser_context: Any = None) -> Any:
        result = super().parse(stream, media_type, parser_context)
        _checked(result.data)
        return result
