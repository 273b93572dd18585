"""The built SPA as `make run` and the Docker image serve it: collectstatic, then whitenoise without DEBUG.

Hashed assets come compressed (brotli or gzip, as the browser accepts) and cached for good; index.html
is revalidated on every load. Needs the production build (make test builds it before these tests).
"""

from __future__ import annotations

import gzip
import os
import re
from collections.abc import Iterator
from pathlib import Path

import brotli
import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client
from django.test.utils import override_settings

DIST = Path(settings.FRONTEND_DIST_DIR)
ONE_YEAR_S = 365 * 24 * 60 * 60

# Skipped only in a bare `pytest` without a build; `make test` builds the SPA first and sets
# DBSIZER_SPA_BUILT=1, so there a missing build fails these tests instead of skipping them.
pytestmark = pytest.mark.skipif(
    not (DIST / "index.html").exists() and os.environ.get("DBSIZER_SPA_BUILT") != "1",
    reason="needs the built SPA: cd frontend && npm run build",
)


@pytest.fixture(scope="module")
def static_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("static")
    with override_settings(STATIC_ROOT=root):
        call_command("collectstatic", "--noinput", verbosity=0)
    return root


@pytest.fixture
def client(static_root: Path) -> Iterator[Client]:
    # A new Client builds its middleware afresh: whitenoise indexes this STATIC_ROOT when it starts.
    with override_settings(STATIC_ROOT=static_root, DEBUG=False):
        yield Client()


def entry_asset(kind: str) -> str:
    """The URL of the entry script (js) or stylesheet (css) that dist/index.html names."""
    html = (DIST / "index.html").read_text(encoding="utf-8")
    match = re.search(rf'"(/static/assets/[^"]+\.{kind})"', html)
    assert match, f"dist/index.html names no {kind} asset"
    return match.group(1)


def body(response: object) -> bytes:
    return b"".join(response.streaming_content)  # type: ignore[attr-defined]


def max_age(cache_control: str) -> int:
    match = re.search(r"max-age=(\d+)", cache_control)
    return int(match.group(1)) if match else 0


def built(url: str) -> bytes:
    return (DIST / url.removeprefix("/static/")).read_bytes()


@pytest.mark.parametrize("kind", ["js", "css"])
def test_a_hashed_asset_is_served_with_brotli_and_cached_for_good(client: Client, kind: str) -> None:
    url = entry_asset(kind)
    response = client.get(url, headers={"accept-encoding": "gzip, deflate, br"})
    assert response.status_code == 200
    assert response["Content-Encoding"] == "br"
    assert "Accept-Encoding" in response["Vary"]
    cache = response["Cache-Control"]
    assert "immutable" in cache and max_age(cache) >= ONE_YEAR_S
    content = body(response)
    assert brotli.decompress(content) == built(url)
    assert len(content) < len(built(url)) / 2


def test_gzip_when_the_browser_does_not_take_brotli(client: Client) -> None:
    url = entry_asset("js")
    response = client.get(url, headers={"accept-encoding": "gzip"})
    assert response["Content-Encoding"] == "gzip"
    assert gzip.decompress(body(response)) == built(url)
    assert "immutable" in response["Cache-Control"]


def test_uncompressed_when_the_browser_takes_neither(client: Client) -> None:
    url = entry_asset("js")
    response = client.get(url)
    assert not response.has_header("Content-Encoding")
    assert body(response) == built(url)


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/", "/designs/42", "/static/index.html"])
def test_index_html_is_revalidated_not_kept(client: Client, path: str) -> None:
    """index.html names the current build's assets: a kept copy would load an old build."""
    response = client.get(path, headers={"accept-encoding": "gzip, br"})
    assert response.status_code == 200
    assert response["Cache-Control"] == "no-cache"


def test_a_file_without_a_content_hash_is_not_kept_for_good(client: Client) -> None:
    response = client.get("/static/favicon.svg")
    assert response.status_code == 200
    assert "immutable" not in response["Cache-Control"]
    assert max_age(response["Cache-Control"]) <= 60


@pytest.mark.django_db
def test_the_editor_page_announces_its_first_requests_to_a_signed_in_user(client: Client) -> None:
    """The browser fetches the session, the design and its evaluation while it loads the scripts (no
    waterfall)."""
    client.force_login(get_user_model().objects.create_user("ann", password="x-unused-x"))
    html = client.get("/designs/42").content.decode()
    head = html[: html.index("</head>")]
    assert '<link rel="preload" as="fetch" crossorigin href="/api/v1/auth/me/">' in head
    assert '<link rel="preload" as="fetch" crossorigin href="/api/v1/designs/42/">' in head
    # What the untouched editor shows: the saved inputs with the current rules (POST /evaluate/'s answer).
    assert (
        '<link rel="preload" as="fetch" crossorigin href="/api/v1/designs/42/evaluation/?rules=current">'
        in head
    )
    # The platform registry, whose labels the charts draw.
    assert '<link rel="preload" as="fetch" crossorigin href="/api/v1/platforms/">' in head
    # The editor's code too (the modules the route imports, from Vite's manifest), beside the entry's.
    preloaded = re.findall(r'<link rel="modulepreload" crossorigin href="([^"]+)">', head)
    assert any(re.search(r"/static/assets/design-editor-page-[\w-]+\.js$", url) for url in preloaded)
    assert all((DIST / url.removeprefix("/static/")).exists() for url in preloaded)
    other = client.get("/designs").content.decode()
    assert (
        "/api/v1/auth/me/" in other and "/api/v1/designs/" not in other and "/api/v1/platforms/" not in other
    )
    assert "design-editor-page" not in other


@pytest.mark.django_db
def test_a_visitor_gets_no_preload_a_server_would_refuse(client: Client) -> None:
    assert 'rel="preload"' not in client.get("/designs/42").content.decode()
