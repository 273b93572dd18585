"""The designs tests' fixtures (catalog, users: alice, carol editors, bob viewer, erin manager in
Presales A; dave editor in Presales B) and an upload helper."""

from __future__ import annotations

from typing import Any

from django.core.files.uploadedfile import SimpleUploadedFile
from rest_framework.test import APIClient

from designs.tests.conftest import catalog, client_for, users  # noqa: F401

AWR = "/api/v1/imports/awr/"
PREVIEW = AWR + "preview/"


def upload(
    client: APIClient, data: bytes, *, name: str = "awrrpt_1_100_101.txt", path: str = AWR, **fields: Any
) -> Any:
    """POST one file as multipart `file` (and any other form fields)."""
    body = {"file": SimpleUploadedFile(name, data, content_type="application/octet-stream"), **fields}
    return client.post(path, body, format="multipart")


def as_user(people: dict[str, Any], name: str) -> APIClient:
    """A client signed in as one of the `users` fixture's people."""
    return client_for(people[name])


# --------------------------------------------------------------------------------- evidence uploads
SYSTEMS = "/api/v1/imports/systems/"
EVIDENCE = "/api/v1/imports/evidence/"
ORION = EVIDENCE + "orion/"
ORION_CHECK = ORION + "check/"
SWINGBENCH = EVIDENCE + "swingbench/"
SWINGBENCH_CHECK = SWINGBENCH + "check/"


def _file(name: str, data: bytes) -> SimpleUploadedFile:
    return SimpleUploadedFile(name, data, content_type="application/octet-stream")


def post_orion(
    client: APIClient, files: dict[str, tuple[str, bytes]], *, path: str = ORION, **fields: Any
) -> Any:
    """POST an ORION run: `files` maps the form field (summary, iops, mbps, lat) to (name, bytes)."""
    body = {field: _file(name, data) for field, (name, data) in files.items()}
    return client.post(path, {**body, **fields}, format="multipart")


def post_swingbench(
    client: APIClient, files: list[tuple[str, bytes]], *, path: str = SWINGBENCH, **fields: Any
) -> Any:
    """POST one or several Swingbench results files as the multipart list `files`."""
    body = {"files": [_file(name, data) for name, data in files], **fields}
    return client.post(path, body, format="multipart")
