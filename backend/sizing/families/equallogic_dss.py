"""Validation rows of the Dell EqualLogic DSS report (dell-equallogic-dss-2012): what `evaluate` returns
for the report's own DSS configurations, beside the figures it printed.

- ORION large-I/O MB/s (Section 2.3) and the stated % changes between them: the storage figure is a
  look-up of these very cells, so every such row is a calibration row (listed, never counted).
- TPC-H on Oracle RAC (Section 3.2.1): the query network is fitted on the one-node runs of the
  PS6110XV (average and maximum MB/s at one and two arrays) and the completion time of the first;
  every other run - two RAC nodes, the PS6010XV, the other completion times, the stated % changes
  between them - is held out by series, and so are the CPU bounds (Section 3.2.1.2).

Nothing here imports the engine at module level (the family registry imports this module).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from sizing.cases import Kind, ValidationCase, design
from sizing.errors import EvidenceError
from sizing.evidence import EvidenceBundle, Observation

FAMILY = "equallogic"
ORION = "orion"
TPCH = "tpch_like_dss"
TPCH_STREAMS = 5  # Section 3.1: five simulated users (streams), 22 queries each
TARGET_MB_S = 100.0  # any target: the rows read predicted figures, not the verdict
RAID_WORDS = {"raid10": "RAID 10", "raid50": "RAID 50"}
# The PS6010XV two-array cell of the streams table names neither statistic nor node count; its other
# cells are the two-node averages (672.14, 446.40, 1331.31), so it is read as one too.
STREAMS_TABLE_NODES = 2


def _f(q: Any) -> float:
    if q is None:
        raise EvidenceError("the evaluation does not predict this figure")
    return float(q.value)


# --- ORION ------------------------------------------------------------------------------------------


def _orion_io(o: Observation) -> dict[str, Any]:
    return {
        "io_pattern": str(o.cond("io_pattern") or "random"),
        "read_pct": float(o.cond("read_pct", 100)),
        "block_size_kb": float(o.cond("block_size_kb", 1024)),
        "orion_mode": str(o.cond("array_mode") or "concat"),
    }


def _orion_design(model: str, raid: str, arrays: int, io: dict[str, Any]) -> dict[str, Any]:
    return design(
        {"kind": "dss", "target_throughput_mb_s": TARGET_MB_S, **io},
        family=FAMILY, storage_model=model, raid=raid, arrays=arrays, rac_nodes=1,
    )  # fmt: skip


def _io_words(io: dict[str, Any]) -> str:
    direction = "read" if io["read_pct"] >= 100 else "write"
    size = (
        f"{io['block_size_kb'] / 1024:g} MB" if io["block_size_kb"] >= 1024 else f"{io['block_size_kb']:g} KB"
    )
    mode = "RAID 0 mode" if io["orion_mode"] == "raid0" else "concat"
    return f"{io['io_pattern']} {direction} {size} ORION {mode}"


def _cell_key(model: str | None, raid: str, arrays: int, io: dict[str, Any]) -> tuple[Any, ...]:
    return (model, raid, arrays, io["io_pattern"], io["read_pct"], io["block_size_kb"], io["orion_mode"])


def _storage(ev: Sequence[Any]) -> float:
    return _f(ev[0].storage.throughput_capacity)


def _storage_gain(ev: Sequence[Any]) -> float:
    return (_f(ev[0].storage.throughput_capacity) / _f(ev[1].storage.throughput_capacity) - 1) * 100


def _orion_cases(evidence: EvidenceBundle) -> list[ValidationCase]:
    cells: dict[tuple[Any, ...], list[Observation]] = {}
    for o in evidence.find("throughput", platform=FAMILY, tool=ORION):
        if o.cond("change") or o.storage_model is None:
            continue
        cells.setdefault(
            _cell_key(o.storage_model, str(o.cond("raid")), int(o.cond("arrays", 1)), _orion_io(o)), []
        ).append(o)
    out: list[ValidationCase] = []
    for (model, raid, arrays, *_), obs in cells.items():
        first = next((o for o in obs if not o.cond("printed_variant_of")), obs[0])
        io = _orion_io(first)
        out.append(
            ValidationCase(
                f"{arrays} x {model} {RAID_WORDS.get(raid, raid)} {_io_words(io)}: MB/s",
                (first, *(o for o in obs if o is not first)),  # a reprint with another last digit rides along
                "throughput", "MB/s", first.value("throughput") or 0.0,
                (_orion_design(model, raid, arrays, io),), _storage, "throughput", hold_out="point",
            )
        )  # fmt: skip
    out += _orion_change_cases(evidence, cells)
    return out


def _compared(o: Observation, io: dict[str, Any]) -> tuple[tuple[str, str, int], tuple[str, str, int]] | None:
    """The two configurations a stated ORION % change compares: (model, raid, arrays) new, then old."""
    raid = str(o.cond("raid") or "raid50")
    return {
        "1 x PS6110XV vs 1 x PS6010XV": (("PS6110XV", raid, 1), ("PS6010XV", raid, 1)),
        "RAID 50 vs RAID 10": (("PS6110XV", "raid50", 1), ("PS6110XV", "raid10", 1)),
        "2 x PS6110XV vs 1 x PS6110XV": (("PS6110XV", "raid50", 2), ("PS6110XV", "raid50", 1)),
    }.get(str(o.cond("compared")))


def _change_key(o: Observation) -> tuple[Any, ...]:
    io = _orion_io(o)
    return (
        o.cond("compared"),
        o.cond("raid"),
        io["io_pattern"],
        io["read_pct"],
        io["block_size_kb"],
        io["orion_mode"],
    )


def _table_figure(
    figures: dict[tuple[Any, ...], list[Observation]], o: Observation
) -> tuple[Any, ...] | None:
    """The table figure a text statement restates or bounds: the same comparison and I/O (and RAID level
    when the text names one); the nearest value when several match."""
    key = _change_key(o)
    match = [k for k in figures if k[0] == key[0] and k[2:5] == key[2:5] and key[1] in (None, k[1])]
    value = o.value("change_pct") or 0.0
    return min(match, key=lambda k: abs((figures[k][0].value("change_pct") or 0.0) - value), default=None)


def _orion_change_cases(
    evidence: EvidenceBundle, cells: dict[tuple[Any, ...], list[Observation]]
) -> list[ValidationCase]:
    figures: dict[tuple[Any, ...], list[Observation]] = {}
    bounds: list[Observation] = []
    loose: list[Observation] = []  # restatements in the text (no ORION mode printed)
    for o in evidence.find("change_pct", platform=FAMILY, tool=ORION):
        if o.cond("bound") == "more_than":
            bounds.append(o)
        elif o.cond("array_mode") and o.cond("bound") is None:
            figures.setdefault(_change_key(o), []).append(o)
        else:
            loose.append(o)
    for o in loose:  # "125 %" in the text and "almost 125 %" in the conclusion: the table's 125.99
        match = _table_figure(figures, o)
        if match is not None:
            figures[match].append(o)
    out: list[ValidationCase] = []
    for obs in figures.values():
        io = _orion_io(obs[0])
        pair = _compared(obs[0], io)
        if pair is None:
            continue
        measured = max((o.value("change_pct") or 0.0 for o in obs), key=lambda v: len(f"{v:g}"))
        both = [cells.get(_cell_key(m, r, a, io), []) for m, r, a in pair]
        out.append(
            ValidationCase(
                f"{pair[0][2]} x {pair[0][0]} {RAID_WORDS[pair[0][1]]} vs {pair[1][2]} x {pair[1][0]} "
                f"{RAID_WORDS[pair[1][1]]}, {_io_words(io)}: % increase",
                (*obs, *(o for c in both for o in c)),
                "change_pct", "%", measured,
                tuple(_orion_design(m, r, a, io) for m, r, a in pair), _storage_gain, "ratio",
                hold_out="point", error="change",
            )
        )  # fmt: skip
    for o in bounds:
        match = _table_figure(figures, o)
        if match is None:
            continue
        io = _orion_io(figures[match][0])  # the mode the table measured
        pair = _compared(figures[match][0], io)
        if pair is None:
            continue
        both = [cells.get(_cell_key(m, r, a, io), []) for m, r, a in pair]
        out.append(
            ValidationCase(
                f"{pair[0][2]} x {pair[0][0]} {RAID_WORDS[pair[0][1]]} vs {pair[1][2]} x {pair[1][0]} "
                f"{RAID_WORDS[pair[1][1]]}, {_io_words(io)}: more than {o.value('change_pct'):g} % increase",
                (o, *(x for c in both for x in c)),
                "change_pct", "%", o.value("change_pct") or 0.0,
                tuple(_orion_design(m, r, a, io) for m, r, a in pair), _storage_gain, "ratio",
                bound="lower", hold_out="point", error="change",
            )
        )  # fmt: skip
    return out


# --- TPC-H on RAC -----------------------------------------------------------------------------------


def _tpch_design(model: str, arrays: int, nodes: int) -> dict[str, Any]:
    return design(
        {"kind": "dss", "target_throughput_mb_s": TARGET_MB_S, "query_streams": TPCH_STREAMS,
         "io_pattern": "random", "read_pct": 100, "block_size_kb": 1024, "orion_mode": "raid0"},
        family=FAMILY, storage_model=model, raid="raid50", arrays=arrays, rac_nodes=nodes,
    )  # fmt: skip


def _config(model: str, arrays: int, nodes: int) -> str:
    return f"{nodes} RAC node{'s' if nodes > 1 else ''}, {arrays} x {model} RAID 50"


STATISTIC: dict[str, tuple[str, Callable[[Any], float]]] = {
    "avg": ("average MB/s", lambda e: _f(e.summary.sustained_throughput)),
    "max": ("maximum MB/s", lambda e: _f(e.summary.peak_throughput)),
}


def _first(read: Callable[[Any], float]) -> Callable[[Sequence[Any]], float]:
    return lambda ev: read(ev[0])


def _gain(read: Callable[[Any], float]) -> Callable[[Sequence[Any]], float]:
    """The % increase of the first evaluation's figure over the second's."""
    return lambda ev: (read(ev[0]) / read(ev[1]) - 1) * 100


def _tpch_runs(evidence: EvidenceBundle) -> dict[tuple[str, int, int, str], tuple[Observation, str]]:
    """(model, arrays, nodes, statistic) -> the run's observation and the quantity it prints."""
    runs: dict[tuple[str, int, int, str], tuple[Observation, str]] = {}
    for stat, quantity in (("avg", "avg_throughput"), ("max", "max_throughput")):
        for o in evidence.find(quantity, platform=FAMILY, tool=TPCH):
            if o.storage_model:
                key = (o.storage_model, int(o.cond("arrays", 1)), int(o.cond("rac_nodes", 1)), stat)
                runs[key] = (o, quantity)
    for o in evidence.find("throughput", platform=FAMILY, tool=TPCH):  # the streams table's plain figure
        if o.storage_model:
            key = (o.storage_model, int(o.cond("arrays", 1)), STREAMS_TABLE_NODES, "avg")
            runs.setdefault(key, (o, "throughput"))
    return runs


