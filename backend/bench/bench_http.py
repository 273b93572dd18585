"""The evaluate endpoint over HTTP against its baseline, `GET /api/v1/auth/me/`, measured in the same run
(`make bench`; standalone: cd backend && ../.venv/bin/python bench/bench_http.py).

The server is the container's: gunicorn config.wsgi (3 workers, DEBUG off) on 127.0.0.1, against a
fresh PostgreSQL database of its own (migrated, the seed catalog, the demo users; dropped at the end).
Both endpoints are driven by the same client code (requests, one Session and API token per client
thread, closed loop) at 1 and at 20 concurrent clients; evaluate posts a seed design as the editor
sends it (its reference configuration and platform). The two endpoints run in alternating rounds
(BENCH_HTTP_ROUNDS, 4: evaluate, auth-me, auth-me, evaluate, ...), so that a machine whose speed drifts
during the run (seen: auth-me's CPU per request 3.4 ms in one run and 8.1 ms in the next, on one
machine) slows both alike; the figures pool the rounds, and each ratio is also printed round by round. Printed per endpoint and concurrency: req/s,
p50/p95/p99 latency, server CPU per request (gunicorn master + workers, psutil, divided by the
requests served), queries per request (counted in-process with CaptureQueriesContext on the same
database, warm cache, as the server runs them), errors; then the ratios evaluate / auth-me.

Environment: BENCH_HTTP_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/dbsizer_bench_http),
BENCH_HTTP_REQUESTS (requests per endpoint and concurrency, default 400, split over the rounds),
BENCH_HTTP_ROUNDS (4), BENCH_HTTP_WORKERS (3).
Targets (issue 16, read here, never asserted by a test): CPU per request <= 2x auth-me; at 20 clients
evaluate's throughput >= 50 % of auth-me's; 0 errors. Then the recommender's answer over HTTP (issue 36:
median <= 1 s), by size and by cost (the demo price book), beside one evaluate.
"""

from __future__ import annotations

import json
import os
import pathlib
import secrets
import socket
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

BACKEND = pathlib.Path(__file__).resolve().parent.parent
REPO = BACKEND.parent
sys.path.insert(0, str(BACKEND))  # run from anywhere

DATABASE_URL = os.environ.get(
    "BENCH_HTTP_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/dbsizer_bench_http"
)
REQUESTS = int(os.environ.get("BENCH_HTTP_REQUESTS", "400"))
WORKERS = int(os.environ.get("BENCH_HTTP_WORKERS", "3"))
ROUNDS = max(1, int(os.environ.get("BENCH_HTTP_ROUNDS", "4")))
CONCURRENCY = (1, 20)
PASSWORD = "dbsizer-demo"  # noqa: S105 - the demo accounts' documented password
SERVER_ENV = {
    "DATABASE_URL": DATABASE_URL,
    "DEBUG": "false",
    "SECRET_KEY": secrets.token_urlsafe(50),
    "ALLOWED_HOSTS": "127.0.0.1",
    "BEHIND_TLS_PROXY": "false",
    "SECURE_SSL_REDIRECT": "false",
    "SESSION_COOKIE_SECURE": "false",
    "CSRF_COOKIE_SECURE": "false",
    "SECURE_HSTS_SECONDS": "0",
    "THROTTLE_TOKEN": "100000/min",  # each client thread signs in once
    "DEMO_PASSWORD": PASSWORD,
    "DJANGO_SETTINGS_MODULE": "config.settings",
}
os.environ.update(SERVER_ENV)  # the in-process query count uses the same database and settings

import psutil  # type: ignore[import-untyped]  # noqa: E402 - no stubs pinned; used for cpu_times only
import psycopg  # noqa: E402
import requests  # noqa: E402
from psycopg import sql  # noqa: E402

from sizing.tests.golden.cases import SEED_DESIGNS  # noqa: E402

