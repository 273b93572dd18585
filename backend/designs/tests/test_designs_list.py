"""The designs list: rows carry what the list shows (the latest revision, and the verdict, throughput
and cost evaluated when the design was saved), its queries do not grow with the designs, and its
rows stay the caller's own and team's live designs. Issue 16 (list time) and issue 15 finding 10
(no verdict, TPS or cost column)."""

from __future__ import annotations

import datetime
import importlib
from decimal import Decimal
from typing import Any

import pytest
from django.apps import apps as django_apps
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts.models import Team
from catalog.models import Part, PriceBook, PriceBookEntry
from designs.headline import NOT_EVALUATED
from designs.models import Design
from designs.tests.conftest import ORACLE_QUARTER_PLATFORM, client_for, create_design

pytestmark = pytest.mark.django_db

DSS_WORKLOAD = {"kind": "dss", "target_throughput_mb_s": 300, "database_size_gb": 1000}
XTREMIO = {"family": "xtremio", "storage_model": "X-Brick", "reference": "xtremio-two-xbrick-cluster",
           "rac_nodes": 4, "arrays": 2}  # fmt: skip
# The fields a list row carries; the detail's inputs, pins and overrides are not among them.
ROW_FIELDS = {
    "id", "name", "customer", "description", "owner", "team", "visibility", "status", "platform",
    "version", "etag", "revision", "my_role", "permissions", "created", "updated", "headline",
}  # fmt: skip


def _rows(user: Any, query: str = "") -> dict[int, dict[str, Any]]:
    response = client_for(user).get(f"/api/v1/designs/{query}")
    assert response.status_code == 200, response.content
    return {row["id"]: row for row in response.json()["results"]}


def _list_queries(user: Any) -> tuple[int, int]:
    with CaptureQueriesContext(connection) as queries:
        response = client_for(user).get("/api/v1/designs/")
    assert response.status_code == 200
    return len(response.json()["results"]), len(queries)


def _price_book(*part_numbers: str) -> PriceBook:
    book = PriceBook.objects.create(
        name="List test", currency="EUR", version=1, effective_date=datetime.date(2016, 1, 1)
    )
    for number in part_numbers:
        PriceBookEntry.objects.create(
            price_book=book, part=Part.objects.filter(part_number=number)[0], unit_price=Decimal("1000.10")
        )
    return book


def test_list_queries_do_not_grow_from_3_to_30_designs(catalog: None, users: dict[str, Any]) -> None:
    """Owned and team designs, with overrides and several revisions: the page costs the same queries."""
    team = Team.objects.get(slug="presales-a").pk

    def add(count: int, start: int) -> None:
        for i in range(start, start + count):
            owner = users["alice"] if i % 2 else users["carol"]
            design = create_design(
                owner,
                name=f"d{i}",
                team=team,
                visibility="team",
                workload=DSS_WORKLOAD if i % 3 == 0 else {"kind": "oltp", "users": 1000 + i},
                bom_overrides=[{"section": "storage", "part_number": f"X-{i}", "quantity": 1,
                                "description": "spare", "reason": "spare"}] if i % 4 == 0 else [],
            )  # fmt: skip
            if i % 5 == 0:
                client_for(owner).patch(
                    f"/api/v1/designs/{design['id']}/",
                    {"description": "edited"},
                    format="json",
                    headers={"If-Match": design["etag"]},
                )

    add(3, 0)
    few_rows, few = _list_queries(users["alice"])
    add(27, 3)
    many_rows, many = _list_queries(users["alice"])
    assert (few_rows, many_rows) == (3, 30)
    assert many == few


def test_a_row_carries_what_the_list_shows_and_the_detail_keeps_its_payload(
    catalog: None, users: dict[str, Any]
) -> None:
    design = create_design(users["alice"])
    row = _rows(users["alice"])[design["id"]]
    assert set(row) == ROW_FIELDS
    detail = client_for(users["alice"]).get(f"/api/v1/designs/{design['id']}/").json()
    assert "headline" not in detail
    assert {"workload", "rule_versions", "bom_overrides", "reference_configuration", "price_book"} <= set(
        detail
    )
    assert {key: detail[key] for key in ROW_FIELDS - {"headline"}} == {
        key: row[key] for key in ROW_FIELDS - {"headline"}
    }


