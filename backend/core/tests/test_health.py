from __future__ import annotations

import json
import os
import secrets
import subprocess
import sys

import pytest
from django.conf import settings
from django.db import connection
from rest_framework.test import APIClient


@pytest.mark.django_db
def test_health_reports_ok_and_the_database_vendor(api_client: APIClient) -> None:
    response = api_client.get("/api/health/")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": connection.vendor}


@pytest.mark.django_db
def test_tests_run_on_postgresql() -> None:
    # The brief requires backend tests on a real PostgreSQL; make test sets DATABASE_URL.
    assert connection.vendor == "postgresql"


def test_health_is_503_when_the_database_is_unreachable() -> None:
    # A real unreachable server (nothing listens on port 9), in a separate process so this
    # test's own database connection is left alone.
    script = (
        "import django, json; django.setup();"
        "from django.test import Client;"
        "r = Client().get('/api/health/');"
        "print(json.dumps({'status': r.status_code, 'body': r.json()}))"
    )
    env = {
        **os.environ,
        "DATABASE_URL": "postgres://postgres@127.0.0.1:9/nowhere?connect_timeout=2",
        "SECRET_KEY": secrets.token_urlsafe(50),  # a process of its own: production settings need a key
    }
    out = subprocess.run(
        [sys.executable, "-c", script],
        cwd=settings.BACKEND_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert result["status"] == 503
    assert result["body"]["status"] == "unavailable"
    assert result["body"]["database"] == "postgresql"
