"""A design that opts in to its team's evidence (issue 38 points 4 and 5), on PostgreSQL: team A
imports an ORION run and a Swingbench series of its EqualLogic PS6010XV and opts a design in; the
design's projection moves, the payload shows before and after and lists every imported point with
its error; a Swingbench series of 3 runs, which no family fit reads, is said to be unused, and one of
6 runs becomes the USL second opinion. Team B's evaluations are byte for byte what they were, as is a
team-A design that does not opt in; team B cannot list, name (the same 400 as an unknown id, nothing
written) or open (404) team A's import; an import a design names is not deleted under it (409)."""

from __future__ import annotations

from typing import Any

import pytest

from catalog.versioning import catalog_snapshot
from designs.models import Design
from designs.tests.conftest import client_for
from engine_adapter.services import evidence_and_rules, team_evidence
from imports.models import EvidenceImport
from imports.tests.conftest import EVIDENCE, ORION, SWINGBENCH, SYSTEMS, post_orion, post_swingbench
from measurements.tests.orion_swingbench_builders import (
    Peak,
    Transaction,
    orion_grid,
    orion_summary,
    swingbench_results,
)

pytestmark = pytest.mark.django_db

DESIGNS = "/api/v1/designs/"
EVALUATE = "/api/v1/evaluate/"
# The document's TPC-C system (Dell OLTP Table 9: one PS6010XV, two R710 nodes) at 6,900 users of 16 KB
# I/O. At the document's own 8 KB the TPC-C fit holds the peak run (348.61 TPS) whatever the array
# curve: its host-path constant is fitted again on that run's response.
PS6010XV = {
    "family": "equallogic",
    "storage_model": "PS6010XV",
    "rac_nodes": 2,
    "cores_per_node": 8,
    "arrays": 1,
}
WORKLOAD = {"kind": "oltp", "users": 6900, "block_size_kb": 16}

# The team's PS6010XV under ORION -run oltp, 8 KB at 30 % writes: faster than the document's 70/30
# point (4,047 IOPS within 20 ms, Table 2 test 2); its maximum within 20 ms is 4,300 IOPS at 14 ms.
OUTSTANDING = (8, 16, 32, 64)
IOPS = [1500.0, 2600.0, 3700.0, 4300.0]
LATENCY_US = [5300.0, 6400.0, 9000.0, 14000.0]
# Three Swingbench runs of the same system with rising users (one file each).
RUNS = {100: 4.9, 200: 9.7, 400: 18.8}  # users -> average TPS


def _orion_files() -> dict[str, tuple[str, bytes]]:
    summary = orion_summary(
        run="oltp", test_name="prod", num_disks=14, small_kb=8, write_percent=30,
        small_columns=OUTSTANDING, large_columns=(0,), max_iops=Peak(4300, 64, 0), min_latency=Peak(5300, 8, 0),
    )  # fmt: skip
    return {
        "summary": ("prod_summary.txt", summary),
        "iops": ("prod_iops.csv", orion_grid(OUTSTANDING, {0: IOPS})),
        "lat": ("prod_lat.csv", orion_grid(OUTSTANDING, {0: LATENCY_US})),
    }


def _swingbench_files(runs: dict[int, float] = RUNS) -> list[tuple[str, bytes]]:
    def run(users: int) -> tuple[str, bytes]:
        transactions = [Transaction("New Order", count=300 * users, average=40.0 + users / 10)]
        data = swingbench_results(users=users, average_tps=runs[users], transactions=transactions)
        return f"soe_{users}u.xml", data

    return [run(u) for u in runs]


def _team_a_evidence(users: dict[str, Any], runs: dict[int, float] = RUNS) -> tuple[int, int]:
    """Alice's team describes its PS6010XV and imports an ORION run and a Swingbench series of it."""
    alice = client_for(users["alice"])
    system = alice.post(
        SYSTEMS, {"name": "Prod PS6010XV", "family": "EqualLogic", "storage_model": "ps6010xv"}, format="json"
    )
    assert system.status_code == 201, system.content
    orion = post_orion(alice, _orion_files(), path=ORION, existing_system=system.json()["id"])
    assert orion.status_code == 201, orion.content
    swingbench = post_swingbench(
        alice, _swingbench_files(runs), path=SWINGBENCH, existing_system=system.json()["id"]
    )
    assert swingbench.status_code == 201, swingbench.content
    return orion.json()["id"], swingbench.json()["id"]


