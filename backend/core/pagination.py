"""Pagination with a ceiling: `?limit=` beyond MAX_PAGE_SIZE is served as MAX_PAGE_SIZE rows, so a
huge limit can neither overflow the database's integer (a 500) nor ask for an unbounded page.
(An offset past the row count is already answered with an empty page before any SQL slice.)"""

from __future__ import annotations

from rest_framework.pagination import LimitOffsetPagination

MAX_PAGE_SIZE = 1000


class BoundedLimitOffsetPagination(LimitOffsetPagination):
    max_limit = MAX_PAGE_SIZE
