"""The proposal a customer receives (issue 15, finding 4), through the real API on PostgreSQL and read
back with pdftotext / pdfimages: the team's company name and logo on the cover, the verdict and cost
in words, the priced BOM with the Oracle licences, documents cited by title, rule slugs only in the
technical annex, no number with more than four significant figures of noise, no near-empty page;
and the export of unsaved changes (POST), stamped on every page."""

from __future__ import annotations

import io
import re
import subprocess
from decimal import Decimal
from typing import Any

import pytest
from django.core.management import call_command
from PIL import Image

from accounts.models import Team
from catalog.models import PriceBook, SizingRule, SourceDocument
from designs.tests.conftest import client_for, create_design
from reports.tests.readback import rows_with

pytestmark = pytest.mark.django_db

HALF_RACK = {
    "family": "oracle-fs1",
    "storage_model": "FS1-2",
    "rac_nodes": 4,
    "arrays": 3,
    "drives_per_enclosure": 19,
}
# The half rack at its rated load (Table 1: 39,000 TPS at 20 ms): headroom is the residue of a
# subtraction there (it printed "0.0000002016 %").
RATED = {"kind": "oltp", "target_tps": 39000, "database_size_gb": 4000}
COMPANY = "Northwind Systems GmbH"


@pytest.fixture
def demo_prices(catalog: None) -> PriceBook:
    call_command("seed_demo_prices", stdout=io.StringIO())
    return PriceBook.objects.get(is_demo=True)


@pytest.fixture
def branded(users: dict[str, Any]) -> Team:
    team = Team.objects.get(slug="presales-a")
    logo = io.BytesIO()
    Image.new("RGB", (300, 90), (20, 80, 160)).save(logo, format="JPEG")
    team.company_name, team.logo, team.logo_content_type = COMPANY, logo.getvalue(), "image/jpeg"
    team.save()
    return team


def _rated_design(user: Any, price_book: PriceBook, **extra: Any) -> dict[str, Any]:
    return create_design(
        user,
        name="Acme half rack",
        customer="Acme Bank",
        workload=dict(RATED),
        platform=dict(HALF_RACK),
        reference_configuration="oracle-fs1-half-rack",
        price_book=price_book.pk,
        **extra,
    )


def _page_texts(pdf: bytes) -> list[str]:
    pages = int(re.search(r"Pages:\s+(\d+)", _run(["pdfinfo", "-"], pdf)).group(1))  # type: ignore[union-attr]
    return [
        _run(["pdftotext", "-layout", "-f", str(i), "-l", str(i), "-", "-"], pdf) for i in range(1, pages + 1)
    ]


def _run(cmd: list[str], pdf: bytes) -> str:
    return subprocess.run(cmd, input=pdf, capture_output=True, check=True).stdout.decode("utf-8")


def _images(pdf: bytes) -> list[list[str]]:
    """`pdfimages -list` rows: page, num, type, width, height, ..."""
    lines = _run(["pdfimages", "-list", "-"], pdf).splitlines()[2:]
    return [line.split() for line in lines if line.strip()]


# --- "no number with more than four significant figures of noise" -----------------------------------
# A number is a run of digits with optional thousands separators and decimals that is not part of a
# word, a part number or a version ("X5-2", "E5-2699", "v1", "10,000-rpm"). Its significant figures are
# its digits without separators, sign and leading zeros, and for a whole number without trailing zeros
# too (39,000 has 2; 39,114 has 5). A percentage is noise with more than one decimal place
# (0.0000002016 % has only 4 significant figures, but 10 decimals of floating-point residue).
# Exempt, because they are exact and not the model's noise: dates, money (every amount of the priced
# BOM and the cost per TPS, to the cent), part numbers and the model numbers in the catalog's part
# descriptions ("Broadcom 57711"), and figures the documents print that the assumptions quote
# verbatim (e.g. "10,693,915" waits in the AWR report).
NUMBER = re.compile(
    r"(?<![\w.,/-])-?\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\w/-])|(?<![\w.,/-])-?\d+(?:\.\d+)?(?![\w/.,-])"
)
DATE = re.compile(r"\b\d{4}-\d{2}-\d{2}\b")


