"""The backup/restore drill: `make backup` then `make restore` (scripts/backup.sh, scripts/restore.sh)
bring back every row of every table in the public schema, audit history included, and every sequence.

A throwaway database is migrated, given the seed catalog, the demo users and designs written through
the API (core/tests/backup_drill_data.py), then counted and checksummed per table in SQL (md5 of the
rows' text ordered by primary key). The backup script dumps it, the database is dropped and created
empty, the restore script puts the dump back, and every table's count and checksum must match.
"""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import psycopg
import pytest
from django.conf import settings
from psycopg import sql

BACKEND = Path(__file__).resolve().parents[2]
REPO = BACKEND.parent
DATABASE = settings.DATABASES["default"]

pytestmark = pytest.mark.skipif(
    "postgresql" not in DATABASE["ENGINE"], reason="the backup drill needs PostgreSQL (DATABASE_URL)"
)

TABLES = """
SELECT c.relname,
       coalesce((SELECT array_agg(a.attname::text ORDER BY array_position(i.indkey, a.attnum))
                   FROM pg_index i
                   JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
                  WHERE i.indrelid = c.oid AND i.indisprimary), '{}')
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
 WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
 ORDER BY c.relname
"""


def _server_url(name: str) -> str:
    user = DATABASE.get("USER") or "postgres"
    password = f":{DATABASE['PASSWORD']}" if DATABASE.get("PASSWORD") else ""
    host = DATABASE.get("HOST") or "127.0.0.1"
    port = DATABASE.get("PORT") or 5432
    return f"postgresql://{user}{password}@{host}:{port}/{name}"


def table_figures(url: str) -> dict[str, tuple[int, str]]:
    """{table: (rows, md5 of the rows ordered by primary key)} for every table in the public schema,
    and {sequence: (last value, "")} for every sequence: a restore that loses them would hand out
    ids that exist."""
    figures: dict[str, tuple[int, str]] = {}
    with psycopg.connect(url) as conn:
        for table, key in conn.execute(TABLES).fetchall():
            order = (
                sql.SQL(", ").join(sql.SQL("t.{}").format(sql.Identifier(column)) for column in key)
                if key
                else sql.SQL("t::text")
            )
            query = sql.SQL(
                "SELECT count(*), md5(coalesce(string_agg(t::text, E'\\n' ORDER BY {}), '')) FROM public.{} t"
            ).format(order, sql.Identifier(table))
            count, checksum = conn.execute(query).fetchone() or (0, "")
            figures[table] = (int(count), str(checksum))
        for name, last in conn.execute(
            "SELECT sequencename, coalesce(last_value, 0) FROM pg_sequences WHERE schemaname = 'public'"
        ).fetchall():
            figures[f"sequence {name}"] = (int(last), "")
    return figures


def _recreate(name: str, *, drop_only: bool = False) -> None:
    with psycopg.connect(_server_url("postgres"), autocommit=True) as conn:
        conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))
        if not drop_only:
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))


def _run(command: list[str], env: dict[str, str], cwd: Path) -> str:
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, (command, done.stdout[-2000:], done.stderr[-2000:])
    return done.stdout


def test_backup_drop_restore_brings_back_every_row_of_every_table(tmp_path: Path, worker_id: str) -> None:
    # A throwaway, like pytest-django's own test databases, and like theirs one per pytest-xdist worker.
    name = f"test_{DATABASE['NAME']}"[:40] + f"_{worker_id}_backup_drill"
    url = _server_url(name)
    env: dict[str, Any] = {
        **os.environ,
        "DATABASE_URL": url,
        "DEBUG": "false",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "BACKUP_FILE": str(tmp_path / "drill.dump"),
    }
    _recreate(name)
    try:
        python = sys.executable
        for step in (
            [python, "manage.py", "migrate", "--noinput"],
            [python, "manage.py", "load_catalog", "--verbosity", "0"],
            [python, "manage.py", "seed_demo_users"],
            [python, "-m", "core.tests.backup_drill_data"],
        ):
            _run(step, env, BACKEND)
        before = table_figures(url)
        rows = {table: count for table, (count, digest) in before.items() if digest}
        # The drill means something only if what matters is there to lose.
        for table in (
            "catalog_part",
            "catalog_pricebookentry",
            "catalog_historicalpricebookentry",
            "designs_design",
            "designs_designrevision",
            "designs_designbomoverride",
            "designs_sharelink",
            "django_migrations",
        ):
            assert rows.get(table, 0) > 0, (table, rows.get(table))

        started = time.monotonic()
        backup_out = _run(["bash", "scripts/backup.sh"], env, REPO)
        backup_seconds = time.monotonic() - started
        _recreate(name)
        assert table_figures(url) == {}, "the database was not empty before the restore"
        started = time.monotonic()
        restore_out = _run(["bash", "scripts/restore.sh"], env, REPO)
        restore_seconds = time.monotonic() - started
        after = table_figures(url)

        differing = sorted(t for t in before.keys() | after.keys() if before.get(t) != after.get(t))
        assert not differing, [(t, before.get(t), after.get(t)) for t in differing]
        print(
            f"\nbackup drill: {len(rows)} tables, {sum(rows.values())} rows, "
            f"{len(before) - len(rows)} sequences identical after dump, drop and restore "
            f"(counts and md5 per table); dump {Path(env['BACKUP_FILE']).stat().st_size} bytes, "
            f"backup {backup_seconds:.1f} s, restore {restore_seconds:.1f} s\n" + backup_out + restore_out
        )
    finally:
        _recreate(name, drop_only=True)


def test_the_scripts_refuse_sqlite_with_a_clear_message(tmp_path: Path) -> None:
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
        "BACKUP_FILE": str(tmp_path / "x"),
    }
    for script in ("backup.sh", "restore.sh"):
        done = subprocess.run(
            ["bash", f"scripts/{script}"], cwd=REPO, env=env, capture_output=True, text=True
        )
        assert done.returncode == 2
        assert "needs a PostgreSQL DATABASE_URL" in done.stderr
    assert not (tmp_path / "x").exists()
