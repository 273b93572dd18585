"""A wait as a person reads it: "15 minutes" rather than "897 s" (the lockout and the throttles' 429s)."""

from __future__ import annotations

from math import ceil


def wait_in_words(seconds: float) -> str:
    """Whole minutes, rounded up (so a retry at that time is not refused again); seconds under a
    minute. 897 -> "15 minutes", 60 -> "1 minute", 45 -> "45 seconds"."""
    seconds = max(1, ceil(seconds))
    if seconds < 60:
        return f"{seconds} second{'s' if seconds != 1 else ''}"
    minutes = ceil(seconds / 60)
    return f"{minutes} minute{'s' if minutes != 1 else ''}"
