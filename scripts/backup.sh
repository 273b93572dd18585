#!/usr/bin/env bash
# `make backup`: a pg_dump of DATABASE_URL in PostgreSQL's custom format (-Fc: compressed, restorable
# table by table with pg_restore) to BACKUP_FILE, by default a timestamped file under backend/var/backups.
set -euo pipefail
cd "$(dirname "$0")/.."

url="${DATABASE_URL:-}"
case "$url" in
  postgres://* | postgresql://*) ;;
  *)
    echo "make backup needs a PostgreSQL DATABASE_URL (postgres://user@host:port/name); it is" >&2
    echo "'${url:-unset, i.e. the SQLite file backend/var/db.sqlite3}'. A SQLite database is one file: copy it." >&2
    exit 2
    ;;
esac

file="${BACKUP_FILE:-backend/var/backups/dbsizer-$(date -u +%Y%m%dT%H%M%SZ).dump}"
mkdir -p "$(dirname "$file")"
trap 'rm -f "$file.partial"' EXIT
start=$(date +%s.%N)
# Written to a temporary name and moved into place: a failed dump never leaves a file that looks whole.
pg_dump --format=custom --no-owner --no-privileges --dbname="$url" --file="$file.partial"
mv "$file.partial" "$file"
end=$(date +%s.%N)
tables=$(pg_restore --list "$file" | grep -c " TABLE DATA " || true)
printf 'backup: %s (%s bytes, %s tables, %.1f s)\n' "$file" "$(stat -c %s "$file")" "$tables" \
  "$(awk "BEGIN { print $end - $start }")"
