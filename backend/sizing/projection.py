"""Load-response curves per RAC node count with the SLA line and the maximum sustained TPS."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sizing import mva
from sizing.units import rounded


@dataclass(frozen=True)
class Series:
    rac_nodes: int
    points: tuple[tuple[float, float, float], ...]  # (users, tps, response_ms)
    max_tps: float
    users_at_max: float
    bottleneck: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "rac_nodes": self.rac_nodes,
            "points": [
                {"users": rounded(n, 5), "tps": rounded(x), "response_ms": rounded(r, 4)}
                for n, x, r in self.points
            ],
            "max_sustained_tps": {"value": rounded(self.max_tps), "unit": "TPS"},
            "users_at_max": {"value": rounded(self.users_at_max, 5), "unit": "users"},
            "bottleneck": self.bottleneck,
        }


def bottleneck(stations: tuple[mva.Station, ...], sol: mva.Solution) -> str:
    i = max(range(len(stations)), key=lambda k: sol.utilisation[k])
    return stations[i].name


def series(
    stations_for: Callable[[int], tuple[mva.Station, ...]],
    think_s: float,
    sla_s: float,
    nodes: list[int],
    steps: int = 10,
) -> list[Series]:
    out = []
    limits = {n: mva.sla_point(stations_for(n), think_s, sla_s) for n in nodes}
    top_users = max(s.users for s in limits.values())
    for n in nodes:
        st = stations_for(n)
        at = limits[n]
        pts = []
        for i in range(1, steps + 1):
            users = max(1.0, top_users * 1.25 * i / steps)
            sol = mva.schweitzer(st, think_s, users)
            pts.append((users, sol.throughput, sol.response_s * 1000.0))
        out.append(Series(n, tuple(pts), at.throughput, at.users, bottleneck(st, at)))
    return out
