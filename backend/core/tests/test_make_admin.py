"""The README's way to an administrator works as written after `make run` (issue 39: the command it
gave, `manage.py createsuperuser` run by hand, stopped with "SECRET_KEY must be set")."""

from __future__ import annotations

import os
import sqlite3
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def test_the_readme_names_make_admin() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "`make admin`" in readme
    assert "manage.py createsuperuser`" not in readme.split("## Docker Compose", 1)[0]  # not the by-hand form


def test_make_admin_creates_an_administrator(tmp_path: Path) -> None:
    database = tmp_path / "db.sqlite3"
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("SECRET_KEY", "DATABASE_URL", "MAKEFLAGS", "MAKELEVEL", "DJANGO_SETTINGS_MODULE")
    }
    env |= {
        "DATABASE_URL": f"sqlite:///{database}",
        "DJANGO_SUPERUSER_USERNAME": "root",
        "DJANGO_SUPERUSER_EMAIL": "root@example.com",
        "DJANGO_SUPERUSER_PASSWORD": "a-long-admin-password-9",
    }
    result = subprocess.run(
        ["make", "-s", "admin", "ADMIN_ARGS=--noinput"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    with sqlite3.connect(database) as db:
        rows = db.execute("SELECT is_staff, is_superuser FROM auth_user WHERE username = 'root'").fetchall()
    assert rows == [(1, 1)]
