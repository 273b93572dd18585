"""Designs list time at 10 and at 1,000 designs (`make bench`; standalone: cd backend &&
../.venv/bin/python bench/bench_designs_list.py).

On PostgreSQL, in a database of its own (created fresh, migrated, seed catalog and demo users loaded,
dropped at the end) on the server of DATABASE_URL when that is PostgreSQL, else 127.0.0.1:5432 as
user postgres. Team Presales A holds 10 designs, shared with the team and owned by alice and carol,
each with 3 revisions and some with BOM overrides, copied in bulk from designs saved through the API
(so every column the save path writes is real). alice then reads the first page (50 rows, the
default) through Django's in-process test client (the whole middleware, authentication, DRF and
PostgreSQL path, no HTTP socket).

The baseline is the same page at 10 designs, measured in the same run: each round times the page at
10 designs, adds 990 more inside a transaction (ANALYZEd, as autovacuum would), times the page at
1,000, and rolls back; rounds alternate so that load from the shared machine falls on both sizes.
Prints medians, the ratio 1,000 / 10 (goal <= 1.3x) and queries per page.
"""

from __future__ import annotations

import os
import pathlib
import secrets
import statistics
import sys
import time
from typing import Any

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))  # run from anywhere

import psycopg
from psycopg import sql

ROUNDS = 10
RUNS_PER_ROUND = 30
SMALL, LARGE = 10, 1_000
GOAL_RATIO = 1.3
REVISIONS_PER_DESIGN = 3


def _server_url() -> str:
    url = os.environ.get("DATABASE_URL", "")
    if url.startswith(("postgres://", "postgresql://")):
        return url.rpartition("/")[0]
    return "postgres://postgres@127.0.0.1:5432"


SERVER = _server_url()
DB_NAME = f"dbsizer_bench_list_{os.getpid()}"
os.environ["DATABASE_URL"] = f"{SERVER}/{DB_NAME}"
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
# Serves nothing: a throwaway key keeps settings from refusing to load outside `make`.
os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(50))


def _admin(statement: sql.Composed) -> None:
    with psycopg.connect(f"{SERVER}/postgres", autocommit=True, connect_timeout=5) as conn:
        conn.execute(statement)


_admin(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(DB_NAME)))

import django  # noqa: E402

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection, connections, transaction  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from accounts.models import Team  # noqa: E402
from designs.models import Design, DesignBomOverride, DesignRevision  # noqa: E402

TEMPLATES: list[dict[str, Any]] = [
    {
        "workload": {"kind": "oltp", "users": 4000, "database_size_gb": 2000},
        "platform": {"family": "oracle-fs1", "storage_model": "FS1-2", "rac_nodes": 2, "arrays": 2,
                     "drives_per_enclosure": 13},
        "reference_configuration": "oracle-fs1-quarter-rack",
    },
    {
        "workload": {"kind": "dss", "target_throughput_mb_s": 300, "database_size_gb": 1000},
        "platform": {"family": "oracle-fs1", "storage_model": "FS1-2", "rac_nodes": 2, "arrays": 2,
                     "drives_per_enclosure": 13},
        "reference_configuration": "oracle-fs1-quarter-rack",
    },
]  # fmt: skip


class _Rollback(Exception):
    pass


def _saved_templates(client: Client, team: Team) -> list[Design]:
    """Designs saved through the API and edited twice: 3 revisions each, as an architect leaves them."""
    saved = []
    for index, body in enumerate(TEMPLATES):
        created = client.post(
            "/api/v1/designs/",
            {"name": f"template {index}", "customer": "Bench Bank", "team": team.pk, "visibility": "team",
             "bom_overrides": [{"section": "storage", "part_number": "BENCH-1", "quantity": 1,
                                "description": "bench line", "reason": "bench"}] if index == 0 else [], **body},
            content_type="application/json",
        )  # fmt: skip
        assert created.status_code == 201, created.content[:300]
        design = created.json()
        for step in range(REVISIONS_PER_DESIGN - 1):
            changed = client.patch(
                f"/api/v1/designs/{design['id']}/",
                {"description": f"edit {step}", "summary": "bench edit"},
                content_type="application/json",
                headers={"If-Match": design["etag"]},
            )
            assert changed.status_code == 200, changed.content[:300]
            design = changed.json()
        saved.append(Design.objects.get(pk=design["id"]))
    return saved


