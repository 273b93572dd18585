"""No Docker engine runs here, so the deployment files are checked statically."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import CommandError

REPO = Path(settings.REPO_DIR)


def _compose() -> dict:
    return yaml.safe_load((REPO / "docker-compose.yml").read_text(encoding="utf-8"))


def test_compose_has_db_web_proxy_wired() -> None:
    services = _compose()["services"]
    assert set(services) >= {"db", "web", "proxy"}
    db, web, proxy = services["db"], services["web"], services["proxy"]
    assert db["image"].startswith("postgres:15")
    assert "healthcheck" in db and "pg_isready" in " ".join(db["healthcheck"]["test"])
    assert any(v.split(":")[0] == "pgdata" for v in db["volumes"])
    assert "pgdata" in _compose()["volumes"]
    # web is stateless (scalable with --scale web=3): no published port, no volume
    assert "ports" not in web and "volumes" not in web and "container_name" not in web
    assert web["depends_on"]["db"]["condition"] == "service_healthy"
    assert "healthcheck" in web
    assert web["environment"]["DATABASE_URL"].startswith("postgres")
    # Behind nginx the sign-in lockout must key on the forwarded client address, not the proxy's.
    assert web["environment"]["NUM_PROXIES"] == "1"
    assert any(str(p).endswith(":80") for p in proxy["ports"])
    assert "web" in proxy["depends_on"]


def test_dockerfile_is_multi_stage_node_then_python_gunicorn() -> None:
    text = (REPO / "Dockerfile").read_text(encoding="utf-8")
    froms = [line for line in text.splitlines() if line.startswith("FROM ")]
    assert len(froms) >= 2
    assert froms[0].startswith("FROM node:") and " AS " in froms[0]
    assert any(f.startswith("FROM python:3.11") for f in froms)
    assert "gunicorn" in text


def test_the_container_does_not_start_when_the_catalog_does_not_load() -> None:
    """Was: `load_catalog || true`, so a broken catalog started a server that sized from nothing."""
    text = (REPO / "Dockerfile").read_text(encoding="utf-8")
    cmd = next(line for line in text.splitlines() if line.startswith("CMD "))
    assert "|| true" not in cmd and "||" not in cmd
    steps = [step.strip() for step in cmd.split("&&")]
    assert any("manage.py migrate" in step for step in steps)
    loads = next(i for i, step in enumerate(steps) if step.endswith("manage.py load_catalog"))
    serves = next(i for i, step in enumerate(steps) if "gunicorn" in step)
    assert loads < serves


def test_nginx_proxies_to_the_web_service_over_https() -> None:
    text = (REPO / "deploy" / "nginx.conf").read_text(encoding="utf-8")
    assert "proxy_pass http://web:8000" in text
    assert "listen 443 ssl" in text and "return 301 https://" in text
    assert "proxy_set_header X-Forwarded-Proto $scheme" in text
    # A body past nginx's bound is refused in the API's JSON shape, not nginx's HTML page.
    assert "error_page 413" in text and "application/json" in text


def test_ci_runs_exactly_make_test() -> None:
    lines = [
        line.strip()
        for line in (REPO / ".ci" / "run").read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]
    assert lines[-1] == "make test"
    assert "make test" in (REPO / "README.md").read_text(encoding="utf-8")


@pytest.mark.django_db
@pytest.mark.parametrize("content", [None, "documents: [not: valid\n"])
def test_load_catalog_fails_on_an_empty_or_broken_catalog(tmp_path: Path, content: str | None) -> None:
    if content is not None:
        (tmp_path / "broken.yaml").write_text(content, encoding="utf-8")
    with pytest.raises(CommandError, match="catalog not loaded"):
        call_command("load_catalog", dir=tmp_path, verbosity=0)
