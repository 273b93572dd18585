"""Racing requests for the drills: start calls together, each thread on its own connection."""

from __future__ import annotations

import threading
from collections.abc import Callable
from functools import partial
from typing import Any

from django.db import connection
from rest_framework.test import APIClient

RACERS = 6


def race(calls: dict[str, Callable[[], Any]]) -> dict[str, int]:
    """Start the calls together, each thread on its own connection; a view's unhandled exception (the
    test client re-raises it) is the server's 500."""
    barrier = threading.Barrier(len(calls))
    results: dict[str, int] = {}

    def run(label: str, call: Callable[[], Any]) -> None:
        try:
            barrier.wait()
            results[label] = call().status_code
        except Exception:
            results[label] = 500
            raise
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=item) for item in calls.items()]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def post_csv(admin_user: Any, url: str, text: str) -> Callable[[], Any]:
    client = APIClient()
    client.force_authenticate(admin_user)
    return partial(client.generic, "POST", url, text, content_type="text/csv")
