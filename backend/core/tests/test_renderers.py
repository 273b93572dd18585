"""core.renderers.EvaluationJSONRenderer writes what DRF's JSONRenderer writes (its module docstring
names the one difference, a float's exponent form), for the values DRF's encoder treats specially."""

from __future__ import annotations

import datetime
import decimal
import json
import math
import uuid
from typing import Any

import pytest
from django.utils.translation import gettext_lazy
from rest_framework.renderers import JSONRenderer

from core.renderers import EvaluationJSONRenderer

ours, drf = EvaluationJSONRenderer(), JSONRenderer()


@pytest.mark.parametrize(
    "data",
    [
        {"money": decimal.Decimal("1234.50"), "none": None, "flag": True, "n": 3, "x": 0.1 + 0.2},
        {"at": datetime.datetime(2026, 11, 29, 10, 30, 15, 123456, tzinfo=datetime.UTC)},
        {"naive": datetime.datetime(2026, 11, 29, 10, 30, 15, 123456), "day": datetime.date(2026, 11, 29)},
        {"time": datetime.time(10, 30, 15, 250000), "id": uuid.UUID(int=16)},
        {"lazy": gettext_lazy("This field is required."), "bytes": b"raw"},
        {1: "integer keys", 2.5: "float keys", False: "a boolean key", None: "no key"},
        {"text": "café, 1 µs, ≤ 30 min \u2028 and \u2029 and </script>"},
        [{"nested": [[1, 2.5, "3"], {"deep": [None]}]}, (4, 5)],
        {"huge": 2**70},
        {"a list of numbers": [1.0, 2.25, 1234.5, 67.62192021753197, 0.8832060709909889, -0.0, 1e15]},
    ],
)
def test_the_same_bytes_as_drf(data: Any) -> None:
    assert ours.render(data) == drf.render(data)


def test_none_is_an_empty_body() -> None:
    assert ours.render(None) == drf.render(None) == b""


def test_an_indented_response_is_drf_s_own() -> None:
    data = {"a": [1, 2], "b": {"c": 1e-5}}
    assert ours.render(data, "application/json; indent=4") == drf.render(data, "application/json; indent=4")
    assert ours.render(data, None, {"indent": 2}) == drf.render(data, None, {"indent": 2})


def test_exponents_read_as_the_same_numbers() -> None:
    """The one documented difference: orjson writes 1e-5 where Python writes 1e-05."""
    data = {"small": 1e-5, "large": 1.5e20, "tiny": 5e-324}
    assert json.loads(ours.render(data)) == json.loads(drf.render(data)) == data


def test_a_type_neither_knows_is_drf_s_error() -> None:
    class Opaque:
        pass

    with pytest.raises(TypeError):
        drf.render({"x": Opaque()})
    with pytest.raises(TypeError):
        ours.render({"x": Opaque()})


def test_a_non_finite_number_is_written_as_null_where_drf_refuses_it() -> None:
    """Why only the evaluation views use it: their numbers are published by the engine, which refuses a
    non-finite one (sizing/tests/test_units.py); here is what would happen otherwise."""
    with pytest.raises(ValueError, match="JSON compliant"):
        drf.render({"x": math.nan})
    assert ours.render({"x": math.nan}) == b'{"x":null}'