def significant_figures(token: str) -> int:
    whole, _, decimals = token.replace(",", "").lstrip("-").partition(".")
    digits = (whole + decimals).lstrip("0")
    return len(digits if decimals else digits.rstrip("0"))


PERCENT_DECIMALS = re.compile(r"(?<![\d.,])\d+\.\d{2,} ?%")


def noisy_numbers(text: str, exempt: set[str]) -> list[str]:
    text = DATE.sub(" ", text)
    noisy = [
        m.group(0)
        for m in NUMBER.finditer(text)
        if m.group(0) not in exempt and significant_figures(m.group(0)) > 4
    ]
    return noisy + PERCENT_DECIMALS.findall(text)


def _exempt(evaluation: dict[str, Any]) -> set[str]:
    bom = evaluation["bom"]
    money = [bom["total"], *(s["total"] for s in bom["sections"])]
    money += [x for line in bom["lines"] for x in (line["unit_price"], line["extended_price"]) if x]
    if evaluation["cost_per_throughput"]["amount"]:
        money.append(evaluation["cost_per_throughput"]["amount"])
    exempt = {f"{Decimal(m):,.2f}" for m in money}
    exempt |= {line["part_number"] for line in bom["lines"]}
    for line in bom["lines"]:  # the catalog's product names ("Broadcom 57711 dual-port")
        exempt |= set(NUMBER.findall(line["description"]))
    for assumption in evaluation["assumptions"]:  # the documents' own figures, quoted
        exempt |= set(NUMBER.findall(assumption["text"] or ""))
    return exempt


def test_the_noise_rule_bites() -> None:
    # What the old proposal printed is caught; people's numbers and exact figures pass.
    assert noisy_numbers("Headroom 0.0000002016 % and design load 39,114 TPS, 232,179 IOPS", set()) == [
        "39,114",
        "232,179",
        "0.0000002016 %",
    ]
    assert noisy_numbers("67.62 % reads, +/-9.06 %", set()) == ["67.62 %", "9.06 %"]
    assert (
        noisy_numbers("39,110 TPS, 0 %, 48.03 ms, 12,000 users, X5-2, v1, 10,000-rpm, 2026-11-27", set())
        == []
    )
    assert noisy_numbers("USD 6,239,936.00", {"6,239,936.00"}) == []


