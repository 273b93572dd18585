"""Error bands: how far a projection can be trusted, from its family's held-out errors.

The validation report (sizing.validation) grades `evaluate` on measurements each family was not fitted
to. For every family and kind of figure (throughput: TPS, IOPS, MB/s; latency: response times and
per-I/O latencies) the worst absolute held-out error is the half-width of the band drawn around that
kind of projection. The table is computed from the seed catalog and kept in `error_bands.json` beside
this module (`python -m sizing.error_bands --write` regenerates it; a test fails when it drifts from the
report), so an evaluation does not re-run the report. A design that reaches beyond the measured
configurations (any extrapolation flag) gets the band doubled, with a warning.

The band states a rate: it holds the measurement on at least STATED_COVERAGE_PCT of held-out rows.
The worst of n exchangeable held-out errors exceeds the next one's with probability 1 / (n + 1), so
the worst error backs that rate only from MIN_ROWS_FOR_RATE rows on; a cell with fewer rows gets at
least the acceptance ceiling (NO_EVIDENCE_PCT). The validation report prints, per family, the share
of held-out rows inside their band, with the band both as published and as the family's other rows
give it (the row's own error left out).
"""

from __future__ import annotations

import json
import pathlib
import sys
from collections.abc import Sequence
from typing import Any

from sizing.notes import Flag
from sizing.units import q

TABLE_FILE = pathlib.Path(__file__).with_name("error_bands.json")
# A family with no held-out row of a kind: the acceptance ceiling on the worst held-out error.
NO_EVIDENCE_PCT = 30.0
EXTRAPOLATION_FACTOR = 2.0
STATED_COVERAGE_PCT = 90.0
# n / (n + 1) >= 0.9: the worst of 9 held-out errors covers a 10th with probability 0.9.
MIN_ROWS_FOR_RATE = 9
# Which validation kind stands for which projection.
KIND_OF = {
    "max_sustained_tps": "throughput",
    "response_at_design": "latency",
    "storage_latency_at_design": "latency",
    "sustained_throughput": "throughput",
}
LABELS = {
    "max_sustained_tps": "maximum sustained TPS within the SLA",
    "response_at_design": "response time at the design load",
    "storage_latency_at_design": "storage latency per I/O at the design load",
    "sustained_throughput": "sustained scan throughput",
}


def table_from_rows(rows: Sequence[Any]) -> dict[str, dict[str, dict[str, float]]]:
    """{family: {kind: {"worst_pct", "count"}}} over the held-out rows (bound checks excluded)."""
    out: dict[str, dict[str, dict[str, float]]] = {}
    for r in rows:
        if not r.counted:
            continue
        kind = r.band_kind
        cell = out.setdefault(r.family, {}).setdefault(kind, {"worst_pct": 0.0, "count": 0})
        # a stated change is banded on the ratio of its two figures (a band is around one figure)
        cell["worst_pct"] = round(max(cell["worst_pct"], abs(r.band_error_pct)), 2)
        cell["count"] += 1
    return {f: dict(sorted(k.items())) for f, k in sorted(out.items())}


_table_cache: dict[str, Any] = {}


def table() -> dict[str, dict[str, dict[str, float]]]:
    if "table" not in _table_cache:
        _table_cache["table"] = json.loads(TABLE_FILE.read_text()) if TABLE_FILE.exists() else {}
    data: dict[str, dict[str, dict[str, float]]] = _table_cache["table"]
    return data


def half_width(family: str, kind: str) -> tuple[float, str]:
    """(half-width %, basis in words) for a family's kind of projection (worded once per pair: the
    table is read once per process, and every evaluation asks for three bands)."""
    key = (family, kind)
    found = _half_widths.get(key)
    if found is None:
        found = _half_widths[key] = _half_width(family, kind)
    return found


_half_widths: dict[tuple[str, str], tuple[float, str]] = {}


def _half_width(family: str, kind: str) -> tuple[float, str]:
    return half_width_in(table(), family, kind)


def _backed(worst: float, count: int, basis: str) -> tuple[float, str]:
    """The worst error, raised to the acceptance ceiling when too few rows back the stated rate."""
    if count >= MIN_ROWS_FOR_RATE or worst >= NO_EVIDENCE_PCT:
        return worst, basis
    return NO_EVIDENCE_PCT, (
        f"{basis} ({worst:g} %) is fewer than {MIN_ROWS_FOR_RATE} rows, too few to hold "
        f"{STATED_COVERAGE_PCT:g} % of new measurements: the {NO_EVIDENCE_PCT:g} % acceptance ceiling"
    )


def half_width_in(cells_by_family: Any, family: str, kind: str) -> tuple[float, str]:
    """(half-width %, basis in words) from a band table (`table_from_rows`'s shape)."""
    cells = cells_by_family.get(family, {})
    cell = cells.get(kind)
    if cell and cell["count"]:
        n = int(cell["count"])
        return _backed(
            float(cell["worst_pct"]), n, f"worst absolute error of {n} held-out {kind} rows of this family"
        )
    if cells:
        worst = max(float(c["worst_pct"]) for c in cells.values())
        n = sum(int(c["count"]) for c in cells.values())
        return _backed(
            worst, n, f"no held-out {kind} row for this family: its worst held-out error over all kinds"
        )
    return NO_EVIDENCE_PCT, f"no held-out rows for this family: the {NO_EVIDENCE_PCT:g} % acceptance ceiling"


def band(
    family: str, quantity: str, value: float, unit: str, flags: Sequence[Flag], *, solver_pct: float = 0.0
) -> Any:
    """`solver_pct`: the solver's own measured error at this design's population (sizing.mva
    .solver_knee_error_pct), added to the half-width: the held-out rows measure the model at the
    documents' points, not the solver at other loads."""
    from sizing.evaluation import Band  # the typed result imports this module's caller, not the reverse

    pct, basis = half_width(family, KIND_OF[quantity])
    widened = bool(flags)
    if widened:
        pct *= EXTRAPOLATION_FACTOR
        basis += f", x{EXTRAPOLATION_FACTOR:g} because the design reaches beyond the measured configurations"
    if solver_pct > 0:
        pct += solver_pct
        basis += (
            f", plus {solver_pct:g} % for the solver's own error at the knee of the load curve "
            "(measured against the exact solution of the same network)"
        )
    return Band.built(
        quantity=quantity,
        label=LABELS[quantity],
        value=q(value, unit),
        low=q(max(value * (1 - pct / 100.0), 0.0), unit),
        high=q(value * (1 + pct / 100.0), unit),
        half_width=q(pct, "%"),
        basis=basis,
        widened=widened,
    )


def main(argv: Sequence[str]) -> int:
    from sizing.fixtures import load_fixture_dir
    from sizing.validation import validation_report

    rows = validation_report(*load_fixture_dir(pathlib.Path(__file__).resolve().parents[2] / "fixtures"))
    text = json.dumps(table_from_rows(rows), indent=1, sort_keys=True) + "\n"
    if "--write" in argv:
        TABLE_FILE.write_text(text)
    sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
