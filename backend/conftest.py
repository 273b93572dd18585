"""Shared pytest fixtures for every Django app (the engine's own tests need none of these)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
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


@pytest.fixture
def throttle_rates(monkeypatch: pytest.MonkeyPatch) -> Callable[..., None]:
    """Set scoped throttle rates for one test, e.g. throttle_rates(**{"share-link": "2/min"})."""

    def set_rates(**rates: str) -> None:
        current: Any = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
        merged = {**current, **rates}
        monkeypatch.setitem(settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES", merged)

    return set_rates
