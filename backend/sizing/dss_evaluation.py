"""The DSS evaluation: the storage's large-I/O MB/s, the query streams on RAC where the family
measured them, the targets (sizing.verdict), capacity and growth."""

from __future__ import annotations

from sizing import demand, error_bands, limits, remedies, verdict
from sizing.display import number
from sizing.dss import QueryEstimate, query_throughput, throughput_estimate
from sizing.evaluation import (
    DssEvaluation,
    DssGrowth,
    DssInputs,
    DssStorage,
    DssSummary,
    QueryStreams,
)
from sizing.evaluation_common import (
    _band_warnings,
    _capacity,
    _capacity_message,
    _margin_warnings,
    _years,
    design_facts,
)
from sizing.evidence import Estimate, EvidenceBundle
from sizing.inputs import DesignInputs, DssWorkload, Platform
from sizing.notes import Assumption, Flag
from sizing.rules import RuleSet
from sizing.units import q
from sizing.warnings import Warning, best_practice_warnings, extrapolation_warnings, warning


def _evaluate_dss(
    workload: DssWorkload, platform: Platform, evidence: EvidenceBundle, rules: RuleSet
) -> DssEvaluation:
    inputs = DesignInputs(workload, platform)
    storage = throughput_estimate(evidence, platform, workload)
    query = query_throughput(evidence, platform, workload, storage)
    sustained = query.throughput if query else storage.value
    flags = [Flag("platform", note) for note in storage.notes] if storage.extrapolated else []
    if query:
        flags += [Flag(field, note) for field, note in query.flags]
    warnings: list[Warning] = []
    throughput_holds = sustained >= workload.target_throughput_mb_s
    if not throughput_holds:
        basis = "measured" if storage.basis == "measured" else storage.basis + " from the measurements"
        what = "the query streams sustain on" if query else f"{basis} for"
        target = workload.target_throughput_mb_s
        fix = remedies.arrays_for_throughput(evidence, platform, workload)
        cure = (
            f"{fix.words(platform)} sustain {number(fix.result)} MB/s"
            if fix
            else f"even {remedies.MAX_ARRAYS} storage units do not: split the scans or choose a faster platform"
        )
        message = (
            f"target {number(target)} MB/s above the {number(sustained)} MB/s {what} this storage: {cure}"
        )
        warnings.append(warning("throughput-short", "critical", message, None))
    best_practice, _ = best_practice_warnings(rules, design_facts(inputs))
    warnings += best_practice
    warnings += extrapolation_warnings(flags)
    per_stream_mb_s = sustained / workload.query_streams
    scan_s = workload.database_size_gb * 1024.0 / per_stream_mb_s
    capacity, raw, _ = _capacity(workload.database_size_gb, platform, rules, True, dss=True)
    if not raw.fits:
        warnings.append(warning("capacity-short", "critical", _capacity_message(raw, platform), None))
    assumptions = _dss_assumptions(storage, query, platform)
    database_capacity = query.storage_capacity if query else storage.value
    cpu_upper = None
    if query:
        cpu_upper = q(min(query.host_busy / platform.total_cores, 1.0) * 100.0, "%")
    bands = [error_bands.band(platform.family, "sustained_throughput", sustained, "MB/s", flags)]
    headroom = (sustained / workload.target_throughput_mb_s - 1) * 100
    checks = [
        verdict.Check(
            "throughput", sustained, workload.target_throughput_mb_s, "MB/s", throughput_holds,
            "the design's target", None,
        ),
    ]  # fmt: skip
    if workload.min_headroom_pct > 0:
        checks.append(
            verdict.at_least(
                "headroom", headroom, workload.min_headroom_pct, "%", "the design's target", None
            )
        )
        if throughput_holds and not checks[-1].met:
            message = (
                f"headroom {headroom:.1f} % over the target MB/s, below the {workload.min_headroom_pct:g} % "
                "target: more storage units"
            )
            warnings.append(warning("headroom-target-missed", "critical", message, None))
    checks.append(
        verdict.Check(
            "capacity", raw.required_gb, raw.usable_gb, "GB", raw.fits, "usable capacity of the storage",
            verdict.months_until(
                raw.required_gb, raw.usable_gb, workload.data_growth_pct_per_year, workload.horizon_years
            ),
        )
    )  # fmt: skip
    decided = verdict.decide(checks, warnings)
    targets = verdict.targets_section(checks, workload.horizon_years)
    if decided == "holds-until" and targets.months_until_missed is not None:
        message = (
            f"meets its targets until {verdict.growth_words(targets.months_until_missed)} of the "
            f"{workload.horizon_years}-year horizon, when the data outgrows the usable capacity"
        )
        warnings.append(warning("growth-exhausts", "warning", message, None))
    holds = decided != "does-not-hold"
    if holds:
        warnings += _margin_warnings(headroom, bands[0], "the MB/s it sustains")
    warnings += _band_warnings(bands)
    return DssEvaluation(
        kind="dss",
        inputs=DssInputs(workload=workload, platform=platform),
        verdict=decided,
        summary=DssSummary(
            target_throughput=q(workload.target_throughput_mb_s, "MB/s"),
            sustained_throughput=q(sustained, "MB/s"),
            headroom_pct=q((sustained / workload.target_throughput_mb_s - 1) * 100, "%"),
            storage_utilisation=q(workload.target_throughput_mb_s / database_capacity * 100, "%"),
            bottleneck="storage",
            limits=limits.dss("storage"),
            peak_throughput=q(query.peak, "MB/s") if query else None,
            cpu_utilisation_upper=cpu_upper,
        ),
        storage=DssStorage(
            throughput_capacity=q(storage.value, "MB/s"),
            basis=storage.basis,
            sources=[s.cite() for s in storage.sources],
            notes=list(storage.notes),
            database_capacity=q(query.storage_capacity, "MB/s") if query else None,
        ),
        streams=QueryStreams(
            query_streams=q(workload.query_streams, "count"),
            per_stream=q(per_stream_mb_s, "MB/s"),
            full_scan_time_per_stream=q(scan_s / 60.0, "min"),
            concurrent_readers=q(query.readers, "count") if query else None,
            completion_time_estimate=(
                q(query.completion_min, "min") if query and query.completion_min is not None else None
            ),
        ),
        capacity=capacity,
        growth=DssGrowth(
            horizon=q(workload.horizon_years, "years"),
            data_growth_per_year=q(workload.data_growth_pct_per_year, "%"),
            years_until_capacity_full=_years(
                demand.years_until(
                    raw.required_gb, raw.usable_gb, workload.data_growth_pct_per_year, workload.horizon_years
                )
            ),
        ),
        warnings=warnings,
        extrapolated=bool(flags),
        extrapolation=flags,
        assumptions=assumptions,
        rule_versions=rules.sorted_versions(),
        bands=bands,
        targets=targets,
    )