def _tpch_cases(evidence: EvidenceBundle) -> list[ValidationCase]:
    runs = _tpch_runs(evidence)
    out: list[ValidationCase] = []
    for (model, arrays, nodes, stat), (o, quantity) in runs.items():
        words, read = STATISTIC[stat]
        note = ""
        if quantity == "throughput":
            note = " (streams table: statistic and nodes not printed, read as the two-node average)"
        out.append(
            ValidationCase(
                f"TPC-H {TPCH_STREAMS} streams, {_config(model, arrays, nodes)}: {words}{note}",
                (o,), quantity, "MB/s", o.value(quantity) or 0.0,
                (_tpch_design(model, arrays, nodes),), _first(read), "throughput",
            )
        )  # fmt: skip
    # stated % increases: (new config, old config, statistic)
    changes: dict[tuple[tuple[str, int, int], tuple[str, int, int], str], list[Observation]] = {}
    for o in evidence.find("change_pct", platform=FAMILY, tool=TPCH):
        compared, stat = str(o.cond("compared")), str(o.cond("statistic") or "avg")
        nodes = int(o.cond("rac_nodes") or STREAMS_TABLE_NODES)  # the streams table: two-node averages
        pairs = {
            "2 x PS6110XV vs 1 x PS6110XV": (("PS6110XV", 2, nodes), ("PS6110XV", 1, nodes)),
            "1 x PS6110XV vs 1 x PS6010XV": (("PS6110XV", 1, nodes), ("PS6010XV", 1, nodes)),
            "2 x PS6110XV vs 2 x PS6010XV": (("PS6110XV", 2, nodes), ("PS6010XV", 2, nodes)),
        }
        if compared in pairs and o.cond("change") == "increase":
            new, old = pairs[compared]
            changes.setdefault((new, old, stat), []).append(o)
    printed = {
        key: max((o.value("change_pct") or 0.0 for o in obs), key=lambda v: len(f"{v:g}"))
        for key, obs in changes.items()
    }
    for (new, old, stat), obs in changes.items():
        words, read = STATISTIC[stat]
        # the same pair's other statistic (maximum against average MB/s), as printed
        spread = [
            abs(printed[(new, old, stat)] - v)
            for (n, o, st), v in printed.items()
            if (n, o) == (new, old) and st != stat
        ]
        limit = ONE_GAIN_PER_PAIR_LIMIT if any(d > STATISTICS_APART_PP for d in spread) else None
        cells = [runs[(*c, stat)][0] for c in (new, old) if (*c, stat) in runs]
        out.append(
            ValidationCase(
                f"TPC-H {words}: {_config(*new)} vs {_config(*old)}: % increase",
                (*obs, *cells), "change_pct", "%",
                max((o.value("change_pct") or 0.0 for o in obs), key=lambda v: len(f"{v:g}")),
                (_tpch_design(*new), _tpch_design(*old)),
                _gain(read), "ratio", error="change", limit=limit,
            )
        )  # fmt: skip
    return out