def test_the_proposal_a_customer_receives(catalog, users, demo_prices, branded) -> None:
    alice = users["alice"]
    design = _rated_design(alice, demo_prices, team=branded.pk, visibility="team")
    evaluation = client_for(alice).get(f"/api/v1/designs/{design['id']}/evaluation/").json()
    response = client_for(users["erin"]).get(f"/api/v1/designs/{design['id']}/export/proposal.pdf")
    assert response.status_code == 200, response.content
    pdf = response.content
    pages = _page_texts(pdf)
    text = "\f".join(pages)
    flat = " ".join(text.split())

    # Cover: the team's company name and logo (an image XObject on page 1, the only image).
    assert COMPANY in pages[0] and "Prepared for Acme Bank" in pages[0] and "Revision 1" in pages[0]
    images = _images(pdf)
    assert [(row[0], row[3], row[4]) for row in images] == [("1", "300", "90")]

    # The executive summary in words: what is proposed, whether it holds, the headroom, the cost.
    verdict = evaluation["evaluation"]["verdict"]
    words = "The design holds:" if verdict == "holds" else "The design does not hold:"
    assert words in flat
    assert "We propose Oracle FS1-2, 4 RAC nodes x 36 cores, 3 drive enclosures" in flat
    headroom = evaluation["evaluation"]["summary"]["headroom_pct"]["value"]
    assert abs(headroom) < 0.05  # at the rated load: printed 0 %, never its residue
    (row,) = rows_with(text, "Headroom")
    assert re.search(r"(?<![\d.])0 ?%", row) and "0.0000" not in text  # pdftotext may print "0%"
    total = Decimal(evaluation["bom"]["total"])
    cost_per = Decimal(evaluation["cost_per_throughput"]["amount"])
    assert f"The bill of materials totals USD {total:,.2f}" in flat
    assert f"That is {cost_per:,.2f} USD per TPS" in flat

    # The priced BOM with the Oracle processor licences (72 = 4 nodes x 36 cores x 0.5).
    licences = [line for line in evaluation["bom"]["lines"] if line["section"] == "software"]
    assert {line["part_number"] for line in licences} >= {
        "DB EE Processor Perpetual",
        "RAC Processor Perpetual",
    }
    for line in licences:
        assert rows_with(
            text,
            line["part_number"].split()[0],
            str(line["quantity"]),
            f"{Decimal(line['extended_price']):,.2f}",
        )
    # The description cell may wrap ("Oracle Database" / "Enterprise Edition"): read across the row.
    assert (
        re.search(r"Oracle Database\b.{0,200}?Enterprise Edition", flat)
        and "Real Application Clusters" in flat
    )

    # The proposal cites "publisher year, locator"; the technical annex, a document of its own, names
    # each document by title and the rules by their ids.
    body = flat
    response = client_for(users["erin"]).get(f"/api/v1/designs/{design['id']}/export/annex.pdf")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    annex = " ".join(" ".join(_page_texts(response.content)).split())
    assert "Technical annex" in annex and "Technical annex" not in pages[1:]
    titles = dict(SourceDocument.objects.values_list("slug", "title"))
    fs1 = titles["oracle-fs1-2016"]
    assert f"Oracle 2016a: {fs1}" in annex or f"Oracle 2016b: {fs1}" in annex
    assert "Oracle 2016a, Table 1" in body
    # No document slug anywhere, no rule slug before the technical annex, and rule slugs in it.
    for slug in titles:
        assert slug not in flat and slug not in annex, slug
    rule_slugs = set(SizingRule.objects.values_list("slug", flat=True))
    assert [s for s in rule_slugs if re.search(rf"(?<![\w-]){re.escape(s)}(?![\w-])", body)] == []
    assert "cpu-utilisation-limit" in annex and "ssd-read-latency-stress" in annex
    # The reference configuration by its name, never its catalog slug (it was printed as a platform
    # fact, and its BOM note cited it as if it were a source document).
    assert not re.search(r"oracle-fs1-half-rack(?![\w-])", flat)  # (a rule slug in the annex may start so)
    assert "BOM scaled from the Oracle FS1-2 half rack" in body

    # Numbers for people.
    assert noisy_numbers(text, _exempt(evaluation)) == []

    assert_no_near_empty_page(pages)


# Header and footer of a page (document, design, revision, date, status; customer, "Page i of n").
FURNITURE = 260


def assert_no_near_empty_page(pages: list[str]) -> None:
    """Every page between the cover and the last carries at least 1,200 characters beyond the header
    and footer (the old document had a page holding one 10-row table and nothing else: ~1,100);
    the last page, where the document simply ends wherever its last table does, more than a lone
    line or heading: at least 150 (the old document's last page held one 30-character line)."""
    for i, page in enumerate(pages[1:-1], start=2):
        assert len(page.strip()) - FURNITURE >= 1200, f"page {i} is nearly empty:\n{page}"
    assert len(pages[-1].strip()) - FURNITURE >= 150, f"the last page is nearly empty:\n{pages[-1]}"


