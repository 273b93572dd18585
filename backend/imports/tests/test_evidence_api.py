"""A team's own evidence over the API, on PostgreSQL: existing systems, ORION runs and Swingbench
series checked (nothing stored) and saved (all or nothing), the same files again recognised, team
scoping (another team's import or system is a 404, its lists are empty), the viewer's rights (read
yes, write no), and malformed files refused with a 400 naming the file and the line or element,
with no row written. Files are written by measurements.tests.orion_swingbench_builders from values;
the tests assert the API gives those values back."""

from __future__ import annotations

import os
from io import StringIO
from typing import Any

import pytest
import yaml
from django.core.management import call_command
from jsonschema import validators
from jsonschema._keywords import allOf as all_of
from openapi_schema_validator import OAS30Validator

from imports.models import EvidenceFile, EvidenceImport, ExistingSystem
from imports.tests.conftest import (
    EVIDENCE,
    ORION,
    ORION_CHECK,
    SWINGBENCH,
    SWINGBENCH_CHECK,
    SYSTEMS,
    as_user,
    post_orion,
    post_swingbench,
)
from measurements.source import MAX_FILE_BYTES
from measurements.tests.orion_swingbench_builders import (
    BILLION_LAUGHS,
    PDF_FILE,
    Peak,
    Transaction,
    orion_grid,
    orion_summary,
    swingbench_results,
)

pytestmark = pytest.mark.django_db

# ------------------------------------------------------------------------------------ the files
# An ORION "normal" run with small and large I/O: small columns 0-4, large rows 0-2.
SMALL = (0, 1, 2, 4)
LARGE = (0, 1, 2)
IOPS_ROW0 = [None, 4000.0, 7800.0, 14000.0]
LAT_ROW0_US = [None, 250.0, 256.0, 285.0]
MBPS_COL0 = {1: 80.0, 2: 150.0}
STAMP = "test1_20240101_1200"


def orion_files(
    *, stamp: str = STAMP, iops_row0: list[float | None] | None = None
) -> dict[str, tuple[str, bytes]]:
    iops0 = iops_row0 or IOPS_ROW0
    summary = orion_summary(
        run="normal",
        test_name=stamp.split("_")[0],  # the grids' run name (their file names)
        num_disks=8,
        small_kb=8,
        large_kb=1024,
        write_percent=20,
        small_columns=SMALL,
        large_columns=LARGE,
        max_mbps=Peak(150, 0, 2),
        max_iops=Peak(14000, 4, 0),
        min_latency=Peak(250, 1, 0),
    )
    iops = orion_grid(SMALL, {0: iops0, 1: [None, 3000.0, 5000.0, 9000.0], 2: [None, 2000.0, 4000.0, 7000.0]})
    lat = orion_grid(SMALL, {0: LAT_ROW0_US, 1: [None, 400.0, 420.0, 500.0], 2: [None, 600.0, 650.0, 700.0]})
    mbps = orion_grid(
        SMALL,
        {
            0: [None, 1.0, 2.0, 3.0],
            1: [MBPS_COL0[1], 70.0, 60.0, 50.0],
            2: [MBPS_COL0[2], 120.0, 110.0, 90.0],
        },
    )
    return {
        "summary": (f"{stamp}_summary.txt", summary),
        "iops": (f"{stamp}_iops.csv", iops),
        "mbps": (f"{stamp}_mbps.csv", mbps),
        "lat": (f"{stamp}_lat.csv", lat),
    }


# Three Swingbench runs of one benchmark with rising users.
RUNS = {8: 210.5, 16: 411.52, 32: 602.25}  # users -> average TPS


def _transactions(users: int) -> list[Transaction]:
    return [
        Transaction("Browse Products", count=1000 * users, average=2.0 + users / 8),
        Transaction("Process Orders", count=250 * users, average=6.0 + users / 4),
    ]


def swingbench_run(users: int) -> tuple[str, bytes]:
    data = swingbench_results(users=users, average_tps=RUNS[users], transactions=_transactions(users))
    return f"results_{users}u.xml", data


def weighted_response(users: int) -> float:
    transactions = _transactions(users)
    total = sum(t.count or 0 for t in transactions)
    return sum((t.average or 0) * (t.count or 0) for t in transactions) / total


def _rows() -> tuple[int, int, int]:
    return ExistingSystem.objects.count(), EvidenceImport.objects.count(), EvidenceFile.objects.count()