# Gains of one pair of designs whose maximum and average MB/s the document prints further apart than
# this (percentage points) cannot both be met by the model's one sustained MB/s per design.
STATISTICS_APART_PP = 10.0
ONE_GAIN_PER_PAIR_LIMIT = (
    "not reproduced: the model has one sustained MB/s per design, so it predicts one gain for a pair's "
    "maximum and average MB/s, which the document's runs gain by amounts more than 10 points apart"
)
ONE_NODE_TWO_ARRAYS_LIMIT = (
    "not reproduced: on one RAC node the document's completion-time gain of the faster array falls from "
    "one array to two by more than the model's (its completion time is the scanned volume over one "
    "sustained MB/s; what else holds one node back at two arrays is not measured)"
)


def _completion(ev: Any) -> float:
    return _f(ev.streams.completion_time_estimate)


def _completion_cases(evidence: EvidenceBundle) -> list[ValidationCase]:
    times: dict[tuple[str, int], Observation] = {}
    for o in evidence.find("completion_time", platform=FAMILY, tool=TPCH):
        if o.storage_model:
            times[(o.storage_model, int(o.cond("arrays", 1)))] = o
    out: list[ValidationCase] = []
    for (model, arrays), o in times.items():
        out.append(
            ValidationCase(
                f"TPC-H 22 queries x {TPCH_STREAMS} users, {_config(model, arrays, 1)}: completion time "
                "(printed without a unit; read as minutes)",
                (o,), "completion_time", "min", o.value("completion_time") or 0.0,
                (_tpch_design(model, arrays, 1),), lambda ev: _completion(ev[0]), "latency",
            )
        )  # fmt: skip
    groups: dict[tuple[tuple[str, int], tuple[str, int], bool], list[Observation]] = {}
    for o in evidence.find("change_pct", platform=FAMILY, tool=TPCH):
        if o.cond("change") != "reduction":
            continue
        arrays = int(o.cond("arrays") or 1)
        pair = {
            "1 x PS6110XV vs 1 x PS6010XV": (("PS6110XV", 1), ("PS6010XV", 1)),
            "2 x PS6110XV vs 2 x PS6010XV": (("PS6110XV", 2), ("PS6010XV", 2)),
            "2 x PS6110XV vs 1 x PS6110XV": (("PS6110XV", 2), ("PS6110XV", 1)),
            # Section 4: "more than 30 %" with PS6110XV in place of PS6010XV - the one-array figure
            # (31.68 %; two arrays gave 18.95 %)
            "PS6110XV vs PS6010XV": (("PS6110XV", arrays), ("PS6010XV", arrays)),
        }.get(str(o.cond("compared")))
        if pair is not None:
            groups.setdefault((*pair, o.cond("bound") == "more_than"), []).append(o)
    for (new, old, is_bound), obs in groups.items():
        cells = [times[c] for c in (new, old) if c in times]
        reduction = max((o.value("change_pct") or 0.0 for o in obs), key=lambda v: len(f"{v:g}"))
        words = f"more than {reduction:g} % decrease" if is_bound else "% decrease"
        # one node, two arrays: the faster array's gain the document prints falls well below the one-array
        # run's; the model's completion time is the scanned volume over one sustained MB/s
        limit = ONE_NODE_TWO_ARRAYS_LIMIT if new[1] > 1 and new[0] != old[0] and not is_bound else None
        out.append(
            ValidationCase(
                f"TPC-H completion time, {_config(new[0], new[1], 1)} vs {_config(old[0], old[1], 1)}: {words}",
                (*obs, *cells), "change_pct", "%", -reduction,  # a decrease is a negative change
                (_tpch_design(new[0], new[1], 1), _tpch_design(old[0], old[1], 1)),
                lambda ev: (_completion(ev[0]) / _completion(ev[1]) - 1) * 100, "ratio",
                bound="upper" if is_bound else None, error="change", limit=limit,
            )
        )  # fmt: skip
    return out


