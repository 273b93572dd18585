"""Shared pytest fixtures for every Django app (the engine's own tests need none of these)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.core.cache import cache
from rest_framework.test import APIClient


@pytest.fixture
def api_client() -> APIClient:
    return APIClient()


@pytest.fixture(autouse=True)
def _fresh_cache() -> Iterator[None]:
    """Throttle counters live in the cache: every test starts with none."""
    cache.clear()
    yield
    cache.clear()


# Django's PBKDF2 (1,000,000 iterations) costs about 0.2 s a password, and the demo users alone are five
# per test. Where a password is only how a test user comes to exist, Django's fast hasher for test runs
# does (Django's own advice); accounts/tests, where signing in is the subject, keep the production ones.
PRODUCTION_HASHERS_UNDER = Path(__file__).resolve().parent / "accounts" / "tests"


@pytest.fixture(autouse=True)
def _password_hashers(request: pytest.FixtureRequest, settings: Any) -> None:
    if PRODUCTION_HASHERS_UNDER not in Path(request.node.path).parents:
        settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def throttle_rates(monkeypatch: pytest.MonkeyPatch) -> Callable[..., None]:
    """Set scoped throttle rates for one test, e.g. throttle_rates(**{"share-link": "2/min"})."""

    def set_rates(**rates: str) -> None:
        current: Any = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
        merged = {**current, **rates}
        monkeypatch.setitem(settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES", merged)

    return set_rates
