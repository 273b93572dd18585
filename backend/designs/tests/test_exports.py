"""Exports through the real API on PostgreSQL: the quarter and half rack reference designs as proposal
and BOM PDFs (read back with pdftotext / pypdf), CSV and XLSX; access as for reading a design."""

from __future__ import annotations

import csv
import datetime
import io
import re
from decimal import Decimal
from typing import Any

import pytest
from django.utils import timezone
from openpyxl import load_workbook

from accounts.models import Team
from catalog.models import Part, PriceBook, PriceBookEntry
from catalog.tests.table11 import TABLE_11_QUANTITIES as TABLE_11
from catalog.tests.table11 import table_11_column
from designs.tests.conftest import client_for, create_design
from engine_adapter.engine import bom_rules
from reports.tests.readback import pdftotext, pypdf_pages, rows_with
from reports.tests.test_safety import recording_fetches

pytestmark = pytest.mark.django_db

RACKS = {
    "quarter": {
        "reference_configuration": "oracle-fs1-quarter-rack",
        "platform": {
            "family": "oracle-fs1",
            "storage_model": "FS1-2",
            "rac_nodes": 2,
            "arrays": 2,
            "drives_per_enclosure": 13,
        },
    },
    "half": {
        "reference_configuration": "oracle-fs1-half-rack",
        "platform": {
            "family": "oracle-fs1",
            "storage_model": "FS1-2",
            "rac_nodes": 4,
            "arrays": 3,
            "drives_per_enclosure": 19,
        },
    },
}
HOSTILE = '<img src="file:///etc/passwd"> & <script>'
EXPORTS = ("proposal.pdf", "bom.pdf", "bom.csv", "bom.xlsx")


def _expected(rack: str) -> list[tuple[str, str, int]]:
    return table_11_column(half=rack == "half")


def _test_prices() -> dict[str, Decimal]:
    """Made-up unit prices for the test price book (the papers print none): distinct per part."""
    parts = sorted({p for _s, p, _q, _h in TABLE_11})
    return {p: Decimal(1000 + 37 * i) + Decimal("0.45") for i, p in enumerate(parts)}


@pytest.fixture
def price_book(catalog: None) -> PriceBook:
    book = PriceBook.objects.create(
        name="Test list", currency="USD", version=1, effective_date=datetime.date(2026, 1, 1)
    )
    for number, price in _test_prices().items():
        PriceBookEntry.objects.create(
            price_book=book, part=Part.objects.get(part_number=number), unit_price=price
        )
    return book


def _export(user: Any, design_id: int, what: str) -> Any:
    return client_for(user).get(f"/api/v1/designs/{design_id}/export/{what}")


def _design(user: Any, rack: str, **extra: Any) -> dict[str, Any]:
    return create_design(user, name=f"Acme {rack} rack", **RACKS[rack], **extra)


@pytest.mark.parametrize("rack", ["quarter", "half"])
@pytest.mark.parametrize("what", ["proposal.pdf", "bom.pdf"])
def test_pdf_lists_every_table11_part_quantity_and_the_totals(catalog, users, price_book, rack, what) -> None:
    design = _design(users["alice"], rack, price_book=price_book.pk)
    response = _export(users["alice"], design["id"], what)
    assert response.status_code == 200, response.content
    assert response["Content-Type"] == "application/pdf"
    pdf = response.content
    assert pdf.startswith(b"%PDF-")
    text = pdftotext(pdf)
    prices = _test_prices()
    for section, part, quantity in _expected(rack):
        assert rows_with(text, part, str(quantity), f"{prices[part]:,.2f}"), f"{section} {part} x {quantity}"
    # Totals computed here from Table 11 and the test prices, not read from the API.
    total = Decimal(0)
    for section in ("servers", "storage", "network"):
        subtotal = sum((prices[p] * q for s, p, q in _expected(rack) if s == section), Decimal(0))
        assert rows_with(text, f"Subtotal {section}", f"{subtotal:,.2f}")
        total += subtotal
    assert rows_with(text, "Total (USD)", f"{total:,.2f}")
    # The same figures by pypdf, page by page: header with the revision on every page.
    pages = pypdf_pages(pdf)
    assert all(
        "Revision 1" in page and f"Page {i} of {len(pages)}" in page for i, page in enumerate(pages, 1)
    )
    assert all(part in "".join(pages) for _s, part, _q in _expected(rack))


