"""The catalog version and the per-version cache of what evaluations read from the catalog.

Why a counter kept by database triggers: every path that writes the catalog must move it, in the same
transaction as the write, and not all of them run model code (bulk_create / bulk_update / update() /
delete() cascades, imports, load_catalog, the admin, simple_history reverts, raw SQL). A statement-level
trigger on each catalog table covers them all by construction; catalog/tests/test_catalog_version.py
checks every catalog table carries it and that each write path moves the version.

PostgreSQL: the row takes the next value of a sequence, so a rolled-back write never hands its number
to a later one (a cache built inside that transaction can never be mistaken for a committed state).
SQLite (the single-user try-out): row-level triggers set a random 63-bit value, for the same reason.

The trigger upserts the row: a flush or restore that empties the version table together with the
catalog (one TRUNCATE) writes it again with a new number, so a version is never read as "missing" while
caches built before it are still served (a TransactionTestCase flush between tests did exactly that).

A version is an opaque token: compare it for equality only. Writers to the catalog serialise on the
row until they commit (catalog writes are rare admin operations; imports already take a lock).
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from django.db import connection

VERSION_TABLE = "catalog_catalogversion"
SEQUENCE = "catalog_version_seq"
FUNCTION = "catalog_version_bump"
TRIGGER = "catalog_version_bump"

T = TypeVar("T")


# --- triggers (used by the migrations that create catalog tables) -------------------------------------
def install_version_triggers(schema_editor: Any, tables: Iterable[str]) -> None:
    """Add the version trigger to `tables` (idempotent). Migrations call this for each catalog table."""
    vendor = schema_editor.connection.vendor
    quote = schema_editor.quote_name
    for table in tables:
        if vendor == "postgresql":
            schema_editor.execute(
                f"CREATE OR REPLACE TRIGGER {TRIGGER} AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE "
                f"ON {quote(table)} FOR EACH STATEMENT EXECUTE FUNCTION {FUNCTION}()"
            )
        elif vendor == "sqlite":
            for event in ("INSERT", "UPDATE", "DELETE"):
                name = quote(f"{TRIGGER}_{event.lower()}_{table}")
                schema_editor.execute(f"DROP TRIGGER IF EXISTS {name}")
                schema_editor.execute(
                    f"CREATE TRIGGER {name} AFTER {event} ON {quote(table)} BEGIN "  # noqa: S608 - names
                    f"INSERT INTO {VERSION_TABLE} (id, version) VALUES (1, abs(random())) "
                    "ON CONFLICT (id) DO UPDATE SET version = excluded.version; END"
                )
        else:  # pragma: no cover - the project runs on PostgreSQL and SQLite only
            raise NotImplementedError(f"catalog version triggers for {vendor}")


def install_version_function(schema_editor: Any) -> None:
    """The version row, and on PostgreSQL the sequence and the trigger function."""
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(f"CREATE SEQUENCE IF NOT EXISTS {SEQUENCE}")
        schema_editor.execute(
            f"CREATE OR REPLACE FUNCTION {FUNCTION}() RETURNS trigger LANGUAGE plpgsql AS $$ "  # noqa: S608
            f"BEGIN INSERT INTO {VERSION_TABLE} (id, version) VALUES (1, nextval('{SEQUENCE}')) "
            "ON CONFLICT (id) DO UPDATE SET version = EXCLUDED.version; RETURN NULL; END $$"
        )
        schema_editor.execute(
            f"INSERT INTO {VERSION_TABLE} (id, version) VALUES (1, nextval('{SEQUENCE}')) ON CONFLICT DO NOTHING"  # noqa: S608
        )
    else:
        schema_editor.execute(
            f"INSERT OR IGNORE INTO {VERSION_TABLE} (id, version) VALUES (1, abs(random()))"  # noqa: S608
        )


def catalog_version() -> int:
    """The catalog's current version: one primary-key read."""
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT version FROM {VERSION_TABLE} WHERE id = 1")  # noqa: S608 - a constant
        row = cursor.fetchone()
    # No row (the table emptied by hand): a token never seen before, so no cache is ever reused.
    return int(row[0]) if row else -next(_unversioned)


_unversioned = itertools.count(1)


# --- the per-version cache ---------------------------------------------------------------------------
class CatalogSnapshot:
    """What was built from the catalog at one version, memoised by key: the engine's evidence and rule
    sets, reference designs, family parts, price lists. Values are shared between requests and
    threads, so callers treat them as read-only (copy a list before extending it).

    Built after the version was read, a value is never older than its version (a write committed
    in between only makes it newer; the next request then sees the new version and starts over)."""

    def __init__(self, version: int) -> None:
        self.version = version
        self._values: dict[Any, Any] = {}
        self._lock = threading.RLock()

    def memo(self, key: Any, build: Callable[[], T]) -> T:
        try:
            return self._values[key]
        except KeyError:
            pass
        with self._lock:  # one builder per key; the others wait for its value
            if key not in self._values:
                self._values[key] = build()
            return self._values[key]

    def forget(self, prefix: str, keep: int) -> None:
        """Drop the keys starting with `prefix` once there are more than `keep` of them (unbounded
        inputs such as rule pins must not grow the cache)."""
        with self._lock:
            keys = [k for k in self._values if isinstance(k, tuple) and k and k[0] == prefix]
            if len(keys) > keep:
                for k in keys:
                    del self._values[k]


_lock = threading.Lock()
_current: CatalogSnapshot | None = None


def catalog_snapshot() -> CatalogSnapshot:
    """The cache for the catalog as it is now (reads the version: one query)."""
    global _current
    version = catalog_version()
    with _lock:
        if _current is None or _current.version != version:
            _current = CatalogSnapshot(version)
        return _current
