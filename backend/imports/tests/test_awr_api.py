"""AWR imports over the API: preview (stores nothing), save, the same file again, list, open, delete,
team scoping (another team's import is a 404) and the viewer's rights (read yes, write no)."""

from __future__ import annotations

from typing import Any

import pytest

from imports.models import AwrImport
from imports.tests.conftest import AWR, PREVIEW, as_user, upload
from measurements.tests.awr_builders import RacSpec, Spec, html_report, rac_global_html, text_report

pytestmark = pytest.mark.django_db


def _value(field: dict[str, Any] | None) -> float:
    assert field is not None
    return float(field["value"])


@pytest.mark.parametrize("builder", [text_report, html_report])
def test_preview_returns_what_the_builder_wrote_with_sources_and_stores_nothing(users, builder):
    spec = Spec()
    response = upload(as_user(users, "alice"), builder(spec), path=PREVIEW)
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["format"] == ("text" if builder is text_report else "html")
    assert body["encoding"] == "utf-8"
    assert body["existing_import"] is None
    report, workload = body["report"], body["workload"]
    assert (report["db_name"], report["db_id"], report["release"]) == (spec.db_name, spec.db_id, "19.0.0.0.0")
    (instance,) = report["instances"]
    assert (instance["name"], instance["host"]) == (spec.instance, spec.host)
    assert _value(instance["cpus"]) == spec.cpus and _value(instance["cores"]) == spec.cores
    assert report["host_cpus"] == spec.cpus
    assert _value(report["elapsed_min"]) == spec.elapsed_min
    assert _value(report["db_time_min"]) == spec.db_time_min
    assert _value(report["db_cpu_s"]) == pytest.approx(spec.db_cpu_s)
    profile = report["load_profile"]
    assert profile["section"] == "Load Profile"
    assert _value(profile["transactions_per_s"]) == spec.transactions_per_s
    assert _value(profile["read_blocks_per_s"]) == spec.read_blocks_per_s
    assert _value(profile["redo_bytes_per_s"]) == spec.redo_bytes_per_s
    assert _value(profile["executes_per_s"]) == spec.executes_per_s

    assert _value(workload["transactions_per_s"]) == spec.transactions_per_s
    assert _value(workload["read_requests_per_s"]) == spec.read_requests_per_s
    assert _value(workload["write_requests_per_s"]) == spec.write_requests_per_s
    assert _value(workload["redo_mb_per_s"]) == pytest.approx(spec.redo_bytes_per_s / 1e6)
    assert _value(workload["db_cpu_s_per_s"]) == pytest.approx(spec.db_cpu_s / (spec.elapsed_min * 60))
    assert workload["single_block_read_ms"] is not None
    # Each value with its source: the section and row it is printed in (and the line, in text).
    source = workload["transactions_per_s"]["source"]
    assert (source["section"], source["row"]) == ("Load Profile", "Transactions")
    assert "Load Profile / Transactions" in source["where"]
    if builder is text_report:
        assert isinstance(source["line"], int) and source["line"] > 1
    else:
        assert source["table"]
    assert AwrImport.objects.count() == 0


def test_absent_values_are_null_not_zero(users):
    # 11.2.0.3 prints no IO requests rows: the load profile's requests are absent (null).
    spec = Spec(style="11.2.0.3", read_requests_per_s=None, write_requests_per_s=None)
    body = upload(as_user(users, "alice"), text_report(spec), path=PREVIEW).json()
    assert body["report"]["load_profile"]["read_requests_per_s"] is None
    assert body["report"]["load_profile"]["write_requests_per_s"] is None
    assert body["report"]["cdb"] is None
    # the workload falls back on the blocks, and says so
    reads = body["workload"]["read_requests_per_s"]
    assert _value(reads) == spec.read_blocks_per_s and "blocks, not requests" in reads["source"]["note"]


