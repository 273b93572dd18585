"""Balance curve: (server CPU %, storage read latency ms) as load grows, with the stress zones, and
a CPU-bound / storage-bound / balanced verdict (the Oracle FS1 paper's balance charts)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import numpy as np
from pydantic import BaseModel, ConfigDict
from pydantic.dataclasses import dataclass as published

from sizing import mva
from sizing.notes import RuleRef, rule_ref
from sizing.rules import Rule, RuleSet
from sizing.units import ExactQuantity, Float3, Float4, Float5, built, finite_floats, finite_rows_of, q

Classification = Literal["cpu-bound", "storage-bound", "balanced"]


@published(frozen=True)
class BalancePoint:
    """Server CPU and storage read latency at one load."""

    users: Float5
    tps: Float4
    cpu_utilisation_pct: Float3
    read_latency_ms: Float3


class BalanceZones(BaseModel):
    """The stress and limit lines of the balance chart, as the rules state them (never rounded)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    cpu_stress: ExactQuantity
    cpu_limit: ExactQuantity
    read_latency_stress: ExactQuantity
    read_latency_limit: ExactQuantity
    rules: list[RuleRef]


@dataclass(frozen=True)
class Zones:
    cpu_stress_pct: float
    cpu_limit_pct: float
    latency_stress_ms: float
    latency_limit_ms: float
    rules: tuple[Rule, ...]

    def published(self) -> BalanceZones:
        fields = {
            "cpu_stress": q(self.cpu_stress_pct, "%"),
            "cpu_limit": q(self.cpu_limit_pct, "%"),
            "read_latency_stress": q(self.latency_stress_ms, "ms"),
            "read_latency_limit": q(self.latency_limit_ms, "ms"),
            "rules": [rule_ref(r) for r in self.rules],
        }
        return built(BalanceZones, fields)  # the engine's own quantities and rule references: no validator


def zones(rules: RuleSet, ssd: bool) -> Zones:
    stress, cpu_rule = rules.param("cpu-utilisation-limit", "stress", "%")
    limit, _ = rules.param("cpu-utilisation-limit", "limit", "%")
    if ssd:
        ls, lat_rule = rules.param("ssd-read-latency-stress", "stress", "ms")
        ll, _ = rules.param("ssd-read-latency-stress", "serious", "ms")
    else:
        ll, lat_rule = rules.param("disk-latency-limit", "latency_limit", "ms")
        ls = 0.75 * ll  # disk: the stated 20 ms limit; stress shading starts at 75% of it (our choice)
    return Zones(stress, limit, ls, ll, (cpu_rule, lat_rule))


def point(stations: tuple[mva.Station, ...], sol: mva.Solution, reads_per_tx: float) -> BalancePoint:
    cpu = next(i for i, s in enumerate(stations) if s.name == "cpu")
    sto = next(i for i, s in enumerate(stations) if s.name == "storage")
    # time per foreground I/O (db file sequential read): storage residence over the foreground reads
    latency_ms = sol.residence_s[sto] / reads_per_tx * 1000.0 if reads_per_tx else 0.0
    return finite_floats(BalancePoint, sol.users, sol.throughput, sol.utilisation[cpu] * 100.0, latency_ms)


def classify(at_limit: BalancePoint, z: Zones, bottleneck: str | None = None) -> Classification:
    """At the SLA point: which component has reached its zone. CPU counts as hot from the upper
    limit (80%); a calibrated storage-bound system sits at the 70% stress line by construction.
    With neither in its zone (a tight SLA stops the load early), the station that saturates first
    (`bottleneck`, highest utilisation) decides, so the verdict never contradicts the bottleneck."""
    cpu_hot = at_limit.cpu_utilisation_pct >= z.cpu_limit_pct
    io_hot = at_limit.read_latency_ms >= z.latency_stress_ms
    if cpu_hot and io_hot:
        return "balanced"
    if cpu_hot:
        return "cpu-bound"
    if io_hot:
        return "storage-bound"
    if bottleneck is not None:
        return "cpu-bound" if bottleneck == "cpu" else "storage-bound"
    # neither in its zone at the SLA point (a response-time limit elsewhere): the closer one
    cpu_share = at_limit.cpu_utilisation_pct / z.cpu_limit_pct
    io_share = at_limit.read_latency_ms / z.latency_stress_ms
    if abs(cpu_share - io_share) <= 0.15 * max(cpu_share, io_share):
        return "balanced"
    return "cpu-bound" if cpu_share > io_share else "storage-bound"


def populations(max_users: float, steps: int = 12) -> list[float]:
    """The users of the balance curve's points: up to 1.2 x the SLA point's users."""
    return [max(1.0, max_users * 1.2 * i / steps) for i in range(1, steps + 1)]


def curve_of(
    stations: tuple[mva.Station, ...],
    reads_per_tx: float,
    users: np.ndarray,
    tps: np.ndarray,
    residence_s: np.ndarray,
    utilisation: np.ndarray,
) -> list[BalancePoint]:
    """`point` for solved populations given as arrays (rows: points, columns: stations)."""
    cpu = next(i for i, s in enumerate(stations) if s.name == "cpu")
    sto = next(i for i, s in enumerate(stations) if s.name == "storage")
    latency = residence_s[:, sto] / reads_per_tx * 1000.0 if reads_per_tx else np.zeros(len(users))
    return finite_rows_of(BalancePoint, np.column_stack((users, tps, utilisation[:, cpu] * 100.0, latency)))