def _system(client: Any, name: str = "Prod array", **fields: Any) -> dict[str, Any]:
    response = client.post(SYSTEMS, {"name": name, **fields}, format="json")
    assert response.status_code == 201, response.content
    return dict(response.json())


# ---------------------------------------------------------------------------- existing systems
def test_existing_systems_are_described_changed_listed_and_unique_by_name_in_a_team(users):
    alice = as_user(users, "alice")
    created = _system(
        alice, "Prod array", description="The bank's array", family="Pure FlashArray", storage_model="X70"
    )
    assert (created["name"], created["family"], created["storage_model"]) == (
        "Prod array",
        "Pure FlashArray",
        "X70",
    )
    assert created["team"]["name"] == "Presales A" and created["created_by"]["username"] == "alice"
    assert created["evidence_count"] == 0

    # the same name in another case is refused in the team, allowed in another team
    again = alice.post(SYSTEMS, {"name": "  PROD ARRAY "}, format="json")
    assert again.status_code == 400
    assert again.json() == {"name": ["Presales A already has an existing system named 'PROD ARRAY'."]}
    assert _system(as_user(users, "dave"), "prod array")["team"]["name"] == "Presales B"

    changed = alice.patch(f"{SYSTEMS}{created['id']}/", {"storage_model": "X90"}, format="json")
    assert changed.status_code == 200, changed.content
    assert (changed.json()["name"], changed.json()["storage_model"]) == ("Prod array", "X90")
    other = _system(alice, "DR array")
    clash = alice.patch(f"{SYSTEMS}{other['id']}/", {"name": "prod ARRAY"}, format="json")
    assert clash.status_code == 400 and "already has an existing system" in clash.json()["name"][0]
    assert [s["name"] for s in alice.get(SYSTEMS).json()["results"]] == ["DR array", "Prod array"]

    assert alice.delete(f"{SYSTEMS}{other['id']}/").status_code == 204
    assert alice.get(f"{SYSTEMS}{other['id']}/").status_code == 404


# -------------------------------------------------------------------------------------- ORION
def test_orion_check_gives_every_value_with_its_file_and_line_and_stores_nothing(users):
    files = orion_files()
    response = post_orion(as_user(users, "alice"), files, path=ORION_CHECK)
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["kind"] == "orion" and body["existing_import"] is None and body["existing_system"] is None
    assert [f["role"] for f in body["files"]] == ["summary", "iops", "mbps", "lat"]
    assert [f["size_bytes"] for f in body["files"]] == [len(data) for _, data in files.values()]
    orion = body["orion"]
    run = orion["run"]
    assert run["mode"]["value"] == "normal" and run["test_name"]["value"] == "test1"
    assert (run["small_io_kb"]["value"], run["large_io_kb"]["value"]) == (8, 1024)
    assert (run["write_percent"]["value"], run["read_percent"]["value"]) == (20, 80)
    assert run["num_disks"]["value"] == 8
    assert run["small_columns"]["value"] == list(SMALL) and run["large_columns"]["value"] == list(LARGE)
    assert run["latency_unit"] == "us" and run["min_latency_ms"] == pytest.approx(0.25)
    # every value names the file and the line it was read from
    summary_name, summary_data = files["summary"]
    lines = summary_data.decode().split("\n")
    source = run["small_io_kb"]["source"]
    assert source["file"] == summary_name
    assert lines[int(source["where"].removeprefix("line ")) - 1].startswith("Small IO size")

    assert orion["latency_unit_in_file"] == "us"
    points = orion["iops_latency"]
    assert [p["outstanding_small"] for p in points] == [1, 2, 4]
    assert [p["iops"] for p in points] == IOPS_ROW0[1:]
    assert [p["latency_ms"] for p in points] == pytest.approx([v / 1000 for v in LAT_ROW0_US[1:] if v])
    assert points[0]["iops_source"] == {"file": files["iops"][0], "where": "line 2, column 'Small=1'"}
    assert points[0]["latency_source"] == {"file": files["lat"][0], "where": "line 2, column 'Small=1'"}
    assert [(p["outstanding_large"], p["mbps"]) for p in orion["mbps"]] == list(MBPS_COL0.items())
    assert orion["mbps"][0]["source"]["file"] == files["mbps"][0]
    assert {g["kind"]: g["run_name"]["value"] for g in orion["grids"]} == {
        "iops": "test1",
        "mbps": "test1",
        "lat": "test1",
    }
    assert _rows() == (0, 0, 0)


