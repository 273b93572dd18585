"""Literal measured inputs for the engine tests, in the fixtures/*.yaml shape, each citing its
document and table. Independent of the catalog files so the engine tests need neither a database
nor the seed catalog; test_fixture_bundle.py checks the catalog gives the same calibration."""

from __future__ import annotations

from typing import Any

DELL = "dell-equallogic-oltp-2010"


def _v(value: float, unit: str) -> dict[str, Any]:
    return {"value": value, "unit": unit}


def _orion(model: str, rows: list[tuple[int, int, int, str]]) -> dict[str, Any]:
    return {
        "slug": f"test-orion-{model.lower()}",
        "title": f"{model} ORION",
        "configuration": f"equallogic-{model.lower()}",
        "workload": {"tool": "orion", "io_pattern": "random", "arrays": 1, "raid": "raid10"},
        "points": [
            {
                "conditions": {"block_size_kb": b, "read_pct": r},
                "values": {"max_iops": _v(iops, "IOPS"), "latency_limit": _v(20, "ms")},
                "source": {"locator": loc},
            }
            for b, r, iops, loc in rows
        ],
    }


def _tpcc(rows: list[tuple[int, float, float, int, str, str]]) -> dict[str, Any]:
    return {
        "slug": "test-tpcc",
        "title": "TPC-C on PS6010XV",
        "configuration": "dell-tpcc-test-system",
        "workload": {"tool": "benchmark_factory_tpcc", "arrays": 1, "rac_nodes": 2, "raid": "raid10"},
        "points": [
            {
                "conditions": {"asm_volumes": vols, "memory": mem},
                "values": {"users": _v(n, "users"), "tps": _v(x, "TPS"), "response_time": _v(r, "s")},
                "source": {"locator": loc},
            }
            for n, x, r, vols, mem, loc in rows
        ],
    }


DELL_DOC: dict[str, Any] = {
    "document": {"slug": DELL},
    "configurations": [
        {"slug": "equallogic-ps6010xv", "name": "PS6010XV", "platform": "equallogic", "role": "array"},
        {"slug": "equallogic-ps6010s", "name": "PS6010S", "platform": "equallogic", "role": "array"},
        {
            "slug": "dell-tpcc-test-system",
            "name": "2 x R710 + PS6010XV",
            "platform": "equallogic",
            "role": "test-system",
        },
    ],
    "curves": [
        # Dell OLTP 2010, Table 2
        _orion(
            "PS6010XV",
            [
                (8, 100, 4857, "Table 2, test 1"),
                (8, 70, 4047, "Table 2, test 2"),
                (16, 70, 3810, "Table 2, test 3"),
                (32, 70, 3569, "Table 2, test 4"),
                (64, 70, 3010, "Table 2, test 5"),
            ],
        ),
        # Dell OLTP 2010, Table 3
        _orion(
            "PS6010S",
            [
                (8, 100, 34393, "Table 3, test 1"),
                (8, 70, 16116, "Table 3, test 2"),
                (16, 70, 15549, "Table 3, test 3"),
                (32, 70, 14648, "Table 3, test 4"),
                (64, 70, 9923, "Table 3, test 5"),
            ],
        ),
        # Dell OLTP 2010, Tables 5 and 6 (users, TPS, response s, ASM volumes)
        _tpcc(
            [
                (5700, 294.50, 0.18, 2, "AMM 40GB", "Table 5, test 1"),
                (6900, 348.61, 0.67, 4, "AMM 40GB", "Table 5, test 2"),
                (5500, 287.60, 0.068, 4, "ASMM 32GB", "Table 6, test 1"),
                (5900, 299.99, 0.235, 4, "ASMM 40GB", "Table 6, test 2"),
                (5400, 275.32, 0.166, 4, "ASMM 48GB", "Table 6, test 3"),
                (5300, 260.46, 0.758, 4, "AMM 32GB", "Table 6, test 4"),
                (6900, 348.61, 0.671, 4, "AMM 40GB", "Table 6, test 5"),
                (5500, 284.9, 0.18, 4, "AMM 48GB", "Table 6, test 6"),
            ]
        ),
    ],
    "rules": [
        {
            "slug": "dell-iops-per-user",
            "version": 1,
            "kind": "demand",
            "title": "IOPS per user",
            "applies_to": ["equallogic"],
            "parameters": {
                "peak_iops": _v(3600, "IOPS"),
                "users_at_peak": _v(6900, "users"),
                "backup_overhead": _v(0.10, "fraction"),
                "growth_overhead": _v(0.20, "fraction"),
            },
            "source": {"locator": "Section 4.2"},
        },
    ],
}

