"""What limits a design, decided once: the bottleneck (the station that saturates first as the load
grows, at the design's own mix) and the resource in its zone at the SLA point (the balance chart's
reading), with the one sentence every surface shows. Before this module the editor's tile, the chart
caption and the proposal each worded their own, and a half rack read "storage" on one and "cpu-bound"
on the other."""

from __future__ import annotations

from sizing import display
from sizing.balance import BalancePoint, Classification, Zones
from sizing.evaluation import LimitingResource

# The stations that are the storage side of a network (a storage-bound SLA point is theirs).
STORAGE_STATIONS = frozenset({"storage", "storage_path", "disk"})


def _at_sla(classification: Classification) -> str:
    return {"cpu-bound": "cpu", "storage-bound": "storage", "balanced": "cpu and storage"}[classification]


def _why_at_sla(at_sla: str, point: BalancePoint, zones: Zones) -> str:
    cpu = (
        f"the server CPU is at {display.percent(point.cpu_utilisation_pct)}, past its "
        f"{display.percent(zones.cpu_limit_pct)} limit"
    )
    storage = (
        f"the storage read latency is {display.quantity(point.read_latency_ms, 'ms', 3)}, in its stress "
        f"zone (from {display.quantity(zones.latency_stress_ms, 'ms', 3)})"
    )
    return {"cpu": cpu, "storage": storage, "cpu and storage": f"{cpu} and {storage}"}[at_sla]


def oltp(
    bottleneck: str, classification: Classification, at_sla: BalancePoint, zones: Zones
) -> LimitingResource:
    label = display.station(bottleneck)
    where = _at_sla(classification)
    same = (where == "cpu" and bottleneck == "cpu") or (where == "storage" and bottleneck in STORAGE_STATIONS)
    first = f"{label} is the bottleneck: it saturates first as the load grows"
    if same:
        statement = f"{first}, and it is the limit at the SLA point."
    else:
        statement = f"{first}. At the SLA point {_why_at_sla(where, at_sla, zones)}."
    return LimitingResource.built(
        bottleneck=bottleneck, bottleneck_label=label, at_sla_point=where, statement=statement
    )


def dss(bottleneck: str) -> LimitingResource:
    label = display.station(bottleneck)
    statement = f"{label} is the bottleneck: the scan throughput is what it delivers to the database."
    return LimitingResource.built(bottleneck=bottleneck, bottleneck_label=label, statement=statement)
