"""Production settings (issue 17, finding 4): without a real SECRET_KEY a production process refuses to
start; the production environments we publish (docker-compose.yml's web service and the README's
production block) pass `manage.py check --deploy --fail-level WARNING` exactly as written; every
variable the settings read is documented in the README."""

from __future__ import annotations

import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from django.conf import settings

REPO = Path(settings.REPO_DIR)
README = (REPO / "README.md").read_text(encoding="utf-8")
# Variables of the test environment that would mask what the published environments say.
SCRUBBED = {
    "DEBUG",
    "SECRET_KEY",
    "SECURE_SSL_REDIRECT",
    "SESSION_COOKIE_SECURE",
    "CSRF_COOKIE_SECURE",
    "SECURE_HSTS_SECONDS",
    "SECURE_HSTS_INCLUDE_SUBDOMAINS",
    "SECURE_HSTS_PRELOAD",
    "BEHIND_TLS_PROXY",
}


def _manage(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items() if k not in SCRUBBED}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=settings.BACKEND_DIR,
        env={**base, **env},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def _check_deploy(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return _manage(["check", "--deploy", "--fail-level", "WARNING"], env)


def _compose_web_environment() -> dict[str, str]:
    """docker-compose.yml's web environment as compose would pass it, with a fresh SECRET_KEY for the
    one variable it requires from the operator and the defaults it states for the others."""
    compose = yaml.safe_load((REPO / "docker-compose.yml").read_text(encoding="utf-8"))
    required = {"SECRET_KEY": secrets.token_urlsafe(50)}

    def resolve(value: str) -> str:
        def one(match: re.Match[str]) -> str:
            name, op, rest = match.group(1), match.group(2), match.group(3)
            if op == ":?":
                return required[name]
            return os.environ.get(name, rest) if name not in SCRUBBED else rest

        return re.sub(r"\$\{(\w+)(:\?|:-)([^}]*)\}", one, value)

    return {name: resolve(str(value)) for name, value in compose["services"]["web"]["environment"].items()}


def _readme_production_environment() -> dict[str, str]:
    """The README's production block (```env after the production-env marker), SECRET_KEY filled in."""
    block = re.search(r"<!-- production-env -->\s*```env\n(.*?)```", README, re.S)
    assert block, "README.md has no production environment block"
    env = {}
    for line in block.group(1).splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name, _, value = line.partition("=")
            env[name.strip()] = value.strip()
    assert env.get("SECRET_KEY", "").startswith("<"), "the README must not publish a key"
    env["SECRET_KEY"] = secrets.token_urlsafe(50)
    return env


@pytest.mark.parametrize(
    "key", [None, "", "dev-only-insecure-key-change-me-0123456789-abcdefghijklmnopqrstuvwxyz"]
)
def test_production_refuses_to_start_without_a_real_secret_key(key: str | None) -> None:
    """Was: with DEBUG=false and no SECRET_KEY the app ran on the public development key."""
    env = {"DEBUG": "false"} if key is None else {"DEBUG": "false", "SECRET_KEY": key}
    result = _manage(["check"], env)
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr and "SECRET_KEY" in result.stderr, result.stderr[-500:]


def test_development_may_run_on_the_development_key() -> None:
    assert _manage(["check"], {"DEBUG": "true"}).returncode == 0


def test_the_compose_production_environment_passes_check_deploy() -> None:
    env = _compose_web_environment()
    assert env["DEBUG"] == "false"
    result = _check_deploy(env)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_the_readme_production_environment_passes_check_deploy() -> None:
    env = _readme_production_environment()
    result = _check_deploy(env)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_check_deploy_catches_an_insecure_setting() -> None:
    # The same check fails when a production guard is off (so the tests above can fail).
    result = _check_deploy({**_compose_web_environment(), "SESSION_COOKIE_SECURE": "false"})
    assert result.returncode != 0
    assert "security.W012" in result.stdout + result.stderr


def test_every_variable_the_settings_read_is_documented() -> None:
    source = (Path(settings.BACKEND_DIR) / "config" / "settings.py").read_text(encoding="utf-8")
    read = set(re.findall(r'env_(?:str|bool|int|list)\(\s*"(\w+)"', source))
    assert {"SECRET_KEY", "DEBUG", "SECURE_SSL_REDIRECT", "BEHIND_TLS_PROXY"} <= read
    undocumented = sorted(name for name in read if f"`{name}`" not in README)
    assert undocumented == []
