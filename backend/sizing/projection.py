"""Load-response curves per RAC node count with the SLA line and the maximum sustained TPS."""

from __future__ import annotations

import numpy as np
from pydantic import BaseModel, ConfigDict
from pydantic.dataclasses import dataclass

from sizing import mva
from sizing.units import Float4, Float5, Quantity, Quantity5, built, finite_rows_of, q


@dataclass(frozen=True)
class LoadPoint:
    users: Float5
    tps: Float4
    response_ms: Float4


class Series(BaseModel):
    """The load-response curve of one RAC node count."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    rac_nodes: int
    points: list[LoadPoint]
    max_sustained_tps: Quantity
    users_at_max: Quantity5
    bottleneck: str


def bottleneck(stations: tuple[mva.Station, ...], sol: mva.Solution) -> str:
    i = max(range(len(stations)), key=lambda k: sol.utilisation[k])
    return stations[i].name


def populations(top_users: float, steps: int = 10) -> list[float]:
    """The users of a load-response curve's points: 1.25 x the most users any node count carries within
    the SLA, in `steps` equal steps (never below one user)."""
    return [max(1.0, top_users * 1.25 * i / steps) for i in range(1, steps + 1)]


def series_of(
    nodes: list[int],
    stations_by_nodes: dict[int, tuple[mva.Station, ...]],
    limits: dict[int, mva.Solution],
    users: np.ndarray,
    tps: np.ndarray,
    response_s: np.ndarray,
) -> list[Series]:
    """The series from solved points: `users`, `tps` and `response_s` hold every node count's curve one
    after the other, in the order of `nodes`, each at `populations` (as sizing.evaluator solves them, one
    batch): the points of every curve are built at once."""
    every = finite_rows_of(LoadPoint, np.column_stack((users, tps, response_s * 1000.0)))
    per_curve, rest = divmod(len(every), len(nodes)) if nodes else (0, 0)
    if rest:
        raise ValueError(f"{len(every)} load-response points for {len(nodes)} curves")
    out = []
    for i, n in enumerate(nodes):
        at = limits[n]
        series = {
            "rac_nodes": n,
            "points": every[i * per_curve : (i + 1) * per_curve],
            "max_sustained_tps": q(at.throughput, "TPS"),
            "users_at_max": q(at.users, "users"),
            "bottleneck": bottleneck(stations_by_nodes[n], at),
        }
        out.append(built(Series, series))  # the engine's own values: no validator
    return out
