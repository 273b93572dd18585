"""GET /imports/awr/{id}/workload/: the custom profile's fields as the design API names them, which
POST /evaluate/ accepts with a platform; a report that cannot be sized is a 400 saying why."""

from __future__ import annotations

from typing import Any

import pytest

from imports.tests.conftest import AWR, as_user, upload
from measurements.tests.awr_builders import Spec, html_report, text_report

pytestmark = pytest.mark.django_db

# The EqualLogic PS6010S of the seed design "ps6010s-custom-awr-profile" (sizing/tests/golden/cases.py).
PS6010S_PLATFORM: dict[str, Any] = {
    "family": "equallogic",
    "storage_model": "PS6010S",
    "rac_nodes": 2,
    "cores_per_node": 8,
    "arrays": 1,
}
CUSTOM_FIELDS = {"tx_per_s", "reads_per_s", "writes_per_s", "db_cpu_s_per_s", "redo_mb_per_s"}


def _saved(users: dict[str, Any], data: bytes, user: str = "alice") -> dict[str, Any]:
    response = upload(as_user(users, user), data)
    assert response.status_code == 201, response.content
    return dict(response.json())


def _workload(users: dict[str, Any], saved: dict[str, Any], user: str = "alice") -> Any:
    return as_user(users, user).get(f"{AWR}{saved['id']}/workload/")


def test_the_custom_profile_fields(users):
    spec = Spec()
    saved = _saved(users, text_report(spec))
    response = _workload(users, saved)
    assert response.status_code == 200, response.content
    body = response.json()
    workload = body["workload"]
    assert "platform" not in body and "platform" not in workload
    assert workload["kind"] == "oltp"
    assert workload["profile"] == "custom"
    assert set(workload) == {"kind", "profile", "target_tps", *CUSTOM_FIELDS}
    assert workload["tx_per_s"] == workload["target_tps"] == spec.transactions_per_s
    assert workload["reads_per_s"] == spec.read_requests_per_s
    assert workload["writes_per_s"] == spec.write_requests_per_s
    assert workload["redo_mb_per_s"] == pytest.approx(spec.redo_bytes_per_s / 1e6)
    assert workload["db_cpu_s_per_s"] == pytest.approx(spec.db_cpu_s / (spec.elapsed_min * 60))
    # each with the place it is printed
    assert body["sources"]["tx_per_s"]["source"]["row"] == "Transactions"
    assert body["sources"]["reads_per_s"]["source"]["row"] == "Read IO requests"
    assert set(body["sources"]) == CUSTOM_FIELDS
    # the measured latency has no design input: shown beside the workload
    assert body["measured"]["single_block_read_ms"]["unit"] == "ms"
    assert body["import_id"] == saved["id"]


@pytest.mark.parametrize("builder", [text_report, html_report])
def test_evaluate_accepts_the_workload(users, catalog, builder):
    saved = _saved(users, builder(Spec()))
    workload = _workload(users, saved).json()["workload"]
    response = as_user(users, "alice").post(
        "/api/v1/evaluate/", {"workload": workload, "platform": PS6010S_PLATFORM}, format="json"
    )
    assert response.status_code == 200, response.content


def test_a_design_can_be_created_from_it(users, catalog):
    saved = _saved(users, text_report(Spec()))
    workload = _workload(users, saved).json()["workload"]
    response = as_user(users, "alice").post(
        "/api/v1/designs/",
        {"name": "From AWR", "workload": workload, "platform": PS6010S_PLATFORM},
        format="json",
    )
    assert response.status_code == 201, response.content
    assert response.json()["workload"]["tx_per_s"] == Spec().transactions_per_s


def test_zero_transactions_per_second_cannot_be_sized(users):
    # 0 transactions printed but I/O measured: an import (with a note), but not a workload to size.
    saved = _saved(users, text_report(Spec(transactions_per_s=0.0)))
    assert any("transactions print as 0" in note for note in saved["notes"])
    response = _workload(users, saved)
    assert response.status_code == 400
    (message,) = response.json()["workload"]["tx_per_s"]
    assert "a workload of 0 transactions per second cannot be sized" in message


def test_a_value_the_custom_profile_needs_is_missing(users):
    spec = Spec(style="11.2.0.3", read_requests_per_s=None, write_requests_per_s=None)
    data = text_report(spec)
    # No physical reads printed at all: the reads the custom profile requires are absent.
    data = b"\n".join(line for line in data.split(b"\n") if b"Physical reads:" not in line)
    saved = _saved(users, data)
    assert saved["workload"]["read_requests_per_s"] is None
    response = _workload(users, saved)
    assert response.status_code == 400
    assert list(response.json()["workload"]) == ["reads_per_s"]
    assert "prints no value for it" in response.json()["workload"]["reads_per_s"][0]
