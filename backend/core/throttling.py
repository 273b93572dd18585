"""Request throttling: DRF's scoped rate throttle, with the rates of REST_FRAMEWORK
["DEFAULT_THROTTLE_RATES"] read when a request is checked (DRF binds them once, at import).

A view opts in with `throttle_classes = [ScopedRateThrottle]` and a `throttle_scope`; an anonymous
caller is counted by client address (honouring NUM_PROXIES), a signed-in one by user. A throttled
request is a 429 `{"detail"}` with Retry-After.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from rest_framework import throttling


class ScopedRateThrottle(throttling.ScopedRateThrottle):
    def get_rate(self) -> str | None:
        rates: Any = settings.REST_FRAMEWORK.get("DEFAULT_THROTTLE_RATES", {})
        self.THROTTLE_RATES = rates
        return super().get_rate()