def _design(user: Any, team: Any | None, **fields: Any) -> dict[str, Any]:
    body = {"name": "Core OLTP on PS6010XV", "workload": WORKLOAD, "platform": PS6010XV, **fields}
    if team is not None:
        body["team"] = team.pk
    response = client_for(user).post(DESIGNS, body, format="json")
    assert response.status_code == 201, response.content
    return dict(response.json())


def _patch(user: Any, design: dict[str, Any], body: dict[str, Any]) -> Any:
    current = client_for(user).get(f"{DESIGNS}{design['id']}/").json()
    return client_for(user).patch(
        f"{DESIGNS}{design['id']}/", body, format="json", HTTP_IF_MATCH=current["etag"]
    )


def _evaluation(user: Any, design: dict[str, Any]) -> Any:
    response = client_for(user).get(f"{DESIGNS}{design['id']}/evaluation/")
    assert response.status_code == 200, response.content
    return response


def _array_iops(payload: dict[str, Any]) -> float:
    """The array's IOPS at 20 ms, as the storage section states it ("array at 20 ms: 4,047 IOPS; ...")."""
    note = payload["evaluation"]["storage"]["notes"][0]
    return float(note.split("array at 20 ms: ")[1].split(" IOPS")[0].replace(",", ""))


def _team(user: Any) -> Any:
    return user.memberships.get().team


