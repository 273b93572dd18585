#!/usr/bin/env bash
# Lint and type-check both sides. Used by `make lint` and by scripts/test.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV_BIN="$PWD/.venv/bin"
echo "== ruff"
(cd backend && "$VENV_BIN/ruff" check . && "$VENV_BIN/ruff" format --check .)
echo "== mypy"
(cd backend && "$VENV_BIN/mypy" . --no-error-summary && echo "mypy: ok")
echo "== import contracts (backend/pyproject.toml [tool.importlinter])"
(cd backend && "$VENV_BIN/lint-imports" --no-cache --no-logo)
echo "== eslint"
(cd frontend && npx --no-install eslint . --max-warnings=0)
echo "== tsc"
(cd frontend && npx --no-install tsc --noEmit)
echo "== the SPA's display names are generated from the engine's (backend/sizing/display.py)"
(cd backend && "$VENV_BIN/python" -c 'from sizing.display import typescript; print(typescript(), end="")' \
  | diff -q ../frontend/src/lib/display-names.generated.ts - >/dev/null \
  || { echo "ERROR: frontend/src/lib/display-names.generated.ts is not generated from backend/sizing/display.py: run make display-names" >&2; exit 1; })
echo "== typed API client is generated from the published schema"
(cd frontend && npx --no-install openapi-typescript ../backend/openapi.yaml -o "${TMPDIR:-/tmp}/dbsizer-api-schema.d.ts" --silent >/dev/null \
  && diff -q src/lib/api-schema.d.ts "${TMPDIR:-/tmp}/dbsizer-api-schema.d.ts" >/dev/null \
  || { echo "ERROR: frontend/src/lib/api-schema.d.ts is not generated from backend/openapi.yaml: run make openapi" >&2; exit 1; })
echo "== design-input zod schemas are generated from the published schema"
(cd frontend && rm -rf "${TMPDIR:-/tmp}/dbsizer-api-zod" && API_ZOD_DIR="${TMPDIR:-/tmp}/dbsizer-api-zod" npx --no-install openapi-ts -f openapi-ts.config.ts --silent \
  && diff -q src/lib/api-zod.ts "${TMPDIR:-/tmp}/dbsizer-api-zod/api-zod.ts" >/dev/null \
  || { echo "ERROR: frontend/src/lib/api-zod.ts is not generated from backend/openapi.yaml: run make openapi" >&2; exit 1; })
