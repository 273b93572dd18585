"""Numbers survive import and export exactly (no binary floats anywhere on the way): prices with two
decimals and measured values with up to six, through CSV and JSON."""

from __future__ import annotations

import csv
import io
import itertools
import json
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

pytestmark = pytest.mark.usefixtures("mini_catalog")

PRICES = st.decimals(min_value=0, max_value=Decimal("999999999999.99"), places=2, allow_nan=False)
VALUES = st.decimals(min_value=0, max_value=Decimal("99999999999999.999999"), places=6, allow_nan=False)
SETTINGS = settings(
    max_examples=25,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
_names = itertools.count()


@SETTINGS
@given(prices=st.tuples(PRICES, PRICES))
def test_prices_round_trip_exactly(admin_client: APIClient, prices: tuple[Decimal, Decimal]) -> None:
    text = f"manufacturer,part_number,unit_price\nacme,A-100,{prices[0]}\noracle,7110316,{prices[1]}\n"
    created = admin_client.generic(
        "POST",
        "/api/v1/import/price-books/?name=P&currency=USD&effective_date=2026-01-01",
        text,
        content_type="text/csv",
    )
    assert created.status_code == 201, created.content
    book = created.json()["id"]
    rows = list(
        csv.DictReader(
            io.StringIO(admin_client.get(f"/api/v1/price-books/{book}/export/?as=csv").content.decode())
        )
    )
    assert [Decimal(r["unit_price"]) for r in rows] == list(prices)
    as_json: list[dict[str, Any]] = admin_client.get(f"/api/v1/price-books/{book}/export/").json()
    assert [Decimal(r["unit_price"]) for r in as_json] == list(prices)
    assert all(isinstance(r["unit_price"], str) for r in as_json)


@SETTINGS
@given(value=VALUES)
def test_measured_values_round_trip_exactly(admin_client: APIClient, value: Decimal) -> None:
    slug = f"exact-{next(_names)}"
    curve = {
        "slug": slug,
        "title": "exactness",
        "configuration": "acme-a100",
        "tool": "other",
        "source_document": "mini-doc",
        "points": [
            {
                "values": [{"quantity": "throughput", "value": "__V__", "unit": "MB/s"}],
                "source_locator": "T",
            }
        ],
    }
    # The value goes as a JSON number literal: up to 20 significant digits, more than a float holds.
    body = json.dumps([curve]).replace('"__V__"', str(value))
    response = admin_client.generic("POST", "/api/v1/import/curves/", body, content_type="application/json")
    assert response.status_code == 201, response.content
    exported = admin_client.get(f"/api/v1/curves/{slug}/export/?as=csv").content.decode()
    (row,) = list(csv.DictReader(io.StringIO(exported)))
    assert Decimal(row["value"]) == value
    detail = admin_client.get(f"/api/v1/curves/{slug}/").json()
    assert Decimal(detail["points"][0]["values"][0]["value"]) == value