def test_opting_in_recalibrates_on_the_teams_measurements_and_shows_before_and_after(catalog, users):
    alice = users["alice"]
    orion_id, swingbench_id = _team_a_evidence(users)
    design = _design(alice, _team(alice))
    before = _evaluation(alice, design).json()
    assert "evidence_overlay" not in before

    opted = _patch(
        alice, design, {"evidence_imports": [swingbench_id, orion_id], "calibrate_on_evidence": True}
    )
    assert opted.status_code == 200, opted.content
    assert opted.json()["evidence_imports"] == sorted([orion_id, swingbench_id])
    assert opted.json()["calibrate_on_evidence"] is True
    after = _evaluation(alice, design).json()

    # The projection moved: the array fit read the team's ORION point, faster than the document's, so
    # the array carries more within 20 ms; the host path, fitted again on the peak TPC-C run's response
    # with the faster array, carries less (the model's own reading of the two measurements together).
    tps_before = before["evaluation"]["summary"]["max_sustained_tps"]["value"]
    tps_after = after["evaluation"]["summary"]["max_sustained_tps"]["value"]
    assert tps_after != tps_before
    assert before["evaluation"]["storage"]["notes"] != after["evaluation"]["storage"]["notes"]
    assert _array_iops(after) > _array_iops(before)
    overlay = after["evidence_overlay"]
    assert overlay["recalibrated"] is True
    assert overlay["baseline"]["max_sustained_tps"] == before["evaluation"]["summary"]["max_sustained_tps"]
    assert overlay["baseline"]["verdict"] == before["evaluation"]["verdict"]
    assert overlay["headline"]["max_sustained_tps"] == after["evaluation"]["summary"]["max_sustained_tps"]
    change = overlay["difference"]["max_sustained_tps"]
    assert change["value"] == pytest.approx(tps_after - tps_before, abs=1e-3)
    assert change["pct"] == pytest.approx(100 * (tps_after - tps_before) / tps_before, abs=0.01)
    # The storage section cites the team's file among the document's ORION points.
    assert any(s.startswith("prod_iops.csv") for s in after["evaluation"]["storage"]["sources"])
    assert any(a["key"] == "evidence.overlay" for a in after["assumptions"])

    imports = {i["id"]: i for i in overlay["imports"]}
    assert imports[orion_id]["used_by_model"] is True
    assert (imports[orion_id]["family"], imports[orion_id]["storage_model"]) == ("equallogic", "PS6010XV")
    assert imports[orion_id]["points"] == len(IOPS)
    # No family fit reads a team's Swingbench series: said, not silently ignored.
    assert imports[swingbench_id]["used_by_model"] is False
    assert any(
        n.startswith(f"{imports[swingbench_id]['name']}: not used by the equallogic model")
        for n in overlay["notes"]
    )

    # The validation of the set: every imported point with the prediction and its error.
    rows = overlay["validation"]["rows"]
    orion_rows = [r for r in rows if r["import"] == orion_id]
    assert [r["measured"] for r in orion_rows] == IOPS
    assert [r["quantity"] for r in orion_rows] == ["iops"] * len(IOPS)
    assert all(r["predicted"] is not None and r["error_pct"] is not None for r in orion_rows)
    assert orion_rows[-1]["source"].startswith("prod_iops.csv")
    assert orion_rows[-1]["at"].startswith("8 KB, 70 % read, 14 ms")
    tps_rows = [r for r in rows if r["import"] == swingbench_id and r["quantity"] == "tps"]
    assert [r["measured"] for r in tps_rows] == list(RUNS.values())
    assert [r["at"] for r in tps_rows] == [f"{u} users" for u in RUNS]
    for row in tps_rows:
        assert row["error_pct"] == pytest.approx(
            100 * (row["predicted"] - row["measured"]) / row["measured"], abs=0.01
        )
    assert overlay["validation"]["error_bands_recomputed"] is False
    assert "not recomputed" in overlay["validation"]["error_bands"]

    # The choice is content: the revision says so, and POST /evaluate/ of the same inputs agrees.
    revision = client_for(alice).get(f"{DESIGNS}{design['id']}/revisions/").json()["results"][0]
    assert revision["snapshot"]["evidence_imports"] == sorted([orion_id, swingbench_id])
    assert {c["field"] for c in revision["changes"]} == {"evidence_imports", "calibrate_on_evidence"}
    unsaved = client_for(alice).post(
        EVALUATE,
        {"workload": WORKLOAD, "platform": PS6010XV, "evidence_imports": [orion_id, swingbench_id],
         "calibrate_on_evidence": True},
        format="json",
    )  # fmt: skip
    assert unsaved.status_code == 200, unsaved.content
    assert unsaved.json()["evaluation"]["summary"] == after["evaluation"]["summary"]
    assert unsaved.json()["evidence_overlay"]["difference"] == overlay["difference"]
    # The list's headline is the recalibrated one.
    assert Design.objects.get(pk=design["id"]).throughput == tps_after


# Six Swingbench runs of the team's system (a USL curve: 2 TPS a user, sigma 0.01, kappa 0.00002).
SIX_RUNS = {
    n: round(2.0 * n / (1 + 0.01 * (n - 1) + 0.00002 * n * (n - 1)), 1) for n in (25, 50, 100, 200, 400, 800)
}


def test_a_series_of_six_swingbench_runs_is_the_usl_second_opinion_once_opted_in(catalog, users):
    alice = users["alice"]
    orion_id, swingbench_id = _team_a_evidence(users, SIX_RUNS)
    named = _design(alice, _team(alice), evidence_imports=[orion_id, swingbench_id])
    before = _evaluation(alice, named).json()
    # Named but not calibrated on: the catalog has no load series of 6 runs for EqualLogic.
    assert before["evaluation"]["usl"]["available"] is False
    opted = _patch(alice, named, {"calibrate_on_evidence": True})
    assert opted.status_code == 200, opted.content
    after = _evaluation(alice, named).json()
    usl = after["evaluation"]["usl"]
    assert usl["available"] is True
    assert (usl["curve"], usl["quantity"]) == (f"import-{swingbench_id}-swingbench", "tps")
    assert sorted(s.split(",")[0] for s in usl["sources"]) == sorted(f"soe_{n}u.xml" for n in SIX_RUNS)
    assert usl["fit"]["points"] == len(SIX_RUNS)
    assert usl["fit"]["sigma"] == pytest.approx(0.01, rel=0.1)
    overlay = after["evidence_overlay"]
    imports = {i["id"]: i for i in overlay["imports"]}
    assert imports[swingbench_id]["used_by_model"] is True and imports[orion_id]["used_by_model"] is True
    assert not any("not used" in n for n in overlay["notes"])
    rows = [r for r in overlay["validation"]["rows"] if r["import"] == swingbench_id]
    assert [r["at"] for r in rows if r["quantity"] == "tps"] == [f"{n} users" for n in SIX_RUNS]
    assert len(rows) == 2 * len(SIX_RUNS)  # TPS and response of each run


