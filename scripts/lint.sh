#!/usr/bin/env bash
# Lint and type-check both sides. Used by `make lint` and by scripts/test.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV_BIN="$PWD/.venv/bin"
echo "== ruff"
(cd backend && "$VENV_BIN/ruff" check . && "$VENV_BIN/ruff" format --check .)
echo "== mypy"
(cd backend && "$VENV_BIN/mypy" . --no-error-summary && echo "mypy: ok")
echo "== eslint"
(cd frontend && npx --no-install eslint . --max-warnings=0)
echo "== tsc"
(cd frontend && npx --no-install tsc --noEmit)
