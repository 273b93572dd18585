"""One input contract (sizing.inputs: OLTP_FIELDS, DSS_FIELDS, PLATFORM_FIELDS): the published OpenAPI
schema carries every declared bound, default and choice, and a value just outside a bound gets the
same message from the engine and from the API."""

from __future__ import annotations

import pathlib
from collections.abc import Iterator
from typing import Any

import pytest
import yaml
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from sizing.errors import InputError
from sizing.inputs import (
    DSS_FIELDS,
    OLTP_FIELDS,
    PLATFORM_FIELDS,
    InputField,
    design_inputs_from_dict,
    format_number,
)

OPENAPI = pathlib.Path(__file__).resolve().parents[2] / "openapi.yaml"
COMPONENTS = {
    "OltpWorkloadRequest": OLTP_FIELDS,
    "DssWorkloadRequest": DSS_FIELDS,
    "PlatformRequest": PLATFORM_FIELDS,
}
VALID: dict[str, dict[str, Any]] = {
    "oltp": {"kind": "oltp", "users": 100},
    "dss": {"kind": "dss", "target_throughput_mb_s": 500},
    "platform": {"family": "equallogic", "storage_model": "PS6010XV"},
}


@pytest.fixture(scope="module")
def schemas() -> dict[str, Any]:
    return dict(yaml.safe_load(OPENAPI.read_text(encoding="utf-8"))["components"]["schemas"])


def _enum(prop: dict[str, Any], schemas: dict[str, Any]) -> list[Any] | None:
    """The enum of a property, through drf-spectacular's $ref / allOf / oneOf (+ NullEnum) wrapping."""
    if "enum" in prop:
        return list(prop["enum"])
    refs = [prop.get("$ref"), *(s.get("$ref") for s in prop.get("allOf", []) + prop.get("oneOf", []))]
    values = [
        v for r in refs if r and not r.endswith("/NullEnum") for v in schemas[r.rsplit("/", 1)[1]]["enum"]
    ]
    return values or None


@pytest.mark.parametrize("component", sorted(COMPONENTS))
def test_openapi_carries_every_declared_bound_default_and_choice(
    component: str, schemas: dict[str, Any]
) -> None:
    declared = COMPONENTS[component]
    properties = schemas[component]["properties"]
    assert set(declared) <= set(properties)
    for name, spec in declared.items():
        prop = properties[name]
        assert prop.get("minimum") == spec.minimum, name
        assert prop.get("maximum") == spec.maximum, name
        assert bool(prop.get("exclusiveMinimum")) == spec.exclusive_minimum, name
        assert prop.get("default") == spec.default, name
        assert prop.get("nullable", False) == spec.nullable, name
        expected = list(spec.choices) if spec.choices else list(spec.allowed) if spec.allowed else None
        assert _enum(prop, schemas) == expected, name
        assert (name in schemas[component].get("required", [])) == spec.required, name


def test_oltp_block_size_is_one_of_oracles_and_dss_stops_at_4096(schemas: dict[str, Any]) -> None:
    assert _enum(schemas["OltpWorkloadRequest"]["properties"]["block_size_kb"], schemas) == [2, 4, 8, 16, 32]
    assert schemas["DssWorkloadRequest"]["properties"]["block_size_kb"]["maximum"] == 4096
    workload = schemas["WorkloadRequest"]
    assert workload["discriminator"]["propertyName"] == "kind"


def test_numbers_print_as_javascript_does() -> None:
    assert [format_number(x) for x in (1024.0, 10_000_000.0, 2.5, 0.0, -50.0, 16, 0.001)] == [
        "1024", "10000000", "2.5", "0", "-50", "16", "0.001",
    ]  # fmt: skip
    assert DSS_FIELDS["block_size_kb"].range_message == "must be between 2 and 4096"
    assert OLTP_FIELDS["block_size_kb"].allowed_message == "must be one of 2, 4, 8, 16, 32"
    assert OLTP_FIELDS["target_tps"].range_message == "must be between 0.001 and 1000000"


def _just_outside(spec: InputField) -> Iterator[Any]:
    """Values just past each bound, a fraction for a whole number, a value not among the choices."""
    step = 1 if spec.type == "integer" else 0.5
    if spec.minimum is not None:
        yield spec.minimum if spec.exclusive_minimum else spec.minimum - step
    if spec.maximum is not None:
        yield spec.maximum + step
    if spec.type == "integer":
        yield (spec.minimum or 0) + 1.5
    if spec.choices:
        yield "none-of-these"
    if spec.allowed:
        yield (spec.allowed[0] + spec.allowed[1]) / 2  # between two allowed numbers (3 KB)
        yield spec.allowed[-1] * 2


CASES = [
    (section, spec.name, value)
    for section, declared in (("oltp", OLTP_FIELDS), ("dss", DSS_FIELDS), ("platform", PLATFORM_FIELDS))
    for spec in declared.values()
    for value in _just_outside(spec)
]


def _inputs(section: str, name: str, value: Any) -> dict[str, Any]:
    workload = dict(VALID["dss" if section == "dss" else "oltp"])
    platform = dict(VALID["platform"])
    if section == "platform":
        platform[name] = value
    else:
        if name == "target_tps":
            workload.pop("users")
        workload[name] = value
    return {"workload": workload, "platform": platform}


def _engine_message(inputs: dict[str, Any]) -> tuple[str, str]:
    with pytest.raises(InputError) as err:
        design_inputs_from_dict(inputs)
    return err.value.field, err.value.message


@pytest.fixture
def client(db: None) -> APIClient:
    user = get_user_model().objects.create_user("contract", password="x")
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.mark.parametrize(("section", "name", "value"), CASES)
def test_engine_and_api_say_the_same_words(section: str, name: str, value: Any, client: APIClient) -> None:
    inputs = _inputs(section, name, value)
    field, message = _engine_message(inputs)
    half = "platform" if section == "platform" else "workload"
    assert field == f"{half}.{name}"
    response = client.post("/api/v1/evaluate/", inputs, format="json")
    assert response.status_code == 400, response.content
    assert response.json()[half][name] == [message]


def test_the_messages_read_as_agreed() -> None:
    assert _engine_message(_inputs("oltp", "block_size_kb", 3)) == (
        "workload.block_size_kb", "must be one of 2, 4, 8, 16, 32",
    )  # fmt: skip
    assert _engine_message(_inputs("oltp", "sla_response_ms", 0.001)) == (
        "workload.sla_response_ms", "must be between 1 and 600000",
    )  # fmt: skip
    assert _engine_message(_inputs("dss", "target_throughput_mb_s", 0))[1] == (
        "must be between 0.001 and 1000000"
    )
    assert _engine_message(_inputs("platform", "arrays", 2.5))[1] == "must be a whole number"
    assert _engine_message(_inputs("dss", "io_pattern", "diagonal"))[1] == "must be one of random, sequential"