def test_orion_run_saved_for_a_system_and_the_same_files_again_are_the_existing_import(users):
    alice = as_user(users, "alice")
    system = _system(alice)
    files = orion_files()
    first = post_orion(alice, files, existing_system=system["id"])
    assert first.status_code == 201, first.content
    created = first.json()
    assert created["existing"] is False and created["kind"] == "orion"
    assert created["existing_system"] == {"id": system["id"], "name": system["name"]}
    assert created["team"]["name"] == "Presales A" and created["uploaded_by"]["username"] == "alice"
    assert created["name"] == "test1" and created["points"] == 3
    assert created["swingbench"] is None
    assert [p["iops"] for p in created["orion"]["iops_latency"]] == IOPS_ROW0[1:]
    stored = EvidenceImport.objects.get()
    assert [bytes(f.content) for f in stored.files.order_by("position")] == [d for _, d in files.values()]
    assert alice.get(f"{SYSTEMS}{system['id']}/").json()["evidence_count"] == 1

    # The same bytes under other names, by another editor: recognised, nothing new stored.
    renamed = {field: (f"copy-{name}", data) for field, (name, data) in files.items()}
    again = post_orion(as_user(users, "carol"), renamed)
    assert again.status_code == 200, again.content
    assert again.json()["existing"] is True and again.json()["id"] == created["id"]
    assert _rows() == (1, 1, 4)
    # the check says the team has it already
    assert post_orion(alice, files, path=ORION_CHECK).json()["existing_import"] == created["id"]

    # one file changed is another run
    other = post_orion(alice, orion_files(iops_row0=[None, 4100.0, 7900.0, 14100.0]))
    assert other.status_code == 201 and other.json()["id"] != created["id"]
    assert other.json()["existing_system"] is None

    # A system with evidence is not deleted under it; without, it is.
    refused = alice.delete(f"{SYSTEMS}{system['id']}/")
    assert refused.status_code == 409
    assert refused.json() == {"detail": "1 evidence import belongs to 'Prod array': delete it first."}
    assert alice.delete(f"{EVIDENCE}{created['id']}/").status_code == 204
    assert alice.delete(f"{SYSTEMS}{system['id']}/").status_code == 204
    assert _rows() == (0, 1, 4)


def test_an_orion_run_without_large_io_needs_no_mbps_file(users):
    small = (1, 2)
    files = {
        "summary": ("oltp_summary.txt", orion_summary(run="oltp", test_name="oltp", small_columns=small)),
        "iops": ("oltp_iops.csv", orion_grid(small, {0: [900.0, 1700.0]})),
        "lat": ("oltp_lat.csv", orion_grid(small, {0: [1100.0, 1180.0]})),
    }
    response = post_orion(as_user(users, "alice"), files)
    assert response.status_code == 201, response.content
    assert response.json()["orion"]["mbps"] == []
    assert [f["role"] for f in response.json()["files"]] == ["summary", "iops", "lat"]
    assert any("No _mbps.csv" in note for note in response.json()["notes"])


