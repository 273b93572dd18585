"""The load drill's traffic (scripts/loadtest.sh runs it with locust against gunicorn): a presales
engineer signs in, lists designs, evaluates an unsaved design as they type, opens a saved design's
evaluation and exports its proposal PDF. Each request is reported under one of ENDPOINTS.

Demo accounts (seed_demo_users, password DEMO_PASSWORD) sign in with a token; each simulated user
saves one design to read back. All users sign in from 127.0.0.1, so the server must run with the
sign-in throttle raised (THROTTLE_TOKEN; scripts/loadtest.sh does).
"""

from __future__ import annotations

import itertools
import os
from typing import Any

from locust import HttpUser, between, task

SIGN_IN = "sign-in (POST /auth/token/)"
DESIGNS_LIST = "designs list (GET /designs/)"
EVALUATE = "evaluate (POST /evaluate/)"
DESIGN_EVALUATION = "saved design's evaluation (GET /designs/{id}/evaluation/)"
PDF_EXPORT = "proposal PDF (GET /designs/{id}/export/proposal.pdf)"
ENDPOINTS = (SIGN_IN, DESIGNS_LIST, EVALUATE, DESIGN_EVALUATION, PDF_EXPORT)

USERNAMES = itertools.cycle(["alice", "carol", "dave"])  # editors: they may save a design
PASSWORD = os.environ.get("DEMO_PASSWORD", "dbsizer-demo")
DESIGN: dict[str, Any] = {
    "name": "Load drill OLTP",
    "customer": "Load Bank",
    "workload": {"kind": "oltp", "target_tps": 10000, "database_size_gb": 2000},
    "platform": {
        "family": "oracle-fs1",
        "storage_model": "FS1-2",
        "rac_nodes": 2,
        "arrays": 2,
        "drives_per_enclosure": 13,
    },
    "reference_configuration": "oracle-fs1-quarter-rack",
}


class PresalesEngineer(HttpUser):
    wait_time = between(0.5, 1.5)

    def on_start(self) -> None:
        self.username = next(USERNAMES)
        self.sign_in()
        response = self.client.post("/api/v1/designs/", json=DESIGN, name="setup: save a design")
        response.raise_for_status()
        self.design_id = response.json()["id"]

    def sign_in(self) -> None:
        response = self.client.post(
            "/api/v1/auth/token/", json={"username": self.username, "password": PASSWORD}, name=SIGN_IN
        )
        if response.ok:
            self.client.headers["Authorization"] = f"Token {response.json()['token']}"

    @task(1)
    def sign_in_again(self) -> None:
        self.sign_in()

    @task(4)
    def designs_list(self) -> None:
        self.client.get("/api/v1/designs/", name=DESIGNS_LIST)

    @task(6)
    def evaluate(self) -> None:
        tps = 5000 + (id(self) % 50) * 100
        body = {
            "workload": {**DESIGN["workload"], "target_tps": tps},
            "platform": DESIGN["platform"],
            "reference_configuration": DESIGN["reference_configuration"],
        }
        self.client.post("/api/v1/evaluate/", json=body, name=EVALUATE)

    @task(3)
    def design_evaluation(self) -> None:
        self.client.get(f"/api/v1/designs/{self.design_id}/evaluation/", name=DESIGN_EVALUATION)

    @task(1)
    def pdf_export(self) -> None:
        with self.client.get(
            f"/api/v1/designs/{self.design_id}/export/proposal.pdf", name=PDF_EXPORT, catch_response=True
        ) as response:
            if response.ok and not response.content.startswith(b"%PDF-"):
                response.failure("not a PDF")
