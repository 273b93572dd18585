"""A team's evidence imports as the engine's observations: what a design that opts in to its team's
measurements evaluates with, besides the catalog's evidence (engine_adapter.services: the overlay).

Each imported point keeps its source: the uploaded file's name and the line, column or element its
value came from (imports.evidence). Its conditions are those the catalog's own curves carry, in the
same units, so a family's fit selects it as it selects the catalog's: by tool, platform family,
storage model, block size, read share and I/O pattern.

- **Swingbench** (one point per run, rising users): tool `swingbench`, `users`; `tps` (TPS) and
  `response_time` (ms, the mean over the run's transactions), as the catalog's Swingbench curves.
  The tool is not the catalog's `swingbench_orderentry`: a team's run may be of any Swingbench
  benchmark, on a system whose drives the FS1-2 fit does not know.
- **ORION** small I/O (random, at the run's small block size and read share): every point of the
  IOPS-latency curve is listed (`iops` at `latency_ms`), and the run's maximum IOPS within
  ORION_LATENCY_LIMIT_MS goes into the bundle as `max_iops` at its own latency, which is what the
  catalog's ORION maxima are ("queue depth raised until the maximum IOPS within 20 ms", Dell OLTP
  Table 2). One point per run, not the whole curve: look-ups that interpolate maxima across block
  sizes and read shares (sizing.calibration.orion_estimate) would read a curve's low-load points as
  maxima. Large I/O: the run's peak MB/s as `throughput` at the large block size.

The platform family and storage model are the existing system's, read in the engine's words
(engine_adapter.evidence.engine_family); an import without a system, or of a family the engine does
not know, has observations no family fit selects, and the evaluation says so.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine_adapter.evidence import (
    ImportedEvidence,
    MeasuredValue,
    Observation,
    Source,
    engine_family,
)
from imports.choices import EvidenceKind
from imports.models import EvidenceImport

SWINGBENCH_TOOL = "swingbench"
ORION_TOOL = "orion"  # sizing.calibration.ORION: the catalog's ORION curves' tool
# The latency the catalog's ORION maxima are measured within (Dell OLTP Table 2, the family whose model
# is an ORION curve): the run's point that stands for its maximum.
ORION_LATENCY_LIMIT_MS = 20.0


def _source(source: dict[str, Any] | None, fallback: str) -> Source:
    if not source:
        return Source(fallback, "")
    return Source(str(source.get("file") or fallback), str(source.get("where") or ""))


def _value(parsed: dict[str, Any], key: str) -> Any:
    field = parsed.get(key)
    return field.get("value") if isinstance(field, dict) else None


def import_name(evidence_import: EvidenceImport) -> str:
    """The name the import list shows (imports.serializers): the ORION test name or the Swingbench
    benchmark, else the kind and id."""
    parsed = evidence_import.parsed or {}
    if evidence_import.kind == EvidenceKind.ORION:
        name = _value(parsed.get("run") or {}, "test_name")
    else:
        name = parsed.get("benchmark_name")
    return str(name) if name else f"{evidence_import.kind} import {evidence_import.pk}"


def _swingbench(
    evidence_import: EvidenceImport, base: dict[str, Any], family: str, model: str | None
) -> tuple[list[Observation], list[str]]:
    parsed = evidence_import.parsed or {}
    curve = f"import-{evidence_import.pk}-swingbench"
    points = []
    for index, p in enumerate(parsed.get("curve") or []):
        values = {"tps": MeasuredValue("tps", float(p["tps"]), "TPS")}
        if p.get("average_response_ms") is not None:
            values["response_time"] = MeasuredValue("response_time", float(p["average_response_ms"]), "ms")
        points.append(
            Observation(
                curve, "", family, model,
                {**base, "tool": SWINGBENCH_TOOL, "users": float(p["users"]),
                 "benchmark": parsed.get("benchmark_name") or ""},
                values, _source(p.get("tps_source"), str(p.get("file") or "")), index,
            )
        )  # fmt: skip
    return points, []


def _read_pct(run: dict[str, Any]) -> tuple[float, str | None]:
    read, write = _value(run, "read_percent"), _value(run, "write_percent")
    if read is not None:
        return float(read), None
    if write is not None:
        return 100.0 - float(write), None
    return 100.0, "the summary states no write share: read as 100 % reads (ORION's default -write 0)"


def _orion(
    evidence_import: EvidenceImport, base: dict[str, Any], family: str, model: str | None
) -> tuple[list[Observation], list[Observation], list[str]]:
    """(the listed points, what goes into the bundle, notes)."""
    parsed = evidence_import.parsed or {}
    run = parsed.get("run") or {}
    notes: list[str] = []
    read_pct, note = _read_pct(run)
    if note:
        notes.append(note)
    small_kb, large_kb = _value(run, "small_io_kb"), _value(run, "large_io_kb")
    large_pattern = "sequential" if "seq" in str(_value(run, "io_types") or "").lower() else "random"
    curve = f"import-{evidence_import.pk}-orion"
    listed: list[Observation] = []
    bundled: list[Observation] = []
    small = {**base, "tool": ORION_TOOL, "io_pattern": "random", "read_pct": read_pct, "arrays": 1}
    if small_kb is None:
        notes.append("the summary states no small I/O size: the IOPS-latency points are listed only")
    peak: tuple[float, Observation] | None = None
    for index, p in enumerate(parsed.get("iops_latency") or []):
        conditions = {**small, "block_size_kb": float(small_kb or 0), "latency_ms": float(p["latency_ms"]),
                      "outstanding": p["outstanding_small"]}  # fmt: skip
        source = _source(p.get("iops_source"), "")
        point = Observation(
            curve, "", family, model, conditions, {"iops": MeasuredValue("iops", float(p["iops"]), "IOPS")},
            source, index,
        )  # fmt: skip
        listed.append(point)
        within = small_kb is not None and float(p["latency_ms"]) <= ORION_LATENCY_LIMIT_MS
        if within and (peak is None or float(p["iops"]) > peak[0]):
            peak = (float(p["iops"]), point)
    offset = len(listed)
    if peak is not None:
        iops, point = peak
        bundled.append(
            Observation(
                f"{curve}-max", "", family, model,
                {**point.conditions, "latency_limit_ms": point.cond("latency_ms")},
                {"max_iops": MeasuredValue("max_iops", iops, "IOPS")}, point.source, 0,
            )
        )  # fmt: skip
    elif listed:
        notes.append(
            f"no point of the IOPS-latency curve is within {ORION_LATENCY_LIMIT_MS:g} ms: the run gives "
            "no maximum IOPS for a fit"
        )
    mbps = parsed.get("mbps") or []
    large = {**base, "tool": ORION_TOOL, "io_pattern": large_pattern, "read_pct": read_pct, "arrays": 1,
             "block_size_kb": float(large_kb or 0)}  # fmt: skip
    for index, p in enumerate(mbps):
        listed.append(
            Observation(
                curve, "", family, model, {**large, "outstanding": p["outstanding_large"]},
                {"throughput": MeasuredValue("throughput", float(p["mbps"]), "MB/s")},
                _source(p.get("source"), ""), offset + index,
            )
        )  # fmt: skip
    if mbps and large_kb is not None:
        top = max(listed[offset:], key=lambda o: o.value("throughput") or 0.0)
        bundled.append(
            Observation(
                f"{curve}-max-mbps", "", family, model, dict(top.conditions), dict(top.values), top.source, 0
            )
        )
    return listed, bundled, notes


def imported_evidence(evidence_import: EvidenceImport) -> ImportedEvidence:
    """One import as the engine reads it (engine_adapter.evidence.ImportedEvidence)."""
    system = evidence_import.existing_system
    family, model = engine_family(system.family, system.storage_model) if system else (None, None)
    base = {"import": evidence_import.pk}
    notes: list[str] = []
    if system is None:
        notes.append("filed under no existing system: no platform family or storage model to select it by")
    elif family is None:
        notes.append(
            f"the existing system '{system.name}' names no platform family the engine models "
            f"({system.family or 'none given'})"
        )
    if evidence_import.kind == EvidenceKind.SWINGBENCH:
        points, more = _swingbench(evidence_import, base, family or "", model)
        bundled = points
    else:
        points, bundled, more = _orion(evidence_import, base, family or "", model)
    return ImportedEvidence(
        id=evidence_import.pk,
        name=import_name(evidence_import),
        kind=str(evidence_import.kind),
        sha256=evidence_import.sha256,
        system=system.name if system else "",
        family=family,
        storage_model=model,
        observations=tuple(bundled),
        points=tuple(points),
        notes=tuple(notes + more),
    )


def team_evidence(team_id: int, ids: Sequence[int]) -> list[ImportedEvidence]:
    """The team's imports among `ids`, in the order asked; another team's and unknown ids are not
    there (engine_adapter.services.register_team_evidence: imports.apps registers this)."""
    found = {
        e.pk: e
        for e in EvidenceImport.objects.filter(team_id=team_id, pk__in=list(ids)).select_related(
            "existing_system"
        )
    }
    return [imported_evidence(found[i]) for i in ids if i in found]
