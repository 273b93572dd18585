"""Sign-in lockout (django-axes): LOGIN_FAILURE_LIMIT failures for one username from one address lock
that pair out for LOGIN_FAILURE_WINDOW_SECONDS, on the session login, the token endpoint and
/admin/login/ alike, counted in the database (every worker sees them), and attempts of one pair are
serialised so that parallel requests let no extra password check through (issue 17, finding 5)."""

from __future__ import annotations

import threading
from datetime import timedelta
from typing import Any

import pytest
from axes.models import AccessAttempt
from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.db import connection
from django.test import Client, override_settings
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.tests.conftest import PASSWORD

LOGIN = "/api/v1/auth/login/"
TOKEN = "/api/v1/auth/token/"
ADMIN_LOGIN = "/admin/login/?next=/admin/"


def _attempt(client: APIClient, password: str, *, url: str = LOGIN, ip: str = "10.0.0.1") -> int:
    response = client.post(url, {"username": "bob", "password": password}, REMOTE_ADDR=ip)
    return int(response.status_code)


def _failures(username: str = "bob", ip: str = "10.0.0.1") -> int:
    return sum(
        AccessAttempt.objects.filter(username=username, ip_address=ip).values_list(
            "failures_since_start", flat=True
        )
    )


@pytest.mark.django_db
def test_five_failures_lock_the_pair_out_even_with_the_right_password(demo_users: None) -> None:
    client = APIClient()
    # The fifth failure engages the lock, so it is already answered 429.
    assert [_attempt(client, "wrong") for _ in range(5)] == [400, 400, 400, 400, 429]
    # The failures were committed although each answer was an error (the request is atomic).
    assert _failures() == 5
    response = client.post(LOGIN, {"username": "bob", "password": PASSWORD}, REMOTE_ADDR="10.0.0.1")
    assert response.status_code == 429
    assert 1 <= int(response["Retry-After"]) <= 900
    # In minutes, as a person reads a wait (issue 15: not "try again in 897 s").
    assert response.json()["password"] == [
        "Too many failed sign-ins for this user from your address: try again in 15 minutes."
    ]
    assert client.get("/api/v1/auth/me/").json() == {"authenticated": False}
    assert _attempt(client, PASSWORD, url=TOKEN) == 429
    # A locked-out attempt is not counted again (no way to extend the lock forever by retrying).
    assert _failures() == 5


@pytest.mark.django_db
def test_the_lock_is_per_address_and_per_user(demo_users: None) -> None:
    assert [_attempt(APIClient(), "wrong") for _ in range(5)][-1] == 429
    assert _attempt(APIClient(), PASSWORD, ip="10.0.0.2") == 200
    other_user = APIClient().post(LOGIN, {"username": "alice", "password": PASSWORD}, REMOTE_ADDR="10.0.0.1")
    assert other_user.status_code == 200
    # Usernames are counted case-blind: BOB is bob.
    assert (
        APIClient().post(LOGIN, {"username": "BOB", "password": "x"}, REMOTE_ADDR="10.0.0.1").status_code
        == 429
    )


@pytest.mark.django_db
def test_the_lock_ends_when_the_failures_leave_the_window(demo_users: None) -> None:
    assert [_attempt(APIClient(), "wrong") for _ in range(5)][-1] == 429
    AccessAttempt.objects.update(attempt_time=timezone.now() - timedelta(seconds=901))
    assert _attempt(APIClient(), PASSWORD) == 200
    assert AccessAttempt.objects.count() == 0  # success clears the pair


@pytest.mark.django_db
def test_a_success_clears_the_count(demo_users: None) -> None:
    client = APIClient()
    assert [_attempt(client, "wrong") for _ in range(4)] == [400] * 4
    assert _attempt(client, PASSWORD, url=TOKEN) == 200
    assert [_attempt(client, "wrong") for _ in range(4)] == [400] * 4
    assert _attempt(client, PASSWORD, url=TOKEN) == 200


@pytest.mark.django_db
@override_settings(AXES_FAILURE_LIMIT=2)
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
        # A forwarded address that is not one falls back to the peer's, never a server error.
        junk = client.post(LOGIN, {"username": "bob", "password": "x"}, HTTP_X_FORWARDED_FOR="not-an-ip")
    assert (locked.status_code, other.status_code, junk.status_code) == (429, 200, 400)
    # Counted under the forwarded address, not the proxy's; .8's success clears only its own pair.
    assert set(AccessAttempt.objects.values_list("ip_address", flat=True)) == {"203.0.113.7", "127.0.0.1"}


# ----------------------------------------------------------------------------------- the admin site
@pytest.fixture
def root(db: None) -> Any:
    return get_user_model().objects.create_superuser("root", password="pw-root-123")


def _admin_sign_in(client: Client, password: str) -> int:
    response = client.post(ADMIN_LOGIN, {"username": "root", "password": password}, REMOTE_ADDR="10.0.0.9")
    return int(response.status_code)


@pytest.mark.django_db
def test_the_admin_login_locks_out_too(root: Any) -> None:
    """Was: 10 wrong passwords on /admin/login/, then the right one signed in."""
    client = Client()
    statuses = [_admin_sign_in(client, "wrong") for _ in range(10)]
    assert statuses[:4] == [200] * 4  # the form again, with its error
    assert set(statuses[4:]) == {429}
    assert _admin_sign_in(client, "pw-root-123") == 429
    assert client.get("/admin/").status_code == 302  # still signed out: back to the login page
    assert _failures("root", "10.0.0.9") == 5


@pytest.mark.django_db
def test_failures_count_across_the_api_and_the_admin(root: Any) -> None:
    for _ in range(3):
        APIClient().post(TOKEN, {"username": "root", "password": "x"}, REMOTE_ADDR="10.0.0.9")
    assert [_admin_sign_in(Client(), "wrong") for _ in range(2)] == [200, 429]
    response = APIClient().post(
        LOGIN, {"username": "root", "password": "pw-root-123"}, REMOTE_ADDR="10.0.0.9"
    )
    assert response.status_code == 429


# ----------------------------------------------------------------------------------------- parallel
PARALLEL = 10


@pytest.mark.django_db(transaction=True)
def test_parallel_attempts_let_no_extra_password_check_through(
    demo_users: None, monkeypatch: pytest.MonkeyPatch, throttle_rates: Any
) -> None:
    """Was: the API lockout let one extra attempt through under parallel requests. With 4 failures
    recorded, 10 parallel wrong attempts get exactly one password check (the fifth failure), and
    every one of them is refused."""
    throttle_rates(token="1000/min")
    checks: list[str] = []
    lock = threading.Lock()
    authenticate = ModelBackend.authenticate

    def counted(
        self: ModelBackend, request: Any, username: Any = None, password: Any = None, **kw: Any
    ) -> Any:
        with lock:
            checks.append(str(username))
        return authenticate(self, request, username=username, password=password, **kw)

    monkeypatch.setattr(ModelBackend, "authenticate", counted)
    assert [_attempt(APIClient(), "wrong", url=TOKEN) for _ in range(4)] == [400] * 4
    assert len(checks) == 4

    barrier = threading.Barrier(PARALLEL)
    statuses: list[int] = []

    def attempt() -> None:
        try:
            client = APIClient()
            barrier.wait()
            statuses.append(_attempt(client, "wrong", url=TOKEN))
        finally:
            connection.close()

    threads = [threading.Thread(target=attempt) for _ in range(PARALLEL)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(checks) == 5, checks
    assert statuses == [429] * PARALLEL, statuses
    assert _attempt(APIClient(), PASSWORD, url=TOKEN) == 429
    assert len(checks) == 5