def test_rac_global_html_preview(users):
    spec = RacSpec()
    body = upload(as_user(users, "alice"), rac_global_html(spec), name="awrgrpt.html", path=PREVIEW).json()
    assert body["report"]["kind"] == "rac_global"
    assert len(body["report"]["instances"]) == len(spec.instances)
    assert _value(body["workload"]["transactions_per_s"]) == spec.sums()["txns_per_s"]


def test_save_then_the_same_file_again_is_the_existing_import(users):
    alice = as_user(users, "alice")
    data = text_report(Spec())
    first = upload(alice, data, name="prod.txt")
    assert first.status_code == 201, first.content
    created = first.json()
    assert created["existing"] is False
    assert created["file_name"] == "prod.txt"
    assert created["size_bytes"] == len(data)
    assert created["team"]["name"] == "Presales A"
    assert created["uploaded_by"]["username"] == "alice"
    assert created["format"] == "text"
    assert created["db_name"] == "SYNTH"
    stored = AwrImport.objects.get()
    assert bytes(stored.content) == data
    assert len(stored.sha256) == 64

    # Same bytes, another name, another editor of the team: recognised, nothing new stored.
    again = upload(as_user(users, "carol"), data, name="copy-of-prod.txt")
    assert again.status_code == 200, again.content
    assert again.json()["existing"] is True
    assert again.json()["id"] == created["id"]
    assert again.json()["file_name"] == "prod.txt"
    assert AwrImport.objects.count() == 1

    # The preview says the team has it already.
    preview = upload(alice, data, path=PREVIEW).json()
    assert preview["existing_import"] == created["id"]

    # Another team importing the same file gets its own import.
    other = upload(as_user(users, "dave"), data)
    assert other.status_code == 201
    assert other.json()["id"] != created["id"]
    assert AwrImport.objects.count() == 2


def test_list_open_delete(users):
    alice = as_user(users, "alice")
    one = upload(alice, text_report(Spec()), name="one.txt").json()
    two = upload(alice, html_report(Spec(db_name="OTHER")), name="two.html").json()

    listed = alice.get(AWR)
    assert listed.status_code == 200
    rows = listed.json()["results"]
    assert [r["id"] for r in rows] == [two["id"], one["id"]]  # newest first
    assert rows[0]["db_name"] == "OTHER"
    assert "report" not in rows[0] and "content" not in rows[0]

    opened = alice.get(f"{AWR}{one['id']}/")
    assert opened.status_code == 200
    assert opened.json()["report"]["db_name"] == "SYNTH"
    assert opened.json()["workload"]["transactions_per_s"]["value"] == Spec().transactions_per_s

    assert alice.delete(f"{AWR}{one['id']}/").status_code == 204
    assert alice.get(f"{AWR}{one['id']}/").status_code == 404
    assert [r["id"] for r in alice.get(AWR).json()["results"]] == [two["id"]]


def test_another_teams_import_is_404_and_not_listed(users):
    saved = upload(as_user(users, "alice"), text_report(Spec())).json()
    dave = as_user(users, "dave")  # Presales B
    assert dave.get(AWR).json()["results"] == []
    for method, path in [
        ("get", f"{AWR}{saved['id']}/"),
        ("get", f"{AWR}{saved['id']}/workload/"),
        ("delete", f"{AWR}{saved['id']}/"),
    ]:
        response = getattr(dave, method)(path)
        assert response.status_code == 404, (method, path)
        assert response.json() == {"detail": "No such AWR import."} or "detail" in response.json()
    assert AwrImport.objects.filter(pk=saved["id"]).exists()
    # Nor can dave name Presales A as the team of his upload.
    team_a = saved["team"]["id"]
    refused = upload(dave, text_report(Spec(db_name="DAVE")), team=team_a)
    assert refused.status_code == 400
    assert refused.json() == {"team": ["You are not a member of this team."]}
    assert AwrImport.objects.count() == 1


def test_anonymous_is_refused(users):
    from rest_framework.test import APIClient

    anonymous = APIClient()
    assert anonymous.get(AWR).status_code in (401, 403)
    assert upload(anonymous, text_report(Spec())).status_code in (401, 403)
    assert AwrImport.objects.count() == 0


