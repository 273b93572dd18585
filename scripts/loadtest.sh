#!/usr/bin/env bash
# `make loadtest`: the production server as the container runs it (gunicorn config.wsgi, 3 workers,
# DEBUG=false, a generated SECRET_KEY) on a free loopback port against PostgreSQL database
# dbsizer_loadtest (created afresh), migrated, with the seed catalog and the demo users, driven by
# locust headless for LOADTEST_SECONDS (60) with LOADTEST_USERS (5) simulated users, one more a second,
# (backend/loadtest/locustfile.py). Prints req/s, p50/p95/p99 and errors per endpoint; exits non-zero
# on any failed request.
#
# Plain HTTP on loopback: BEHIND_TLS_PROXY, the SSL redirect and secure cookies stay off (they are for
# a server behind the TLS proxy, docker-compose.yml). Every simulated user signs in from 127.0.0.1, so
# the per-address sign-in throttle (THROTTLE_TOKEN, 20/min) is raised to LOADTEST_THROTTLE_TOKEN.
# LOADTEST_PIN=1 pins gunicorn to CPU 0 and locust to CPU 1 (taskset): a clean split on an idle 2-core
# machine; on a shared one it leaves the server half the machine, so it is off by default.
set -euo pipefail
cd "$(dirname "$0")/.."
REPO="$PWD"
PY="$REPO/.venv/bin/python"

SECONDS_TO_RUN="${LOADTEST_SECONDS:-60}"
USERS="${LOADTEST_USERS:-5}"
WORKERS="${LOADTEST_WORKERS:-3}"
OUT="${LOADTEST_OUT:-backend/var/loadtest}"
export DATABASE_URL="${LOADTEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/dbsizer_loadtest}"
export DEBUG=false
export SECRET_KEY="$("$PY" -c 'import secrets; print(secrets.token_urlsafe(50))')"
export ALLOWED_HOSTS=127.0.0.1
export BEHIND_TLS_PROXY=false SECURE_SSL_REDIRECT=false SESSION_COOKIE_SECURE=false CSRF_COOKIE_SECURE=false
export SECURE_HSTS_SECONDS=0
export THROTTLE_TOKEN="${LOADTEST_THROTTLE_TOKEN:-100000/min}"
export DEMO_PASSWORD="${DEMO_PASSWORD:-dbsizer-demo}"

case "$DATABASE_URL" in
  postgres://* | postgresql://*) ;;
  *) echo "make loadtest needs PostgreSQL (LOADTEST_DATABASE_URL)" >&2; exit 2 ;;
esac

server_cpus="" load_cpus=""
if [ "${LOADTEST_PIN:-0}" = "1" ] && command -v taskset >/dev/null && [ "$(nproc)" -ge 2 ]; then
  server_cpus="taskset -c 0" load_cpus="taskset -c 1"
fi

echo "== database ${DATABASE_URL##*/} (fresh): migrate, load_catalog, seed_demo_users"
"$PY" - "$DATABASE_URL" <<'PY'
import sys, psycopg
from psycopg import sql
base, name = sys.argv[1].rsplit("/", 1)
with psycopg.connect(base + "/postgres", autocommit=True) as c:
    c.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))
    c.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
PY
(cd backend && "$PY" manage.py migrate --noinput >/dev/null && "$PY" manage.py load_catalog --verbosity 0 \
  && "$PY" manage.py seed_demo_users)

PORT="$("$PY" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
mkdir -p "$OUT"
echo "== gunicorn config.wsgi on 127.0.0.1:$PORT, $WORKERS workers${server_cpus:+ (pinned: $server_cpus)}"
(cd backend && exec $server_cpus "$REPO/.venv/bin/gunicorn" config.wsgi --bind "127.0.0.1:$PORT" \
  --workers "$WORKERS" --access-logfile "$REPO/$OUT/access.log" --error-logfile "$REPO/$OUT/error.log") &
SERVER_PID=$!
trap 'kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true' EXIT
for _ in $(seq 1 60); do
  if curl -fsS "http://127.0.0.1:$PORT/api/health/" >/dev/null 2>&1; then break; fi
  sleep 0.5
done
curl -fsS "http://127.0.0.1:$PORT/api/health/" >/dev/null

echo "== locust: $USERS users for ${SECONDS_TO_RUN}s${load_cpus:+ (pinned: $load_cpus)}"
set +e
$load_cpus "$REPO/.venv/bin/locust" -f backend/loadtest/locustfile.py --headless --only-summary \
  -u "$USERS" -r 1 -t "${SECONDS_TO_RUN}s" -H "http://127.0.0.1:$PORT" \
  --csv "$OUT/load" --loglevel WARNING >"$OUT/locust.log" 2>&1
locust_status=$?
set -e
"$PY" - "$OUT/load_stats.csv" "$OUT/load_failures.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
print(f"{'endpoint':<62} {'requests':>8} {'req/s':>7} {'p50 ms':>7} {'p95 ms':>7} {'p99 ms':>7} {'errors':>6}")
for r in rows:
    name = r["Name"] if r["Type"] else "all (setup included)"
    print(f"{name:<62} {r['Request Count']:>8} {float(r['Requests/s']):>7.1f} {r['50%']:>7} {r['95%']:>7} "
          f"{r['99%']:>7} {r['Failure Count']:>6}")
failures = list(csv.DictReader(open(sys.argv[2])))
for f in failures:
    print(f"FAILED {f['Method']} {f['Name']}: {f['Error']} x{f['Occurrences']}")
PY
echo "== files: $OUT/load_stats.csv, $OUT/locust.log, $OUT/access.log"
if [ "$locust_status" -ne 0 ]; then
  echo "loadtest: locust exited $locust_status (failed requests or a locust error: $OUT/locust.log)" >&2
  exit 1
fi
