#!/usr/bin/env bash
# Everything `make test` runs, in order; exits non-zero on the first failing step.
set -euo pipefail
cd "$(dirname "$0")/.."
REPO="$PWD"
VENV_BIN="$REPO/.venv/bin"
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
# shellcheck source=scripts/pg.sh
source scripts/pg.sh

ensure_chromium() {
  if [ -x /usr/bin/chromium ]; then return 0; fi
  echo "== /usr/bin/chromium missing: installing Debian's chromium"
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) || true
  fi
  if [ ! -x /usr/bin/chromium ]; then
    echo "ERROR: the browser tests need Debian's Chromium at /usr/bin/chromium: apt-get install -y chromium" >&2
    exit 2
  fi
}

ensure_poppler() {
  # pdftotext reads the exported PDFs back in tests (pypdf is used too).
  if command -v pdftotext >/dev/null; then return 0; fi
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq poppler-utils >/dev/null) || true
  fi
}

ensure_chromium
ensure_poppler
pg_setup
trap pg_teardown EXIT
pg_ensure_database "$DATABASE_URL"

bash scripts/lint.sh

echo "== migrations are up to date"
(cd backend && "$VENV_BIN/python" manage.py makemigrations --check --dry-run >/dev/null)

# Before the backend tests: core/tests/test_static_assets.py serves the built files.
echo "== production build"
(cd frontend && npm run --silent build)
export DBSIZER_SPA_BUILT=1  # core/tests/test_static_assets.py must not skip here

# One pytest-xdist worker per core (PYTEST_WORKERS overrides; at most 8, each holds a few connections and
# its own test database test_<name>_gw<N>): one core ran the suite in 17 min of the 30 min budget.
PYTEST_WORKERS="${PYTEST_WORKERS:-$(nproc 2>/dev/null || echo 2)}"
if [ "$PYTEST_WORKERS" -gt 8 ]; then PYTEST_WORKERS=8; fi
echo "== backend tests (pytest-django on PostgreSQL, $PYTEST_WORKERS pytest-xdist workers)"
(cd backend && "$VENV_BIN/pytest" -q -p no:cacheprovider -n "$PYTEST_WORKERS" --durations=15)

echo "== API fuzzing (schemathesis against the live schema of a running server: scripts/fuzz.sh)"
bash scripts/fuzz.sh

echo "== frontend unit tests (vitest)"
(cd frontend && npx --no-install vitest run)

echo "== end-to-end tests (Playwright + Debian Chromium against the real backend)"
E2E_DATABASE_URL="${DATABASE_URL%/*}/dbsizer_e2e"
export E2E_DATABASE_URL
pg_ensure_database "$E2E_DATABASE_URL" fresh
(cd frontend && npx --no-install playwright test)
echo "== all suites passed"