# --------------------------------------------------------------------------------- Swingbench
def test_three_swingbench_runs_with_rising_users_are_a_series_of_three_points(users):
    alice = as_user(users, "alice")
    system = _system(alice)
    sent = [swingbench_run(16), swingbench_run(32), swingbench_run(8)]  # not in users order
    check = post_swingbench(alice, sent, path=SWINGBENCH_CHECK, existing_system=system["id"])
    assert check.status_code == 200, check.content
    assert check.json()["existing_system"]["id"] == system["id"]
    assert _rows() == (1, 0, 0)

    saved = post_swingbench(alice, sent, existing_system=system["id"])
    assert saved.status_code == 201, saved.content
    body = saved.json()
    series = body["swingbench"]
    assert body["orion"] is None and body["points"] == 3
    assert body["name"] == series["benchmark_name"] == "Order Entry (PLSQL) V2"
    curve = series["curve"]
    assert [p["users"] for p in curve] == sorted(RUNS)
    assert [p["tps"] for p in curve] == [RUNS[u] for u in sorted(RUNS)]
    assert [p["average_response_ms"] for p in curve] == pytest.approx(
        [weighted_response(u) for u in sorted(RUNS)]
    )
    assert [p["file"] for p in curve] == [swingbench_run(u)[0] for u in sorted(RUNS)]
    assert curve[0]["tps_source"] == {
        "file": "results_8u.xml",
        "where": "<Overview>/<AverageTransactionsPerSecond>",
    }
    assert curve[0]["users_source"]["where"] == "<Configuration>/<NumberOfUsers>"
    # the runs in the upload's order, each with its transactions
    assert [r["file"] for r in series["runs"]] == [name for name, _ in sent]
    first = series["runs"][0]
    assert [t["name"] for t in first["transactions"]] == ["Browse Products", "Process Orders"]
    assert first["transactions"][0]["transaction_count"]["value"] == 1000 * 16
    assert first["timings_unit"] == "milliseconds"
    assert _rows() == (1, 1, 3)

    # the same three files in another order: the existing import
    again = post_swingbench(alice, list(reversed(sent)))
    assert again.status_code == 200 and again.json()["existing"] is True
    assert again.json()["id"] == body["id"]
    assert _rows() == (1, 1, 3)

    listed = alice.get(EVIDENCE).json()["results"]
    assert [(r["id"], r["kind"], r["points"]) for r in listed] == [(body["id"], "swingbench", 3)]
    assert "swingbench" not in listed[0] and "content" not in listed[0]["files"][0]
    assert alice.get(EVIDENCE, {"kind": "orion"}).json()["results"] == []
    assert [r["id"] for r in alice.get(EVIDENCE, {"existing_system": system["id"]}).json()["results"]] == [
        body["id"]
    ]
    opened = alice.get(f"{EVIDENCE}{body['id']}/")
    assert opened.status_code == 200 and opened.json()["swingbench"] == series


def test_two_runs_of_the_same_users_are_refused(users):
    response = post_swingbench(
        as_user(users, "alice"), [swingbench_run(8), ("again.xml", swingbench_run(8)[1] + b" ")]
    )
    assert response.status_code == 400
    assert "both ran 8 users" in response.json()["files"][0]
    assert _rows() == (0, 0, 0)


# ---------------------------------------------------------------------------------- scoping
def test_another_team_gets_404_and_empty_lists_and_cannot_file_under_its_system(users):
    alice = as_user(users, "alice")
    system = _system(alice)
    orion = post_orion(alice, orion_files(), existing_system=system["id"]).json()
    series = post_swingbench(alice, [swingbench_run(8)]).json()
    dave = as_user(users, "dave")  # Presales B
    assert dave.get(EVIDENCE).json()["results"] == []
    assert dave.get(SYSTEMS).json()["results"] == []
    for method, path in [
        ("get", f"{EVIDENCE}{orion['id']}/"),
        ("get", f"{EVIDENCE}{series['id']}/"),
        ("delete", f"{EVIDENCE}{orion['id']}/"),
        ("get", f"{SYSTEMS}{system['id']}/"),
        ("patch", f"{SYSTEMS}{system['id']}/"),
        ("delete", f"{SYSTEMS}{system['id']}/"),
    ]:
        response = (
            getattr(dave, method)(path, {"name": "mine"}, format="json")
            if method == "patch"
            else getattr(dave, method)(path)
        )
        assert response.status_code == 404, (method, path, response.content)
        assert response.json()["detail"] in ("No such evidence import.", "No such existing system.")
    # naming team A's system, or team A, is a 400: nothing stored for anyone
    by_system = post_orion(dave, orion_files(stamp="dave"), existing_system=system["id"])
    assert by_system.status_code == 400
    assert by_system.json() == {
        "existing_system": [f"None of your teams has an existing system with id {system['id']}."]
    }
    by_team = post_swingbench(dave, [swingbench_run(16)], team=system["team"]["id"])
    assert by_team.json() == {"team": ["You are not a member of this team."]}
    assert dave.post(SYSTEMS, {"name": "x", "team": system["team"]["id"]}, format="json").status_code == 400
    assert _rows() == (1, 2, 5)
    # team B's own upload of the same files is its own import, invisible to team A
    own = post_swingbench(dave, [swingbench_run(8)])
    assert own.status_code == 201 and own.json()["id"] != series["id"]
    assert [r["id"] for r in alice.get(EVIDENCE).json()["results"]] == [series["id"], orion["id"]]
    assert alice.get(f"{EVIDENCE}{own.json()['id']}/").status_code == 404


