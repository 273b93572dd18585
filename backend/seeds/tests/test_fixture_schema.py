"""Every seed file in fixtures/ validates against fixtures/schema/catalog.schema.json (one case per file),
and the schema's closed vocabularies are the same as the Django choices."""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import jsonschema
import pytest
import yaml
from django.conf import settings
from django.db import models

from benchmarks import choices as bchoices
from catalog import choices
from seeds.loader import catalog_schema, read_yaml, schema_problems, unit_problem

FIXTURES = Path(settings.FIXTURES_DIR)
SEED_FILES = sorted(FIXTURES.glob("*.yaml"))
# The small test catalog the catalog API tests load.
TEST_FILES = sorted((Path(settings.BACKEND_DIR) / "catalog" / "tests" / "data" / "mini").glob("*.yaml"))


def test_schema_is_valid_draft_2020_12() -> None:
    jsonschema.Draft202012Validator.check_schema(catalog_schema())
    assert catalog_schema()["$schema"].endswith("2020-12/schema")


@pytest.mark.parametrize("path", SEED_FILES, ids=[p.name for p in SEED_FILES])
def test_seed_file_matches_schema(path: Path) -> None:
    problems = schema_problems(path.name, read_yaml(path))
    assert problems == [], "\n".join(str(p) for p in problems)


@pytest.mark.parametrize("path", TEST_FILES, ids=[p.name for p in TEST_FILES])
def test_test_catalog_matches_schema(path: Path) -> None:
    assert schema_problems(path.name, read_yaml(path)) == []


def test_readme_example_matches_schema() -> None:
    """The format documented in fixtures/README.md is the format the schema accepts."""
    readme = (FIXTURES / "README.md").read_text(encoding="utf-8")
    block = re.search(r"```yaml\n(.*?)```", readme, re.S)
    assert block is not None
    example = yaml.safe_load(block.group(1))
    assert set(example) == {"document", "manufacturers", "parts", "configurations", "curves", "rules"}
    assert schema_problems("README.md", example) == []


@pytest.mark.parametrize(
    ("definition", "choice"),
    [
        ("unit", choices.Unit),
        ("platform", choices.Platform),
        ("raid_level", choices.RaidLevel),
    ],
)
def test_schema_definitions_equal_django_choices(definition: str, choice: type[models.TextChoices]) -> None:
    assert catalog_schema()["$defs"][definition]["enum"] == [v for v, _ in choice.choices]


@pytest.mark.parametrize(
    ("definition", "field", "choice"),
    [
        ("part", "kind", choices.PartKind),
        ("specs", "drive_technology", choices.DriveTechnology),
        ("specs", "host_port_protocol", choices.HostPortProtocol),
        ("configuration", "role", choices.ConfigurationRole),
        ("component", "section", choices.ComponentSection),
        ("layout", "kind", choices.LayoutKind),
        ("layout", "redundancy", choices.AsmRedundancy),
        ("rule", "kind", choices.RuleKind),
        ("rule", "severity", choices.Severity),
        ("check", "op", choices.CheckOp),
        ("workload", "tool", bchoices.Tool),
        ("workload", "io_pattern", bchoices.IoPattern),
        ("workload", "array_mode", bchoices.ArrayMode),
    ],
)
def test_schema_enums_equal_django_choices(
    definition: str, field: str, choice: type[models.TextChoices]
) -> None:
    enum = catalog_schema()["$defs"][definition]["properties"][field]["enum"]
    assert enum == [v for v, _ in choice.choices]


def test_yaml_numbers_are_exact_decimals(tmp_path: Path) -> None:
    path = tmp_path / "x.yaml"
    path.write_text("a: 0.10\nb: 3600\nc: 2.3\n", encoding="utf-8")
    data = read_yaml(path)
    assert data == {"a": Decimal("0.10"), "b": 3600, "c": Decimal("2.3")}
    assert str(data["a"]) == "0.10"
    assert isinstance(data["b"], int)


def test_schema_rejects_unknown_key_and_unit_and_negative_value() -> None:
    data = {
        "curves": [
            {
                "slug": "c",
                "title": "t",
                "configuration": "x",
                "workload": {"tool": "orion", "colour": "red"},
                "points": [
                    {
                        "values": {"iops": {"value": Decimal("-1"), "unit": "furlongs"}},
                        "source": {"locator": "T1"},
                    }
                ],
            }
        ]
    }
    paths = {p.path for p in schema_problems("f.yaml", data)}
    assert "$.curves[0].workload" in paths  # additionalProperties: colour
    assert "$.curves[0].points[0].values.iops.unit" in paths
    assert "$.curves[0].points[0].values.iops.value" in paths


@pytest.mark.parametrize(
    ("quantity", "unit", "fits"),
    [
        # a time the document prints without a unit stays as printed (Dell DSS Section 3.2.1.3)
        ("completion_time", "unstated", True),
        ("completion_time", "s", True),
        ("completion_time", "ms", False),
        # a name that implies its unit never takes `unstated`
        ("change_pct", "unstated", False),
        ("max_iops", "unstated", False),
        ("io_latency", "unstated", False),
        ("throughput", "unstated", False),
        # a name that implies no unit takes any unit of the closed list
        ("copied_capacity", "unstated", True),
    ],
)
def test_unit_fits_quantity_name(quantity: str, unit: str, fits: bool) -> None:
    assert unit in choices.Unit.values
    assert (unit_problem(quantity, unit) is None) is fits
