"""Team branding (company name and logo for the proposal cover): who may read and change it, what a
logo must be, and that every change is logged (GET/PATCH /api/v1/teams/<slug>/branding/)."""

from __future__ import annotations

import base64
import io
import os
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image
from rest_framework.test import APIClient

from accounts.branding import logo_png
from accounts.models import Team
from accounts.services import DEMO_USERS, membership_set, team_get_or_create

pytestmark = pytest.mark.django_db
URL = "/api/v1/teams/presales-a/branding/"


@pytest.fixture
def users(db: None) -> dict[str, Any]:
    """The demo roles (accounts.services.DEMO_USERS) without passwords: this module's tests sign no
    one in, and the production hasher would cost seconds per user. Plus `root`, staff, in no team."""
    people = {"root": get_user_model().objects.create_user("root", is_staff=True)}
    for username, team_name, role in DEMO_USERS:
        people[username] = get_user_model().objects.create_user(username)
        membership_set(user_id=people[username].pk, team=team_get_or_create(name=team_name), role=role)
    return people


def client(user: Any | None) -> APIClient:
    c = APIClient()
    if user is not None:
        c.force_authenticate(user)
    return c


def image_bytes(fmt: str = "PNG", size: tuple[int, int] = (120, 40), noise: bool = False) -> bytes:
    image = (
        Image.frombytes("RGB", size, os.urandom(size[0] * size[1] * 3))
        if noise
        else Image.new("RGB", size, (10, 90, 160))
    )
    out = io.BytesIO()
    image.save(out, format=fmt)
    return out.getvalue()


def upload(data: bytes, name: str = "logo.png", content_type: str = "image/png") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, data, content_type=content_type)


def test_a_manager_sets_name_and_logo_and_members_read_them(users) -> None:
    png = image_bytes()
    response = client(users["erin"]).patch(
        URL, {"company_name": "Northwind Systems", "logo": upload(png)}, format="multipart"
    )
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["company_name"] == "Northwind Systems" and body["can_edit"] is True
    assert body["logo_content_type"] == "image/png" and body["logo_bytes"] == len(png)
    # A viewer of the team reads it back, the logo as the uploaded bytes in a data: URL.
    read = client(users["bob"]).get(URL).json()
    assert read["company_name"] == "Northwind Systems" and read["can_edit"] is False
    prefix = "data:image/png;base64,"
    assert read["logo"].startswith(prefix) and base64.b64decode(read["logo"][len(prefix) :]) == png
    # Each change is a history row (django-simple-history, as for teams and memberships).
    team = Team.objects.get(slug="presales-a")
    assert team.history.filter(company_name="Northwind Systems").exists()


def test_a_jpeg_logo_is_kept_as_uploaded_and_re_encoded_to_png_for_the_pdf(users) -> None:
    jpeg = image_bytes("JPEG")
    response = client(users["erin"]).patch(
        URL, {"logo": upload(jpeg, "logo.jpg", "image/jpeg")}, format="multipart"
    )
    assert response.status_code == 200, response.content
    team = Team.objects.get(slug="presales-a")
    assert team.logo is not None and bytes(team.logo) == jpeg and team.logo_content_type == "image/jpeg"
    png = logo_png(team)
    assert png is not None and png.startswith(b"\x89PNG")
    with Image.open(io.BytesIO(png)) as image:
        assert image.format == "PNG" and image.size == (120, 40)


def test_clear_logo_removes_it(users) -> None:
    erin = client(users["erin"])
    erin.patch(URL, {"logo": upload(image_bytes())}, format="multipart")
    response = erin.patch(URL, {"clear_logo": True}, format="json")
    assert response.status_code == 200 and response.json()["logo"] is None
    assert logo_png(Team.objects.get(slug="presales-a")) is None


@pytest.mark.parametrize(("who", "status"), [("alice", 403), ("bob", 403), ("dave", 404), ("root", 200)])
def test_only_managers_and_staff_change_it_and_strangers_get_404(users, who, status) -> None:
    assert client(users["erin"]).get(URL).status_code == 200  # control: the 404 is the stranger's
    response = client(users[who]).patch(URL, {"company_name": "Hijack Ltd"}, format="json")
    assert response.status_code == status, response.content
    expected = "Hijack Ltd" if status == 200 else ""
    assert Team.objects.get(slug="presales-a").company_name == expected


@pytest.mark.parametrize(
    ("who", "status"), [("alice", 200), ("bob", 200), ("erin", 200), ("dave", 404), ("root", 200)]
)
def test_members_and_staff_read_it(users, who, status) -> None:
    assert client(users["erin"]).get(URL).status_code == 200  # control: the 404 is the stranger's
    assert client(users[who]).get(URL).status_code == status


def test_unknown_team_is_404_and_anonymous_is_refused(users) -> None:
    assert client(users["root"]).get(URL).status_code == 200  # control: staff read a real team
    assert client(users["root"]).get("/api/v1/teams/no-such-team/branding/").status_code == 404
    assert client(None).get(URL).status_code in (401, 403)


@pytest.mark.parametrize(
    ("data", "name", "content_type", "message"),
    [
        (b"not an image at all", "logo.png", "image/png", "not a readable PNG or JPEG"),
        (image_bytes("GIF"), "logo.gif", "image/gif", "PNG or JPEG image, not GIF"),
        (image_bytes(size=(2001, 10)), "wide.png", "image/png", "at most 2000 px"),
        (image_bytes(size=(600, 600), noise=True), "big.png", "image/png", "at most 512 KB"),
        (image_bytes()[:60], "cut.png", "image/png", "not a readable PNG or JPEG"),
    ],
    ids=["text", "gif", "too-wide", "too-large", "truncated"],
)
def test_a_bad_logo_is_a_400_on_the_logo_field_and_changes_nothing(
    users, data, name, content_type, message
) -> None:
    response = client(users["erin"]).patch(
        URL, {"company_name": "Changed", "logo": upload(data, name, content_type)}, format="multipart"
    )
    assert response.status_code == 400, response.content
    errors = response.json()
    assert list(errors) == ["logo"] and message in errors["logo"][0]
    team = Team.objects.get(slug="presales-a")
    assert team.company_name == "" and not team.logo


def test_a_too_long_company_name_is_a_field_error(users) -> None:
    response = client(users["erin"]).patch(URL, {"company_name": "x" * 121}, format="json")
    assert response.status_code == 400 and "company_name" in response.json()