# A seed design as the editor posts it: the design's inputs and the reference configuration it started from.
EVALUATE_BODY = {
    **SEED_DESIGNS["fs1-quarter-rated-25800-tps"],
    "reference_configuration": "oracle-fs1-quarter-rack",
}


def _admin_url() -> tuple[str, str]:
    base, name = DATABASE_URL.rsplit("/", 1)
    return base + "/postgres", name


def fresh_database() -> None:
    admin, name = _admin_url()
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    manage = [sys.executable, "manage.py"]
    env = {**os.environ, **SERVER_ENV}
    commands = (
        ["migrate", "--noinput"],
        ["load_catalog", "--verbosity", "0"],
        ["seed_demo_users"],
        ["seed_demo_prices"],
    )
    for command in commands:
        subprocess.run(  # noqa: S603 - our own manage.py, fixed arguments
            [*manage, *command], cwd=BACKEND, env=env, check=True, stdout=subprocess.DEVNULL
        )


def drop_database() -> None:
    admin, name = _admin_url()
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(port: int) -> subprocess.Popen[bytes]:
    server = subprocess.Popen(  # noqa: S603 - our own gunicorn, fixed arguments
        [str(REPO / ".venv/bin/gunicorn"), "config.wsgi", "--bind", f"127.0.0.1:{port}",
         "--workers", str(WORKERS), "--log-level", "warning"],
        cwd=BACKEND,
        env={**os.environ, **SERVER_ENV},
    )  # fmt: skip
    deadline = time.monotonic() + 180  # a worker loads Django on its first request: slow on a busy machine
    while time.monotonic() < deadline:
        try:
            if requests.get(f"http://127.0.0.1:{port}/api/health/", timeout=30).ok:
                return server
        except requests.RequestException:
            pass
        time.sleep(0.25)
    server.terminate()
    server.wait(timeout=30)
    raise RuntimeError("gunicorn did not answer /api/health/")


def server_cpu(server: subprocess.Popen[bytes]) -> float:
    """CPU seconds (user + system) of the gunicorn master and its workers so far."""
    master = psutil.Process(server.pid)
    total = 0.0
    for process in [master, *master.children(recursive=True)]:
        try:
            times = process.cpu_times()
            total += times.user + times.system
        except psutil.NoSuchProcess:
            pass
    return total


def signed_in_session(base: str, username: str) -> requests.Session:
    session = requests.Session()
    response = session.post(
        f"{base}/api/v1/auth/token/", json={"username": username, "password": PASSWORD}, timeout=60
    )
    response.raise_for_status()
    session.headers["Authorization"] = f"Token {response.json()['token']}"
    return session


Call = Callable[[requests.Session], requests.Response]


def run(
    sessions: list[requests.Session], call: Call, total: int, server: subprocess.Popen[bytes]
) -> dict[str, Any]:
    """`total` requests from len(sessions) closed-loop clients; latencies, req/s, server CPU, errors."""
    remaining = [total]
    lock = threading.Lock()
    latencies: list[float] = []
    errors: list[str] = []

    def client(session: requests.Session) -> None:
        while True:
            with lock:
                if remaining[0] <= 0:
                    return
                remaining[0] -= 1
            start = time.perf_counter()
            try:
                response = call(session)
                ok = response.status_code == 200
                detail = f"{response.status_code} {response.text[:120]}"
            except requests.RequestException as exc:
                ok, detail = False, repr(exc)
            elapsed = time.perf_counter() - start
            with lock:
                latencies.append(elapsed)
                if not ok:
                    errors.append(detail)

    threads = [threading.Thread(target=client, args=(s,)) for s in sessions]
    cpu_before, wall_before = server_cpu(server), time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    wall, cpu = time.perf_counter() - wall_before, server_cpu(server) - cpu_before
    return {"latencies": latencies, "wall": wall, "cpu": cpu, "errors": errors}