def test_the_headline_is_the_saved_designs_evaluation(catalog: None, users: dict[str, Any]) -> None:
    """Verdict, TPS (OLTP) or MB/s (DSS) with its unit, and the cost in the design's price book, as
    GET .../evaluation/ answers for the same revision; without a price book the cost is null and
    says why."""
    alice = client_for(users["alice"])
    oltp = create_design(users["alice"], name="OLTP")
    dss = create_design(
        users["alice"],
        name="DSS",
        workload=DSS_WORKLOAD,
        platform=XTREMIO,
        reference_configuration="xtremio-two-xbrick-cluster",
    )
    book = _price_book("7110316")
    priced = create_design(users["alice"], name="Priced", price_book=book.pk)
    rows = _rows(users["alice"])

    for design, figure in ((oltp, "max_sustained_tps"), (dss, "sustained_throughput")):
        evaluation = alice.get(f"/api/v1/designs/{design['id']}/evaluation/").json()
        headline = rows[design["id"]]["headline"]
        assert headline["verdict"] == evaluation["evaluation"]["verdict"]
        assert headline["throughput"] == evaluation["evaluation"]["summary"][figure]
        assert headline["cost"] == {"total": None, "currency": None, "note": "No price book chosen"}
        assert headline["note"] is None
    assert rows[oltp["id"]]["headline"]["throughput"]["unit"] == "TPS"
    assert rows[dss["id"]]["headline"]["throughput"]["unit"] == "MB/s"

    bom = alice.get(f"/api/v1/designs/{priced['id']}/evaluation/").json()["bom"]
    assert bom["total"] is not None and bom["unpriced_lines"] > 0
    assert rows[priced["id"]]["headline"]["cost"] == {
        "total": bom["total"],
        "currency": "EUR",
        "note": f"{bom['unpriced_lines']} BOM lines without a price: the total excludes them",
    }


def test_a_save_updates_the_row_and_the_trash_keeps_the_headline(
    catalog: None, users: dict[str, Any]
) -> None:
    alice = client_for(users["alice"])
    design = create_design(users["alice"])
    before = _rows(users["alice"])[design["id"]]
    assert before["revision"] == 1
    response = alice.patch(
        f"/api/v1/designs/{design['id']}/",
        {"platform": {**ORACLE_QUARTER_PLATFORM, "rac_nodes": 4}},
        format="json",
        headers={"If-Match": design["etag"]},
    )
    assert response.status_code == 200, response.content
    after = _rows(users["alice"])[design["id"]]
    assert after["revision"] == 2 and after["etag"] == response.json()["etag"]
    evaluation = alice.get(f"/api/v1/designs/{design['id']}/evaluation/").json()["evaluation"]
    assert after["headline"]["throughput"] == evaluation["summary"]["max_sustained_tps"]
    assert after["headline"]["throughput"] != before["headline"]["throughput"]

    assert alice.delete(f"/api/v1/designs/{design['id']}/").status_code == 204
    assert design["id"] not in _rows(users["alice"])
    assert alice.post(f"/api/v1/designs/{design['id']}/undelete/").status_code == 200
    back = _rows(users["alice"])[design["id"]]
    assert back["revision"] == 4 and back["headline"] == after["headline"]


def test_rows_are_the_callers_and_their_teams_only(catalog: None, users: dict[str, Any]) -> None:
    team_a = Team.objects.get(slug="presales-a").pk
    team_b = Team.objects.get(slug="presales-b").pk
    shared = create_design(users["carol"], name="shared", team=team_a, visibility="team")
    private = create_design(users["carol"], name="carol's own")
    other = create_design(users["dave"], name="team B", team=team_b, visibility="team")
    rows = _rows(users["bob"])
    assert set(rows) == {shared["id"]}
    assert rows[shared["id"]]["my_role"] == "viewer" and rows[shared["id"]]["permissions"] == ["read"]
    assert other["id"] not in _rows(users["alice"]) and private["id"] not in _rows(users["alice"])
    # Filters and ordering still apply to the rows.
    assert set(_rows(users["carol"], "?visibility=private")) == {private["id"]}
    assert list(_rows(users["carol"], "?ordering=name")) == [private["id"], shared["id"]]


def test_a_design_the_evaluation_refuses_is_saved_with_the_reason(
    catalog: None, users: dict[str, Any]
) -> None:
    """The FS1-2 has no large-I/O measurement: a DSS design on it saves, and its row says why it has
    no figures (what GET .../evaluation/ answers with a 400)."""
    design = create_design(users["alice"], workload=DSS_WORKLOAD)
    refusal = client_for(users["alice"]).get(f"/api/v1/designs/{design['id']}/evaluation/")
    assert refusal.status_code == 400
    reason = f"Cannot be evaluated: {refusal.json()['platform'][0]}"
    assert _rows(users["alice"])[design["id"]]["headline"] == {
        "verdict": None,
        "months_until_missed": None,
        "throughput": None,
        "cost": {"total": None, "currency": None, "note": reason},
        "note": reason,
    }


