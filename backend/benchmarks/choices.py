"""Closed vocabularies of the benchmark evidence (workload profile of a curve)."""

from __future__ import annotations

from django.db import models

from catalog.choices import Unit

__all__ = ["ArrayMode", "IoPattern", "Tool", "Unit"]


class Tool(models.TextChoices):
    ORION = "orion", "Oracle ORION"
    BENCHMARK_FACTORY_TPCC = "benchmark_factory_tpcc", "Benchmark Factory TPC-C"
    SWINGBENCH_ORDERENTRY = "swingbench_orderentry", "Swingbench OrderEntry"
    SLOB = "slob", "SLOB"
    TPCH_LIKE_DSS = "tpch_like_dss", "TPC-H-like DSS"
    OET = "oet", "Order-entry (OET)"
    DW_GENERATOR = "dw_generator", "Data warehouse generator"
    SANHQ = "sanhq", "EqualLogic SAN HQ"
    OTHER = "other", "Other"


class IoPattern(models.TextChoices):
    RANDOM = "random", "Random"
    SEQUENTIAL = "sequential", "Sequential"
    MIXED = "mixed", "Mixed"


class ArrayMode(models.TextChoices):
    CONCAT = "concat", "Concatenated"
    RAID0 = "raid0", "RAID 0 across arrays"
