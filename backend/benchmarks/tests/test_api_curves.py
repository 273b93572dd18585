"""The curves endpoint (nested points with values and units) and curve import/export."""

from __future__ import annotations

import csv
import io
from decimal import Decimal
from typing import Any

import pytest
from rest_framework.test import APIClient

from benchmarks.models import BenchmarkCurve, PointValue
from catalog.tests.conftest import catalog_row_counts

pytestmark = pytest.mark.usefixtures("mini_catalog")

CURVE_CSV = (
    "curve,title,configuration,source_document,tool,block_size_kb,read_pct,point,conditions,source_locator,"
    "quantity,value,unit\n"
    'new-curve,New ORION run,acme-a100,mini-doc,orion,8,70,1,"{""read_pct"": 100}",Table 4,max_iops,5000,IOPS\n'
    ",,,,,,,1,,Table 4,latency_limit,20,ms\n"
    "new-curve,,,,,,,2,,Table 4 row 2,max_iops,4100.25,IOPS\n"
)


def post_csv(client: APIClient, text: str) -> Any:
    return client.generic("POST", "/api/v1/import/curves/", text, content_type="text/csv")


def rejected(response: Any) -> list[tuple[int, str, str]]:
    assert response.status_code == 400, response.content
    return [(e["row"], e["field"], e["message"]) for e in response.json()["errors"]]


def test_curve_detail_has_points_values_units_and_sources(api_client: APIClient) -> None:
    body = api_client.get("/api/v1/curves/mini-orion/").json()
    assert body["configuration"] == "acme-a100"
    assert body["tool"] == "orion"
    assert body["read_pct"] == "70.00"
    assert [p["position"] for p in body["points"]] == [1, 2]
    first = body["points"][0]
    assert first["source_document"] == "mini-doc"
    assert first["source_locator"] == "Table 3, test 1"
    assert first["conditions"] == {"read_pct": 100}
    assert first["values"] == [
        {"quantity": "latency_limit", "value": "20.000000", "unit": "ms"},
        {"quantity": "max_iops", "value": "4857.000000", "unit": "IOPS"},
    ]
    assert api_client.get("/api/v1/curves/no-such-curve/").status_code == 404


@pytest.mark.parametrize(
    ("query", "count"),
    [
        ("configuration=acme-a100", 1),
        ("configuration=other", 0),
        ("tool=orion", 1),
        ("tool=slob", 0),
        ("document=mini-doc", 1),
        ("document=other-doc", 0),
        ("block_size_kb=8", 1),
        ("block_size_kb=64", 0),
        ("read_pct=70", 1),
        ("read_pct=100", 0),
        ("quantity=max_iops", 1),
        ("quantity=tps", 0),
        ("search=ORION", 1),
    ],
)
def test_curve_filters(api_client: APIClient, query: str, count: int) -> None:
    response = api_client.get(f"/api/v1/curves/?{query}")
    assert response.status_code == 200
    assert response.json()["count"] == count


def test_csv_curve_import(admin_client: APIClient, api_client: APIClient) -> None:
    response = post_csv(admin_client, CURVE_CSV.replace(",,,,,,,1,,", "new-curve,,,,,,,1,,"))
    assert response.status_code == 201, response.content
    assert response.json() == {"created": ["new-curve"]}
    curve = BenchmarkCurve.objects.get(slug="new-curve")
    assert curve.from_fixtures is False
    values = PointValue.objects.filter(point__curve=curve).order_by("point__position", "quantity")
    assert [(v.point.position, v.quantity, v.value, v.unit) for v in values] == [
        (1, "latency_limit", Decimal("20"), "ms"),
        (1, "max_iops", Decimal("5000"), "IOPS"),
        (2, "max_iops", Decimal("4100.25"), "IOPS"),
    ]
    assert curve.points.get(position=1).conditions == {"read_pct": 100}
    assert curve.points.get(position=2).source_locator == "Table 4 row 2"


