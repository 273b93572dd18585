"""Issue 37: `workload.read_pct` has one meaning on every family, the share of reads in the I/O. Whatever
the family, the profile or the load, the I/O mix an evaluation publishes (read IOPS / (read + write
IOPS), `demand.read_iops` and `demand.write_iops`) is the one the design sent.

Tolerance: 1e-3 percentage points. The published IOPS are the design rate times the per-transaction
reads and writes the family split at the sent share, so they agree to rounding, but for two exact
departures far below it: EqualLogic keeps a trace of 1e-6 reads per I/O at a 0 % share (a read's latency
stays defined: 1e-4 points), and XtremIO's closed-form inversion of its session mix (float rounding). No
family adds I/O outside the mix to these two figures: the backup overhead enters only the Dell
IOPS-per-user rule (`demand.iops_rule`), and redo only a custom profile's own writes (its own share).

Where a family cannot run the sent share it says so: XtremIO's SLOB tests span 50-100 % reads of the
I/O (an UPDATE reads the block it writes), below that the design runs the UPDATE test's 50 %, flagged
on workload.read_pct."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sizing.evaluation import OltpEvaluation
from sizing.evaluator import evaluate_design
from sizing.evidence import EvidenceBundle
from sizing.families.xtremio_fit import PROFILE as SLOB
from sizing.families.xtremio_fit import fit_xtremio
from sizing.inputs import DesignInputs, OltpWorkload, Platform
from sizing.rules import RuleSet
from sizing.tests.random_designs import KINDS, random_platform

Catalog = tuple[EvidenceBundle, RuleSet]
TOLERANCE_PCT = 1e-3  # percentage points (module docstring)
# every document's benchmark, run on every family (None: the family's own)
PROFILES = (None, "tpcc-benchmark-factory", "swingbench-orderentry", "slob", "oet-order-entry")


def _published_read_pct(e: OltpEvaluation) -> float:
    r, w = e.demand.read_iops.value, e.demand.write_iops.value
    return float(100.0 * r / (r + w))


def _evaluate(catalog: Catalog, platform: Platform, workload: OltpWorkload) -> OltpEvaluation:
    e = evaluate_design(DesignInputs(workload, platform), *catalog)
    assert isinstance(e, OltpEvaluation)
    return e


@st.composite
def designs(draw: st.DrawFn) -> tuple[Platform, OltpWorkload]:
    """A random OLTP design of any family (random_designs' platforms) with a read share sent."""
    kind = draw(st.sampled_from(KINDS))
    platform = random_platform(draw(st.randoms(use_true_random=False)), kind, draw(st.integers(1, 6)))
    # the SLOB tests' mixes and just inside / outside the reading's precision below the lowest (50 %)
    read_pct = draw(st.one_of(st.sampled_from([0.0, 49.4, 49.7, 50.0, 79.5, 100.0]), st.floats(0.0, 100.0)))
    profile = draw(st.sampled_from(PROFILES))
    # by users (1, a few, up to 30,000) or by a target rate, as random_designs draws them
    if draw(st.booleans()):
        users = draw(st.one_of(st.just(1), st.integers(2, 400), st.integers(400, 30_000)))
        workload = OltpWorkload(users=users, database_size_gb=500, read_pct=read_pct, profile=profile)
    else:
        tps = draw(st.floats(10.0, 5000.0))
        workload = OltpWorkload(target_tps=tps, database_size_gb=500, read_pct=read_pct, profile=profile)
    return platform, workload


def _runs_slob_on_xtremio(platform: Platform, workload: OltpWorkload) -> bool:
    return platform.family == "xtremio" and workload.profile in (None, SLOB)


@settings(max_examples=120, deadline=None)
@given(designs())
def test_the_io_mix_that_comes_back_is_the_one_sent(
    catalog: Catalog, design: tuple[Platform, OltpWorkload]
) -> None:
    platform, workload = design
    assert workload.read_pct is not None
    e = _evaluate(catalog, platform, workload)
    got = _published_read_pct(e)
    if _runs_slob_on_xtremio(platform, workload):
        lowest = min(m.io_read_pct for m in fit_xtremio(catalog[0]).mixes)
        if workload.read_pct < lowest - TOLERANCE_PCT:
            # below the SLOB tests: the nearest test's mix; the design is told so unless it is within
            # the reading's precision of that test (xtremio_fit.MEASURED_MIX_TOLERANCE_PCT: it is that test)
            assert got == pytest.approx(lowest, abs=TOLERANCE_PCT)
            told = any(f.field == "workload.read_pct" and "below" in f.message for f in e.extrapolation)
            # that test: within the reading's precision of its per-operation 50 % or of its table's
            # printed 48.8 % (SlobMix.reads_at)
            update = min(fit_xtremio(catalog[0]).mixes, key=lambda m: m.io_read_pct)
            assert told == (not update.reads_at(workload.read_pct)), workload.read_pct
            return
    assert got == pytest.approx(workload.read_pct, abs=TOLERANCE_PCT), (platform, workload)
    assert e.demand.read_pct.value == pytest.approx(workload.read_pct)


@pytest.mark.parametrize("kind", KINDS)
def test_without_a_read_share_the_profiles_own_mix_comes_back(catalog: Catalog, kind: str) -> None:
    """read_pct left empty is the profile's measured share of the I/O, published as the design's."""
    platform = random_platform(random.Random(37), kind, 2)
    e = _evaluate(catalog, platform, OltpWorkload(users=64, database_size_gb=500))
    assert _published_read_pct(e) == pytest.approx(e.demand.read_pct.value, abs=TOLERANCE_PCT)


def test_netapp_keeps_the_sent_mix_at_another_sga(catalog: Catalog) -> None:
    """One instance with an SGA other than the profile's reads the share sent (it was re-split at the
    profile's own 12 GB, then the larger SGA removed reads)."""
    platform = Platform("netapp", "FAS3140", rac_nodes=1, arrays=2, pam=True)
    for sga in (4.0, 16.0, 22.0):
        e = _evaluate(
            catalog, platform, OltpWorkload(users=100, database_size_gb=500, read_pct=60.0, sga_gb=sga)
        )
        assert _published_read_pct(e) == pytest.approx(60.0, abs=TOLERANCE_PCT), sga


@pytest.mark.xfail(
    strict=True,
    reason="known limit: NetApp's RAC instances pool their SGAs into one cache, so at more nodes the "
    "storage sees fewer reads than the share sent for one instance (flagged with the share it ends at); "
    "one network per node count (test_model_consistency) needs a split that does not depend on the nodes",
)
def test_netapp_keeps_the_sent_mix_at_more_nodes(catalog: Catalog) -> None:
    platform = Platform("netapp", "FAS3140", rac_nodes=2, arrays=2, pam=True)
    e = _evaluate(catalog, platform, OltpWorkload(users=100, database_size_gb=500, read_pct=60.0))
    assert _published_read_pct(e) == pytest.approx(60.0, abs=TOLERANCE_PCT)


def test_netapp_says_which_share_the_storage_sees_at_more_nodes(catalog: Catalog) -> None:
    platform = Platform("netapp", "FAS3140", rac_nodes=2, arrays=2, pam=True)
    e = _evaluate(catalog, platform, OltpWorkload(users=100, database_size_gb=500, read_pct=60.0))
    said = [f.message for f in e.extrapolation if "pool their SGAs" in f.message]
    assert said and f"{_published_read_pct(e):.1f} % reads" in said[0], said
