"""The engine must stay importable without Django (the architecture rule, enforced)."""

import ast
import pathlib

PACKAGE_DIR = pathlib.Path(__file__).resolve().parent.parent
FORBIDDEN = ("django", "rest_framework", "catalog", "benchmarks", "designs", "accounts", "core")


def _imported_roots(path: pathlib.Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    roots: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


def test_engine_imports_no_web_layer() -> None:
    offenders = {
        str(path.relative_to(PACKAGE_DIR)): sorted(_imported_roots(path) & set(FORBIDDEN))
        for path in PACKAGE_DIR.rglob("*.py")
    }
    offenders = {k: v for k, v in offenders.items() if v}
    assert offenders == {}


def test_checker_detects_a_django_import(tmp_path: pathlib.Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("from django.db import models\n", encoding="utf-8")
    assert "django" in _imported_roots(bad)
