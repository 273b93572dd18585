"""reports must stay importable without Django (it is rendered and tested without a database)."""

import ast
import pathlib

PACKAGE_DIR = pathlib.Path(__file__).resolve().parent.parent
FORBIDDEN = {
    "django",
    "rest_framework",
    "catalog",
    "benchmarks",
    "designs",
    "accounts",
    "core",
    "performance",
}


def _imported_roots(path: pathlib.Path) -> set[str]:
    roots: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


def test_reports_imports_no_web_layer() -> None:
    offenders = {
        str(p.relative_to(PACKAGE_DIR)): sorted(_imported_roots(p) & FORBIDDEN)
        for p in PACKAGE_DIR.rglob("*.py")
    }
    assert {k: v for k, v in offenders.items() if v} == {}


def test_checker_detects_a_django_import(tmp_path: pathlib.Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("from django.http import HttpResponse\n", encoding="utf-8")
    assert "django" in _imported_roots(bad)
