#!/usr/bin/env bash
# Sourced by scripts/test.sh: make sure DATABASE_URL points at a reachable PostgreSQL.
#   1. DATABASE_URL already set            -> use it
#   2. a server on 127.0.0.1:5432 answers  -> postgres://postgres@127.0.0.1:5432/dbsizer
#   3. local initdb/pg_ctl found           -> throwaway cluster in a temp dir, stopped by pg_teardown
#   4. otherwise                           -> stop with what to install
PG_THROWAWAY_DIR=""

_pg_reachable() {  # $1 = URL; a real connection, not just a port check
  "$VENV_BIN/python" - "$1" <<'PY' >/dev/null 2>&1
import sys, psycopg
with psycopg.connect(sys.argv[1].rsplit("/", 1)[0] + "/postgres", connect_timeout=3) as c:
    c.execute("select 1")
PY
}

_pg_find_bin() {  # $1 = initdb | pg_ctl
  local found
  found=$(command -v "$1" 2>/dev/null || true)
  if [ -z "$found" ]; then
    found=$(ls -1d /usr/lib/postgresql/*/bin/"$1" 2>/dev/null | sort -V | tail -n 1 || true)
  fi
  echo "$found"
}

pg_teardown() {
  if [ -n "$PG_THROWAWAY_DIR" ] && [ -d "$PG_THROWAWAY_DIR" ]; then
    echo "== stopping the throwaway PostgreSQL cluster in $PG_THROWAWAY_DIR"
    $PG_RUNAS "$PG_CTL" -D "$PG_THROWAWAY_DIR/data" -m fast -w stop >/dev/null 2>&1 || true
    rm -rf "$PG_THROWAWAY_DIR"
  fi
}

pg_setup() {
  if [ -n "${DATABASE_URL:-}" ]; then
    echo "== PostgreSQL: using DATABASE_URL from the environment"
    return 0
  fi
  local local_url="postgres://postgres@127.0.0.1:5432/dbsizer"
  # DBSIZER_PG_THROWAWAY=1 skips the local server (to exercise the throwaway path).
  if [ "${DBSIZER_PG_THROWAWAY:-0}" != "1" ] && _pg_reachable "$local_url"; then
    export DATABASE_URL="$local_url"
    echo "== PostgreSQL: local server on 127.0.0.1:5432"
    return 0
  fi
  local initdb pg_ctl
  initdb=$(_pg_find_bin initdb)
  PG_CTL=$(_pg_find_bin pg_ctl)
  if [ -z "$initdb" ] || [ -z "$PG_CTL" ]; then
    echo "ERROR: no PostgreSQL reachable on 127.0.0.1:5432 and no initdb/pg_ctl to start a throwaway one." >&2
    echo "       Install PostgreSQL (Debian: apt-get install -y postgresql) or set DATABASE_URL." >&2
    exit 2
  fi
  PG_THROWAWAY_DIR=$(mktemp -d /tmp/dbsizer-pg.XXXXXX)
  PG_RUNAS=""
  if [ "$(id -u)" = "0" ]; then
    # initdb refuses to run as root: run the cluster as an unprivileged system user.
    local pg_user=postgres
    id -u "$pg_user" >/dev/null 2>&1 || pg_user=nobody
    chown "$pg_user" "$PG_THROWAWAY_DIR"
    PG_RUNAS="runuser -u $pg_user --"
  fi
  # max_connections is stated, not left to initdb's probe of shared memory (it may pick fewer): each
  # pytest-xdist worker holds up to 8 (its own, six racing threads, a drill's child process), the
  # fuzzing server and the e2e server a few more.
  local port
  port=$("$VENV_BIN/python" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  echo "== PostgreSQL: starting a throwaway cluster ($initdb) on 127.0.0.1:$port"
  $PG_RUNAS "$initdb" -D "$PG_THROWAWAY_DIR/data" -U postgres --auth=trust -E UTF8 >/dev/null
  $PG_RUNAS "$PG_CTL" -D "$PG_THROWAWAY_DIR/data" -l "$PG_THROWAWAY_DIR/log" -w \
    -o "-p $port -k $PG_THROWAWAY_DIR -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100" start >/dev/null
  export DATABASE_URL="postgres://postgres@127.0.0.1:$port/dbsizer"
  if ! _pg_reachable "$DATABASE_URL"; then
    echo "ERROR: the throwaway PostgreSQL cluster did not start; log: $PG_THROWAWAY_DIR/log" >&2
    cat "$PG_THROWAWAY_DIR/log" >&2 || true
    exit 2
  fi
}

# Create a database (by URL) if it is missing; $2 = "fresh" drops it first.
pg_ensure_database() {
  "$VENV_BIN/python" - "$1" "${2:-}" <<'PY'
import sys, psycopg
from psycopg import sql
url, mode = sys.argv[1], sys.argv[2]
base, name = url.rsplit("/", 1)
name = name.split("?")[0]
with psycopg.connect(base + "/postgres", autocommit=True) as c:
    if mode == "fresh":
        c.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))
    if not c.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone():
        c.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
PY
}
