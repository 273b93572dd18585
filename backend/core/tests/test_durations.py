from __future__ import annotations

import pytest
from rest_framework.exceptions import Throttled

from core.durations import wait_in_words
from core.exception_handler import exception_handler


@pytest.mark.parametrize(
    ("seconds", "words"),
    [(897, "15 minutes"), (900, "15 minutes"), (61, "2 minutes"), (60, "1 minute"), (59, "59 seconds"),
     (1, "1 second"), (0.2, "1 second")],
)  # fmt: skip
def test_a_wait_reads_in_minutes_and_under_a_minute_in_seconds(seconds: float, words: str) -> None:
    assert wait_in_words(seconds) == words


def test_a_throttled_request_says_minutes() -> None:
    response = exception_handler(Throttled(wait=897), {})
    assert response is not None and response.status_code == 429
    assert response.data == {"detail": "Request was throttled: try again in 15 minutes."}