def _dss_assumptions(storage: Estimate, query: QueryEstimate | None, platform: Platform) -> list[Assumption]:
    sources = "; ".join(s.cite() for s in storage.sources)
    out = [
        Assumption(
            "dss_storage_throughput",
            "the storage's large-I/O MB/s as measured for the design's I/O: the ORION cell of the storage "
            "model, RAID level, pattern, read share, block size, ORION mode and array count (an unmeasured "
            "cell: the nearest measured one times the ratio the same change produced elsewhere, named in "
            "the notes); a family without ORION figures: its data-warehouse tests",
            sources,
            q(storage.value, "MB/s"),
        )
    ]
    if query is None:
        out.append(
            Assumption(
                "dss_sustained",
                "sustained MB/s = the storage's figure (no query-stream runs measured on this family)",
                sources,
            )
        )
    else:
        m = query.model
        # the constants the design uses: the fitted storage ratio only for the large random reads it was
        # fitted on (issue 37: an assumption cites only cells the design's figure rests on)
        used = [c for c in m.constants if query.storage_ratio_applies or c is not m.storage_ratio]
        out += [Assumption(c.name, c.derivation, c.cite(), q(c.value, c.unit)) for c in used]
        if not query.storage_ratio_applies:
            out.append(
                Assumption(
                    m.storage_ratio.name,
                    "storage ratio 1: the query model's ratio was fitted on large random reads, not this I/O; "
                    "the database is taken to reach the storage's own figure (an extrapolation, flagged)",
                    "model assumption",
                    q(1.0, m.storage_ratio.unit),
                )
            )
        out.append(
            Assumption(
                "dss_query_network",
                f"query streams x RAC nodes = {query.readers} concurrent large reads (parallel query on every "
                "instance), each alternating between the storage (one queue at the database capacity) and "
                "the host time per MB; Bard-Schweitzer MVA gives the sustained MB/s (TPC-H measured with "
                f"{m.streams} streams on 1 to {m.max_nodes} nodes)",
                m.storage_ratio.cite() if query.storage_ratio_applies else m.host_time.cite(),
                q(query.storage_capacity, "MB/s"),
            )
        )
        if query.completion_min is not None:
            out.append(
                Assumption(
                    "dss_completion_time",
                    f"each stream runs the measured 22-query set ({m.streams} users read the query-set volume); "
                    "completion time = the streams' data over the sustained MB/s",
                    m.query_set.cite() if m.query_set else "",
                )
            )
        out.append(
            Assumption(
                "dss_cpu_upper",
                f"CPU at most: host time per MB x sustained MB/s over {platform.total_cores} cores "
                f"({platform.rac_nodes} x {platform.node_cores}; the DSS report names no server)",
                m.host_time.cite(),
            )
        )
    out.append(
        Assumption(
            "stream_scan",
            "each query stream gets an equal share of the sustained throughput and scans the whole database once",
            "model assumption",
        )
    )
    return out