FS1_DOC: dict[str, Any] = {
    "document": {"slug": "oracle-fs1-2016"},
    "configurations": [
        {
            "slug": "oracle-fs1-quarter-rack",
            "name": "Oracle FS1-2 quarter rack",
            "platform": "oracle-fs1",
            "role": "reference",
            "attributes": {"rac_nodes": _v(2, "count")},
        },
        {
            "slug": "oracle-fs1-half-rack",
            "name": "Oracle FS1-2 half rack",
            "platform": "oracle-fs1",
            "role": "reference",
            "attributes": {"rac_nodes": _v(4, "count")},
        },
    ],
    "curves": [
        {
            "slug": f"test-fs1-{size}",
            "title": f"FS1-2 {size} rack rated",
            "configuration": f"oracle-fs1-{size}-rack",
            "workload": {"tool": "swingbench_orderentry", "rac_nodes": nodes, "read_pct": 70},
            "points": [
                # Oracle FS1 2016, Table 1
                {
                    "values": {"tps": _v(tps, "TPS"), "response_time": _v(20, "ms")},
                    "source": {"locator": "Table 1"},
                },
                {
                    "conditions": {"tool": "other"},
                    "values": {"max_iops": _v(iops, "IOPS"), "latency_limit": _v(1, "ms")},
                    "source": {"locator": "Table 1"},
                },
            ],
        }
        for size, nodes, tps, iops in (("quarter", 2, 25800, 189000), ("half", 4, 39000, 248000))
    ]
    + [
        # Oracle FS1 2016, Figure 2: the example AWR report's top timed events (cluster-wide, 2 instances)
        {
            "slug": "test-fs1-awr-events",
            "title": "FS1-2 AWR example, top timed events",
            "configuration": "oracle-x5-2-rac-node",
            "workload": {"tool": "swingbench_orderentry", "rac_nodes": 2},
            "points": [
                {
                    "conditions": {"instance": "*", "event": event, **({"wait_class": cls} if cls else {})},
                    "values": {
                        "wait_time_total": _v(total, "s"),
                        **({"waits": _v(waits, "count")} if waits else {}),
                        **({"wait_time_avg": _v(avg, "ms")} if avg else {}),
                        **(
                            {"instances": _v(2, "count")}
                            if event in ("DB CPU", "db file sequential read")
                            else {}
                        ),
                    },
                    "source": {"locator": f"Figure 2, cluster-wide (*), {event}"},
                }
                for event, cls, waits, total, avg in (
                    ("DB CPU", "", 0, 8103.39, 0),
                    ("db file sequential read", "User I/O", 10693915, 6481.12, 0.61),
                    ("log file sync", "Commit", 2664148, 2229.30, 0.84),
                    ("gcs drm freeze in enter server mode", "Other", 2776, 1250.38, 450.43),
                    ("gc current block 2-way", "Cluster", 5117053, 1157.32, 0.23),
                    ("gc cr block 2-way", "Cluster", 4079817, 903.99, 0.22),
                    ("gc cr grant 2-way", "Cluster", 2387009, 511.52, 0.21),
                    ("log file parallel write", "System I/O", 1020448, 485.73, 0.48),
                    ("gc current grant busy", "Cluster", 741233, 321.43, 0.43),
                    ("gc current grant 2-way", "Cluster", 1461499, 306.95, 0.21),
                )
            ],
        },
        # Oracle FS1 2016, Figure 3: IOStat by Function, sum of the two instances (per second)
        {
            "slug": "test-fs1-awr-iostat",
            "title": "FS1-2 AWR example, I/O by function",
            "configuration": "oracle-x5-2-rac-node",
            "workload": {"tool": "swingbench_orderentry", "rac_nodes": 2},
            "points": [
                {
                    "conditions": {"instance": "sum"},
                    "values": {
                        "buffer_cache_read_throughput": _v(276.79, "MB/s"),
                        "buffer_cache_read_iops": _v(35418.11, "IOPS"),
                        "dbwr_write_iops": _v(9956.24, "IOPS"),
                        "lgwr_write_iops": _v(7002.32, "IOPS"),
                    },
                    "source": {"locator": "Figure 3, IOStat by Function, sum of instances"},
                }
            ],
        },
    ],
}

DSS_DOC: dict[str, Any] = {
    "document": {"slug": "dell-equallogic-dss-2012"},
    "configurations": [
        {"slug": "equallogic-ps6110xv", "name": "PS6110XV", "platform": "equallogic", "role": "array"},
    ],
    "curves": [
        {
            "slug": "test-dss-ps6110xv-r50",
            "title": "PS6110XV RAID 50 ORION large I/O",
            "configuration": "equallogic-ps6110xv",
            "workload": {
                "tool": "orion",
                "raid": "raid50",
                "block_size_kb": 1024,
                "io_pattern": "random",
                "array_mode": "concat",
            },
            "points": [
                # Dell DSS 2012, Section 2.3.4, concat table (random read 1 MB)
                {
                    "conditions": {"arrays": 1},
                    "values": {"throughput": _v(573.11, "MB/s")},
                    "source": {"locator": "Section 2.3.4, concat table"},
                },
                {
                    "conditions": {"arrays": 2},
                    "values": {"throughput": _v(1168.9, "MB/s")},
                    "source": {"locator": "Section 2.3.4, concat table"},
                },
            ],
        }
    ],
}

