# DB Sizer: the two commands a newcomer needs are `make run` and `make test`.
SHELL := /bin/bash
.DEFAULT_GOAL := help

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8000
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD := 1
# numpy's OpenBLAS picks its kernels by CPU (DYNAMIC_ARCH), and a least-squares fit of the calibration
# then differs in the sixth digit between AVX2 and AVX-512 kernels (a validation row is 17952.8 with
# the first, 17952.4 with the second): one kernel everywhere keeps the golden files exact on any machine.
export OPENBLAS_CORETYPE ?= Haswell

# Production refuses to start without a SECRET_KEY of its own (backend/config/settings.py). `make run`,
# the e2e server and the other targets here use one generated for this checkout unless one is set.
DEV_SECRET_KEY_FILE := backend/var/dev-secret-key
export SECRET_KEY ?= $(shell mkdir -p backend/var && (test -s $(DEV_SECRET_KEY_FILE) || $(PYTHON) -c 'import secrets; print(secrets.token_urlsafe(50))' > $(DEV_SECRET_KEY_FILE)) && cat $(DEV_SECRET_KEY_FILE))

FRONTEND_SOURCES := $(shell find frontend/src frontend/index.html frontend/vite.config.ts frontend/public -type f 2>/dev/null)

.PHONY: display-names help run test lint bench bench-ab bench-cpu deps deps-dev frontend-deps frontend-build static migrate catalog demo-users clean openapi spa-fixtures backup restore loadtest admin

help:
	@echo "make run    install, migrate, load the seed catalog, serve UI + API on http://127.0.0.1:$(PORT)"
	@echo "make test   install what is missing, then lint, type-check and run every test suite"
	@echo "make lint   ruff, mypy, eslint, tsc"
	@echo "make bench  benchmark commands (ratios against a baseline measured in the same run)"
	@echo "make bench-ab [BASE=rev] [VARIANT=rev]  cold editor loads of two builds, paired (default: HEAD vs this checkout)"
	@echo "make bench-cpu  CPU time of a cold sign-in page and editor load, by process (Chromium, server, driver)"
	@echo "make backup / make restore [BACKUP_FILE=...]  pg_dump / pg_restore of DATABASE_URL (PostgreSQL)"
	@echo "make loadtest  gunicorn on loopback + locust for LOADTEST_SECONDS (60): req/s, p50/p95/p99, errors"
	@echo "make admin  create an administrator (manage.py createsuperuser) with this checkout's key and database"

# The SPA's display-name map, written from the engine's (backend/sizing/display.py); lint checks it.
display-names: deps
	cd backend && ../$(PY) -c 'from sizing.display import typescript; print(typescript(), end="")' > ../frontend/src/lib/display-names.generated.ts

# --- installs (stamp files: a second run with unchanged pins installs nothing) -------------------
$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.runtime-installed: backend/requirements.txt | $(VENV)/bin/python
	$(PY) -m pip install --quiet --disable-pip-version-check -r backend/requirements.txt
	touch $@

$(VENV)/.dev-installed: backend/requirements-dev.txt backend/requirements.txt | $(VENV)/bin/python
	$(PY) -m pip install --quiet --disable-pip-version-check -r backend/requirements-dev.txt
	touch $@ $(VENV)/.runtime-installed

frontend/node_modules/.installed: frontend/package-lock.json frontend/package.json
	cd frontend && npm ci --no-audit --no-fund --loglevel=error
	touch $@

frontend/dist/index.html: frontend/node_modules/.installed $(FRONTEND_SOURCES)
	cd frontend && npm run --silent build

deps: $(VENV)/.runtime-installed
deps-dev: $(VENV)/.dev-installed
frontend-deps: frontend/node_modules/.installed
frontend-build: frontend/dist/index.html

# The built SPA and the admin's files into backend/var/static with a gzip and a brotli copy of each:
# what whitenoise serves when DEBUG is off (config/settings.py), as the Docker image does.
# Compressing takes seconds: done again only after a new build.
backend/var/static/.collected: frontend/dist/index.html backend/requirements.txt | deps
	cd backend && ../$(PY) manage.py collectstatic --noinput --verbosity 0
	touch $@

static: deps frontend-build backend/var/static/.collected

