"""The JSON renderer of the evaluation endpoints: DRF's JSONRenderer, its bytes written by orjson.

An evaluation payload is ~40 KB of JSON (the engine's result, the priced BOM, every assumption with its
source). DRF's renderer, the standard library's encoder behind a Python `default`, took 0.3-0.6 ms of
each `POST /api/v1/evaluate/` (a request of ~5 ms of CPU); orjson writes the same document in ~0.05 ms
(docs/performance.md). orjson rather than our own encoder: a well-kept, widely used library (Rust, with
its own float formatting and UTF-8 validation), and the renderer only has to keep DRF's semantics:

- what orjson does not know natively (Decimal, lazy strings, querysets, datetimes, which orjson would
  write in its own format) goes through DRF's own encoder (`rest_framework.utils.encoders.JSONEncoder`),
  so those values read as DRF writes them;
- keys that are not strings become strings, as the standard library writes them;
- U+2028 and U+2029 are escaped, as DRF escapes them (JavaScript string literals before ES2019 end
  at them);
- an indented response (the browsable API, `Accept: application/json; indent=4`) and anything orjson
  refuses (an integer beyond 64 bits, a type neither knows) are left to DRF's renderer: its output, or
  its error.

Not the same: a float is written in orjson's shortest round-trip form, with exponents as `1e-5`
rather than Python's `1e-05` (the same number for every JSON reader), and a non-finite float would be
written as null where DRF raises. Only the evaluation views use this renderer, and every number of
theirs comes from the engine's publisher, which refuses a non-finite number before it gets here
(sizing.units.rounded_all; core/tests/test_renderers.py holds both).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import orjson
from rest_framework.renderers import JSONRenderer
from rest_framework.utils.encoders import JSONEncoder

_DRF_ENCODER = JSONEncoder()
_OPTIONS = (
    orjson.OPT_NON_STR_KEYS
    | orjson.OPT_PASSTHROUGH_DATETIME
    | orjson.OPT_PASSTHROUGH_DATACLASS
    | orjson.OPT_PASSTHROUGH_SUBCLASS
)
_LINE_SEPARATOR, _PARAGRAPH_SEPARATOR = "\u2028".encode(), "\u2029".encode()


class EvaluationJSONRenderer(JSONRenderer):
    """application/json through orjson, as DRF's JSONRenderer writes it (see the module docstring)."""

    def render(
        self,
        data: Any,
        accepted_media_type: str | None = None,
        renderer_context: Mapping[str, Any] | None = None,
    ) -> bytes:
        if data is None:
            return b""
        if self.get_indent(accepted_media_type or "", renderer_context or {}) is not None:
            return super().render(data, accepted_media_type, renderer_context)
        try:
            out = orjson.dumps(data, default=_DRF_ENCODER.default, option=_OPTIONS)
        except orjson.JSONEncodeError:
            return super().render(data, accepted_media_type, renderer_context)
        if _LINE_SEPARATOR in out or _PARAGRAPH_SEPARATOR in out:
            out = out.replace(_LINE_SEPARATOR, b"\\u2028").replace(_PARAGRAPH_SEPARATOR, b"\\u2029")
        return out