XIO_DOC: dict[str, Any] = {
    "document": {"slug": "emc-xtremio-2014"},
    "configurations": [
        {"slug": "xtremio-two-xbricks", "name": "Two X-Bricks", "platform": "xtremio", "role": "test-system"},
    ],
    "curves": [
        {
            "slug": "test-xtremio-slob",
            "title": "SLOB on two X-Bricks",
            "configuration": "xtremio-two-xbricks",
            "workload": {"tool": "slob", "arrays": 2, "rac_nodes": 4, "block_size_kb": 8},
            "points": [
                {
                    "values": {"iops": _v(197601, "IOPS"), "read_latency": _v(1.615, "ms")},
                    "conditions": {"read_pct": 100, "sessions": 32},
                    "source": {"locator": "Table 11"},
                },
                {
                    "values": {
                        "iops": _v(64782, "IOPS"),
                        "read_iops": _v(31646, "IOPS"),
                        "write_iops": _v(33136, "IOPS"),
                    },
                    "conditions": {"read_pct": 0, "sessions": 32},
                    "source": {"locator": "Table 12"},
                },
                {
                    "values": {
                        "iops": _v(140954, "IOPS"),
                        "read_iops": _v(112124, "IOPS"),
                        "write_iops": _v(28830, "IOPS"),
                    },
                    "conditions": {"read_pct": 75, "sessions": 64},
                    "source": {"locator": "Table 13"},
                },
                {
                    "values": {"latency_limit": _v(1.5, "ms")},
                    "conditions": {"read_pct": 100, "sessions": 32, "target": True},
                    "source": {"locator": "Read-only test, Test methodology"},
                },
            ],
        },
        # AWR top timed events (cluster-wide) of the three SLOB tests: what the XtremIO fit reads.
        {
            "slug": "test-xtremio-slob-awr",
            "title": "SLOB AWR top timed events on two X-Bricks",
            "configuration": "xtremio-two-xbricks",
            "workload": {"tool": "slob", "arrays": 2, "rac_nodes": 4, "block_size_kb": 8},
            "points": [
                {
                    "conditions": {"awr_event": event, "read_pct": pct, "sessions": sessions},
                    "values": {
                        **({"waits": _v(waits, "count")} if waits else {}),
                        "wait_time_total": _v(total, "s"),
                        **({"db_time_pct": _v(share, "%")} if share else {}),
                    },
                    "source": {"locator": loc},
                }
                for event, pct, sessions, waits, total, share, loc in (
                    ("db file parallel read", 100, 32, 568066, 1450.58, 49.65, "Figure 10"),
                    ("db file sequential read", 100, 32, 986577, 1060.18, 36.29, "Figure 10"),
                    ("DB CPU", 100, 32, 0, 583.22, 19.96, "Figure 10"),
                    ("db file sequential read", 0, 32, 11618228, 11100.11, 94.71, "Figure 11"),
                    ("DB CPU", 0, 32, 0, 978.01, 8.34, "Figure 11"),
                    ("db file sequential read", 75, 64, 7196550, 8153.29, 70.71, "Figure 12"),
                    ("db file parallel read", 75, 64, 936985, 2416.68, 20.96, "Figure 12"),
                    ("DB CPU", 75, 64, 0, 1233.61, 10.70, "Figure 12"),
                )
            ],
        },
    ],
}

NETAPP = "netapp-pam-2009"
_OET = {"tool": "oet", "io_pattern": "random", "block_size_kb": 8, "read_pct": 75, "arrays": 2, "rac_nodes": 1,
        "raid": "raid_dp"}  # fmt: skip  # NetApp TR-3753, Sections 2.1, 2.2
# NetApp TR-3753 Table 1: (warehouses, disk %, FAS3140 CPU %, host CPU %) PAM off, then PAM on
_NETAPP_TABLE1 = {
    False: [(1000, 63, 40, 89), (2000, 77, 47, 81), (3000, 79, 48, 74), (4000, 81, 47, 69), (5000, 84, 48, 67),
            (6000, 82, 48, 63)],
    True: [(1000, 50, 42, 91), (2000, 63, 52, 88), (3000, 69, 55, 85), (4000, 74, 57, 81), (5000, 75, 58, 76),
           (6000, 77, 58, 77)],
}  # fmt: skip


