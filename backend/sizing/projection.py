"""Load-response curves per RAC node count with the SLA line and the maximum sustained TPS."""

from __future__ import annotations

from collections.abc import Callable

from pydantic import BaseModel, ConfigDict
from pydantic.dataclasses import dataclass

from sizing import mva
from sizing.units import Float4, Float5, Quantity, Quantity5, q


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
            pts.append(LoadPoint(users, sol.throughput, sol.response_s * 1000.0))
        out.append(
            Series(
                rac_nodes=n,
                points=pts,
                max_sustained_tps=q(at.throughput, "TPS"),
                users_at_max=q(at.users, "users"),
                bottleneck=bottleneck(st, at),
            )
        )
    return out
