"""Create the PostgreSQL database named in DATABASE_URL if it does not exist (no-op for SQLite)."""

from __future__ import annotations

import os
import sys


def main() -> int:
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")):
        return 0
    import psycopg
    from psycopg import sql

    base, _, tail = url.rpartition("/")
    name, _, query = tail.partition("?")
    admin_url = f"{base}/postgres" + (f"?{query}" if query else "")
    try:
        with psycopg.connect(admin_url, autocommit=True, connect_timeout=5) as conn:
            exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone()
            if not exists:
                conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
                print(f"created database {name}")
    except psycopg.Error as exc:
        print(f"cannot reach PostgreSQL at DATABASE_URL: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