@pytest.mark.parametrize("rack", ["quarter", "half"])
def test_proposal_shows_tps_at_sla_and_the_revision(catalog, users, rack) -> None:
    alice = users["alice"]
    design = _design(alice, rack)
    evaluation = client_for(alice).get(f"/api/v1/designs/{design['id']}/evaluation/").json()
    tps = evaluation["evaluation"]["summary"]["max_sustained_tps"]
    assert tps["unit"] == "TPS"
    # Save once more: revision 2 is what the export must pin.
    etag = client_for(alice).get(f"/api/v1/designs/{design['id']}/")["ETag"]
    changed = client_for(alice).patch(
        f"/api/v1/designs/{design['id']}/", {"customer": "Acme Bank"}, format="json", HTTP_IF_MATCH=etag
    )
    assert changed.status_code == 200, changed.content
    response = _export(alice, design["id"], "proposal.pdf")
    assert response.status_code == 200
    text = pdftotext(response.content)
    assert rows_with(text, "TPS at SLA", f"{tps['value']:,.0f} TPS")
    assert rows_with(text, "Revision", "2")
    assert "Revision 2" in text and "Acme Bank" in text
    assert response["X-Design-Revision"] == "2"
    # No price book on this design: the document says so instead of printing prices.
    assert "No price book selected" in text
    for _section, part, quantity in _expected(rack):
        assert rows_with(text, part, str(quantity))


def test_the_annex_lists_rule_versions_and_sources_for_this_platform(catalog, users) -> None:
    design = _design(users["alice"], "quarter")
    body = pdftotext(_export(users["alice"], design["id"], "proposal.pdf").content)
    annex = pdftotext(_export(users["alice"], design["id"], "annex.pdf").content)
    assert "Technical annex" in annex
    assert "Rules applied in this evaluation" in annex
    # Applied: the capacity rule, cited with its document (publisher and year) and table.
    assert rows_with(annex, "dell-oltp-capacity", "1", "Dell 2010, Table 7")
    # Pinned for Oracle FS1, with its catalog title and source; another platform's rule is left out.
    assert rows_with(
        annex, "oracle-fs1-data-mirrored", "1", "OLTP data LUNs use the mirrored", "Oracle 2016a"
    )
    assert "netapp-raid-dp" not in body + annex
    # The same rule in the proposal's best practices (in words); its slug and the check's result in
    # the annex only.
    assert rows_with(body, "OLTP data LUNs use the mirrored", "Oracle 2016a")
    assert "oracle-fs1-data-mirrored" not in body
    assert rows_with(annex, "OLTP data LUNs use the mirrored", "No warning")
    assert rows_with(annex, "OLTP data LUNs use the mirrored", "oracle-fs1-data-mirrored v1")
    # The evidence: each document by title, its tables, and what the number was used for.
    flat = " ".join(annex.split())
    assert "Oracle 2016a: A Reference Architecture for Implementing an Oracle RAC Database" in flat
    assert rows_with(annex, "Table 11", "bill of materials")
    assert rows_with(annex, "Table 1", "storage performance")


def test_filenames_and_content_types(catalog, users, price_book) -> None:
    design = _design(users["alice"], "quarter", price_book=price_book.pk)
    today = timezone.localdate().isoformat()
    expected = {
        "proposal.pdf": ("application/pdf", f"acme-quarter-rack_rev1_{today}.pdf"),
        "bom.pdf": ("application/pdf", f"acme-quarter-rack-bom_rev1_{today}.pdf"),
        "bom.csv": ("text/csv; charset=utf-8", f"acme-quarter-rack_rev1_{today}.csv"),
        "bom.xlsx": (
            "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
            f"acme-quarter-rack_rev1_{today}.xlsx",
        ),
    }
    for what, (content_type, filename) in expected.items():
        response = _export(users["alice"], design["id"], what)
        assert response.status_code == 200, what
        assert response["Content-Type"] == content_type
        assert response["Content-Disposition"] == f'attachment; filename="{filename}"'
        assert "no-store" in response["Cache-Control"]
    # A client asking for the file's type explicitly gets it (no 406 from content negotiation).
    pdf = client_for(users["alice"]).get(
        f"/api/v1/designs/{design['id']}/export/bom.pdf", HTTP_ACCEPT="application/pdf"
    )
    assert pdf.status_code == 200


