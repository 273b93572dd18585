"""What the import contracts (pyproject.toml [tool.importlinter], engine-is-pure) cannot see: at run
time, importing every module of the engine loads no web framework. A dynamic import, or a third-party
library that pulls Django in, would pass the static contract and fail here."""

from __future__ import annotations

import pathlib
import subprocess
import sys

BACKEND = pathlib.Path(__file__).resolve().parents[2]
WEB = ("django", "rest_framework", "drf_spectacular")


def web_modules_loaded_by(package: str, prelude: str = "") -> list[str]:
    """The web-framework modules in sys.modules after importing every non-test module of `package`
    in a fresh interpreter without Django settings."""
    code = (
        f"{prelude}\nimport importlib, pkgutil, sys, {package}\n"
        f"for m in pkgutil.walk_packages({package}.__path__, '{package}.'):\n"
        "    if '.tests' not in m.name: importlib.import_module(m.name)\n"
        f"print(' '.join(sorted(m for m in sys.modules if m.split('.')[0] in {WEB!r})))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=BACKEND,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(BACKEND)},
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return out.stdout.split()


def test_importing_the_engine_loads_no_web_framework() -> None:
    assert web_modules_loaded_by("sizing") == []


def test_the_check_sees_a_web_framework_loaded_at_run_time() -> None:
    assert "django" in web_modules_loaded_by(
        "sizing", prelude="import importlib; importlib.import_module('django')"
    )
