"""Every catalog and benchmarks model has a working Django admin (list, change and history pages)."""

from __future__ import annotations

from typing import Any

import pytest
from django.apps import apps
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

MODELS = [
    m
    for app in ("catalog", "benchmarks")
    for m in apps.get_app_config(app).get_models()
    # The catalog version row is kept by database triggers (catalog/versioning.py), not edited by hand.
    if not m.__name__.startswith("Historical") and m._meta.label != "catalog.CatalogVersion"
]


@pytest.fixture
def superuser_client(db: None) -> Client:
    user = get_user_model().objects.create_superuser("root", password="pw-root-123")
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.parametrize("model", MODELS, ids=[m._meta.label for m in MODELS])
def test_model_is_registered(model: Any) -> None:
    assert admin.site.is_registered(model)


@pytest.mark.usefixtures("mini_catalog")
@pytest.mark.parametrize("model", MODELS, ids=[m._meta.label for m in MODELS])
def test_admin_pages_render(superuser_client: Client, model: Any) -> None:
    meta = model._meta
    changelist = superuser_client.get(reverse(f"admin:{meta.app_label}_{meta.model_name}_changelist"))
    assert changelist.status_code == 200
    obj = model._default_manager.first()
    if obj is not None:
        change = superuser_client.get(
            reverse(f"admin:{meta.app_label}_{meta.model_name}_change", args=[obj.pk])
        )
        assert change.status_code == 200
        if hasattr(model, "history"):
            history = superuser_client.get(
                reverse(f"admin:{meta.app_label}_{meta.model_name}_history", args=[obj.pk])
            )
            assert history.status_code == 200
