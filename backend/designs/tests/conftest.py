"""Shared fixtures for the designs tests: the seed catalog, the demo users, a design factory."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from rest_framework.test import APIClient

ORACLE_QUARTER_PLATFORM: dict[str, Any] = {
    "family": "oracle-fs1",
    "storage_model": "FS1-2",
    "rac_nodes": 2,
    "arrays": 2,
    "drives_per_enclosure": 13,
}
OLTP_WORKLOAD: dict[str, Any] = {"kind": "oltp", "target_tps": 10000, "database_size_gb": 2000}


@pytest.fixture
def catalog(db: None) -> None:
    call_command("load_catalog", verbosity=0)


@pytest.fixture
def users(db: None) -> dict[str, Any]:
    """alice, carol (editors), bob (viewer) and erin (manager) in Presales A; dave (editor) in Presales B."""
    call_command("seed_demo_users", stdout=io.StringIO())
    return {
        u.username: u
        for u in get_user_model().objects.filter(username__in=["alice", "bob", "carol", "dave", "erin"])
    }


def client_for(user: Any | None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def design_payload(**overrides: Any) -> dict[str, Any]:
    payload: dict[str, Any] = {
        "name": "Bank core OLTP",
        "customer": "Example Bank",
        "workload": dict(OLTP_WORKLOAD),
        "platform": dict(ORACLE_QUARTER_PLATFORM),
        "reference_configuration": "oracle-fs1-quarter-rack",
    }
    payload.update(overrides)
    return payload


def create_design(user: Any, **overrides: Any) -> dict[str, Any]:
    response = client_for(user).post("/api/v1/designs/", design_payload(**overrides), format="json")
    assert response.status_code == 201, response.content
    return dict(response.json())


# Transaction control is not a query: ATOMIC_REQUESTS wraps each request in a savepoint and its release.
TRANSACTION_CONTROL = re.compile(
    r"^\s*(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE SAVEPOINT|ROLLBACK TO SAVEPOINT)\b", re.I
)


def queries_of(captured: Any) -> list[str]:
    """The SQL a CaptureQueriesContext saw, less transaction control."""
    return [q["sql"] for q in captured.captured_queries if not TRANSACTION_CONTROL.match(q["sql"])]