def test_csv_and_xlsx_carry_every_line_with_numbers(catalog, users, price_book) -> None:
    design = _design(users["alice"], "half", price_book=price_book.pk)
    prices = _test_prices()
    raw = _export(users["alice"], design["id"], "bom.csv").content.decode("utf-8-sig")
    rows = list(csv.DictReader(io.StringIO(raw)))
    lines = [
        (r["section"], r["part_number"], int(r["quantity"]))
        for r in rows
        if r["section"] not in ("subtotal", "total")
        and r["part_number"] not in bom_rules.ORACLE_LICENCE_PARTS
    ]
    # Table 11, the InfiniBand switch it omits (unpriced: not in the test price book), the licences
    switch = ("network", bom_rules.ORACLE_FS1_IB_SWITCH, 1)
    assert sorted(lines) == sorted([*_expected("half"), switch])
    total = sum((prices[p] * q for _s, p, q in _expected("half")), Decimal(0))
    assert Decimal(rows[-1]["extended_price"]) == total

    wb = load_workbook(io.BytesIO(_export(users["alice"], design["id"], "bom.xlsx").content))
    ws = wb["BOM"]
    body = list(ws.iter_rows(min_row=2))
    line_rows = [
        r
        for r in body
        if r[0].value not in ("subtotal", "total") and r[1].value not in bom_rules.ORACLE_LICENCE_PARTS
    ]
    assert len(line_rows) == len(_expected("half")) + 1  # + the InfiniBand switch, unpriced
    for row in line_rows:
        if row[1].value == bom_rules.ORACLE_FS1_IB_SWITCH:
            assert row[4].value is None  # unpriced, never a made-up 0
            continue
        assert row[3].data_type == "n" and isinstance(row[3].value, int)
        assert row[4].data_type == "n" and Decimal(str(row[4].value)) == prices[row[1].value]
        assert row[5].data_type == "n"
    assert Decimal(str(body[-1][5].value)).quantize(Decimal("0.01")) == total
    assert dict(wb["Document"].iter_rows(values_only=True))["revision"] == 1


def test_hostile_design_name_exports_literally_and_fetches_nothing(catalog, users) -> None:
    design = _design(users["alice"], "quarter")
    client = client_for(users["alice"])
    etag = client.get(f"/api/v1/designs/{design['id']}/")["ETag"]
    renamed = client.patch(
        f"/api/v1/designs/{design['id']}/",
        {"name": HOSTILE, "customer": "<b>&amp;</b>"},
        format="json",
        HTTP_IF_MATCH=etag,
    )
    assert renamed.status_code == 200, renamed.content
    for what in ("proposal.pdf", "bom.pdf"):
        # The whole request (load, evaluate, render) opens no file, URL or socket beyond the database's.
        with recording_fetches() as calls:
            response = _export(users["alice"], design["id"], what)
        assert response.status_code == 200
        assert calls == []
        text = pdftotext(response.content)
        assert HOSTILE in text
        assert "<b>&amp;</b>" in text
        assert "root:" not in text
        assert response["Content-Disposition"].startswith(
            'attachment; filename="img-src-file-etc-passwd-script'
        )
    for what in ("bom.csv", "bom.xlsx"):
        assert _export(users["alice"], design["id"], what).status_code == 200


def test_exports_follow_design_visibility(catalog, users) -> None:
    alice, bob, dave, erin = users["alice"], users["bob"], users["dave"], users["erin"]
    private = _design(alice, "quarter")
    team = Team.objects.get(memberships__user=alice, memberships__user__username="alice")
    shared = _design(alice, "quarter", visibility="team", team=team.pk)
    for what in EXPORTS:
        assert _export(dave, private["id"], what).status_code == 404  # another team
        assert _export(dave, shared["id"], what).status_code == 404
        assert _export(bob, private["id"], what).status_code == 404  # same team, but private
        assert _export(bob, shared["id"], what).status_code == 403  # a team viewer reads, does not export
        assert _export(erin, shared["id"], what).status_code == 200  # the team's manager exports
        assert _export(alice, 999_999_999, what).status_code == 404
        assert _export(None, private["id"], what).status_code in (401, 403)
        body = _export(dave, private["id"], what)
        assert body["Content-Type"] == "application/json"


