"""Saved designs of several databases (issue 40) on real PostgreSQL: create, read back, evaluate, edit
the first database through `workload`, restore an earlier revision of one database, and bad input
that names the database and the field with nothing written."""

from __future__ import annotations

from typing import Any

import pytest

from designs.models import Design, DesignRevision
from designs.tests.conftest import client_for

pytestmark = pytest.mark.django_db

XTREMIO = {"family": "xtremio", "storage_model": "X-Brick", "rac_nodes": 4, "arrays": 2}
OLTP = {
    "kind": "oltp",
    "users": 64,
    "read_pct": 75,
    "database_size_gb": 1000,
    "include_backup_overhead": False,
}
DW = {"kind": "dss", "target_throughput_mb_s": 2000, "database_size_gb": 1000}
TWO = [{"name": "Orders", "workload": OLTP, "clones": 2}, {"name": "Warehouse", "workload": DW}]


def create(user: Any, **extra: Any) -> Any:
    body = {"name": "Consolidation", "platform": XTREMIO, "databases": TWO, "price_book": None, **extra}
    return client_for(user).post("/api/v1/designs/", body, format="json")


def test_a_design_of_two_databases_is_saved_evaluated_and_read_back(
    catalog: None, users: dict[str, Any]
) -> None:
    alice = users["alice"]
    response = create(alice)
    assert response.status_code == 201, response.content
    design = response.json()
    assert [d["name"] for d in design["databases"]] == ["Orders", "Warehouse"]
    assert design["workload"] == {**OLTP, "kind": "oltp"} or design["workload"]["users"] == 64
    assert design["databases"][0]["workload"] == design["workload"]
    evaluation = client_for(alice).get(f"/api/v1/designs/{design['id']}/evaluation/").json()
    consolidation = evaluation["consolidation"]
    assert consolidation["kind"] == "consolidated"
    assert {d["name"] for d in consolidation["databases"]} == {"Orders", "Warehouse"}
    orders = next(d for d in consolidation["databases"] if d["name"] == "Orders")
    assert orders["response"]["value"] > orders["alone_response"]["value"]
    assert consolidation["capacity"]["clones"][0]["physical"]["value"] == 0
    # the list's headline is the databases' verdict together
    row = client_for(alice).get("/api/v1/designs/").json()["results"][0]
    assert row["headline"]["verdict"] == consolidation["verdict"]


def test_the_unsaved_editor_evaluates_several_databases(catalog: None, users: dict[str, Any]) -> None:
    body = {"platform": XTREMIO, "databases": TWO}
    response = client_for(users["alice"]).post("/api/v1/evaluate/", body, format="json")
    assert response.status_code == 200, response.content
    payload = response.json()
    assert payload["consolidation"]["databases"][0]["name"] == "Orders"
    assert payload["evaluation"]["inputs"]["workload"]["users"] == 64  # the first database alone
    single = client_for(users["alice"]).post(
        "/api/v1/evaluate/", {"platform": XTREMIO, "workload": OLTP}, format="json"
    )
    assert single.json()["consolidation"] is None


def test_editing_the_workload_edits_the_first_database_and_a_restore_brings_it_back(
    catalog: None, users: dict[str, Any]
) -> None:
    alice = client_for(users["alice"])
    design = create(users["alice"]).json()
    etag = alice.get(f"/api/v1/designs/{design['id']}/").headers["ETag"]
    patched = alice.patch(
        f"/api/v1/designs/{design['id']}/",
        {"workload": {**OLTP, "users": 32}},
        format="json",
        HTTP_IF_MATCH=etag,
    )
    assert patched.status_code == 200, patched.content
    body = patched.json()
    assert body["databases"][0]["workload"]["users"] == 32 and body["workload"]["users"] == 32
    assert body["databases"][1]["name"] == "Warehouse"
    revision = DesignRevision.objects.filter(design_id=design["id"]).order_by("number").last()
    assert revision is not None and {c["field"] for c in revision.changes} >= {"workload", "databases"}
    etag = alice.get(f"/api/v1/designs/{design['id']}/").headers["ETag"]
    restored = alice.post(
        f"/api/v1/designs/{design['id']}/revisions/1/restore/", {}, format="json", HTTP_IF_MATCH=etag
    )
    assert restored.status_code in (200, 201), restored.content
    again = alice.get(f"/api/v1/designs/{design['id']}/").json()
    assert again["databases"][0]["workload"]["users"] == 64 and again["workload"]["users"] == 64
    # back to one database: databases [] and the workload stays
    etag = alice.get(f"/api/v1/designs/{design['id']}/").headers["ETag"]
    one = alice.patch(
        f"/api/v1/designs/{design['id']}/", {"databases": []}, format="json", HTTP_IF_MATCH=etag
    )
    assert one.status_code == 200 and one.json()["databases"] == [] and one.json()["workload"]["users"] == 64


