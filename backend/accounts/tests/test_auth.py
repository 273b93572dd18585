"""Session login for the SPA, the current user, tokens, teams and the demo users (real PostgreSQL)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from rest_framework.test import APIClient

from accounts.models import Membership, Team
from accounts.tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db


def test_seed_demo_users_is_idempotent_and_sets_roles(demo_users: None) -> None:
    call_command("seed_demo_users", verbosity=0)
    roles = {
        (m.user.username, m.team.name, m.role) for m in Membership.objects.select_related("user", "team")
    }
    assert roles == {
        ("alice", "Presales A", "editor"),
        ("bob", "Presales A", "viewer"),
        ("carol", "Presales A", "editor"),
        ("dave", "Presales B", "editor"),
        ("erin", "Presales A", "manager"),
    }
    assert Team.objects.count() == 2
    # Change log: the second run changed nothing in the teams, and every membership row has history.
    assert Team.history.count() == 2
    assert all(m.history.exists() for m in Membership.objects.all())
    usernames = ["alice", "bob", "carol", "dave", "erin"]
    assert get_user_model().objects.filter(username__in=usernames).count() == 5


def test_seed_demo_users_reads_password_from_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DEMO_PASSWORD", "another-secret-1")
    call_command("seed_demo_users", verbosity=0)
    assert get_user_model().objects.get(username="bob").check_password("another-secret-1")


def assert_signed_out(client: APIClient) -> None:
    """/auth/me/ answers an anonymous visitor 200 with nothing but `authenticated: false`."""
    response = client.get("/api/v1/auth/me/")
    assert response.status_code == 200
    assert response.json() == {"authenticated": False}


def test_login_me_logout_round_trip(demo_users: None) -> None:
    client = APIClient(enforce_csrf_checks=True)
    assert_signed_out(client)
    client.get("/api/v1/auth/csrf/")
    token = client.cookies["csrftoken"].value
    response = client.post(
        "/api/v1/auth/login/", {"username": "bob", "password": PASSWORD}, HTTP_X_CSRFTOKEN=token
    )
    assert response.status_code == 200, response.content
    assert response.json()["username"] == "bob"
    assert response.json()["teams"] == [
        {
            "id": Team.objects.get(slug="presales-a").pk,
            "name": "Presales A",
            "slug": "presales-a",
            "role": "viewer",
        }
    ]
    me = client.get("/api/v1/auth/me/")
    assert me.status_code == 200 and me.json()["username"] == "bob"
    assert me.json()["authenticated"] is True
    token = client.cookies["csrftoken"].value  # rotated at login
    assert client.post("/api/v1/auth/logout/", HTTP_X_CSRFTOKEN=token).status_code == 204
    assert_signed_out(client)


def test_login_without_csrf_token_is_refused(demo_users: None) -> None:
    client = APIClient(enforce_csrf_checks=True)
    response = client.post("/api/v1/auth/login/", {"username": "bob", "password": PASSWORD})
    assert response.status_code == 403
    assert_signed_out(client)


def test_logout_of_a_session_without_csrf_token_is_refused(demo_users: None) -> None:
    client = APIClient(enforce_csrf_checks=True)
    client.get("/api/v1/auth/csrf/")
    client.post(
        "/api/v1/auth/login/",
        {"username": "bob", "password": PASSWORD},
        HTTP_X_CSRFTOKEN=client.cookies["csrftoken"].value,
    )
    assert client.post("/api/v1/auth/logout/").status_code == 403
    assert client.get("/api/v1/auth/me/").status_code == 200


@pytest.mark.parametrize(
    ("payload", "field"),
    [
        ({"username": "bob", "password": "wrong"}, "password"),
        ({"username": "nobody", "password": PASSWORD}, "password"),
        ({"password": PASSWORD}, "username"),
        ({"username": "bob"}, "password"),
    ],
)
def test_bad_credentials_get_field_messages(demo_users: None, payload: dict[str, str], field: str) -> None:
    response = APIClient().post("/api/v1/auth/login/", payload)
    assert response.status_code == 400
    assert field in response.json()


def test_token_auth_for_api_clients(demo_users: None) -> None:
    response = APIClient().post("/api/v1/auth/token/", {"username": "dave", "password": PASSWORD})
    assert response.status_code == 200
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {response.json()['token']}")
    assert client.get("/api/v1/auth/me/").json()["username"] == "dave"
    assert APIClient().post("/api/v1/auth/token/", {"username": "dave", "password": "x"}).status_code == 400


def test_teams_lists_only_my_teams_with_my_role(demo_users: None) -> None:
    client = APIClient()
    client.force_authenticate(get_user_model().objects.get(username="dave"))
    body = client.get("/api/v1/teams/").json()
    assert [t["slug"] for t in body["results"]] == ["presales-b"]
    assert body["results"][0]["role"] == "editor"
    assert body["results"][0]["members"] == [
        {"user_id": get_user_model().objects.get(username="dave").pk, "username": "dave", "role": "editor"}
    ]
    other = Team.objects.get(slug="presales-a")
    assert client.get(f"/api/v1/teams/{other.pk}/").status_code == 404
    assert APIClient().get("/api/v1/teams/").status_code == 403