def _copy_designs(templates: list[Design], count: int, owners: list[Any], start: int) -> None:
    """`count` copies of the templates in bulk (rows, revisions, overrides), newest last."""
    skip = {"id", "name", "owner", "created", "updated"}
    fields = [f for f in Design._meta.concrete_fields if f.name not in skip]
    rows = []
    for n in range(count):
        template = templates[n % len(templates)]
        rows.append(
            Design(
                name=f"Design {start + n:05d}",
                owner=owners[n % len(owners)],
                **{f.attname: getattr(template, f.attname) for f in fields},
            )
        )
    created = Design.objects.bulk_create(rows, batch_size=500)
    revisions = []
    overrides = []
    for n, design in enumerate(created):
        template = templates[n % len(templates)]
        for revision in template.revisions.all():
            revisions.append(
                DesignRevision(
                    design=design,
                    number=revision.number,
                    author_id=design.owner_id,
                    changes=revision.changes,
                    summary=revision.summary,
                    snapshot={**revision.snapshot, "name": design.name},
                )
            )
        overrides += [
            DesignBomOverride(
                design=design,
                position=line.position,
                section=line.section,
                part_number=line.part_number,
                quantity=line.quantity,
                description=line.description,
            )
            for line in template.bom_overrides.all()
        ]
    DesignRevision.objects.bulk_create(revisions, batch_size=1000)
    DesignBomOverride.objects.bulk_create(overrides, batch_size=1000)
    # Saved over the past weeks, not in one instant: the list's order (latest first) has work to do.
    with connection.cursor() as cursor:
        cursor.execute(
            "UPDATE designs_design SET updated = now() - (id * interval '7 minutes'), "
            "created = now() - (id * interval '9 minutes') WHERE id = ANY(%s)",
            [[d.pk for d in created]],
        )
        cursor.execute("ANALYZE")


def _time_page(client: Client, runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        response = client.get("/api/v1/designs/")
        times.append(time.perf_counter() - start)
        assert response.status_code == 200
    return times


def _page(client: Client) -> tuple[int, int, int]:
    """(rows on the page, designs the caller sees, queries the page took)."""
    with CaptureQueriesContext(connection) as queries:
        body = client.get("/api/v1/designs/").json()
    return len(body["results"]), body["count"], len(queries)


def main() -> int:
    call_command("migrate", verbosity=0)
    call_command("load_catalog", verbosity=0)
    call_command("seed_demo_users", verbosity=0)
    users = get_user_model().objects.in_bulk(["alice", "carol"], field_name="username")
    team = Team.objects.get(slug="presales-a")
    alice = Client()
    alice.force_login(users["alice"])
    templates = _saved_templates(alice, team)
    _copy_designs(templates, SMALL - len(templates), [users["alice"], users["carol"]], start=0)
    _time_page(alice, 20)  # warm-up: first-request imports and caches are not what a page costs

    small: list[float] = []
    large: list[float] = []
    shape: dict[int, tuple[int, int, int]] = {SMALL: _page(alice)}
    for _ in range(ROUNDS):
        small += _time_page(alice, RUNS_PER_ROUND)
        try:
            with transaction.atomic():
                _copy_designs(templates, LARGE - SMALL, [users["alice"], users["carol"]], start=SMALL)
                _time_page(alice, 5)
                large += _time_page(alice, RUNS_PER_ROUND)
                shape[LARGE] = _page(alice)
                raise _Rollback
        except _Rollback:
            pass

    print(
        f"GET /api/v1/designs/ (page of 50), in-process Django test client on PostgreSQL; "
        f"{ROUNDS} alternating rounds x {RUNS_PER_ROUND} runs per size"
    )
    print(f"{'designs':>8} {'rows':>5} {'count':>6} {'queries':>8} {'median ms':>10} {'p90 ms':>8}")
    for size, times in ((SMALL, small), (LARGE, large)):
        rows, count, queries = shape[size]
        p90 = statistics.quantiles(times, n=10)[-1]
        print(
            f"{size:8d} {rows:5d} {count:6d} {queries:8d} {statistics.median(times) * 1000:10.2f} {p90 * 1000:8.2f}"
        )
    ratio = statistics.median(large) / statistics.median(small)
    verdict = "meets" if ratio <= GOAL_RATIO else "MISSES"
    print(f"ratio {LARGE:,} / {SMALL} designs: {ratio:.2f}x ({verdict} the <= {GOAL_RATIO}x goal)")
    return 0


if __name__ == "__main__":
    try:
        status = main()
    finally:
        connections.close_all()
        _admin(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(DB_NAME)))
    raise SystemExit(status)
