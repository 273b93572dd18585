"""A team's own measurement files: Oracle AWR reports parsed into workloads (docs/imports.md).

The parsing is measurements.awr's (pure Python); this app stores the file, its sha256 and the parsed
values for one team, and turns an import into the custom workload profile a design accepts.
"""
