"""The load drill's locustfile (backend/loadtest/locustfile.py, run by `make loadtest`) imports, its
tasks are the five endpoints the drill reports, and each names a route the API has. No load here: the
60 s run is `make loadtest`, not part of `make test`."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from django.urls import resolve

BACKEND = Path(__file__).resolve().parents[2]

# Imported in a child process: importing locust monkey-patches the standard library (gevent).
PROBE = """
import json
from loadtest import locustfile as f
print(json.dumps({
    "endpoints": list(f.ENDPOINTS),
    "tasks": sorted({t.__name__ for t in f.PresalesEngineer.tasks}),  # a task repeats per weight
}))
"""


def test_the_locustfile_imports_and_its_tasks_name_the_five_endpoints() -> None:
    done = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=BACKEND, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found["tasks"] == [
        "design_evaluation",
        "designs_list",
        "evaluate",
        "pdf_export",
        "sign_in_again",
    ]
    methods_and_paths = [re.search(r"\((\w+) (/[^)]*)\)", name).groups() for name in found["endpoints"]]  # type: ignore[union-attr]
    assert methods_and_paths == [
        ("POST", "/auth/token/"),
        ("GET", "/designs/"),
        ("POST", "/evaluate/"),
        ("GET", "/designs/{id}/evaluation/"),
        ("GET", "/designs/{id}/export/proposal.pdf"),
    ]
    for _, path in methods_and_paths:
        match = resolve("/api/v1" + path.replace("{id}", "1"))
        assert match.url_name != "spa", path
