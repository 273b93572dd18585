"""API tokens (django-rest-knox): each sign-in issues a new token that expires, is stored only as a
hash, and is revoked on sign-out and on a password change; the header stays `Authorization: Token
<key>` (issue 17, finding 8: tokens never expired or rotated, survived a password change and
sign-out, and were stored in plaintext)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from rest_framework.test import APIClient

from accounts.tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db
TOKEN = "/api/v1/auth/token/"


def _issue(username: str = "dave", password: str = PASSWORD) -> dict[str, Any]:
    response = APIClient().post(TOKEN, {"username": username, "password": password})
    assert response.status_code == 200, response.content
    return dict(response.json())


def _with(token: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return client


def _me(token: str) -> Any:
    return _with(token).get("/api/v1/auth/me/")


def _refused(token: str) -> bool:
    """A token that no longer works: 401 naming the token and how to send one."""
    response = _me(token)
    return bool(
        response.status_code == 401
        and response["WWW-Authenticate"] == "Token"
        and response.json() == {"detail": "Invalid token."}
    )


def test_a_token_signs_in_and_expires(demo_users: None) -> None:
    issued = _issue()
    expiry = parse_datetime(issued["expiry"])
    assert expiry is not None
    assert timedelta(minutes=1) < expiry - timezone.now() <= timedelta(hours=10)
    assert _me(issued["token"]).json()["username"] == "dave"

    from knox.models import AuthToken

    AuthToken.objects.update(expiry=timezone.now() - timedelta(seconds=1))
    assert _refused(issued["token"])


def test_each_sign_in_issues_a_new_token(demo_users: None) -> None:
    first, second = _issue(), _issue()
    assert first["token"] != second["token"]
    assert _me(first["token"]).json()["username"] == _me(second["token"]).json()["username"] == "dave"


def test_tokens_are_stored_only_as_a_hash(demo_users: None) -> None:
    token = _issue()["token"]
    with connection.cursor() as cursor:
        tables = [t for t in connection.introspection.table_names(cursor) if "token" in t]
        stored = []
        for table in tables:
            cursor.execute(f"SELECT * FROM {connection.ops.quote_name(table)}")  # noqa: S608
            stored += [str(value) for row in cursor.fetchall() for value in row]
    assert tables
    assert token not in stored
    assert not any(token in value for value in stored)


def test_sign_out_revokes_the_token(demo_users: None) -> None:
    token, other = _issue()["token"], _issue()["token"]
    assert _with(token).post("/api/v1/auth/logout/").status_code == 204
    assert _refused(token)
    assert _me(other).json()["username"] == "dave"  # only the token that signed out


def test_a_password_change_revokes_every_token(demo_users: None) -> None:
    tokens = [_issue()["token"], _issue()["token"]]
    dave = get_user_model().objects.get(username="dave")
    dave.set_password("a-brand-new-passphrase")
    dave.save()
    assert all(_refused(token) for token in tokens)
    assert _issue(password="a-brand-new-passphrase")["token"]


def test_saving_a_user_without_a_new_password_keeps_the_tokens(demo_users: None) -> None:
    token = _issue()["token"]
    dave = get_user_model().objects.get(username="dave")
    dave.first_name = "David"
    dave.save()
    assert _me(token).json()["username"] == "dave"


def test_the_token_endpoint_is_throttled(demo_users: None, throttle_rates: Any) -> None:
    throttle_rates(token="3/min")
    client = APIClient()
    statuses = [client.post(TOKEN, {"username": "dave", "password": PASSWORD}).status_code for _ in range(4)]
    assert statuses == [200, 200, 200, 429]
    assert (
        client.post(TOKEN, {"username": "dave", "password": PASSWORD}, REMOTE_ADDR="10.1.1.1").status_code
        == 200
    )
