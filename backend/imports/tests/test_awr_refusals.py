"""Files that cannot give a workload: a 400 on `file` naming the line or section, nothing stored, and
the server answering normally afterwards. The 10 MB limit: 10 MB accepted, one byte more refused."""

from __future__ import annotations

import os

import pytest

from imports.models import AwrImport
from imports.tests.conftest import AWR, PREVIEW, as_user, upload
from measurements.source import MAX_FILE_BYTES
from measurements.tests.awr_builders import Spec, cut, html_report, text_report
from measurements.tests.test_awr_refusals import ORION_CSV

pytestmark = pytest.mark.django_db

LIMIT_MESSAGE = f"the limit is {MAX_FILE_BYTES:,} bytes (10 MB)"


def _padded(data: bytes, size: int) -> bytes:
    """The report followed by blank lines up to `size` bytes (the parser skips them)."""
    pad = size - len(data)
    return data + (b" " * 99 + b"\n") * (pad // 100) + b" " * (pad % 100)


def _pdf() -> bytes:
    return (
        b"%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n" + b"\x00\x01\x02" * 50 + b"%%EOF\n"
    )


REFUSED = {
    "html cut mid-section": (
        lambda: cut(html_report(Spec()), "<tr><td scope=\"row\" class='awrc'>Read IO requests:"),
        "Load Profile: the file ends inside the 'Load Profile' section",
    ),
    "text without load profile": (
        lambda: text_report(Spec(with_load_profile=False)),
        "Load Profile: no 'Load Profile' section: this report cannot give a workload",
    ),
    "random 10 MB binary": (lambda: os.urandom(MAX_FILE_BYTES), "this is a binary file"),
    "pdf": (_pdf, "this is a PDF file"),
    "orion csv sent as awr": (lambda: ORION_CSV, "line 1: not an AWR report"),
    "empty file": (lambda: b"", "the file is empty"),
    "blank file": (lambda: b"\r\n  \n", "the file is empty"),
    "idle interval": (
        lambda: text_report(
            Spec(
                transactions_per_s=0.0,
                read_blocks_per_s=0.0,
                write_blocks_per_s=0.0,
                read_requests_per_s=0.0,
                write_requests_per_s=0.0,
            )
        ),
        "Load Profile: an idle interval",
    ),
    "over the limit": (lambda: _padded(text_report(Spec()), MAX_FILE_BYTES + 1), LIMIT_MESSAGE),
}


@pytest.mark.parametrize("path", [AWR, PREVIEW], ids=["save", "preview"])
@pytest.mark.parametrize("case", REFUSED)
def test_refused_with_where_and_why_nothing_stored_server_answers(users, case, path):
    build, expected = REFUSED[case]
    alice = as_user(users, "alice")
    response = upload(alice, build(), path=path)
    assert response.status_code == 400, response.content
    body = response.json()
    assert list(body) == ["file"]
    (message,) = body["file"]
    assert expected in message, message
    assert AwrImport.objects.count() == 0
    # The server answers normally afterwards, and a good file still goes through.
    assert alice.get("/api/health/").status_code == 200
    assert alice.get(AWR).status_code == 200
    assert upload(alice, text_report(Spec()), path=PREVIEW).status_code == 200


def test_exactly_the_limit_is_accepted(users):
    data = _padded(text_report(Spec()), MAX_FILE_BYTES)
    assert len(data) == MAX_FILE_BYTES
    response = upload(as_user(users, "alice"), data)
    assert response.status_code == 201, response.content[:500]
    assert response.json()["size_bytes"] == MAX_FILE_BYTES
    assert response.json()["workload"]["transactions_per_s"]["value"] == Spec().transactions_per_s


def test_a_body_far_over_the_limit_is_413_unread(users):
    # Past the multipart allowance the body is refused from its Content-Length, before it is read.
    response = upload(as_user(users, "alice"), b"x" * (MAX_FILE_BYTES + 1024 * 1024))
    assert response.status_code == 413
    assert "larger than this endpoint accepts" in response.json()["detail"]
    assert AwrImport.objects.count() == 0


def test_crlf_and_windows_1252_are_accepted(users):
    data = text_report(Spec())
    windows = data.replace(b"\n", b"\r\n").replace(b"for\r\n", "for \u2013\r\n".encode("cp1252"), 1)
    alice = as_user(users, "alice")
    response = upload(alice, windows, name="awrrpt_windows.txt")
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["encoding"] == "cp1252"
    plain = upload(alice, data, path=PREVIEW).json()
    values = {k: (v or {}).get("value") for k, v in body["workload"].items()}
    assert values == {k: (v or {}).get("value") for k, v in plain["workload"].items()}


def test_browser_saved_html_is_accepted(users):
    response = upload(as_user(users, "alice"), html_report(Spec(), browser_saved=True), name="awr.htm")
    assert response.status_code == 201, response.content
    assert response.json()["format"] == "html"
