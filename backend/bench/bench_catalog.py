"""Seed catalog load and catalog API read times (`make bench`; standalone: cd backend &&
../.venv/bin/python bench/bench_catalog.py).

Baseline measured in the same run: reading + validating fixtures/*.yaml (no database). Then a first
load into an empty catalog (rolled back after each run), a no-op reload, and three API reads. Always
on a throwaway SQLite file (migrated first, deleted at the end), so that "empty" is true and no
shared database is touched; PostgreSQL figures measured by hand are in the report of issue 3.
"""

from __future__ import annotations

import os
import pathlib
import statistics
import sys
import tempfile
import time
from collections.abc import Callable

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))  # run from anywhere

RUNS = 7
_TMP = tempfile.NamedTemporaryFile(suffix=".sqlite3", delete=False)  # noqa: SIM115 - removed at exit
os.environ["DATABASE_URL"] = f"sqlite:///{_TMP.name}"
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import transaction  # noqa: E402
from django.test import Client  # noqa: E402

from seeds.loader import load_catalog, parse_catalog  # noqa: E402


class _Rollback(Exception):
    pass


def measure(fn: Callable[[], object], runs: int = RUNS) -> float:
    fn()  # warm-up
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def first_load() -> None:
    try:
        with transaction.atomic():
            load_catalog()
            raise _Rollback
    except _Rollback:
        pass


def main() -> int:
    call_command("migrate", verbosity=0)
    fixtures = pathlib.Path(settings.FIXTURES_DIR)
    base = measure(lambda: parse_catalog(fixtures))
    rows = [("baseline: read + validate fixtures (no database)", base)]
    rows.append(("first load into an empty catalog", measure(first_load)))
    load_catalog()
    rows.append(("reload, nothing changed", measure(load_catalog)))
    client = Client()

    def read(url: str) -> None:
        response = client.get(url)
        assert response.status_code == 200, (url, response.status_code)

    for label, url in (
        ("GET /api/v1/curves/?limit=50 (points nested)", "/api/v1/curves/?limit=50"),
        ("GET /api/v1/parts/?limit=50", "/api/v1/parts/?limit=50"),
        ("GET /api/v1/configurations/oracle-fs1-half-rack/", "/api/v1/configurations/oracle-fs1-half-rack/"),
    ):
        rows.append((label, measure(lambda url=url: read(url))))  # type: ignore[misc]
    print(
        f"database: {settings.DATABASES['default']['ENGINE'].rsplit('.', 1)[-1]}; files: "
        f"{', '.join(p.name for p in sorted(fixtures.glob('*.yaml')))}"
    )
    print(f"median of {RUNS} runs after one warm-up; ratios against the baseline of this run")
    for label, t in rows:
        print(f"  {label:<55} {t * 1000:9.1f} ms  x{t / base:6.2f}")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    finally:
        pathlib.Path(_TMP.name).unlink(missing_ok=True)
