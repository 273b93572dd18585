from __future__ import annotations

import pytest
from django.core.management import call_command

PASSWORD = "dbsizer-demo"


@pytest.fixture
def demo_users(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DEMO_PASSWORD", raising=False)  # the documented default
    call_command("seed_demo_users", verbosity=0)
