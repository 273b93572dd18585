#!/usr/bin/env bash
# Started by Playwright (frontend/playwright.config.ts): the real backend on a fresh PostgreSQL
# database, with the seed catalog and the demo users, serving the built SPA + API.
set -euo pipefail
cd "$(dirname "$0")/../backend"
PY="../.venv/bin/python"
export DATABASE_URL="${E2E_DATABASE_URL:?E2E_DATABASE_URL is set by scripts/test.sh}"
export DEBUG=false
# A throwaway key unless make exported the checkout's (production settings refuse to run without one).
export SECRET_KEY="${SECRET_KEY:-$("$PY" -c 'import secrets; print(secrets.token_urlsafe(50))')}"
"$PY" manage.py migrate --noinput >/dev/null
# The built SPA, compressed, where whitenoise serves it from without DEBUG (as `make run` does).
"$PY" manage.py collectstatic --noinput --verbosity 0
if "$PY" manage.py help load_catalog >/dev/null 2>&1; then "$PY" manage.py load_catalog >/dev/null; fi
if "$PY" manage.py help seed_demo_users >/dev/null 2>&1; then "$PY" manage.py seed_demo_users >/dev/null; fi
# An administrator (is_staff) for e2e/audit.spec.ts, with the demo password; idempotent.
"$PY" manage.py shell -v 0 -c "from django.contrib.auth import get_user_model as users; u, _ = users().objects.get_or_create(username='admin'); u.is_staff = u.is_superuser = True; u.set_password('${DEMO_PASSWORD:-dbsizer-demo}'); u.save()"
exec ../.venv/bin/gunicorn config.wsgi --bind "127.0.0.1:${E2E_PORT:-8765}" --workers 2 --log-level warning
