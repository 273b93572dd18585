"""Passwords pass Django's full validators (issue 17, finding 10: `password` and `12345678` were
accepted), and a signed-in user changes theirs through the API with field-level messages."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from rest_framework.test import APIClient

from accounts.tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db
CHANGE = "/api/v1/auth/password/"


@pytest.mark.parametrize("weak", ["password", "12345678", "Password1", "short"])
def test_weak_passwords_are_refused_by_the_validators(demo_users: None, weak: str) -> None:
    with pytest.raises(ValidationError):
        validate_password(weak, user=get_user_model().objects.get(username="bob"))


def _signed_in(username: str = "bob") -> APIClient:
    client = APIClient()
    client.force_authenticate(get_user_model().objects.get(username=username))
    return client


@pytest.mark.parametrize("weak", ["password", "12345678"])
def test_changing_to_a_weak_password_is_400_with_field_errors(demo_users: None, weak: str) -> None:
    response = _signed_in().post(CHANGE, {"old_password": PASSWORD, "new_password": weak})
    assert response.status_code == 400
    messages = response.json()["new_password"]
    assert messages and all(isinstance(m, str) for m in messages)
    assert get_user_model().objects.get(username="bob").check_password(PASSWORD)


def test_changing_the_password_needs_the_old_one(demo_users: None) -> None:
    response = _signed_in().post(CHANGE, {"old_password": "wrong", "new_password": "a-brand-new-passphrase"})
    assert response.status_code == 400
    assert "old_password" in response.json()
    assert get_user_model().objects.get(username="bob").check_password(PASSWORD)


def test_a_good_new_password_is_stored(demo_users: None) -> None:
    response = _signed_in().post(CHANGE, {"old_password": PASSWORD, "new_password": "a-brand-new-passphrase"})
    assert response.status_code == 204, response.content
    assert get_user_model().objects.get(username="bob").check_password("a-brand-new-passphrase")
    assert APIClient().post(CHANGE, {"old_password": "x", "new_password": "y"}).status_code == 403


def test_the_session_that_changed_the_password_stays_signed_in(demo_users: None) -> None:
    client = APIClient()
    assert client.login(username="bob", password=PASSWORD)
    response = client.post(CHANGE, {"old_password": PASSWORD, "new_password": "a-brand-new-passphrase"})
    assert response.status_code == 204
    assert client.get("/api/v1/auth/me/").json()["username"] == "bob"


def test_passwords_here_are_stored_with_the_production_hasher(demo_users: None) -> None:
    # The rest of the suite uses a fast hasher (backend/conftest.py); sign-in is tested with the real one.
    assert get_user_model().objects.get(username="bob").password.startswith("pbkdf2_sha256$1000000$")
