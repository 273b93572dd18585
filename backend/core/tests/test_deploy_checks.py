"""Production settings are hardened: `manage.py check --deploy` reports no warning."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys

from django.conf import settings


def _check_deploy(extra_env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "DEBUG": "false",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "SECURE_SSL_REDIRECT": "true",
        "SESSION_COOKIE_SECURE": "true",
        "CSRF_COOKIE_SECURE": "true",
        "SECURE_HSTS_SECONDS": "31536000",
        **extra_env,
    }
    return subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=settings.BACKEND_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_production_settings_pass_check_deploy() -> None:
    result = _check_deploy({})
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_check_deploy_catches_an_insecure_setting() -> None:
    # The same check fails when a production guard is off (so the test above can fail).
    result = _check_deploy({"SESSION_COOKIE_SECURE": "false"})
    assert result.returncode != 0
    assert "security.W012" in result.stdout + result.stderr
