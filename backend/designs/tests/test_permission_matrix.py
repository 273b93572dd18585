"""The permission matrix, cell by cell (issue 17, "Roles"): every subject x every design operation on a
team-shared design, and every catalog / evidence / rules / price-book write x every non-admin role.

The matrix is data: DESIGN_MATRIX maps an operation to (its route and method, a request builder, the
exact status per subject). docs/api.md ("Roles and permissions") shows the same table, and a test
below holds the two equal. Exports are rows generated from the URLconf, and every design route and
method the URLconf serves must have a row: a new endpoint fails here until it is stated.

Fast: the catalog and the users are loaded once for the module inside one transaction that is rolled
back at the end; each cell runs in a savepoint of it with a fresh design.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import transaction
from django.forms.models import model_to_dict
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from rest_framework.permissions import SAFE_METHODS
from rest_framework.test import APIClient

from accounts.models import Team
from accounts.services import demo_users_seed
from catalog.models import Part, PriceBookEntry
from catalog.services import price_book_create_version
from designs import services
from designs.models import Design, DesignRevision, ShareLink
from designs.tests.conftest import OLTP_WORKLOAD, ORACLE_QUARTER_PLATFORM, design_payload

SUBJECTS = ("owner", "editor", "viewer", "manager", "other_team", "anonymous", "admin")
# The demo users playing each subject; admin is staff and in no team.
USERNAMES = {
    "owner": "alice",
    "editor": "carol",
    "viewer": "bob",
    "manager": "erin",
    "other_team": "dave",
    "admin": "root",
}
LISTED, ABSENT = "200 listed", "200 absent"  # list cells: the design is in the caller's list or not
Cell = int | str


@dataclass
class Scene:
    """What a request may refer to: the team design under test, a second one (compare), a link."""

    design: Design
    other: Design
    link: ShareLink
    world: dict[str, Any]
    trashed: Design | None = None

    @property
    def base(self) -> str:
        return f"/api/v1/designs/{self.design.pk}/"


Request = Callable[[APIClient, Scene], Any]


@dataclass(frozen=True)
class Operation:
    route: str  # URL name
    method: str
    request: Request
    expected: dict[str, Cell]
    doc: str = ""  # the row's label in docs/api.md (defaults to the operation's name)
    # Run before the "nothing written" fingerprint is taken (e.g. the owner trashes the design).
    setup: Callable[[Scene], None] | None = None


def _row(*cells: Cell) -> dict[str, Cell]:
    assert len(cells) == len(SUBJECTS)
    return dict(zip(SUBJECTS, cells, strict=True))


def _patch(client: APIClient, scene: Scene) -> Any:
    return client.patch(scene.base, {"name": "changed"}, format="json", HTTP_IF_MATCH=scene.design.etag)


def _put(client: APIClient, scene: Scene) -> Any:
    body = design_payload(name="replaced", team=scene.design.team_id, visibility="team")
    return client.put(scene.base, body, format="json", HTTP_IF_MATCH=scene.design.etag)


def _owner_trashes_the_design(scene: Scene) -> None:
    services.design_delete(user=scene.world["users"]["owner"], design=scene.design, expected_version=None)


#                                 owner editor viewer manager other anonymous admin
READ = _row(200, 200, 200, 200, 404, 403, 404)
EXPORT = _row(200, 200, 403, 200, 404, 403, 404)
EDIT = _row(200, 200, 403, 403, 404, 403, 404)

DESIGN_MATRIX: dict[str, Operation] = {
    "list": Operation(
        "design-list", "get", lambda c, s: c.get("/api/v1/designs/?page_size=100"),
        _row(LISTED, LISTED, LISTED, LISTED, ABSENT, 403, ABSENT),
    ),
    "create": Operation(
        "design-list", "post", lambda c, s: c.post("/api/v1/designs/", design_payload(), format="json"),
        _row(201, 201, 201, 201, 201, 403, 201),
    ),
    "get": Operation("design-detail", "get", lambda c, s: c.get(s.base), READ),
    "update (PATCH)": Operation("design-detail", "patch", _patch, EDIT),
    "update (PUT)": Operation("design-detail", "put", _put, EDIT),
    "delete": Operation(
        "design-detail", "delete", lambda c, s: c.delete(s.base), _row(204, 403, 403, 403, 404, 403, 404)
    ),
    "revision list": Operation("design-revisions", "get", lambda c, s: c.get(s.base + "revisions/"), READ),
    "revision detail": Operation("design-revision", "get", lambda c, s: c.get(s.base + "revisions/1/"), READ),
    "revision evaluation": Operation(
        "design-revision-evaluation", "get", lambda c, s: c.get(s.base + "revisions/1/evaluation/"), READ
    ),
    "restore a revision": Operation(
        "design-restore", "post", lambda c, s: c.post(s.base + "revisions/1/restore/"), EDIT
    ),
    "evaluation (saved design)": Operation(
        "design-evaluation", "get", lambda c, s: c.get(s.base + "evaluation/"), READ
    ),
    "evaluate (unsaved, POST /evaluate/)": Operation(
        "evaluate", "post",
        lambda c, s: c.post(
            "/api/v1/evaluate/", {"workload": OLTP_WORKLOAD, "platform": ORACLE_QUARTER_PLATFORM}, format="json"
        ),
        _row(200, 200, 200, 200, 200, 403, 200),
    ),
    # Writes nothing and reads no design: every signed-in caller may search.
    "recommend (POST /recommend/)": Operation(
        "recommend", "post",
        lambda c, s: c.post(
            "/api/v1/recommend/", {"workload": {"kind": "oltp", "users": 500}, "families": ["netapp"], "limit": 1},
            format="json",
        ),
        _row(200, 200, 200, 200, 200, 403, 200),
    ),
    "compare": Operation(
        "design-compare", "get", lambda c, s: c.get(f"/api/v1/designs/compare/?ids={s.design.pk},{s.other.pk}"),
        READ,
    ),
    "clone": Operation(
        "design-clone", "post", lambda c, s: c.post(s.base + "clone/"), _row(201, 201, 403, 201, 404, 403, 404)
    ),
    "share (create a link)": Operation(
        "design-share-links", "post", lambda c, s: c.post(s.base + "share-links/"),
        _row(201, 201, 403, 403, 404, 403, 404),
    ),
    "list links": Operation("design-share-links", "get", lambda c, s: c.get(s.base + "share-links/"), EDIT),
    "revoke a link": Operation(
        "design-revoke-share-link", "delete", lambda c, s: c.delete(f"{s.base}share-links/{s.link.token}/"),
        _row(204, 204, 403, 403, 404, 403, 404),
    ),
    "trash list (the design in its owner's trash)": Operation(
        "design-trash", "get", lambda c, s: c.get("/api/v1/designs/trash/?page_size=100"),
        _row(LISTED, ABSENT, ABSENT, ABSENT, ABSENT, 403, ABSENT), setup=_owner_trashes_the_design,
    ),
    "undelete (restore from the trash)": Operation(
        "design-undelete", "post", lambda c, s: c.post(s.base + "undelete/"),
        _row(200, 404, 404, 404, 404, 403, 404), setup=_owner_trashes_the_design,
    ),
    "audit trail of the design": Operation(
        "audit-design", "get", lambda c, s: c.get(f"/api/v1/audit/designs/{s.design.pk}/"), READ
    ),
    "audit feed (all objects, GET /audit/)": Operation(
        "audit-feed", "get", lambda c, s: c.get("/api/v1/audit/"), _row(403, 403, 403, 403, 403, 403, 200)
    ),
    "read through a share link": Operation(
        "shared-design", "get", lambda c, s: c.get(f"/api/v1/shared/{s.link.token}/"),
        _row(200, 200, 200, 200, 200, 200, 200),
    ),
}  # fmt: skip

# Routes of the designs app that are not about one design's access: catalog reads anyone may make.
NOT_DESIGN_ACCESS = {("reference-design-list", "get"), ("reference-design-detail", "get"), ("reference-design-bom", "get")}  # fmt: skip


def _walk(patterns: list[Any]) -> Iterator[URLPattern]:
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            yield from _walk(pattern.url_patterns)
        else:
            yield pattern


def _api_routes(*modules: str) -> list[tuple[str, str, URLPattern]]:
    """(URL name, method, pattern) for every API route whose view lives in one of the apps named."""
    routes: list[tuple[str, str, URLPattern]] = []
    for pattern in _walk(get_resolver().url_patterns):
        view = getattr(pattern.callback, "cls", None)
        if (
            view is None
            or not view.__module__.startswith(modules)
            or "format" in pattern.pattern.regex.groupindex
        ):
            continue
        actions: dict[str, str] | None = getattr(pattern.callback, "actions", None)
        methods = sorted(actions) if actions else [m for m in view.http_method_names if hasattr(view, m)]
        routes.extend((str(pattern.name), m, pattern) for m in methods if m not in ("options", "head"))
    return routes


def _export_operations() -> dict[str, Operation]:
    """One row per export route the URLconf serves: a new export gets its row (and its cells) here."""

    def export(name: str) -> Request:
        return lambda client, scene: client.get(reverse(name, kwargs={"pk": scene.design.pk}))

    def export_unsaved(name: str) -> Request:
        # The proposal of the editor's unsaved inputs (here: the design's own, a valid body).
        def post(client: APIClient, scene: Scene) -> Any:
            body = {"workload": scene.design.workload, "platform": scene.design.platform}
            return client.post(reverse(name, kwargs={"pk": scene.design.pk}), body, format="json")

        return post

    rows = {}
    for name, method, pattern in _api_routes("designs."):
        if name.startswith("design-export-") and method == "post":
            rows[f"export {pattern.pattern} (POST, unsaved)"] = Operation(
                name, method, export_unsaved(name), EXPORT
            )
        elif name.startswith("design-export-"):
            rows[f"export {pattern.pattern}"] = Operation(name, method, export(name), EXPORT)
    return rows


EXPORTS = _export_operations()
MATRIX: dict[str, Operation] = {**DESIGN_MATRIX, **EXPORTS}


@pytest.fixture(scope="module")
def world(django_db_setup: None, django_db_blocker: Any) -> Iterator[dict[str, Any]]:
    """Catalog, teams and users once for the module, rolled back at its end."""
    with django_db_blocker.unblock():
        outer = transaction.atomic()
        outer.__enter__()
        try:
            call_command("load_catalog", verbosity=0)
            demo_users_seed(password="not-used-here")
            user_model = get_user_model()
            user_model.objects.create_user("root", password="not-used-here", is_staff=True, is_superuser=True)
            users = {s: user_model.objects.get(username=u) for s, u in USERNAMES.items()}
            # The catalog ships no prices: one book with one entry, so price writes have a row to address.
            book = price_book_create_version(
                name="Matrix list",
                currency="EUR",
                effective_date=date(2026, 1, 1),
                imported_by=users["admin"],
            )
            PriceBookEntry.objects.create(
                price_book=book, part=Part.objects.order_by("pk")[0], unit_price="100.00"
            )
            team = Team.objects.get(slug="presales-a")
        except BaseException:
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)
            raise
    yield {"users": users, "team": team}
    with django_db_blocker.unblock():
        transaction.set_rollback(True)
        outer.__exit__(None, None, None)


def _client(world: dict[str, Any], subject: str) -> APIClient:
    client = APIClient()
    if subject != "anonymous":
        client.force_authenticate(world["users"][subject])
    return client


def _scene(world: dict[str, Any]) -> Scene:
    """Two designs alice shares with Presales A, and a read-only link to the first."""
    owner = _client(world, "owner")
    ids = []
    for name in ("Matrix design under test", "Matrix second design"):
        body = design_payload(name=name, team=world["team"].pk, visibility="team")
        response = owner.post("/api/v1/designs/", body, format="json")
        assert response.status_code == 201, response.content
        ids.append(response.json()["id"])
    design, other = (Design.objects.get(pk=pk) for pk in ids)
    link = services.share_link_create(user=world["users"]["owner"], design=design)
    return Scene(design=design, other=other, link=link, world=world)


def _fingerprint(scene: Scene) -> tuple[Any, ...]:
    design = (
        Design.objects.filter(pk=scene.design.pk)
        .values("version", "name", "team_id", "visibility", "deleted_at")
        .first()
    )
    return (
        design,
        Design.objects.count(),
        DesignRevision.objects.count(),
        ShareLink.objects.filter(revoked_at__isnull=True).count(),
    )


CELLS = [pytest.param(op, subject, id=f"{op}-{subject}") for op in MATRIX for subject in SUBJECTS]


@pytest.mark.django_db
@pytest.mark.parametrize(("operation", "subject"), CELLS)
def test_design_cell(world: dict[str, Any], operation: str, subject: str) -> None:
    scene = _scene(world)
    row = MATRIX[operation]
    expected = row.expected[subject]
    if row.setup is not None:
        row.setup(scene)
    before = _fingerprint(scene)

    response = row.request(_client(world, subject), scene)

    body = response.content
    if expected in (LISTED, ABSENT):
        assert response.status_code == 200, body
        ids = {r["id"] for r in response.json()["results"]}
        assert (scene.design.pk in ids) is (expected == LISTED)
        if expected == ABSENT:
            assert b"Matrix design under test" not in body  # no leak
        return
    assert response.status_code == expected, body
    if response.status_code >= 400:
        assert _fingerprint(scene) == before, "a refused request wrote something"
        if not response.get("Content-Type", "").startswith("application/json"):
            pytest.fail(f"refusal not JSON: {response.get('Content-Type')}")
        assert b"Matrix design under test" not in body and b"Matrix second design" not in body  # no leak


def test_every_design_route_has_a_row() -> None:
    """A design endpoint the URLconf serves without a row in the matrix fails here, by name."""
    stated = {(op.route, op.method) for op in MATRIX.values()}
    served = {(name, method) for name, method, _ in _api_routes("designs.", "audit.")} - NOT_DESIGN_ACCESS
    assert served - stated == set(), "add these routes to DESIGN_MATRIX"
    assert stated - served == set(), "rows for routes the URLconf no longer serves"
    assert len(EXPORTS) >= 4


@pytest.mark.django_db
@pytest.mark.parametrize("subject", ["owner", "editor", "viewer", "manager"])
def test_design_payload_states_the_callers_role_and_permissions(world: dict[str, Any], subject: str) -> None:
    """The SPA hides what the caller may not do from these two fields."""
    scene = _scene(world)
    data = _client(world, subject).get(scene.base).json()
    expected = {
        "owner": ["read", "export", "edit", "share", "delete"],
        "editor": ["read", "export", "edit", "share"],
        "manager": ["read", "export"],
        "viewer": ["read"],
    }[subject]
    assert (data["my_role"], data["permissions"]) == (subject, expected)
    listed = _client(world, subject).get("/api/v1/designs/?page_size=100").json()["results"]
    assert next(r for r in listed if r["id"] == scene.design.pk)["permissions"] == expected


# --- catalog, evidence, rules and price books: only admins write ------------------------------------

WRITE_SUBJECTS = ("anonymous", "editor", "manager", "viewer", "admin")
CATALOG_APPS = ("catalog", "benchmarks")


def _catalog_writes() -> list[tuple[str, str, URLPattern]]:
    return [r for r in _api_routes("catalog.", "benchmarks.") if r[1].upper() not in SAFE_METHODS]


def _catalog_url(name: str, pattern: URLPattern) -> tuple[str, Any]:
    """The route's URL on an existing row (detail routes), and that row."""
    kwargs = list(pattern.pattern.regex.groupindex)
    if not kwargs:
        return reverse(name), None
    view = pattern.callback.cls  # type: ignore[attr-defined]
    obj = view.queryset.model.objects.order_by("pk").first()
    assert obj is not None, f"no {view.queryset.model.__name__} to address {name}"
    lookup = getattr(view, "lookup_field", "pk")
    return reverse(name, kwargs={kwargs[0]: getattr(obj, lookup)}), obj