CSV_OK = CURVE_CSV.replace(",,,,,,,1,,", "new-curve,,,,,,,1,,")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # negative IOPS
        (CSV_OK.replace("5000", "-5000"), (1, "value", "a measured value cannot be negative")),
        # unknown unit
        (CSV_OK.replace(",20,ms", ",20,fortnights"), (2, "unit", "unknown unit 'fortnights'")),
        # a unit that does not fit the quantity
        (CSV_OK.replace("4100.25,IOPS", "4100.25,MB/s"), (3, "unit", "does not fit quantity 'max_iops'")),
        # a point citing no source
        (
            CSV_OK.replace("Table 4 row 2", ""),
            (3, "source_locator", "must cite its table, figure or section"),
        ),
        # unparsable number
        (CSV_OK.replace("4100.25", "4,100"), (3, "row", "14 fields where the header has 13")),
        (CSV_OK.replace("4100.25", "lots"), (3, "value", "A valid number is required.")),
        # wrong columns
        (CSV_OK.replace("quantity,", "qty,"), (0, "qty", "unknown column")),
        (CSV_OK.replace("quantity,", "qty,"), (0, "quantity", "missing column")),
        # unknown configuration / document / tool
        (CSV_OK.replace("acme-a100", "acme-z9"), (1, "configuration", "slug=acme-z9 does not exist")),
        (CSV_OK.replace("mini-doc", "other-doc"), (1, "source_document", "slug=other-doc does not exist")),
        (CSV_OK.replace("orion", "stopwatch"), (1, "tool", '"stopwatch" is not a valid choice.')),
        # an existing curve slug
        (CSV_OK.replace("new-curve", "mini-orion"), (1, "slug", "already exists")),
        # the same quantity twice in a point
        (
            CSV_OK.replace("latency_limit,20,ms", "max_iops,20,IOPS"),
            (2, "quantity", "'max_iops' given twice"),
        ),
        # a bad point number
        (CSV_OK.replace(",2,,Table 4 row 2", ",two,,Table 4 row 2"), (3, "point", "a point number")),
        # conditions that are not JSON
        (CSV_OK.replace('"{""read_pct"": 100}"', "read 100"), (1, "conditions", "not a JSON object")),
        # conditions that are not named scalars (the fixture schema's rule)
        (
            CSV_OK.replace('"{""read_pct"": 100}"', '"{""read_pct"": [70, 100]}"'),
            (1, "conditions", "each condition must be"),
        ),
    ],
)
def test_bad_curve_csv_is_rejected_and_writes_nothing(
    admin_client: APIClient, text: str, expected: tuple[int, str, str]
) -> None:
    before = catalog_row_counts()
    errors = rejected(post_csv(admin_client, text))
    assert any(e[0] == expected[0] and e[1] == expected[1] and expected[2] in e[2] for e in errors), errors
    assert catalog_row_counts() == before


def test_json_curve_import_reports_nested_paths(admin_client: APIClient) -> None:
    curve = {
        "slug": "json-curve",
        "title": "JSON curve",
        "configuration": "acme-a100",
        "tool": "slob",
        "source_document": "mini-doc",
        "points": [
            {
                "values": [{"quantity": "read_iops", "value": 197601, "unit": "IOPS"}],
                "source_locator": "Table 11",
            },
            {"values": [{"quantity": "read_iops", "value": -1, "unit": "IOPS"}], "source_locator": ""},
        ],
    }
    before = catalog_row_counts()
    errors = rejected(admin_client.post("/api/v1/import/curves/", [curve], format="json"))
    assert (1, "points.1.values.0.value", "a measured value cannot be negative") in errors
    assert (1, "points.1.source_locator", "a measured point must cite its table, figure or section") in errors
    assert catalog_row_counts() == before
    curve["points"] = curve["points"][:1]
    response = admin_client.post("/api/v1/import/curves/", {"curves": [curve]}, format="json")
    assert response.status_code == 201, response.content
    assert PointValue.objects.get(point__curve__slug="json-curve").value == Decimal("197601")


def test_curve_export_round_trips(admin_client: APIClient, api_client: APIClient) -> None:
    exported = api_client.get("/api/v1/curves/mini-orion/export/?as=csv")
    assert exported.status_code == 200
    rows = list(csv.DictReader(io.StringIO(exported.content.decode())))
    assert [(r["point"], r["quantity"], r["value"], r["unit"], r["source_locator"]) for r in rows] == [
        ("1", "latency_limit", "20.000000", "ms", "Table 3, test 1"),
        ("1", "max_iops", "4857.000000", "IOPS", "Table 3, test 1"),
        ("2", "max_iops", "3960.500000", "IOPS", "Table 3, test 2"),
    ]
    copy = exported.content.decode().replace("mini-orion", "mini-orion-copy")
    assert post_csv(admin_client, copy).status_code == 201
    original = api_client.get("/api/v1/curves/mini-orion/").json()
    copied = api_client.get("/api/v1/curves/mini-orion-copy/").json()
    for body in (original, copied):
        body.pop("id")
        body.pop("slug")
        body.pop("from_fixtures")
    assert copied == original
    # JSON export is the JSON import format
    as_json = api_client.get("/api/v1/curves/mini-orion/export/").json()
    as_json["slug"] = "mini-orion-json"
    assert admin_client.post("/api/v1/import/curves/", [as_json], format="json").status_code == 201