def test_designs_saved_before_the_columns_read_not_evaluated_until_refreshed(
    catalog: None, users: dict[str, Any]
) -> None:
    """What the migration leaves on existing designs, and what `refresh_design_headlines --missing`
    makes of it."""
    design = create_design(users["alice"])
    evaluated = _rows(users["alice"])[design["id"]]["headline"]
    Design.objects.filter(pk=design["id"]).update(
        verdict="",
        throughput=None,
        throughput_unit="",
        cost_note=NOT_EVALUATED,
        evaluation_note=NOT_EVALUATED,
    )
    headline = _rows(users["alice"])[design["id"]]["headline"]
    assert headline == {
        "verdict": None,
        "months_until_missed": None,
        "throughput": None,
        "cost": {"total": None, "currency": None, "note": NOT_EVALUATED},
        "note": NOT_EVALUATED,
    }
    call_command("refresh_design_headlines", "--missing", verbosity=0)
    assert _rows(users["alice"])[design["id"]]["headline"] == evaluated


def test_the_migration_backfills_the_latest_revision_and_marks_headlines_not_evaluated(
    catalog: None, users: dict[str, Any]
) -> None:
    """designs.migrations.0004's data step, run on rows as they stood before it (no latest revision,
    no headline)."""
    migration = importlib.import_module("designs.migrations.0004_design_list_columns")
    first = create_design(users["alice"])
    second = create_design(users["alice"], name="twice saved")
    client_for(users["alice"]).patch(
        f"/api/v1/designs/{second['id']}/",
        {"description": "again"},
        format="json",
        headers={"If-Match": second["etag"]},
    )
    Design.objects.update(latest_revision=None, verdict="", throughput=None, cost_note="", evaluation_note="")
    migration.backfill_list_columns(django_apps, None)
    rows = _rows(users["alice"])
    assert (rows[first["id"]]["revision"], rows[second["id"]]["revision"]) == (1, 2)
    assert {row["headline"]["note"] for row in rows.values()} == {NOT_EVALUATED}
    assert {row["headline"]["cost"]["note"] for row in rows.values()} == {NOT_EVALUATED}


def test_every_row_is_what_the_generic_serializer_writes(catalog: None, users: dict[str, Any]) -> None:
    """The list writes its rows field by field (DesignListItemSerializer.to_representation, for speed):
    each equals DRF's own representation of the same design for the same reader, own and team designs,
    with and without a team, OLTP and DSS, drafts and not, edited and not."""
    import json

    from rest_framework.test import APIRequestFactory

    from designs.serializers import DesignListItemSerializer

    team_a = Team.objects.get(slug="presales-a").pk
    create_design(users["alice"], name="own, no team")
    create_design(users["alice"], name="own, team", team=team_a, visibility="team", workload=DSS_WORKLOAD)
    shared = create_design(users["carol"], name="carol's, shared", team=team_a, visibility="team")
    client_for(users["carol"]).patch(
        f"/api/v1/designs/{shared['id']}/", {"status": "review", "description": "edited"}, format="json",
        headers={"If-Match": shared["etag"]},
    )  # fmt: skip
    for reader in ("alice", "carol", "erin"):
        rows = _rows(users[reader])
        assert rows, reader
        request = APIRequestFactory().get("/api/v1/designs/")
        request.user = users[reader]
        serializer = DesignListItemSerializer(context={"request": request})
        for design in Design.objects.filter(pk__in=rows).select_related("owner", "team"):
            generic = json.loads(json.dumps(serializer.generic_representation(design)))
            assert rows[design.pk] == generic, (reader, design.name)
            assert list(rows[design.pk]) == list(generic)


def test_a_design_that_holds_until_a_month_lists_the_month(catalog: None, users: dict[str, Any]) -> None:
    """holds-until: the row carries the first month of the growth horizon in which a target is missed,
    as the evaluation's targets say; a design that holds through its horizon carries none."""
    growing = {"kind": "oltp", "target_tps": 10000, "database_size_gb": 2000,
               "user_growth_pct_per_year": 60, "horizon_years": 3}  # fmt: skip
    design = create_design(users["alice"], workload=growing)
    steady = create_design(users["alice"])
    evaluation = client_for(users["alice"]).get(f"/api/v1/designs/{design['id']}/evaluation/").json()
    targets = evaluation["evaluation"]["targets"]
    assert evaluation["evaluation"]["verdict"] == "holds-until"
    assert 0 < targets["months_until_missed"] <= targets["horizon_months"]
    rows = _rows(users["alice"])
    assert rows[design["id"]]["headline"]["verdict"] == "holds-until"
    assert rows[design["id"]]["headline"]["months_until_missed"] == targets["months_until_missed"]
    assert rows[steady["id"]]["headline"]["verdict"] == "holds"
    assert rows[steady["id"]]["headline"]["months_until_missed"] is None
    compared = client_for(users["alice"]).get(f"/api/v1/designs/compare/?ids={design['id']},{steady['id']}")
    assert [(c["verdict"], c["months_until_missed"]) for c in compared.json()["designs"]] == [
        ("holds-until", targets["months_until_missed"]),
        ("holds", None),
    ]
