"""The seam, enforced: the Django apps reach the engine through its adapter package (performance)
only, and the pure `reports` package reads the engine's public API (`from sizing import ...`), never
its internal modules. (Tests may import anything.)"""

from __future__ import annotations

import ast
import pathlib

BACKEND = pathlib.Path(__file__).resolve().parents[2]
ADAPTER = "performance"
ENGINE = "sizing"


def _imports(path: pathlib.Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.append(node.module)
    return out


def _modules(package: str) -> list[pathlib.Path]:
    return [
        p for p in (BACKEND / package).rglob("*.py") if "tests" not in p.parts and "migrations" not in p.parts
    ]


def _engine_imports(paths: list[pathlib.Path]) -> dict[str, list[str]]:
    found = {}
    for path in paths:
        names = [n for n in _imports(path) if n == ENGINE or n.startswith(ENGINE + ".")]
        if names:
            found[str(path.relative_to(BACKEND))] = names
    return found


def _django_apps() -> list[str]:
    return sorted(p.parent.name for p in BACKEND.glob("*/apps.py"))


def test_only_the_adapter_imports_the_engine() -> None:
    apps = [app for app in _django_apps() if app != ADAPTER]
    assert "designs" in apps and "catalog" in apps
    offenders = _engine_imports([path for app in apps for path in _modules(app)])
    assert not offenders, f"import the engine through {ADAPTER}.engine: {offenders}"


def test_reports_read_only_the_engines_public_api() -> None:
    imports = _engine_imports(_modules("reports"))
    assert imports, "reports builds its document from the typed evaluation"
    internal = {path: names for path, names in imports.items() if any(n != ENGINE for n in names)}
    assert not internal, internal


def test_the_check_sees_an_internal_import(tmp_path: pathlib.Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("from sizing.bom import Bom\nimport sizing\n", encoding="utf-8")
    assert _imports(module) == ["sizing.bom", "sizing"]
