"""Content for the backup/restore drill (core/tests/test_backup_restore.py), written through the API
into the database DATABASE_URL names: run as `python -m core.tests.backup_drill_data` in backend/
after migrate, load_catalog and seed_demo_users. Designs with revisions (a restore among them),
BOM overrides, share links (one revoked), a price book and its history, a deleted design, and a
signed-in token: every kind of row an operator would miss after a restore."""

from __future__ import annotations

import os
from typing import Any

import django


def _ok(response: Any, status: int) -> Any:
    assert response.status_code == status, (response.status_code, response.content[:500])
    return response


def populate() -> None:
    from django.contrib.auth import get_user_model
    from rest_framework.test import APIClient

    users = {u.username: u for u in get_user_model().objects.all()}
    admin = get_user_model().objects.create_user("drill-admin", password="drill-admin-pw-1", is_staff=True)
    as_admin, as_alice, as_dave = APIClient(), APIClient(), APIClient()
    as_admin.force_authenticate(admin)
    as_alice.force_authenticate(users["alice"])
    as_dave.force_authenticate(users["dave"])

    prices = "manufacturer,part_number,unit_price\n" + "\n".join(
        f"{row['manufacturer']},{row['part_number']},{1000 + index}.25"
        for index, row in enumerate(_ok(as_admin.get("/api/v1/parts/?page_size=20"), 200).json()["results"])
    )
    book = _ok(
        as_admin.post(
            "/api/v1/import/price-books/?name=Drill&currency=USD&effective_date=2026-01-01",
            prices,
            content_type="text/csv",
        ),
        201,
    ).json()
    for index, client in enumerate([as_alice, as_alice, as_dave, as_alice]):
        design = _ok(
            client.post(
                "/api/v1/designs/",
                {
                    "name": f"Drill design {index}",
                    "customer": "Drill Bank",
                    "workload": {"kind": "oltp", "target_tps": 5000 + index, "database_size_gb": 1500},
                    "platform": {
                        "family": "oracle-fs1",
                        "storage_model": "FS1-2",
                        "rac_nodes": 2,
                        "arrays": 2,
                        "drives_per_enclosure": 13,
                    },
                    "reference_configuration": "oracle-fs1-quarter-rack",
                    "price_book": book["id"],
                    "bom_overrides": [
                        {
                            "section": "storage",
                            "part_number": f"DRILL-{index}",
                            "quantity": 2,
                            "description": "drill line",
                            "reason": "backup drill",
                        }
                    ],
                },
                format="json",
            ),
            201,
        )
        url = f"/api/v1/designs/{design.json()['id']}/"
        etag = design["ETag"]
        for edit in range(3):
            etag = _ok(
                client.patch(
                    url, {"name": f"Drill design {index} edit {edit}"}, format="json", HTTP_IF_MATCH=etag
                ),
                200,
            )["ETag"]
        etag = _ok(client.post(f"{url}revisions/1/restore/", HTTP_IF_MATCH=etag), 200)["ETag"]
        kept = _ok(client.post(f"{url}share-links/"), 201).json()["token"]
        revoked = _ok(client.post(f"{url}share-links/"), 201).json()["token"]
        _ok(client.delete(f"{url}share-links/{revoked}/"), 204)
        _ok(APIClient().get(f"/api/v1/shared/{kept}/"), 200)
        if index == 3:
            _ok(client.delete(url, HTTP_IF_MATCH=etag), 204)
    _ok(
        APIClient().post(
            "/api/v1/auth/token/",
            {"username": "bob", "password": os.environ.get("DEMO_PASSWORD", "dbsizer-demo")},
            format="json",
        ),
        200,
    )


if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    populate()
