"""Transaction-scoped named locks, for writes whose check-then-insert a row lock cannot cover (there is
no row yet to lock: the first version of a price book, a catalog import of new rows)."""

from __future__ import annotations

from django.db import connection


def advisory_xact_lock(name: str) -> None:
    """Wait for, then hold until the current transaction ends, the lock called `name`. On PostgreSQL
    an advisory lock keyed by the name's hash (a collision only makes two writers wait for each
    other); SQLite allows a single writer anyway, so nothing is needed there."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", [name])
