from __future__ import annotations

import pytest
import yaml
from django.conf import settings
from openapi_spec_validator import validate
from rest_framework.test import APIClient


@pytest.mark.django_db
def test_openapi_schema_is_valid_openapi_3(api_client: APIClient) -> None:
    response = api_client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi")
    assert response.status_code == 200
    spec = yaml.safe_load(response.content)
    assert spec["openapi"].startswith("3.")
    validate(spec)  # raises on an invalid document
    assert "/api/health/" in spec["paths"]


@pytest.mark.django_db
def test_api_docs_page_is_served(api_client: APIClient) -> None:
    response = api_client.get("/api/docs/")
    assert response.status_code == 200
    assert b"swagger" in response.content.lower()


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/", "/designs/42/edit", "/catalog/parts"])
def test_spa_fallback_serves_index_for_client_routes(api_client: APIClient, path: str) -> None:
    response = api_client.get(path)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/html")
    assert b"DB Sizer" in response.content
    assert "csrftoken" in response.cookies
    assert "default-src 'self'" in response["Content-Security-Policy"]


@pytest.mark.django_db
def test_unknown_api_path_is_404_not_the_spa(api_client: APIClient) -> None:
    assert api_client.get("/api/v1/no-such-thing/").status_code == 404


def test_built_spa_is_collected_when_present() -> None:
    index = settings.FRONTEND_DIST_DIR / "index.html"
    if index.exists():
        assert settings.FRONTEND_DIST_DIR in settings.STATICFILES_DIRS
