"""Racing curve imports (the catalog's: catalog/tests/test_racing_imports.py): the same import N times
at once gives one 201 and 400s, two different imports of one curve: one wins entirely. Before: all
racers passed the "slug is new" check and failed at insert (500; all six in one run)."""

from __future__ import annotations

from typing import Any

import pytest

from benchmarks.models import BenchmarkCurve, PointValue
from catalog.tests.racing import RACERS, post_csv, race

pytestmark = [pytest.mark.usefixtures("mini_catalog"), pytest.mark.django_db(transaction=True)]

CURVE_CSV = (
    "curve,title,configuration,source_document,tool,point,source_locator,quantity,value,unit\n"
    "race-curve,{label},acme-a100,mini-doc,orion,1,Table 4,max_iops,{iops},IOPS\n"
    "race-curve,,,,,2,Table 4,max_iops,{iops2},IOPS\n"
)


def test_the_same_curve_import_n_times_at_once_one_201_the_rest_400(admin_user: Any) -> None:
    text = CURVE_CSV.format(label="same", iops=5000, iops2=4000)
    results = race(
        {f"import {i}": post_csv(admin_user, "/api/v1/import/curves/", text) for i in range(RACERS)}
    )
    assert sorted(results.values()) == [201] + [400] * (RACERS - 1), results
    curve = BenchmarkCurve.objects.get(slug="race-curve")
    assert list(curve.history.values_list("history_type", flat=True)) == ["+"]
    values = sorted(PointValue.objects.filter(point__curve=curve).values_list("value", flat=True))
    assert [int(v) for v in values] == [4000, 5000]


def test_two_different_curve_imports_one_wins_entirely(admin_user: Any) -> None:
    results = race(
        {
            "first": post_csv(
                admin_user, "/api/v1/import/curves/", CURVE_CSV.format(label="first", iops=1, iops2=2)
            ),
            "second": post_csv(
                admin_user, "/api/v1/import/curves/", CURVE_CSV.format(label="second", iops=3, iops2=4)
            ),
        }
    )
    assert sorted(results.values()) == [201, 400], results
    winner = next(label for label, status in results.items() if status == 201)
    curve = BenchmarkCurve.objects.get(slug="race-curve")
    values = sorted(
        int(v) for v in PointValue.objects.filter(point__curve=curve).values_list("value", flat=True)
    )
    assert (curve.title, values) == {"first": ("first", [1, 2]), "second": ("second", [3, 4])}[winner]
