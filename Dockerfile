# Multi-stage build: Node builds the SPA, Python serves SPA + API with gunicorn.
FROM node:20-bookworm-slim AS spa
WORKDIR /src/frontend
COPY frontend/package.json frontend/package-lock.json ./
RUN PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund
COPY frontend/ ./
RUN npm run build

FROM python:3.11-slim-bookworm AS web
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 DEBUG=false
WORKDIR /app
COPY backend/requirements.txt backend/requirements.txt
RUN pip install --no-cache-dir -r backend/requirements.txt
COPY backend/ backend/
COPY fixtures/ fixtures/
COPY --from=spa /src/frontend/dist frontend/dist
RUN useradd --create-home --uid 10001 dbsizer && mkdir -p backend/var && chown -R dbsizer backend/var
USER dbsizer
WORKDIR /app/backend
# collectstatic needs settings, and production settings need a key: a throwaway one for this step only.
RUN DATABASE_URL=sqlite:////tmp/build.sqlite3 SECRET_KEY=collectstatic-at-build-time-only \
    python manage.py collectstatic --noinput
EXPOSE 8000
# gunicorn reads /app/backend/gunicorn.conf.py: threaded (gthread) workers, 4 threads each.
# Migrations and the seed catalog are idempotent, so every replica may run them on start. Each step
# must succeed: a catalog that does not load stops the container (a server sizing from no catalog
# would answer nonsense), and so does a missing SECRET_KEY (config/settings.py).
CMD ["sh", "-c", "python manage.py migrate --noinput && python manage.py load_catalog && python manage.py refresh_design_headlines --missing && exec gunicorn config.wsgi --bind 0.0.0.0:8000 --workers 3 --access-logfile -"]
