#!/usr/bin/env bash
# API fuzzing drill (issue 17): schemathesis against the live schema of a real server.
#
# Starts the production server (gunicorn, as compose runs it) on a free loopback port, on a database
# of its own (dropped and recreated: <DATABASE_URL's server>/dbsizer_fuzz), migrated, with the seed
# catalog and the demo users; then runs schemathesis against /api/schema/ with every check, a fixed
# seed and a bounded number of examples per operation:
#   1. as the demo editor alice (a token of her own), every operation but the two below, phases
#      examples, fuzzing and stateful (positive and negative data, then linked sequences);
#   2. anonymously, every operation (what a visitor without an account can reach), 5 examples,
#      phases examples and fuzzing;
#   3. as a staff user (fuzz-admin, created here), the same operations as 1., 3 examples, phases
#      examples and fuzzing: catalog writes and imports reach their validation, not only 403s.
# The coverage phase is off by default: it is not bounded by --max-examples (every boundary and
# every invalid variant of every parameter: 400-520 s of a 9-minute run on 2 cores); what it found
# (query parameters whose bad values were ignored) the fuzzing phase's negative data finds too, and
# core/tests/test_strict_queries.py pins. `FUZZ_PHASES=examples,coverage,fuzzing,stateful` runs it.
# The stateful phase is off by default too: since the editor pass reaches a real design (fixed path
# parameters, below), schemathesis 4.32.5's stateful phase reports linked calls of a valid sequence
# ("Invalid component: positive test case", a 200 or a 412 on a stale version) as schema-violating
# requests accepted; not resolved yet. `FUZZ_PHASES=examples,fuzzing,stateful` runs it.
# Exits non-zero on any failure (a server error, a status or a body the schema does not document).
#
# Excluded from the signed-in passes only, because they end the session the pass runs on; the
# anonymous pass still fuzzes them, and backend tests cover them signed in:
#   POST /api/v1/auth/logout/    revokes the token      (accounts/tests/test_tokens.py)
#   POST /api/v1/auth/password/  a right guess changes the password and revokes every token
#                                (accounts/tests/test_tokens.py, test_auth.py)
#
# Run: `bash scripts/fuzz.sh` (scripts/test.sh runs it after the backend tests). FUZZ_SEED and
# FUZZ_MAX_EXAMPLES override the seed and the examples per operation, FUZZ_PHASES the editor's phases.
# --request-timeout 30: the model validation report (GET /model/validation/) refits every measured
# point and takes ~10 s when the 2 cores are shared, schemathesis's default timeout.
set -euo pipefail
cd "$(dirname "$0")/.."
REPO="$PWD"
VENV_BIN="$REPO/.venv/bin"
SEED="${FUZZ_SEED:-17}"
MAX_EXAMPLES="${FUZZ_MAX_EXAMPLES:-10}"
PHASES="${FUZZ_PHASES:-examples,fuzzing}"
# shellcheck source=scripts/pg.sh
source scripts/pg.sh
if [ -z "${DATABASE_URL:-}" ]; then pg_setup; fi  # run on its own: find or start one like make test

WORK=$(mktemp -d /tmp/dbsizer-fuzz.XXXXXX)
SERVER_PID=""
cleanup() {
  if [ -n "$SERVER_PID" ]; then kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; fi
  rm -rf "$WORK"
  pg_teardown
}
trap cleanup EXIT

export DATABASE_URL="${DATABASE_URL%/*}/dbsizer_fuzz"
export DEBUG=false
export SECRET_KEY="${SECRET_KEY:-$("$VENV_BIN/python" -c 'import secrets; print(secrets.token_urlsafe(50))')}"
pg_ensure_database "$DATABASE_URL" fresh
started=$(date +%s)
(
  cd backend
  "$VENV_BIN/python" manage.py migrate --noinput >/dev/null
  "$VENV_BIN/python" manage.py load_catalog >/dev/null
  "$VENV_BIN/python" manage.py seed_demo_users >/dev/null
  # a staff user for the admin pass (catalog writes and imports are staff-only)
  DJANGO_SUPERUSER_PASSWORD=fuzz-admin-passphrase "$VENV_BIN/python" manage.py createsuperuser \
    --noinput --username fuzz-admin --email fuzz-admin@example.com >/dev/null
)