def pooled(rounds: list[dict[str, Any]]) -> dict[str, Any]:
    """The rounds of one endpoint at one concurrency as one run: req/s and CPU per request over the
    rounds' totals, latency percentiles over all their requests."""
    latencies = [t for r in rounds for t in r["latencies"]]
    cuts = statistics.quantiles(latencies, n=100)
    return {
        "rps": len(latencies) / sum(r["wall"] for r in rounds),
        "p50": statistics.median(latencies) * 1000,
        "p95": cuts[94] * 1000,
        "p99": cuts[98] * 1000,
        "cpu_ms": sum(r["cpu"] for r in rounds) / len(latencies) * 1000,
        "errors": [e for r in rounds for e in r["errors"]],
        "n": len(latencies),
    }


def cpu_ratio(evaluate: dict[str, Any], auth_me: dict[str, Any]) -> float:
    """CPU per request of one evaluate round over that of the auth-me round beside it."""
    return (evaluate["cpu"] / len(evaluate["latencies"])) / (auth_me["cpu"] / len(auth_me["latencies"]))


def queries_per_request() -> dict[str, int]:
    """Queries each endpoint issues on a warm cache, counted in-process on the same database."""
    import django

    django.setup()
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    client = Client(SERVER_NAME="127.0.0.1")
    token = client.post(
        "/api/v1/auth/token/", {"username": "alice", "password": PASSWORD}, content_type="application/json"
    ).json()["token"]
    headers = {"Authorization": f"Token {token}"}
    calls = {
        "evaluate": lambda: client.post(
            "/api/v1/evaluate/", json.dumps(EVALUATE_BODY), content_type="application/json", headers=headers
        ),
        "auth-me": lambda: client.get("/api/v1/auth/me/", headers=headers),
    }
    counts = {}
    for name, call in calls.items():
        assert call().status_code == 200
        with CaptureQueriesContext(connection) as captured:
            assert call().status_code == 200
        # BEGIN/COMMIT of ATOMIC_REQUESTS are transaction control, not queries
        counts[name] = sum(1 for q in captured.captured_queries if q["sql"] not in ("BEGIN", "COMMIT"))
    connection.close()
    return counts


def machine() -> str:
    model = next(
        (
            line.split(":", 1)[1].strip()
            for line in pathlib.Path("/proc/cpuinfo").read_text().splitlines()
            if line.startswith("model name")
        ),
        "unknown CPU",
    )
    return f"{os.cpu_count()} CPUs ({model}), gunicorn {WORKERS} workers, PostgreSQL on 127.0.0.1"


