"""What the import contract reports-are-pure (pyproject.toml [tool.importlinter]) cannot see: at run
time, importing every module of reports loads no web framework (it is rendered and tested without a
database; a dynamic import or a library pulling Django in would pass the static contract)."""

from __future__ import annotations

import pathlib
import subprocess
import sys

BACKEND = pathlib.Path(__file__).resolve().parents[2]
WEB = ("django", "rest_framework", "drf_spectacular")
CODE = (
    "{prelude}\nimport importlib, pkgutil, sys, reports\n"
    "for m in pkgutil.walk_packages(reports.__path__, 'reports.'):\n"
    "    if '.tests' not in m.name: importlib.import_module(m.name)\n"
    f"print(' '.join(sorted(m for m in sys.modules if m.split('.')[0] in {WEB!r})))"
)


def _web_modules_loaded(prelude: str = "") -> list[str]:
    out = subprocess.run(
        [sys.executable, "-c", CODE.format(prelude=prelude)],
        cwd=BACKEND,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(BACKEND)},
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return out.stdout.split()


def test_importing_reports_loads_no_web_framework() -> None:
    assert _web_modules_loaded() == []


def test_the_check_sees_a_web_framework_loaded_at_run_time() -> None:
    assert "rest_framework" in _web_modules_loaded(
        "import importlib; importlib.import_module('rest_framework')"
    )
