#!/usr/bin/env bash
# `make restore BACKUP_FILE=...`: put a `make backup` file back into DATABASE_URL. Every object the dump
# holds is dropped first (--clean --if-exists) and recreated, in one transaction: a restore that fails
# half-way leaves the database as it was. Stop the server first (open connections hold locks).
set -euo pipefail
cd "$(dirname "$0")/.."

url="${DATABASE_URL:-}"
case "$url" in
  postgres://* | postgresql://*) ;;
  *)
    echo "make restore needs a PostgreSQL DATABASE_URL (postgres://user@host:port/name); it is" >&2
    echo "'${url:-unset, i.e. the SQLite file backend/var/db.sqlite3}'. pg_restore cannot write SQLite." >&2
    exit 2
    ;;
esac

file="${BACKUP_FILE:-}"
if [ -z "$file" ]; then
  # The newest `make backup` file, when none is named.
  file=$(ls -1t backend/var/backups/*.dump 2>/dev/null | head -n 1 || true)
fi
if [ -z "$file" ] || [ ! -s "$file" ]; then
  echo "make restore: no backup file (BACKUP_FILE=${BACKUP_FILE:-unset}; none under backend/var/backups)" >&2
  exit 2
fi
start=$(date +%s.%N)
pg_restore --clean --if-exists --no-owner --no-privileges --single-transaction --exit-on-error \
  --dbname="$url" "$file"
end=$(date +%s.%N)
printf 'restore: %s into %s (%.1f s)\n' "$file" "${url##*/}" "$(awk "BEGIN { print $end - $start }")"
