"""The platform-family registry (sizing/platforms.py, sizing/families/): complete, consistent with the
seed catalog, and the only place in the engine that branches on a family or storage-model name."""

from __future__ import annotations

import pathlib
import re
from typing import Any

import pytest
import yaml

from sizing import dss
from sizing.calibration import DELL_ACTIVE_DRIVES, XTREMIO_SSDS_PER_BRICK
from sizing.errors import EvidenceError, InputError
from sizing.evidence import EvidenceBundle
from sizing.fixtures import load_fixture_dir
from sizing.inputs import DesignInputs, DssWorkload, OltpWorkload, Platform
from sizing.model import build_model
from sizing.platforms import RAID_LABELS, REGISTRY, platform_family, storage_model, storage_model_of
from sizing.rules import RuleSet

SIZING = pathlib.Path(__file__).resolve().parents[1]
FIXTURES = SIZING.parents[1] / "fixtures"
MODELS = [(f.slug, m.name) for f in REGISTRY.values() for m in f.storage_models]


@pytest.fixture(scope="module")
def fixture_evidence() -> tuple[EvidenceBundle, RuleSet]:
    return load_fixture_dir(FIXTURES)


def _configurations() -> list[dict[str, Any]]:
    return [
        c
        for path in sorted(FIXTURES.glob("*.yaml"))
        for c in (yaml.safe_load(path.read_text(encoding="utf-8")) or {}).get("configurations") or []
    ]


@pytest.mark.parametrize("family", list(REGISTRY))
def test_every_family_is_complete(family: str) -> None:
    f = REGISTRY[family]
    assert f.slug == family and f.label and f.vendor and f.storage_models
    assert f.default_raid in f.raid_levels
    assert f.measured_raid is None or f.measured_raid in f.raid_levels
    assert all(r in RAID_LABELS for r in f.raid_levels)
    assert f.default_server.cores_per_node > 0 and f.default_server.memory_gb_per_node > 0
    assert f.default_server.source.startswith(f.document)
    assert f.workload_kinds and set(f.workload_kinds) <= {"oltp", "dss"}
    assert f.reference_configurations or f.measured_systems


@pytest.mark.parametrize("family", list(REGISTRY))
def test_reference_configurations_are_the_catalogs(family: str) -> None:
    """Every reference design and measured test system of the family in the seed fixtures is listed,
    and nothing else."""
    configurations = [c for c in _configurations() if c["platform"] == family]
    f = REGISTRY[family]
    assert set(f.reference_configurations) == {c["slug"] for c in configurations if c["role"] == "reference"}
    assert set(f.measured_systems) == {c["slug"] for c in configurations if c["role"] == "test-system"}


@pytest.mark.parametrize(("family", "model"), MODELS)
def test_storage_models_name_their_family_and_are_recognised_by_name(family: str, model: str) -> None:
    sm = storage_model(model)
    assert platform_family(family).model(model) is sm
    assert storage_model_of(model) == model
    assert sm.geometry.drives > sm.geometry.hot_spares >= 0 and sm.geometry.drive_gb > 0
    assert sm.array_unit_label
    if sm.orion_iops_curve is not None:
        assert storage_model(sm.orion_iops_curve).drive_technology == sm.drive_technology


def test_storage_model_guess_takes_the_first_model_a_text_names() -> None:
    assert storage_model_of("PS6010S vs PS6010XV, ORION") == "PS6010S"
    assert storage_model_of("a NetApp FAS 3140 pair") == "FAS3140"
    assert storage_model_of("no model here", "EMC XtremIO cluster") == "X-Brick"
    assert storage_model_of("a server") is None


def test_unknown_names_are_input_errors() -> None:
    with pytest.raises(InputError) as err:
        platform_family("mainframe")
    assert err.value.field == "platform.family"
    with pytest.raises(InputError) as err:
        storage_model("PS4000")
    assert err.value.field == "platform.storage_model"