def test_imports_named_without_calibrating_are_compared_with_the_catalogs_model(catalog, users):
    alice = users["alice"]
    orion_id, _ = _team_a_evidence(users)
    design = _design(alice, _team(alice), evidence_imports=[orion_id])
    plain = _design(alice, _team(alice))
    named = _evaluation(alice, design).json()
    assert named["evaluation"] == _evaluation(alice, plain).json()["evaluation"]
    overlay = named["evidence_overlay"]
    assert overlay["recalibrated"] is False and overlay["baseline"] == overlay["headline"]
    assert overlay["validation"]["on"] == "the catalog's model"
    assert len(overlay["validation"]["rows"]) == len(IOPS)


def test_another_teams_evaluations_and_an_unopted_design_do_not_move_by_a_byte(catalog, users):
    dave, alice = users["dave"], users["alice"]
    theirs = _design(dave, _team(dave))
    unopted = _design(alice, _team(alice))
    unsaved = {"workload": WORKLOAD, "platform": PS6010XV}

    def answers() -> list[bytes]:
        return [
            _evaluation(dave, theirs).content,
            client_for(dave).post(EVALUATE, unsaved, format="json").content,
            _evaluation(alice, unopted).content,
            client_for(alice).post(EVALUATE, unsaved, format="json").content,
        ]

    before = answers()
    orion_id, swingbench_id = _team_a_evidence(users)
    opted = _design(
        alice, _team(alice), evidence_imports=[orion_id, swingbench_id], calibrate_on_evidence=True
    )
    assert "evidence_overlay" in _evaluation(alice, opted).json()  # the overlay is built and cached
    assert answers() == before


def test_another_team_cannot_name_or_open_the_import(catalog, users):
    dave = users["dave"]
    orion_id, _ = _team_a_evidence(users)
    unknown = max(EvidenceImport.objects.values_list("pk", flat=True)) + 1000
    design = _design(dave, _team(dave))
    written = Design.objects.get(pk=design["id"])
    for ids in ([orion_id], [unknown], [unknown, orion_id]):
        refused = _patch(dave, design, {"evidence_imports": ids, "calibrate_on_evidence": True})
        assert refused.status_code == 400
        # the same words for another team's import and for none: its existence is not told
        assert refused.json() == {
            "evidence_imports": [
                f"No evidence import {i} among the design's team's imports." for i in sorted(ids)
            ]
        }
        unsaved = client_for(dave).post(
            EVALUATE, {"workload": WORKLOAD, "platform": PS6010XV, "evidence_imports": ids}, format="json"
        )
        assert unsaved.status_code == 400
        assert unsaved.json() == refused.json()
    # Nothing was written: the design, its version and its revisions are what they were.
    after = Design.objects.get(pk=design["id"])
    assert (after.evidence_imports, after.calibrate_on_evidence, after.version) == (
        [],
        False,
        written.version,
    )
    assert after.revisions.count() == 1
    # Nor listed, opened or deleted: team A's import is not there for team B.
    assert client_for(dave).get(EVIDENCE).json()["results"] == []
    assert client_for(dave).get(EVIDENCE, {"team": _team(users["alice"]).pk}).json()["results"] == []
    assert client_for(dave).get(f"{EVIDENCE}{orion_id}/").status_code == 404
    assert client_for(dave).delete(f"{EVIDENCE}{orion_id}/").status_code == 404
    assert EvidenceImport.objects.filter(pk=orion_id).exists()
    # Nor by moving a design of team A that names it to team B: the write is refused on the field.
    assert team_evidence(team_id=_team(dave).pk, ids=[orion_id]) == []