@pytest.mark.parametrize("reader", ["bob", "erin"])  # the viewer and the manager of Presales A
def test_viewers_and_managers_read_and_check_but_cannot_upload_change_or_delete(users, reader):
    alice = as_user(users, "alice")
    system = _system(alice)
    saved = post_orion(alice, orion_files(), existing_system=system["id"]).json()
    client = as_user(users, reader)
    assert [r["id"] for r in client.get(EVIDENCE).json()["results"]] == [saved["id"]]
    assert client.get(f"{EVIDENCE}{saved['id']}/").status_code == 200
    assert [s["id"] for s in client.get(SYSTEMS).json()["results"]] == [system["id"]]
    assert client.get(f"{SYSTEMS}{system['id']}/").status_code == 200
    # a check stores nothing: any member may look
    assert post_swingbench(client, [swingbench_run(8)], path=SWINGBENCH_CHECK).status_code == 200
    assert post_orion(client, orion_files(stamp="x"), path=ORION_CHECK).status_code == 200

    for refused in [
        post_swingbench(client, [swingbench_run(8)]),
        post_orion(client, orion_files(stamp="x"), existing_system=system["id"]),
        client.delete(f"{EVIDENCE}{saved['id']}/"),
        client.post(SYSTEMS, {"name": "Mine"}, format="json"),
        client.patch(f"{SYSTEMS}{system['id']}/", {"description": "x"}, format="json"),
        client.delete(f"{SYSTEMS}{system['id']}/"),
    ]:
        assert refused.status_code == 403, refused.content
        assert "only its editors upload or delete" in refused.json()["detail"]
    assert _rows() == (1, 1, 4)


def test_anonymous_is_refused(users):
    from rest_framework.test import APIClient

    anonymous = APIClient()
    assert anonymous.get(EVIDENCE).status_code in (401, 403)
    assert anonymous.get(SYSTEMS).status_code in (401, 403)
    assert post_swingbench(anonymous, [swingbench_run(8)]).status_code in (401, 403)
    assert _rows() == (0, 0, 0)


# --------------------------------------------------------------------------------- refusals
def _missing_column() -> bytes:
    lines = orion_files()["iops"][1].decode().split("\n")
    lines[1] = lines[1].rsplit(",", 1)[0]  # the Large=0 row loses its last cell
    return "\n".join(lines).encode()


def _truncated_xml() -> bytes:
    data = swingbench_results(transactions=[Transaction("A"), Transaction("B")])
    return data[: data.index(b'<Result id="B">') + 40]


BIG = MAX_FILE_BYTES + 1
LIMIT = f"the file is {BIG:,} bytes; the limit is {MAX_FILE_BYTES:,} bytes (10 MB)"

# case -> (kind, the field refused, the file sent there (name, bytes), what the message says)
REFUSED: dict[str, tuple[str, str, tuple[str, Any], list[str]]] = {
    "csv with a missing column": (
        "orion",
        "iops",
        (f"{STAMP}_iops.csv", _missing_column),
        ["line 2: the row for Large=0 has 3 values but the header names 4 small-I/O columns"],
    ),
    "pdf sent as orion": ("orion", "summary", ("report.pdf", lambda: PDF_FILE), ["this is a PDF file"]),
    "10 MB+ random binary as orion": ("orion", "lat", ("big_lat.csv", lambda: os.urandom(BIG)), [LIMIT]),
    "truncated xml": (
        "swingbench",
        "files",
        ("cut.xml", _truncated_xml),
        ["line ", "the XML is malformed or cut short inside <"],
    ),
    "xml entity bomb": (
        "swingbench",
        "files",
        ("bomb.xml", lambda: BILLION_LAUGHS),
        ["<!DOCTYPE>: the XML declares a DTD", "the file is refused"],
    ),
    "orion file sent as swingbench": (
        "swingbench",
        "files",
        (f"{STAMP}_summary.txt", lambda: orion_files()["summary"][1]),
        ["this is an ORION results file, not a Swingbench results XML file"],
    ),
    "10 MB+ random binary as swingbench": (
        "swingbench",
        "files",
        ("big.xml", lambda: os.urandom(BIG)),
        [LIMIT],
    ),
}


