"""GET /designs/{id}/evaluation/?rules=current: the saved inputs evaluated as POST /evaluate/ evaluates
them (the current rules), which the SPA's editor shows for an untouched design and preloads with the
design (core.views.first_requests); ?rules=pinned (the default) keeps the design's own rule versions."""

from __future__ import annotations

import datetime
from decimal import Decimal
from typing import Any

import pytest

from catalog.models import Part, PriceBook, PriceBookEntry
from designs.tests.conftest import ORACLE_QUARTER_PLATFORM, client_for, create_design
from designs.tests.test_revisions import _new_rule_version

pytestmark = pytest.mark.django_db

EQUALLOGIC = {
    "family": "equallogic",
    "storage_model": "PS6010XV",
    "rac_nodes": 2,
    "cores_per_node": 8,
    "arrays": 1,
}


def _priced_book() -> PriceBook:
    book = PriceBook.objects.create(
        name="Test list", currency="USD", version=1, effective_date=datetime.date(2016, 1, 1)
    )
    for part in Part.objects.all()[:20]:
        PriceBookEntry.objects.get_or_create(
            price_book=book, part=part, defaults={"unit_price": Decimal("99.50")}
        )
    return book


def _what_the_editor_posts(client: Any, design_id: int) -> dict[str, Any]:
    """The untouched editor's POST /evaluate/ body, built from the design as GET returns it (the SPA's
    savedDesignRequest)."""
    design = client.get(f"/api/v1/designs/{design_id}/").json()
    return {
        "workload": design["workload"],
        "platform": design["platform"],
        "reference_configuration": design["reference_configuration"],
        "price_book": design["price_book"]["id"] if design["price_book"] else None,
        "bom_overrides": design["bom_overrides"],
    }


def _current(client: Any, design_id: int) -> dict[str, Any]:
    response = client.get(f"/api/v1/designs/{design_id}/evaluation/?rules=current")
    assert response.status_code == 200, response.content
    return dict(response.json())


@pytest.mark.parametrize(
    "inputs",
    [
        {},  # the quarter rack at a target TPS
        {"workload": {"kind": "oltp", "users": 1000, "database_size_gb": 2000}},
        {
            "bom_overrides": [
                {"section": "servers", "part_number": "7110353", "quantity": 48, "reason": "more RAM"}
            ]
        },
        {
            "workload": {"kind": "dss", "target_throughput_mb_s": 1000, "database_size_gb": 1000},
            "platform": {"family": "equallogic", "storage_model": "PS6110XV", "arrays": 2, "raid": "raid50"},
            "reference_configuration": None,
        },
        {
            "workload": {"kind": "oltp", "users": 6000},
            "platform": EQUALLOGIC,
            "reference_configuration": None,
        },
    ],
    ids=["target-tps", "users", "bom-override", "dss", "equallogic"],
)
def test_rules_current_answers_what_post_evaluate_answers_for_the_saved_inputs(
    catalog: None, users: dict[str, Any], inputs: dict[str, Any]
) -> None:
    alice = users["alice"]
    client = client_for(alice)
    design = create_design(alice, price_book=_priced_book().pk, **inputs)
    posted = client.post("/api/v1/evaluate/", _what_the_editor_posts(client, design["id"]), format="json")
    assert posted.status_code == 200, posted.content
    current = _current(client, design["id"])
    # The saved-design reference (which design, which version) is the only addition.
    assert current.pop("design") == {
        "id": design["id"],
        "name": design["name"],
        "customer": design["customer"],
        "status": design["status"],
        "version": design["version"],
        "revision": 1,
    }
    assert current.pop("revision") == 1
    assert current == posted.json()
    # Created just now, the design pins the current rules: both views of it agree.
    pinned = client.get(f"/api/v1/designs/{design['id']}/evaluation/?rules=pinned").json()
    assert pinned == client.get(f"/api/v1/designs/{design['id']}/evaluation/").json()
    assert {k: v for k, v in pinned.items() if k not in ("design", "revision")} == current


def test_after_a_rule_change_current_follows_the_rule_and_pinned_keeps_the_design_stable(
    catalog: None, users: dict[str, Any]
) -> None:
    alice = users["alice"]
    client = client_for(alice)
    design = create_design(alice, platform=dict(ORACLE_QUARTER_PLATFORM))
    pinned_before = client.get(f"/api/v1/designs/{design['id']}/evaluation/").json()

    _new_rule_version("swingbench-response-threshold", response_time={"value": "10", "unit": "ms"})

    assert client.get(f"/api/v1/designs/{design['id']}/evaluation/").json() == pinned_before
    current = _current(client, design["id"])
    assert current["rule_versions"]["swingbench-response-threshold"] == 2
    assert current["evaluation"] != pinned_before["evaluation"]
    posted = client.post(
        "/api/v1/evaluate/", _what_the_editor_posts(client, design["id"]), format="json"
    ).json()
    assert {k: v for k, v in current.items() if k not in ("design", "revision")} == posted


def test_rules_takes_pinned_or_current_only_and_a_hidden_design_stays_not_found(
    catalog: None, users: dict[str, Any]
) -> None:
    design = create_design(users["alice"])
    response = client_for(users["alice"]).get(f"/api/v1/designs/{design['id']}/evaluation/?rules=latest")
    assert response.status_code == 400 and "rules" in response.json()
    # Another team's editor learns nothing of it, whatever the parameter.
    for query in ("?rules=current", "?rules=latest"):
        assert (
            client_for(users["dave"]).get(f"/api/v1/designs/{design['id']}/evaluation/{query}").status_code
            == 404
        )