def test_a_design_without_a_team_or_calibrating_on_nothing_is_refused(catalog, users):
    alice = users["alice"]
    orion_id, _ = _team_a_evidence(users)
    response = client_for(alice).post(
        DESIGNS,
        {"name": "x", "workload": WORKLOAD, "platform": PS6010XV, "evidence_imports": [orion_id]},
        format="json",
    )
    assert response.status_code == 400
    assert list(response.json()) == ["evidence_imports"]
    design = _design(alice, _team(alice))
    refused = _patch(alice, design, {"calibrate_on_evidence": True})
    assert refused.status_code == 400 and list(refused.json()) == ["calibrate_on_evidence"]
    # Taking a design that names team A's evidence out of its team is refused on the field.
    named = _design(alice, _team(alice), evidence_imports=[orion_id])
    moved = _patch(alice, named, {"team": None})
    assert moved.status_code == 400
    assert moved.json() == {
        "evidence_imports": ["A design uses its team's evidence imports: give the design a team first."]
    }


def test_an_import_a_design_names_is_not_deleted_under_it(catalog, users):
    alice = users["alice"]
    orion_id, _ = _team_a_evidence(users)
    design = _design(
        alice, _team(alice), name="Core OLTP", evidence_imports=[orion_id], calibrate_on_evidence=True
    )
    refused = client_for(alice).delete(f"{EVIDENCE}{orion_id}/")
    assert refused.status_code == 409
    assert refused.json() == {
        "detail": f"Design 'Core OLTP' (design {design['id']}) uses this evidence import: take it out of "
        "their evidence first."
    }
    assert EvidenceImport.objects.filter(pk=orion_id).exists()
    taken_out = _patch(alice, design, {"evidence_imports": [], "calibrate_on_evidence": False})
    assert taken_out.status_code == 200, taken_out.content
    assert client_for(alice).delete(f"{EVIDENCE}{orion_id}/").status_code == 204
    # Restoring the revision that named it leaves it out, and says so.
    restored = client_for(alice).post(
        f"{DESIGNS}{design['id']}/revisions/1/restore/", HTTP_IF_MATCH=taken_out.json()["etag"]
    )
    assert restored.status_code == 200, restored.content
    assert restored.json()["evidence_imports"] == [] and restored.json()["calibrate_on_evidence"] is False
    latest = client_for(alice).get(f"{DESIGNS}{design['id']}/revisions/").json()["results"][0]
    assert (
        latest["summary"] == f"Restored revision 1 without evidence import {orion_id} (no longer the team's)"
    )


def test_the_overlay_is_built_once_per_catalog_version_and_evidence_set(catalog, users):
    orion_id, swingbench_id = _team_a_evidence(users)
    team_id = _team(users["alice"]).pk
    snapshot = catalog_snapshot()
    chosen = team_evidence(team_id=team_id, ids=[orion_id, swingbench_id])
    base, _ = evidence_and_rules(None, snapshot)
    first, _ = evidence_and_rules(None, snapshot, chosen)
    again, _ = evidence_and_rules(
        None, snapshot, list(reversed(team_evidence(team_id=team_id, ids=[swingbench_id, orion_id])))
    )
    assert first is again and first is not base
    assert len(first.observations) == len(base.observations) + sum(len(i.observations) for i in chosen)
    only_orion, _ = evidence_and_rules(None, snapshot, chosen[:1])
    assert only_orion is not first
    # Every imported observation cites its file and line or element.
    assert all(
        o.source.document.endswith((".csv", ".xml")) and o.source.locator
        for i in chosen
        for o in i.observations
    )