def _cpu_cases(evidence: EvidenceBundle) -> list[ValidationCase]:
    """Section 3.2.1.2: average CPU under 75 % in every test, against the model's upper estimate."""
    cpu = evidence.find("max_avg_cpu_utilisation", platform=FAMILY, tool=TPCH)
    if not cpu:
        return []
    limit = cpu[0].value("max_avg_cpu_utilisation") or 0.0
    configs = sorted({(m, a, n) for (m, a, n, _s) in _tpch_runs(evidence) if m == "PS6110XV"})
    kind: Kind = "utilisation"
    return [
        ValidationCase(
            f"TPC-H {_config(*c)}: average CPU below {limit:g} % (model: host time counted as CPU, "
            "R710 8 cores per node - the report names no server)",
            tuple(cpu),
            "max_avg_cpu_utilisation",
            "%",
            limit,
            (_tpch_design(*c),),
            lambda ev: _f(ev[0].summary.cpu_utilisation_upper),
            kind,
            bound="upper",
        )
        for c in configs
    ]


def dss_validation_cases(evidence: EvidenceBundle) -> list[ValidationCase]:
    return [
        *_orion_cases(evidence),
        *_tpch_cases(evidence),
        *_completion_cases(evidence),
        *_cpu_cases(evidence),
    ]


def dss_calibration_keys(evidence: EvidenceBundle) -> frozenset[str]:
    """The ORION cells (the storage figure is their look-up) and the TPC-H runs the query network is
    fitted on (sizing.dss.tpch_calibration_points)."""
    from sizing.dss import tpch_calibration_keys  # the engine imports the registry, which imports this

    orion = {o.key for o in evidence.find("throughput", platform=FAMILY, tool=ORION) if not o.cond("change")}
    return frozenset(orion) | tpch_calibration_keys(evidence, FAMILY)


def dss_same_runs(evidence: EvidenceBundle) -> tuple[frozenset[str], ...]:
    """One TPC-H run printed in several places: its MB/s (Tables 4-6) and its completion time, told
    apart by the array model and count, the RAC nodes and the users."""
    runs: dict[tuple[Any, ...], set[str]] = {}
    for o in evidence.observations:
        if o.platform == FAMILY and o.cond("tool") == "tpch_like_dss" and o.cond("users") is not None:
            at = (o.storage_model, o.cond("rac_nodes"), o.cond("arrays"), o.cond("users"))
            runs.setdefault(at, set()).add(o.key)
    return tuple(frozenset(keys) for keys in runs.values() if len(keys) > 1)