def test_schema_documents_the_exports() -> None:
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    media = {
        "proposal.pdf": "application/pdf",
        "bom.pdf": "application/pdf",
        "bom.csv": "text/csv",
        "bom.xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    }
    for what, media_type in media.items():
        (path,) = [
            p for p in schema["paths"] if re.search(rf"/designs/\{{\w+\}}/export/{re.escape(what)}$", p)
        ]
        get = schema["paths"][path]["get"]
        assert media_type in get["responses"]["200"]["content"]
        assert "404" in get["responses"]


def test_every_reference_design_exports_with_its_bom(catalog, users) -> None:
    """Each reference configuration of the catalog, saved as a design, exports a proposal and a BOM
    PDF that list every BOM line the API gives (part number and quantity on one row)."""
    alice = users["alice"]
    references = client_for(None).get("/api/v1/reference-designs/").json()
    assert len(references) >= 2
    workloads = {
        "oltp": {"kind": "oltp", "users": 1000, "database_size_gb": 500},
        "dss": {"kind": "dss", "target_throughput_mb_s": 300, "database_size_gb": 1000},
    }
    exported = 0
    for ref in references:
        for workload in workloads.values():
            response = client_for(alice).post(
                "/api/v1/designs/",
                {
                    "name": f"{ref['slug']} {workload['kind']}",
                    "workload": workload,
                    "platform": ref["platform_inputs"],
                    "reference_configuration": ref["slug"],
                },
                format="json",
            )
            if response.status_code != 201:
                continue  # a workload the evidence for this platform cannot size (the API says why)
            design_id = response.json()["id"]
            evaluation = client_for(alice).get(f"/api/v1/designs/{design_id}/evaluation/")
            if evaluation.status_code != 200:
                continue
            lines = evaluation.json()["bom"]["lines"]
            for what in ("proposal.pdf", "bom.pdf"):
                exported_file = _export(alice, design_id, what)
                assert exported_file.status_code == 200, (ref["slug"], what, exported_file.content[:300])
                text = pdftotext(exported_file.content)
                for line in lines:
                    assert rows_with(text, line["part_number"], str(line["quantity"])), (ref["slug"], line)
                if any(line["part_number_is_model"] for line in lines):
                    assert "(model designation:" in " ".join(
                        " ".join(pypdf_pages(exported_file.content)).split()
                    )
            exported += 1
    assert exported >= len(references)  # at least one workload per reference design


@pytest.mark.django_db(transaction=True)
def test_a_save_during_an_export_waits_so_name_and_revision_match(catalog, users, monkeypatch) -> None:
    """The export holds the design row: a concurrent save cannot slip in between reading the design
    and reading its revision number (which would print the old content as the new revision)."""
    import threading

    from django.db import connection

    from designs import export_views

    alice = users["alice"]
    design = _design(alice, "quarter")
    etag = client_for(alice).get(f"/api/v1/designs/{design['id']}/")["ETag"]
    inside, saved = threading.Event(), threading.Event()
    real = export_views.services.design_evaluation

    def slow_evaluation(d: Any) -> dict[str, Any]:
        inside.set()
        saved.wait(timeout=3)  # with the row held, the save cannot finish: this wait runs out
        return real(d)

    monkeypatch.setattr(export_views.services, "design_evaluation", slow_evaluation)
    results: dict[str, Any] = {}

    def export() -> None:
        try:
            results["export"] = _export(alice, design["id"], "proposal.pdf")
        finally:
            connection.close()

    def save() -> None:
        try:
            results["save"] = client_for(alice).patch(
                f"/api/v1/designs/{design['id']}/",
                {"name": "Renamed rack"},
                format="json",
                HTTP_IF_MATCH=etag,
            )
            saved.set()
        finally:
            connection.close()

    exporter = threading.Thread(target=export)
    exporter.start()
    assert inside.wait(timeout=60)
    saver = threading.Thread(target=save)
    saver.start()
    exporter.join(timeout=120)
    saver.join(timeout=120)
    assert results["save"].status_code == 200
    text = pdftotext(results["export"].content)
    # The export saw one consistent state: the old name with revision 1 (not the old name as revision 2).
    assert rows_with(text, "Design", "Acme quarter rack") and rows_with(text, "Revision", "1")
    assert "Renamed rack" not in text
    after = pdftotext(_export(alice, design["id"], "proposal.pdf").content)
    assert rows_with(after, "Design", "Renamed rack") and rows_with(after, "Revision", "2")
