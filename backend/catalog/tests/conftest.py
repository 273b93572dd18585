"""Fixtures for catalog tests."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.management import call_command
from rest_framework.test import APIClient


@pytest.fixture
def loaded_catalog(db: None) -> None:
    """The whole seed catalog from fixtures/*.yaml, loaded into the test database."""
    call_command("load_catalog", verbosity=0)


MINI_CATALOG = Path(__file__).parent / "data" / "mini"


@pytest.fixture
def mini_catalog(db: None) -> Path:
    """A small test catalog (catalog/tests/data/mini): 2 manufacturers, 2 parts, 1 configuration,
    1 curve with 2 points (3 values), 2 rules, all citing document `mini-doc`."""
    call_command("load_catalog", dir=MINI_CATALOG, verbosity=0)
    return MINI_CATALOG


@pytest.fixture
def admin_user(db: None) -> Any:
    return get_user_model().objects.create_user("admin", password="pw-admin-123", is_staff=True)


@pytest.fixture
def alice(db: None) -> Any:
    return get_user_model().objects.create_user("alice", password="pw-alice-123")


@pytest.fixture
def admin_client(admin_user: Any) -> APIClient:
    client = APIClient()
    client.force_authenticate(admin_user)
    return client


@pytest.fixture
def alice_client(alice: Any) -> APIClient:
    client = APIClient()
    client.force_authenticate(alice)
    return client


def catalog_row_counts() -> dict[str, int]:
    """Rows per model of the catalog and benchmarks apps (history tables included)."""
    return {
        m._meta.label: m._default_manager.count()
        for app in ("catalog", "benchmarks")
        for m in apps.get_app_config(app).get_models()
    }