@pytest.mark.parametrize(
    ("databases", "error"),
    [
        ([{"name": "A"}, {"name": "B", "workload": DW}], {"databases": {"0": {"workload": ["required: every database needs a workload"]}}}),
        (
            [{"name": "A", "workload": OLTP}, {"name": "a", "workload": DW}],
            {"databases": {"1": {"name": ["is the name of database 0 too: each database needs its own"]}}},
        ),
        ([{"name": "A", "workload": OLTP, "clones": -1}], {"databases": {"0": {"clones": ["must be between 0 and 20"]}}}),
        ([{"name": f"D{i}", "workload": OLTP} for i in range(9)], {"databases": ["at most 8 databases in one design"]}),
    ],
)  # fmt: skip
def test_bad_databases_are_a_400_and_nothing_is_written(
    catalog: None, users: dict[str, Any], databases: list[Any], error: dict[str, Any]
) -> None:
    before = (Design.objects.count(), DesignRevision.objects.count())
    response = create(users["alice"], databases=databases)
    assert response.status_code == 400
    assert response.json() == error
    assert (Design.objects.count(), DesignRevision.objects.count()) == before


def test_a_workload_that_is_not_the_first_databases_is_refused(catalog: None, users: dict[str, Any]) -> None:
    response = create(users["alice"], workload={**OLTP, "users": 10})
    assert response.status_code == 400
    assert "first database" in response.json()["workload"][0]


def test_the_proposal_and_the_annex_name_every_database_with_its_figures(
    catalog: None, users: dict[str, Any]
) -> None:
    """Read back from the PDFs: both databases named with their throughput and response, the verdict
    together, why the figures are not validated, the clones' capacity source; the customer proposal
    stays customer-grade (the seed designs' scan: no identifier, no long number)."""
    from catalog.models import SizingRule
    from designs.tests.test_proposal_scan import identifiers, long_numbers
    from reports.tests.readback import pdftotext

    alice = users["alice"]
    design = create(alice, customer="Acme Bank").json()
    client = client_for(alice)
    consolidation = client.get(f"/api/v1/designs/{design['id']}/evaluation/").json()["consolidation"]
    proposal = client.get(f"/api/v1/designs/{design['id']}/export/proposal.pdf")
    annex = client.get(f"/api/v1/designs/{design['id']}/export/annex.pdf")
    assert proposal.status_code == 200 and annex.status_code == 200
    text = " ".join(pdftotext(proposal.content).split())
    assert "Databases" in text and "Orders" in text and "Warehouse" in text
    assert "databases together" in text
    orders = next(d for d in consolidation["databases"] if d["name"] == "Orders")
    warehouse = next(d for d in consolidation["databases"] if d["name"] == "Warehouse")
    for figure in (orders["throughput"], orders["response"], warehouse["target_throughput"]):
        printed = (
            f"{figure['value']:,.4g}" if figure["value"] < 1000 else f"{round(figure['value'], -1):,.0f}"
        )
        assert printed.rstrip("0").rstrip(".") in text, (printed, figure)
    assert "no document measured several databases running together" in text
    assert "Test/dev copy creation test" in text
    assert identifiers(text, set(SizingRule.objects.values_list("slug", flat=True))) == []
    assert long_numbers(text, set()) == []
    annex_text = " ".join(pdftotext(annex.content).split())
    assert "Shared stations" in annex_text and "Orders" in annex_text and "Warehouse" in annex_text