migrate: deps
	$(PY) scripts/ensure_database.py
	cd backend && ../$(PY) manage.py migrate --noinput

# refresh_design_headlines --missing: designs saved before the designs list had its verdict,
# throughput and cost columns are evaluated once (a no-op afterwards).
catalog: migrate
	cd backend && ../$(PY) manage.py load_catalog && ../$(PY) manage.py refresh_design_headlines --missing

# `make run` is the local try-out: it creates the demo accounts so there is someone to sign in as
# (DEMO_USERS=0 skips them; the compose deployment never creates them: use createsuperuser there).
# The demo mode also loads a price book of fictional prices (seed_demo_prices), named and flagged as
# such, so that costs show; the compose deployment creates none: prices are an admin's upload.
DEMO_USERS ?= 1
demo-users: catalog
	@if [ "$(DEMO_USERS)" = "1" ]; then cd backend && ../$(PY) manage.py seed_demo_users && \
	  ../$(PY) manage.py seed_demo_prices && \
	  echo "sign in as alice or carol (editors, Presales A), bob (viewer, Presales A) or dave (editor, Presales B); password: $${DEMO_PASSWORD:-dbsizer-demo}"; fi

# An administrator (is_staff) for /admin/ and real price books. manage.py run by hand stops without
# the SECRET_KEY the targets here export; this runs it with the same key and DATABASE_URL as `make run`.
# ADMIN_ARGS=--noinput reads DJANGO_SUPERUSER_USERNAME / _EMAIL / _PASSWORD (scripted set-ups, the test).
admin: migrate
	cd backend && ../$(PY) manage.py createsuperuser $(ADMIN_ARGS)

# --- the two README commands ---------------------------------------------------------------------
# gunicorn also reads backend/gunicorn.conf.py (threaded workers: static files do not queue behind API calls).
run: deps frontend-build static catalog demo-users
	@echo "DB Sizer on http://127.0.0.1:$(PORT)  (database: $${DATABASE_URL:-SQLite backend/var/db.sqlite3})"
	cd backend && exec ../$(VENV)/bin/gunicorn config.wsgi --bind 127.0.0.1:$(PORT) --workers 2 --access-logfile -

test: deps-dev frontend-deps
	bash scripts/test.sh

lint: deps-dev frontend-deps
	bash scripts/lint.sh

bench: deps-dev frontend-deps
	bash scripts/bench.sh

# Two builds' cold editor loads, paired round by round (backend/bench/ab_browser.py): A = BASE (HEAD),
# B = VARIANT or, without it, this checkout with its uncommitted changes.
bench-ab: deps-dev frontend-deps
	cd backend && ../$(VENV)/bin/python bench/ab_browser.py $(or $(BASE),HEAD) $(VARIANT)

bench-cpu: deps-dev frontend-deps
	cd backend && ../$(VENV)/bin/python bench/cpu_browser.py

# --- drills (docs/reliability.md) -------------------------------------------------------------------
# A custom-format dump of DATABASE_URL under backend/var/backups (or BACKUP_FILE), and its restore.
backup:
	bash scripts/backup.sh

restore:
	bash scripts/restore.sh

# The production server (gunicorn) on loopback against PostgreSQL database dbsizer_loadtest, driven by
# locust for LOADTEST_SECONDS; exits non-zero on any failed request. Not part of `make test`.
loadtest: deps-dev
	bash scripts/loadtest.sh

# The schema's integer bounds follow the database vendor: the published one is PostgreSQL's, as in
# production (no connection is made; core/tests/test_openapi_file.py checks the file is current).
openapi: deps-dev frontend-deps
	cd backend && DATABASE_URL=postgres://openapi@127.0.0.1:1/openapi ../$(PY) manage.py spectacular --file openapi.yaml --validate --fail-on-warn
	cd frontend && npm run --silent gen:api

# The SPA's unit-test fixtures are real engine output (designs/spa_fixture.py) on the loaded seed catalog;
# designs/tests/test_spa_fixture.py fails when the committed files differ from what this writes.
spa-fixtures: catalog frontend-deps
	cd frontend && npm run --silent gen:fixture

clean:
	rm -rf frontend/dist backend/var/static