@pytest.mark.parametrize(
    "inputs",
    [
        {
            "workload": {"kind": "dss", "target_throughput_mb_s": 500, "query_streams": 4},
            "platform": {"family": "equallogic", "storage_model": "PS6110XV", "arrays": 1},
        },
        {
            "workload": {"kind": "oltp", "users": 1000, "database_size_gb": 500},
            "platform": {"family": "netapp", "storage_model": "FAS3140", "arrays": 1},
        },
    ],
    ids=["equallogic-dss", "netapp-oltp"],
)
def test_no_near_empty_page_on_other_platforms(catalog, users, demo_prices, inputs) -> None:
    design = create_design(
        users["alice"],
        name="Other platform",
        price_book=demo_prices.pk,
        reference_configuration=None,
        **inputs,
    )
    response = client_for(users["alice"]).get(f"/api/v1/designs/{design['id']}/export/proposal.pdf")
    assert response.status_code == 200, response.content
    pages = _page_texts(response.content)
    assert len(pages) > 3
    assert_no_near_empty_page(pages)
    assert (
        noisy_numbers(
            "\f".join(pages),
            _exempt(client_for(users["alice"]).get(f"/api/v1/designs/{design['id']}/evaluation/").json()),
        )
        == []
    )


def test_unsaved_changes_are_exported_as_on_screen_and_stamped_on_every_page(
    catalog, users, demo_prices
) -> None:
    alice = users["alice"]
    design = _rated_design(alice, demo_prices)
    unsaved = {
        "workload": dict(RATED),
        "platform": {**HALF_RACK, "rac_nodes": 3},  # on screen: 3 nodes; saved: 4
        "reference_configuration": "oracle-fs1-half-rack",
        "price_book": demo_prices.pk,
    }
    url = f"/api/v1/designs/{design['id']}/export/proposal.pdf"
    response = client_for(alice).post(url, unsaved, format="json")
    assert response.status_code == 200, response.content
    assert response["Content-Type"] == "application/pdf" and response["X-Design-Unsaved"] == "true"
    assert re.fullmatch(
        r'attachment; filename="acme-half-rack-unsaved_rev1_\d{4}-\d{2}-\d{2}\.pdf"',
        response["Content-Disposition"],
    )
    pages = _page_texts(response.content)
    stamp = "Unsaved changes \u2014 not a saved revision (based on revision 1)"
    assert all(stamp in page for page in pages)
    flat = " ".join(" ".join(pages).split())
    assert "3 RAC nodes x 36 cores" in flat and "4 RAC nodes x 36 cores" not in flat
    assert "not a saved revision. The last saved revision is 1." in flat
    # The saved design's export says which revision it is, and nothing about unsaved changes.
    saved = client_for(alice).get(url)
    saved_pages = _page_texts(saved.content)
    assert all("Revision 1" in page and "Unsaved" not in page for page in saved_pages)
    assert "4 RAC nodes x 36 cores" in " ".join(" ".join(saved_pages).split())


def test_the_unsaved_export_keeps_the_export_rules(catalog, users, demo_prices) -> None:
    team = Team.objects.get(slug="presales-a")
    design = _rated_design(users["alice"], demo_prices, team=team.pk, visibility="team")
    url = f"/api/v1/designs/{design['id']}/export/proposal.pdf"
    body = {"workload": dict(RATED), "platform": dict(HALF_RACK)}
    assert client_for(users["erin"]).post(url, body, format="json").status_code == 200  # a manager exports
    assert client_for(users["bob"]).post(url, body, format="json").status_code == 403  # a viewer does not
    assert client_for(users["dave"]).post(url, body, format="json").status_code == 404  # another team
    assert (
        client_for(users["erin"])
        .post("/api/v1/designs/999999/export/proposal.pdf", body, format="json")
        .status_code
        == 404
    )
    bad = client_for(users["erin"]).post(
        url, {"workload": dict(RATED), "platform": {**HALF_RACK, "rac_nodes": 0}}, format="json"
    )
    assert bad.status_code == 400 and bad["Content-Type"].startswith("application/json")
    assert "rac_nodes" in bad.json()["platform"]
    missing = client_for(users["erin"]).post(url, {"platform": dict(HALF_RACK)}, format="json")
    assert missing.status_code == 400 and "workload" in missing.json()