def main() -> None:
    print(f"machine: {machine()}")
    print(
        f"database: fresh {DATABASE_URL.rsplit('/', 1)[1]} (seed catalog, demo users); {REQUESTS} requests each, in {ROUNDS} rounds"
    )
    fresh_database()
    port = free_port()
    server = start_server(port)
    print("  gunicorn is up; signing in the clients ...", file=sys.stderr, flush=True)
    base = f"http://127.0.0.1:{port}"
    try:
        endpoints: dict[str, Call] = {
            "evaluate": lambda s: s.post(f"{base}/api/v1/evaluate/", json=EVALUATE_BODY, timeout=60),
            "auth-me": lambda s: s.get(f"{base}/api/v1/auth/me/", timeout=60),
        }
        sessions = [
            signed_in_session(base, ("alice", "bob", "carol", "dave")[i % 4]) for i in range(max(CONCURRENCY))
        ]
        # Warm every worker (its database connection, its catalog cache): the clients at once, so that
        # each of the sync workers serves some; a cold build is not what is measured.
        for call in endpoints.values():
            warm = [threading.Thread(target=lambda s=s, c=call: [c(s) for _ in range(5)]) for s in sessions]
            for thread in warm:
                thread.start()
            for thread in warm:
                thread.join()
        results: dict[tuple[str, int], dict[str, Any]] = {}
        by_round: dict[int, list[float]] = {}
        for clients in CONCURRENCY:
            print(
                f"  running both endpoints at {clients} clients, {ROUNDS} rounds ...",
                file=sys.stderr,
                flush=True,
            )
            rounds: dict[str, list[dict[str, Any]]] = {name: [] for name in endpoints}
            for k in range(ROUNDS):
                # ABBA: evaluate, auth-me, then auth-me, evaluate: a steady drift weighs on both alike
                for name in list(endpoints)[:: 1 if k % 2 == 0 else -1]:
                    rounds[name].append(run(sessions[:clients], endpoints[name], REQUESTS // ROUNDS, server))
            for name, measured in rounds.items():
                results[(name, clients)] = pooled(measured)
            by_round[clients] = [
                cpu_ratio(e, m) for e, m in zip(rounds["evaluate"], rounds["auth-me"], strict=True)
            ]
        queries = queries_per_request()
        recommend = recommend_answers(base, sessions[0])
    finally:
        server.terminate()
        server.wait(timeout=30)
        drop_database()

    print(f"{'endpoint':<10}{'clients':>8}{'req/s':>9}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}"
          f"{'CPU ms/req':>12}{'queries':>9}{'errors':>8}")  # fmt: skip
    for (name, clients), r in results.items():
        print(f"{name:<10}{clients:>8}{r['rps']:>9.1f}{r['p50']:>9.2f}{r['p95']:>9.2f}{r['p99']:>9.2f}"
              f"{r['cpu_ms']:>12.2f}{queries[name]:>9}{len(r['errors']):>8}")  # fmt: skip
    for (name, clients), r in results.items():
        for detail in r["errors"][:3]:
            print(f"  error {name} x{clients}: {detail}")
    print("ratios evaluate / auth-me (targets: CPU per request <= 2.0x; throughput at 20 clients >= 0.50x):")
    for clients in CONCURRENCY:
        e, m = results[("evaluate", clients)], results[("auth-me", clients)]
        print(
            f"  {clients:>2} clients: CPU per request {e['cpu_ms'] / m['cpu_ms']:.2f}x, "
            f"throughput {e['rps'] / m['rps']:.2f}x, p95 {e['p95'] / m['p95']:.2f}x; "
            f"CPU per request round by round {', '.join(f'{r:.2f}x' for r in by_round[clients])}"
        )
    errors = sum(len(r["errors"]) for r in results.values())
    print(f"errors: {errors}")
    evaluate_p50 = results[("evaluate", 1)]["p50"]
    print(
        f"recommend (POST /api/v1/recommend/, 30,000 TPS at 20 ms, one client, {RECOMMEND_ROUNDS} answers each):"
    )
    for name, times in recommend.items():
        median = statistics.median(times)
        print(
            f"  {name}: median {median:.0f} ms (goal <= 1,000 ms), max {max(times):.0f} ms; "
            f"{median / evaluate_p50:.0f}x one evaluate's p50"
        )


RECOMMEND_ROUNDS = 7
RECOMMEND_BODY = {"workload": {"kind": "oltp", "target_tps": 30000, "sla_response_ms": 20}}


def recommend_answers(base: str, session: requests.Session) -> dict[str, list[float]]:
    """The recommender's answer time over HTTP, by size (no price book) and by cost (the demo price
    book: every candidate's BOM priced), after one warm answer each; requests that fail are raised."""
    books = session.get(f"{base}/api/v1/price-books/", timeout=60).json()["results"]
    bodies = {
        "ranked by size": RECOMMEND_BODY,
        "ranked by cost": {**RECOMMEND_BODY, "price_book": books[0]["id"]},
    }
    out: dict[str, list[float]] = {}
    for name, body in bodies.items():
        session.post(f"{base}/api/v1/recommend/", json=body, timeout=120).raise_for_status()
        times = []
        for _ in range(RECOMMEND_ROUNDS):
            start = time.perf_counter()
            session.post(f"{base}/api/v1/recommend/", json=body, timeout=120).raise_for_status()
            times.append((time.perf_counter() - start) * 1000)
        out[name] = times
    return out


if __name__ == "__main__":
    main()