PORT=$("$VENV_BIN/python" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
BASE="http://127.0.0.1:$PORT"
(cd backend && exec "$VENV_BIN/gunicorn" config.wsgi --bind "127.0.0.1:$PORT" --workers 2 \
  --log-level warning) >"$WORK/server.log" 2>&1 &
SERVER_PID=$!
for _ in $(seq 1 100); do
  if "$VENV_BIN/python" -c "import urllib.request,sys; urllib.request.urlopen(sys.argv[1], timeout=2)" \
    "$BASE/api/health/" 2>/dev/null; then break; fi
  kill -0 "$SERVER_PID" 2>/dev/null || { echo "ERROR: the server did not start" >&2; cat "$WORK/server.log" >&2; exit 1; }
  sleep 0.2
done

token_of() {  # $1 = username, $2 = password: a token of their own
  "$VENV_BIN/python" - "$BASE" "$1" "$2" <<'PY'
import json, sys, urllib.request
body = json.dumps({"username": sys.argv[2], "password": sys.argv[3]}).encode()
request = urllib.request.Request(sys.argv[1] + "/api/v1/auth/token/", body, {"Content-Type": "application/json"})
print(json.load(urllib.request.urlopen(request))["token"])
PY
}
TOKEN=$(token_of alice dbsizer-demo)
ADMIN_TOKEN=$(token_of fuzz-admin fuzz-admin-passphrase)

# A design of alice's (with a second revision and a share link), so that the operations on one design
# reach their handlers instead of answering 404 to random ids: the editor pass fixes its path
# parameters to it (DELETE excepted: moving it to the trash would turn the rest back into 404s).
read -r DESIGN_ID SHARE_TOKEN < <("$VENV_BIN/python" - "$BASE" "$TOKEN" <<'PY'
import json, sys, urllib.request
base, token = sys.argv[1], sys.argv[2]
def call(method, path, body=None, headers=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data, {"Content-Type": "application/json",
                                     "Authorization": "Token " + token, **(headers or {})}, method=method)
    response = urllib.request.urlopen(request)
    return response, json.load(response) if response.status != 204 else None
_, design = call("POST", "/api/v1/designs/", {
    "name": "Fuzz target", "customer": "Schemathesis",
    "workload": {"kind": "oltp", "target_tps": 10000, "database_size_gb": 2000},
    "platform": {"family": "oracle-fs1", "storage_model": "FS1-2", "rac_nodes": 2, "arrays": 2,
                 "drives_per_enclosure": 13},
    "reference_configuration": "oracle-fs1-quarter-rack"})
response, design = call("PATCH", f"/api/v1/designs/{design['id']}/", {"name": "Fuzz target, revision 2"},
                        {"If-Match": design["etag"]})
_, link = call("POST", f"/api/v1/designs/{design['id']}/share-links/")
print(design["id"], link["token"])
PY
)
CONFIG="$WORK/schemathesis.toml"
cat "$REPO/scripts/schemathesis.toml" - >"$CONFIG" <<TOML

[[operations]]
include-path-regex = "^/api/v1/(designs|audit/designs)/[{]id[}]/"
exclude-method = "DELETE"
parameters = { "path.id" = $DESIGN_ID, "path.number" = 1 }

[[operations]]
include-path-regex = "^/api/v1/shared/"
parameters = { "path.token" = "$SHARE_TOKEN" }
TOML

fuzz() {  # $1 = pass name; the rest: extra schemathesis arguments
  local name="$1"
  shift
  echo "== schemathesis, $name: seed $SEED, at most $MAX_EXAMPLES examples per operation, all checks"
  "$VENV_BIN/schemathesis" --config-file "$CONFIG" run "$BASE/api/schema/" \
    --checks all --seed "$SEED" --max-examples "$MAX_EXAMPLES" \
    --workers 2 --no-color --generation-database none --request-timeout 30 \
    --report junit --report-junit-path "$WORK/$name.xml" "$@"
}

status=0
fuzz editor --phases "$PHASES" -H "Authorization: Token $TOKEN" \
  --exclude-path /api/v1/auth/logout/ --exclude-path /api/v1/auth/password/ || status=1
# Anonymous: what a visitor reaches (the same operations refuse or answer less); a shorter pass.
MAX_EXAMPLES=5 fuzz anonymous --phases examples,fuzzing || status=1
# Staff: the catalog writes and imports the editor is refused (403) reach their validation; a short
# pass, last because it may delete catalog rows the other passes read.
MAX_EXAMPLES=3 fuzz admin --phases examples,fuzzing -H "Authorization: Token $ADMIN_TOKEN" \
  --exclude-path /api/v1/auth/logout/ --exclude-path /api/v1/auth/password/ || status=1
echo "== API fuzzing took $(($(date +%s) - started)) s (setup included)"
if [ -s "$WORK/server.log" ] && grep -q "Traceback" "$WORK/server.log"; then
  echo "== server log (tracebacks):"
  cat "$WORK/server.log"
fi
exit "$status"
