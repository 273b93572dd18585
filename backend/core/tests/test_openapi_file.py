"""backend/openapi.yaml is the published contract the frontend's types are generated from
(frontend/src/lib/api-schema.d.ts, whose aliases every feature's API types are): it must be what
the code generates now. Regenerate with `make openapi` after changing a serializer or view."""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import yaml
from django.core.management import call_command

from core.openapi import OPTIONAL_RESPONSE_PROPERTIES

COMMITTED = Path(__file__).resolve().parents[2] / "openapi.yaml"


def _generated() -> str:
    # Tests run on PostgreSQL, the vendor `make openapi` publishes the schema for.
    out = StringIO()
    call_command("spectacular", "--validate", "--fail-on-warn", stdout=out)
    return out.getvalue()


def test_committed_openapi_file_is_what_the_code_generates() -> None:
    assert COMMITTED.exists(), "run `make openapi`"
    committed, generated = yaml.safe_load(COMMITTED.read_text(encoding="utf-8")), yaml.safe_load(_generated())
    assert committed == generated, "backend/openapi.yaml is stale: run `make openapi` and `npm run gen:api`"


def test_response_components_mark_what_serializers_always_send_as_required() -> None:
    schemas = yaml.safe_load(_generated())["components"]["schemas"]
    part = schemas["Part"]
    # A model field with a default (optional on input) is still always present in a response ...
    assert "part_number_is_model" in part["required"]
    # ... but stays optional in the request component.
    assert "part_number_is_model" not in schemas["PartRequest"].get("required", [])
    for component, optional in OPTIONAL_RESPONSE_PROPERTIES.items():
        assert optional.isdisjoint(schemas[component].get("required", [])), component
    # The signed-in answer says `authenticated: true` exactly (the SPA's type tells the two apart).
    ref = schemas["CurrentUser"]["properties"]["authenticated"]["allOf"][0]["$ref"]
    assert schemas[ref.rsplit("/", 1)[1]]["enum"] == [True]