@pytest.mark.parametrize(("family", "model"), MODELS)
def test_declared_workload_kinds_are_the_ones_the_evidence_supports(
    family: str, model: str, fixture_evidence: tuple[EvidenceBundle, RuleSet]
) -> None:
    """A storage model offers DSS exactly when the seed fixtures have large-I/O throughput for it, and
    every model evaluates OLTP with its family's model hook."""
    evidence, rules = fixture_evidence
    p = Platform(family, model)
    m = build_model(DesignInputs(OltpWorkload(users=100), p), evidence, rules)
    assert m.family == family and m.storage_iops > 0
    assert m.ssd == (storage_model(model).drive_technology == "ssd")
    if "dss" in storage_model(model).workload_kinds:
        assert dss.throughput_estimate(evidence, p, DssWorkload(target_throughput_mb_s=100)).value > 0
    else:
        with pytest.raises(EvidenceError):
            dss.throughput_estimate(evidence, p, DssWorkload(target_throughput_mb_s=100))


# A comparison of a design's (or configuration's) family or storage model with a literal name: the
# branching the registry replaces. Evidence lookups by document (calibration.py, validation.py) name a
# family as a keyword (`find(..., platform="xtremio")`) to find its measurements and are not such branches.
BRANCH = re.compile(r"""\b(family|storage_model|platform)\s*(==|!=|\s(not\s+)?in)\s*[(\[{]?\s*["']""")
# A table keyed by family slug ({"oracle-fs1": "Oracle", ...}): a fact that belongs in the registry.
FAMILY_SLUGS = "|".join(re.escape(slug) for slug in REGISTRY)
FAMILY_TABLE = re.compile(rf"""["']({FAMILY_SLUGS})["']\s*:""")
BACKEND = SIZING.parent
# The engine (but its registry) and the Django side that reads the engine: designs, reports, the adapter.
SCANNED = ("sizing", "designs", "reports", "engine_adapter")


def _scanned_modules() -> list[pathlib.Path]:
    out = []
    for package in SCANNED:
        for path in sorted((BACKEND / package).rglob("*.py")):
            parts = path.relative_to(BACKEND).parts
            if {"tests", "migrations", "families"} & set(parts) or parts == ("sizing", "platforms.py"):
                continue
            out.append(path)
    return out


def test_no_family_branch_outside_the_registry() -> None:
    offenders = []
    for path in _scanned_modules():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if BRANCH.search(line) or FAMILY_TABLE.search(line):
                offenders.append(f"{path.relative_to(BACKEND)}:{number}: {line.strip()}")
    assert not offenders, "branch on a family / storage model outside the registry:\n" + "\n".join(offenders)


def test_the_scan_covers_the_engine_and_its_django_readers() -> None:
    scanned = {p.relative_to(BACKEND).as_posix() for p in _scanned_modules()}
    assert {
        "sizing/evaluator.py",
        "sizing/recommend.py",
        "designs/evaluation.py",
        "reports/mapping.py",
        "engine_adapter/engine.py",
    } <= scanned
    assert not any("/tests/" in p or p.startswith("sizing/families/") for p in scanned)


def test_the_branch_pattern_finds_branches() -> None:
    for line in (
        'if p.family == "netapp":',
        "if p.storage_model in ('X-Brick',):",
        'x = family != "xtremio"',
        'if configuration.platform == "oracle-fs1":',
    ):
        assert BRANCH.search(line), line
    assert not BRANCH.search("if obs.storage_model != storage_model:")
    assert not BRANCH.search("storage_model in (line.part.part_number, line.part.model)")
    assert not BRANCH.search('bundle.find("tps", platform="oracle-fs1")')
    assert FAMILY_TABLE.search('NAMES = {"oracle-fs1": "Oracle", "netapp": "NetApp"}')
    assert not FAMILY_TABLE.search('{"family": "oracle-fs1", "storage_model": "FS1-2"}')


def test_calibration_drive_counts_agree_with_the_registry_geometry() -> None:
    """The calibration's per-model drive counts (kept there: the registry's family modules import the
    calibration) are the registry's drives less hot spares."""
    for model, active in DELL_ACTIVE_DRIVES.items():
        g = storage_model(model).geometry
        assert g.drives - g.hot_spares == active, model
    assert storage_model("X-Brick").geometry.drives == XTREMIO_SSDS_PER_BRICK


def test_only_storage_model_names_the_single_model_of_a_family() -> None:
    assert {slug: f.only_storage_model for slug, f in REGISTRY.items()} == {
        "oracle-fs1": "FS1-2", "equallogic": None, "xtremio": "X-Brick", "netapp": "FAS3140",
    }  # fmt: skip
