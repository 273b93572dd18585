"""The import contracts of pyproject.toml ([tool.importlinter]) hold, and each one fails when broken.

Each case copies the Python sources into a temporary tree, adds one forbidden import and runs
`lint-imports` there with the project's own configuration.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

BACKEND_DIR = Path(__file__).resolve().parents[2]
LINT_IMPORTS = Path(sys.executable).parent / "lint-imports"
ROOT_PACKAGES = tomllib.loads((BACKEND_DIR / "pyproject.toml").read_text(encoding="utf-8"))["tool"][
    "importlinter"
]["root_packages"]


def _lint_imports(directory: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache", "--no-logo"],
        cwd=directory,
        env={"PYTHONPATH": str(directory), "PATH": "/usr/bin:/bin", "NO_COLOR": "1", "COLUMNS": "200"},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


@pytest.fixture(scope="module")
def source_copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    target = tmp_path_factory.mktemp("backend")
    shutil.copy(BACKEND_DIR / "pyproject.toml", target)
    for package in ROOT_PACKAGES:
        shutil.copytree(
            BACKEND_DIR / package,
            target / package,
            ignore=lambda _dir, names: [n for n in names if not (n.endswith(".py") or "." not in n)],
        )
    return target


def test_the_real_tree_keeps_every_contract() -> None:
    result = _lint_imports(BACKEND_DIR)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


def test_the_copied_tree_keeps_every_contract(source_copy: Path) -> None:
    # Guards the cases below: they fail because of the import they add, not because of the copy.
    result = _lint_imports(source_copy)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize(
    ("module", "forbidden_import", "broken_contract"),
    [
        ("sizing/units.py", "import django.conf", "sizing imports no app, no reports and no web framework"),
        (
            "sizing/units.py",
            "import catalog.models",
            "sizing imports no app, no reports and no web framework",
        ),
        ("reports/text.py", "import rest_framework", "reports imports no app and no web framework"),
        ("reports/text.py", "import designs.models", "reports imports no app and no web framework"),
        (
            "reports/text.py",
            "import sizing.inputs",
            "reports reads the engine through the sizing package root",
        ),
        ("designs/compare.py", "import sizing", "only the adapter (engine_adapter) imports sizing"),
        ("seeds/loader.py", "import sizing.rules", "only the adapter (engine_adapter) imports sizing"),
        ("catalog/choices.py", "import benchmarks.models", "catalog does not import benchmarks or seeds"),
        ("catalog/units.py", "import seeds.loader", "catalog does not import benchmarks or seeds"),
        (
            "sizing/search.py",
            "import sizing.evaluator",
            "inside the engine: the recommender on the evaluator",
        ),
        (
            "sizing/oltp_checks.py",
            "import sizing.oltp_result",
            "inside the engine: the recommender on the evaluator",
        ),
        (
            "designs/services.py",
            "from rest_framework.exceptions import PermissionDenied",
            "services raise core.errors, not DRF exceptions",
        ),
    ],
)
def test_a_forbidden_import_breaks_its_contract(
    source_copy: Path, module: str, forbidden_import: str, broken_contract: str
) -> None:
    path = source_copy / module
    original = path.read_text(encoding="utf-8")
    path.write_text(f"{original}\n{forbidden_import}  # deliberate break\n", encoding="utf-8")
    try:
        result = _lint_imports(source_copy)
    finally:
        path.write_text(original, encoding="utf-8")
    assert result.returncode != 0
    broken = [line for line in result.stdout.splitlines() if re.search(r" BROKEN( \(|$)", line)]
    # A break can break a second contract too (sizing importing Django breaks "reports are pure" through
    # reports -> sizing), so the named one must be among the broken ones.
    assert any(line.startswith(broken_contract) for line in broken), result.stdout
