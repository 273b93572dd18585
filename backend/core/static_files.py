"""How whitenoise caches the built SPA (WHITENOISE_* in config.settings)."""

from __future__ import annotations

from wsgiref.headers import Headers


def revalidate_html(headers: Headers, path: str, url: str) -> None:
    """WHITENOISE_ADD_HEADERS_FUNCTION: an HTML file (the SPA's index.html, also reachable under
    /static/) names the current hashed assets, so a browser asks again each time instead of keeping
    one that names assets of an older build."""
    if url.endswith(".html"):
        headers["Cache-Control"] = "no-cache"