@pytest.mark.parametrize("save", [False, True], ids=["check", "save"])
@pytest.mark.parametrize("case", REFUSED)
def test_malformed_files_are_a_400_naming_file_and_place_and_nothing_is_written(users, case, save):
    kind, field, (name, build), expected = REFUSED[case]
    alice = as_user(users, "alice")
    system = _system(alice)
    data = build()
    if kind == "orion":
        files = {**orion_files(), field: (name, data)}
        response = post_orion(alice, files, path=ORION if save else ORION_CHECK, existing_system=system["id"])
    else:
        sent = [swingbench_run(8), (name, data)]
        response = post_swingbench(alice, sent, path=SWINGBENCH if save else SWINGBENCH_CHECK)
    assert response.status_code == 400, response.content[:500]
    body = response.json()
    assert list(body) == [field]
    (message,) = body[field]
    assert message.startswith(f"{name}: "), message
    for words in expected:
        assert words in message, message
    assert _rows() == (1, 0, 0)
    # the server answers normally afterwards, and good files still go through
    assert alice.get("/api/health/").status_code == 200
    assert post_swingbench(alice, [swingbench_run(16)]).status_code == 201


def test_a_missing_orion_file_is_a_400_on_its_field(users):
    files = orion_files()
    del files["lat"]
    response = post_orion(as_user(users, "alice"), files)
    assert response.status_code == 400 and list(response.json()) == ["lat"]
    assert post_swingbench(as_user(users, "alice"), []).status_code == 400
    assert _rows() == (0, 0, 0)


def test_grids_of_another_run_are_refused_naming_the_files(users):
    files = {**orion_files(), "lat": ("other_20240202_0900_lat.csv", orion_files()["lat"][1])}
    response = post_orion(as_user(users, "alice"), files)
    assert response.status_code == 400
    (message,) = response.json()["non_field_errors"]
    assert "other_20240202_0900_lat.csv" in message and "different ORION runs" in message
    assert _rows() == (0, 0, 0)


# ------------------------------------------------------------------------------------- schema
@pytest.fixture(scope="module")
def schema() -> dict[str, Any]:
    out = StringIO()
    call_command("spectacular", stdout=out)
    return dict(yaml.safe_load(out.getvalue()))


def _all_of_unless_null(validator: Any, subschemas: Any, instance: Any, schema: dict[str, Any]) -> Any:
    if instance is None and schema.get("nullable") is True:
        return
    yield from all_of(validator, subschemas, instance, schema)


Validator = validators.extend(OAS30Validator, {"allOf": _all_of_unless_null})


def _check(schema: dict[str, Any], path: str, method: str, response: Any) -> None:
    documented = schema["paths"][path][method]["responses"][str(response.status_code)]
    body_schema = documented["content"]["application/json"]["schema"]
    validator = Validator({**body_schema, "components": schema["components"]})
    errors = [f"{list(e.absolute_path)}: {e.message[:200]}" for e in validator.iter_errors(response.json())]
    assert not errors, (method, path, response.status_code, errors[:5])


def test_every_answer_as_documented(schema, users):
    alice = as_user(users, "alice")
    base = "/api/v1/imports/"
    created_system = alice.post(SYSTEMS, {"name": "Prod"}, format="json")
    _check(schema, base + "systems/", "post", created_system)
    system = created_system.json()
    _check(schema, base + "systems/", "get", alice.get(SYSTEMS))
    _check(schema, base + "systems/{id}/", "get", alice.get(f"{SYSTEMS}{system['id']}/"))
    _check(
        schema,
        base + "systems/{id}/",
        "patch",
        alice.patch(f"{SYSTEMS}{system['id']}/", {"family": "x"}, format="json"),
    )
    _check(schema, base + "evidence/orion/check/", "post", post_orion(alice, orion_files(), path=ORION_CHECK))
    for response in (post_orion(alice, orion_files()), post_orion(alice, orion_files())):
        _check(schema, base + "evidence/orion/", "post", response)
    sent = [swingbench_run(u) for u in RUNS]
    _check(
        schema,
        base + "evidence/swingbench/check/",
        "post",
        post_swingbench(alice, sent, path=SWINGBENCH_CHECK),
    )
    saved = post_swingbench(alice, sent)
    _check(schema, base + "evidence/swingbench/", "post", saved)
    _check(schema, base + "evidence/", "get", alice.get(EVIDENCE))
    _check(schema, base + "evidence/{id}/", "get", alice.get(f"{EVIDENCE}{saved.json()['id']}/"))
    refused = post_swingbench(alice, [("bomb.xml", BILLION_LAUGHS)])
    assert refused.status_code == 400
    _check(schema, base + "evidence/swingbench/", "post", refused)
