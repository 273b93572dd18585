"""A design that leaves cores or memory per node empty is modelled on the server its family's document
measured (sizing.inputs.DEFAULT_SERVER): the same server the BOM lists, read here from the seed files."""

from __future__ import annotations

import pathlib
from typing import Any

import pytest
import yaml

from sizing.inputs import DEFAULT_SERVER, FAMILIES, Platform

FIXTURES = pathlib.Path(__file__).resolve().parents[3] / "fixtures"


def _parts() -> dict[str, dict[str, Any]]:
    parts: dict[str, dict[str, Any]] = {}
    for path in sorted(FIXTURES.glob("*.yaml")):
        for part in (yaml.safe_load(path.read_text()) or {}).get("parts") or []:
            parts[str(part["part_number"])] = part
    return parts


def _configuration(slug: str) -> dict[str, Any]:
    for path in sorted(FIXTURES.glob("*.yaml")):
        for c in (yaml.safe_load(path.read_text()) or {}).get("configurations") or []:
            if c["slug"] == slug:
                return dict(c)
    raise AssertionError(f"no configuration {slug}")


# family -> the server part of its reference or test system (fixtures), whose specs are per server
SERVER_PART = {"oracle-fs1": "7110316", "equallogic": "PowerEdge R710", "netapp": "ProLiant DL580 G5"}


@pytest.mark.parametrize("family", sorted(SERVER_PART))
def test_default_server_is_the_catalog_server(family: str) -> None:
    specs = _parts()[SERVER_PART[family]]["specs"]
    assert DEFAULT_SERVER[family].cores_per_node == specs["cores"]
    assert DEFAULT_SERVER[family].memory_gb_per_node == specs["memory_gb"]


def test_xtremio_default_server_is_the_test_system_host() -> None:
    attributes = _configuration("xtremio-vsphere-rac-test-system")["attributes"]
    assert DEFAULT_SERVER["xtremio"].cores_per_node == attributes["cores_per_server"]["value"]
    assert DEFAULT_SERVER["xtremio"].memory_gb_per_node == attributes["memory_per_server"]["value"]


@pytest.mark.parametrize("family", FAMILIES)
def test_empty_cores_and_memory_resolve_to_the_family_server(family: str) -> None:
    model = {"oracle-fs1": "FS1-2", "equallogic": "PS6010XV", "xtremio": "X-Brick", "netapp": "FAS3140"}[
        family
    ]
    p = Platform(family, model)
    assert (p.cores_per_node, p.memory_gb_per_node) == (
        DEFAULT_SERVER[family].cores_per_node,
        DEFAULT_SERVER[family].memory_gb_per_node,
    )
    assert Platform(family, model, cores_per_node=12, memory_gb_per_node=96.0).node_cores == 12


def test_dell_default_is_eight_cores_not_the_x5_2() -> None:
    # The R710 nodes of the TPC-C runs had 2 x quad-core X5570: 36 cores would hide the CPU station.
    assert Platform("equallogic", "PS6010XV").total_cores == 16