def _catalog_counts() -> dict[str, int]:
    return {
        model._meta.label: model._default_manager.count()
        for app in CATALOG_APPS
        for model in apps.get_app_config(app).get_models()
    }


WRITE_CELLS = [
    pytest.param(name, method, subject, id=f"{method.upper()} {name}-{subject}")
    for name, method, _ in _catalog_writes()
    for subject in WRITE_SUBJECTS
]


@pytest.mark.django_db
@pytest.mark.parametrize(("route", "method", "subject"), WRITE_CELLS)
def test_catalog_write_cell(world: dict[str, Any], route: str, method: str, subject: str) -> None:
    pattern = next(p for n, m, p in _catalog_writes() if (n, m) == (route, method))
    url, obj = _catalog_url(route, pattern)
    client = _client(world, "admin")  # the body a write would carry: what an admin reads there
    read = client.get(url) if obj is not None else None
    body = read.json() if read is not None and read.status_code == 200 else {}
    before = (_catalog_counts(), model_to_dict(obj) if obj is not None else None)

    response = getattr(_client(world, subject), method)(url, body, format="json")

    if subject == "admin":
        assert response.status_code not in (401, 403), response.content
        assert response.status_code < 500, response.content
        return
    assert response.status_code in (401, 403), response.content
    obj_after = type(obj).objects.filter(pk=obj.pk).first() if obj is not None else None
    after = (_catalog_counts(), model_to_dict(obj_after) if obj_after is not None else None)
    assert after == before, "a refused catalog write changed something"


