"""Shared pytest fixtures for every Django app (the engine's own tests need none of these)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient


@pytest.fixture
def api_client() -> APIClient:
    return APIClient()
