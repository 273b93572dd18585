"""Pagination with a ceiling and strict parameters.

`?limit=` beyond MAX_PAGE_SIZE is served as MAX_PAGE_SIZE rows, so a huge limit can neither overflow
the database's integer (a 500) nor ask for an unbounded page; an offset past the row count is answered
with an empty page before any SQL slice. A limit or offset that is not a whole number in range
(`limit=x`, `limit=0`, `offset=-1`) is a 400 naming the parameter, not silently the first page: a
client that sent it has a bug it should hear about (issue 17: bad input is refused, never ignored).
"""

from __future__ import annotations

import re
from typing import Any

from rest_framework.exceptions import ValidationError
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.request import Request

MAX_PAGE_SIZE = 1000
_INTEGER = re.compile(r"-?[0-9]+")


def _whole_number(request: Request, name: str, minimum: int) -> int | None:
    raw = request.query_params.get(name)
    if raw is None:
        return None
    value = int(raw) if _INTEGER.fullmatch(raw) else None
    if value is None or value < minimum:
        raise ValidationError({name: [f"A whole number of at least {minimum} is required."]})
    return value


class BoundedLimitOffsetPagination(LimitOffsetPagination):
    max_limit = MAX_PAGE_SIZE

    def get_limit(self, request: Request) -> int | None:
        limit = _whole_number(request, self.limit_query_param, 1)
        if limit is None:
            return self.default_limit
        return min(limit, self.max_limit) if self.max_limit else limit

    def get_offset(self, request: Request) -> int:
        return _whole_number(request, self.offset_query_param, 0) or 0

    def get_schema_operation_parameters(self, view: Any) -> list[dict[str, Any]]:
        parameters: list[dict[str, Any]] = super().get_schema_operation_parameters(view)
        minimum = {self.limit_query_param: 1, self.offset_query_param: 0}
        for parameter in parameters:
            if parameter["name"] in minimum:
                parameter["schema"]["minimum"] = minimum[parameter["name"]]
        return parameters
