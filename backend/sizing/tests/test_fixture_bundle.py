"""The seed catalog (fixtures/*.yaml) gives the engine the same calibration as the cited literals in
seed_evidence.py, document by document, once the document's file exists."""

from __future__ import annotations

import pathlib

import pytest

from sizing.calibration import calibrate_dell, calibrate_fs1, orion_estimate, xtremio_iops
from sizing.evidence import EvidenceBundle
from sizing.fixtures import load_fixture_dir
from sizing.rules import RuleSet

FIXTURES = pathlib.Path(__file__).resolve().parents[3] / "fixtures"


def _needs(*names: str) -> None:
    """Skip while a document's file, or its curves, are still being written (files land in parts)."""
    import yaml

    missing = [
        n for n in names
        if not (FIXTURES / n).exists() or not (yaml.safe_load((FIXTURES / n).read_text()) or {}).get("curves")
    ]  # fmt: skip
    if missing:
        pytest.skip(f"seed catalog curves not written yet: {', '.join(missing)}")


@pytest.fixture(scope="module")
def catalog() -> tuple[EvidenceBundle, RuleSet]:
    return load_fixture_dir(FIXTURES)


def test_fs1_calibration_matches(
    catalog: tuple[EvidenceBundle, RuleSet], seed: tuple[EvidenceBundle, RuleSet]
) -> None:
    _needs("oracle-fs1-2016.yaml")
    a, b = calibrate_fs1(*catalog), calibrate_fs1(*seed)
    assert a.cpu_demand.value == pytest.approx(b.cpu_demand.value)
    assert [round(v, 6) for _, _, v in a.storage] == [round(v, 6) for _, _, v in b.storage]
    assert a.nominal == b.nominal


def test_xtremio_matches(
    catalog: tuple[EvidenceBundle, RuleSet], seed: tuple[EvidenceBundle, RuleSet]
) -> None:
    _needs("emc-xtremio-2014.yaml")
    for read_pct in (48.85, 70, 79.5, 100):
        assert xtremio_iops(catalog[0], read_pct, 2)[0] == pytest.approx(
            xtremio_iops(seed[0], read_pct, 2)[0]
        )


def test_dell_oltp_calibration_matches(
    catalog: tuple[EvidenceBundle, RuleSet], seed: tuple[EvidenceBundle, RuleSet]
) -> None:
    _needs("dell-equallogic-oltp-2010.yaml")
    a, b = calibrate_dell(*catalog), calibrate_dell(*seed)
    for name in ("think_time", "ios_per_tx", "volume_k", "cpu_demand"):
        assert getattr(a, name).value == pytest.approx(getattr(b, name).value, rel=1e-6), name
    for model in ("PS6010XV", "PS6010S"):
        for block in (8, 16, 32, 64):
            assert (
                orion_estimate(catalog[0], model, block, 70).value
                == orion_estimate(seed[0], model, block, 70).value
            )
