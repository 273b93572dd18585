"""PostgreSQL text cannot hold NUL (U+0000): a NUL that reaches a query is a database error (a 500),
wherever it came from (a URL, a filter, a slug lookup, a JSON body). Refuse it at the door with a
400 instead: the URL and query string in a middleware, request bodies in the API's parsers
(core.parsers)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
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


def refuse_nul(data: Any) -> Any:
    """The parsed body, or ParseError (400) when any of its text holds a NUL (core.parsers calls it)."""
    lists = data.lists() if hasattr(data, "lists") else None
    if contains_nul(dict(lists) if lists is not None else data):
        raise ParseError(MESSAGE)
    return data