@pytest.mark.parametrize("reader", ["bob", "erin"])  # the viewer and the manager of Presales A
def test_viewers_and_managers_read_but_cannot_upload_or_delete(users, reader):
    saved = upload(as_user(users, "alice"), text_report(Spec())).json()
    client = as_user(users, reader)
    assert [r["id"] for r in client.get(AWR).json()["results"]] == [saved["id"]]
    assert client.get(f"{AWR}{saved['id']}/").status_code == 200
    assert client.get(f"{AWR}{saved['id']}/workload/").status_code == 200
    # a preview stores nothing: any member may look
    assert upload(client, html_report(Spec()), path=PREVIEW).status_code == 200

    refused = upload(client, html_report(Spec(db_name="NEW")))
    assert refused.status_code == 403
    assert "only its editors upload or delete" in refused.json()["detail"]
    deleted = client.delete(f"{AWR}{saved['id']}/")
    assert deleted.status_code == 403
    assert AwrImport.objects.count() == 1


def test_upload_without_a_file(users):
    response = as_user(users, "alice").post(AWR, {}, format="multipart")
    assert response.status_code == 400
    assert "file" in response.json()
    assert AwrImport.objects.count() == 0


def test_a_json_body_is_not_an_upload(users):
    response = as_user(users, "alice").post(AWR, {"file": "WORKLOAD REPOSITORY"}, format="json")
    assert response.status_code == 415


def test_a_member_of_several_teams_names_the_team(users):
    from accounts.models import Membership, Team

    team_b = Team.objects.get(name="Presales B")
    Membership.objects.create(user=users["alice"], team=team_b, role="editor")
    alice = as_user(users, "alice")
    data = text_report(Spec())
    unnamed = upload(alice, data)
    assert unnamed.status_code == 400
    assert unnamed.json() == {"team": ["You are in several teams: name the team the import is for."]}
    # the preview needs no team (it says nothing of an existing import then)
    assert upload(alice, data, path=PREVIEW).json()["existing_import"] is None
    named = upload(alice, data, team=team_b.pk)
    assert named.status_code == 201
    assert named.json()["team"]["name"] == "Presales B"
    assert upload(alice, data, path=PREVIEW, team=team_b.pk).json()["existing_import"] == named.json()["id"]
    # dave (Presales B) sees it; bob (Presales A only) does not
    assert as_user(users, "dave").get(f"{AWR}{named.json()['id']}/").status_code == 200
    assert as_user(users, "bob").get(f"{AWR}{named.json()['id']}/").status_code == 404
    assert [r["id"] for r in alice.get(AWR, {"team": team_b.pk}).json()["results"]] == [named.json()["id"]]


def test_a_user_in_no_team_cannot_save(users):
    from django.contrib.auth import get_user_model

    loner = get_user_model().objects.create_user("loner", password="pw-loner-123")
    from designs.tests.conftest import client_for

    client = client_for(loner)
    response = upload(client, text_report(Spec()))
    assert response.status_code == 400
    assert "you are in none" in response.json()["team"][0]
    assert client.get(AWR).json()["results"] == []
    assert AwrImport.objects.count() == 0


def test_a_concurrent_upload_of_the_same_file_ends_with_one_import(users, monkeypatch):
    from imports import selectors, services

    data = text_report(Spec())
    first = upload(as_user(users, "alice"), data).json()
    calls = []

    def late(**kwargs):
        # The first look-up misses (the other upload had not committed yet); the insert then collides.
        calls.append(kwargs)
        return None if len(calls) == 1 else selectors.existing_awr_import(**kwargs)

    monkeypatch.setattr(services, "existing_awr_import", late)
    again = upload(as_user(users, "carol"), data)
    assert again.status_code == 200, again.content
    assert again.json()["existing"] is True and again.json()["id"] == first["id"]
    assert len(calls) == 2
    assert AwrImport.objects.count() == 1