def test_catalog_writes_are_enumerated() -> None:
    """The URLconf walk finds the routers' and the imports' writes (it would pass vacuously on none)."""
    names = {name for name, _, _ in _catalog_writes()}
    assert {
        "part-list",
        "part-detail",
        "price-book-list",
        "rule-list",
        "curve-detail",
        "import-parts",
    } <= names


# --- docs/api.md states the same matrix -------------------------------------------------------------

DOC = Path(__file__).resolve().parents[3] / "docs" / "api.md"
DOC_SUBJECTS = {
    "owner": "owner",
    "editor": "editor",
    "viewer": "viewer",
    "manager": "manager",
    "other team": "other_team",
    "anonymous": "anonymous",
    "admin": "admin",
}


def _doc_matrix() -> dict[str, dict[str, str]]:
    text = DOC.read_text()
    section = text.split("## Roles and permissions", 1)[1]
    lines = [line for line in section.splitlines() if line.startswith("|")]
    header = [cell.strip() for cell in lines[0].strip("|").split("|")]
    table = {}
    for line in lines[2:]:
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        if len(cells) != len(header):
            break
        table[cells[0].strip("`")] = {DOC_SUBJECTS[h]: c for h, c in zip(header[1:], cells[1:], strict=True)}
    return table


def test_docs_matrix_matches_the_tested_one() -> None:
    doc = _doc_matrix()
    tested = {name: {s: str(v) for s, v in op.expected.items()} for name, op in MATRIX.items()}
    assert doc == tested
