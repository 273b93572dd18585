"""Fixtures for the seed-loading tests and the data tests test_measured_<doc>.py."""

from __future__ import annotations

import pytest
from django.core.management import call_command


@pytest.fixture
def loaded_catalog(db: None) -> None:
    """The whole seed catalog from fixtures/*.yaml, loaded into the test database."""
    call_command("load_catalog", verbosity=0)