def _gain(conditions: dict[str, Any], pct: float, loc: str, **values: Any) -> dict[str, Any]:
    return {"conditions": {**conditions, "pam": True, "compared_to": "pam off"},
            "values": {"change_pct": _v(pct, "%"), **values}, "source": {"locator": loc}}  # fmt: skip


def _cut(conditions: dict[str, Any], lo: float, hi: float, loc: str) -> dict[str, Any]:
    return {"conditions": {**conditions, "pam": True, "compared_to": "pam off", "change": "reduction"},
            "values": {"read_latency_reduction_min_pct": _v(lo, "%"), "read_latency_reduction_max_pct": _v(hi, "%")},
            "source": {"locator": loc}}  # fmt: skip


NETAPP_DOC: dict[str, Any] = {
    "document": {"slug": NETAPP},
    "configurations": [
        {
            "slug": "netapp-pam-2009-test-system",
            "name": "HP DL580 G5 + FAS3140 active-active with PAM",
            "platform": "netapp",
            "role": "test-system",
        },
    ],
    "curves": [
        {
            "slug": "netapp-pam-2009-utilisation-by-warehouses",
            "title": "FAS3140 disk and CPU and host CPU utilisation with and without PAM",
            "configuration": "netapp-pam-2009-test-system",
            "workload": _OET,
            "points": [
                {
                    "conditions": {"warehouses": w, "pam": pam, "sga_gb": 12, "users": 140},
                    "values": {
                        "disk_utilisation": _v(disk, "%"),
                        "controller_cpu_utilisation": _v(fas, "%"),
                        "host_cpu_utilisation": _v(host, "%"),
                    },
                    "source": {"locator": f"Table 1, PAM {'on' if pam else 'off'}, {w:,} warehouses"},
                }
                for pam in (False, True)
                for w, disk, fas, host in _NETAPP_TABLE1[pam]
            ],
        },
        {
            "slug": "netapp-pam-2009-oet-by-warehouses",
            "title": "PAM effect on OET and NFS read latency over 1,000-6,000 warehouses",
            "configuration": "netapp-pam-2009-test-system",
            "workload": _OET,
            "points": [
                _gain(
                    {"warehouses": 1000, "sga_gb": 12, "users": 140},
                    6,
                    "Section 3.1, 1,000 warehouses",
                    tpm=_v(87731, "TPM"),
                ),
                _gain({"warehouses": 6000, "sga_gb": 12, "users": 140}, 27, "Section 3.1, 6,000 warehouses"),
                _cut(
                    {"warehouses_min": 1000, "warehouses_max": 6000, "sga_gb": 12, "users": 140},
                    30,
                    40,
                    "Section 3.1, Figure 2 text",
                ),
            ],
        },
        {
            "slug": "netapp-pam-2009-oet-by-sga",
            "title": "PAM effect on OET over Oracle SGA sizes 4-22 GB",
            "configuration": "netapp-pam-2009-test-system",
            "workload": _OET,
            "points": [
                _gain({"sga_gb": 4, "warehouses": 3000, "users": 140}, 32, "Section 3.2, 4 GB SGA"),
                _gain(
                    {"sga_gb_max": 22, "warehouses": 3000, "users": 140, "approximate": True},
                    4,
                    "Section 3.2, larger SGA sizes",
                ),
            ],
        },
        {
            "slug": "netapp-pam-2009-oet-by-users",
            "title": "PAM effect on OET over 40-140 users",
            "configuration": "netapp-pam-2009-test-system",
            "workload": _OET,
            "points": [
                _gain({"users": 40, "warehouses": 3000, "sga_gb": 12}, 35, "Section 3.3, 40 users"),
                _gain({"users": 140, "warehouses": 3000, "sga_gb": 12}, 17, "Section 3.3, 140 users"),
            ],
        },
        {
            "slug": "netapp-pam-2009-summary",
            "title": "PAM OET gain and random-read latency reduction over all tests",
            "configuration": "netapp-pam-2009-test-system",
            "workload": _OET,
            "points": [
                {
                    "conditions": {"scope": "all test series", "pam": True, "compared_to": "pam off"},
                    "values": {"change_min_pct": _v(6, "%"), "change_max_pct": _v(35, "%")},
                    "source": {"locator": "Section 2 (Executive summary), OET gain"},
                },
                _cut(
                    {"scope": "all test series"}, 28, 40, "Section 2 (Executive summary), random-read latency"
                ),
            ],
        },
    ],
}

DOCS = [DELL_DOC, FS1_DOC, DSS_DOC, XIO_DOC, NETAPP_DOC]
