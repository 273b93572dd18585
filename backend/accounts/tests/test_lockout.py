"""Sign-in lockout: five failures for one user from one address lock that pair out for the window,
on the session login and the token endpoint alike, counted in the database (every worker sees them)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import override_settings
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.models import LoginFailure
from accounts.tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db

LOGIN = "/api/v1/auth/login/"
TOKEN = "/api/v1/auth/token/"


def _attempt(client: APIClient, password: str, *, url: str = LOGIN, ip: str = "10.0.0.1") -> int:
    response = client.post(url, {"username": "bob", "password": password}, REMOTE_ADDR=ip)
    return int(response.status_code)


def _fail_five_times(client: APIClient, ip: str = "10.0.0.1") -> None:
    assert [_attempt(client, "wrong", ip=ip) for _ in range(5)] == [400] * 5


def test_five_failures_lock_the_pair_out_even_with_the_right_password(demo_users: None) -> None:
    client = APIClient()
    _fail_five_times(client)
    # The failures were committed although each answer was an error (the request is atomic).
    assert LoginFailure.objects.filter(username="bob", client_ip="10.0.0.1").count() == 5
    response = client.post(LOGIN, {"username": "bob", "password": PASSWORD}, REMOTE_ADDR="10.0.0.1")
    assert response.status_code == 429
    assert "password" in response.json()
    assert 1 <= int(response["Retry-After"]) <= 900
    assert client.get("/api/v1/auth/me/").json() == {"authenticated": False}
    assert _attempt(client, PASSWORD, url=TOKEN) == 429
    # A locked-out attempt is not counted again (no way to extend the lock forever by retrying).
    assert LoginFailure.objects.count() == 5


def test_the_lock_is_per_address_and_per_user(demo_users: None) -> None:
    _fail_five_times(APIClient())
    assert _attempt(APIClient(), PASSWORD, ip="10.0.0.2") == 200
    other_user = APIClient().post(LOGIN, {"username": "alice", "password": PASSWORD}, REMOTE_ADDR="10.0.0.1")
    assert other_user.status_code == 200
    assert (
        APIClient().post(LOGIN, {"username": "BOB", "password": "x"}, REMOTE_ADDR="10.0.0.1").status_code
        == 429
    )


def test_the_lock_ends_when_the_failures_leave_the_window(demo_users: None) -> None:
    _fail_five_times(APIClient())
    LoginFailure.objects.update(created=timezone.now() - timedelta(seconds=901))
    assert _attempt(APIClient(), PASSWORD) == 200
    assert LoginFailure.objects.count() == 0  # success clears the pair


def test_a_success_clears_the_count(demo_users: None) -> None:
    client = APIClient()
    assert [_attempt(client, "wrong") for _ in range(4)] == [400] * 4
    assert _attempt(client, PASSWORD, url=TOKEN) == 200
    assert [_attempt(client, "wrong") for _ in range(4)] == [400] * 4
    assert _attempt(client, PASSWORD, url=TOKEN) == 200


@override_settings(LOGIN_FAILURE_LIMIT=2)
def test_behind_the_proxy_the_forwarded_address_counts(demo_users: None) -> None:
    from django.conf import settings as django_settings

    rest = {**django_settings.REST_FRAMEWORK, "NUM_PROXIES": 1}
    with override_settings(REST_FRAMEWORK=rest):
        client = APIClient()
        for _ in range(2):
            client.post(LOGIN, {"username": "bob", "password": "x"}, HTTP_X_FORWARDED_FOR="203.0.113.7")
        locked = client.post(
            LOGIN, {"username": "bob", "password": PASSWORD}, HTTP_X_FORWARDED_FOR="203.0.113.7"
        )
        other = client.post(
            LOGIN, {"username": "bob", "password": PASSWORD}, HTTP_X_FORWARDED_FOR="203.0.113.8"
        )
    assert (locked.status_code, other.status_code) == (429, 200)
    # Counted under the forwarded address, not the proxy's; .8's success clears only its own pair.
    assert set(LoginFailure.objects.values_list("client_ip", flat=True)) == {"203.0.113.7"}
