"""Every measured number of the Oracle FS1-2 reference architecture (oracle-fs1-2016) is in the loaded catalog,
with its unit and its source locator.

The list below is copied from the seed text (shared/seeds/oracle-rac-fs1-quarter-half-rack-reference-2016.txt),
not from the fixture: Table 1 (nominal IOPS, Swingbench TPS at 20 ms), the Conclusion (about 26,000 / 40,000
TPS, Figure 11), the redo log switch interval (Oracle Database 12c Configuration) and the example AWR report
whose tables are in the text (Figure 2: top timed events; Figure 3: I/O per second by function and by file
type). Figures 4 and 7-11 are pictures (or scrambled screenshot text) and give no further numbers.

Entries are (document, locator, quantity, value as printed without thousands separators, unit). A value
stated twice in one locator (the 1 ms / 20 ms limits of both racks) is listed twice.

The thresholds the paper states are sizing rules, not measured values; THRESHOLDS lists them: the
balance-chart limits (Balance Charts: db file sequential read above 1.5 ms shows storage stress, above
about 2 ms serious limits; server CPU kept below 70% to 80%) and the 20 ms Swingbench response time
the results are rated at (Table 1; Conclusion).
"""

from __future__ import annotations

from collections import Counter
from decimal import Decimal

import pytest

from benchmarks.selectors import measured_values
from catalog.models import Configuration, ConfigurationLayout, SizingRule

DOC = "oracle-fs1-2016"

MEASURED: list[tuple[str, str, str, str, str]] = [
    # Table 1: nominal maximum IOPS (70:30 random, < 1 ms), quarter and half rack
    (DOC, "Table 1", "max_iops", "189000", "IOPS"),
    (DOC, "Table 1", "latency_limit", "1", "ms"),
    (DOC, "Table 1", "max_iops", "248000", "IOPS"),
    (DOC, "Table 1", "latency_limit", "1", "ms"),
    # Table 1: Swingbench TPS at 20 ms response time, 2 TB database, quarter and half rack
    (DOC, "Table 1", "tps", "25800", "TPS"),
    (DOC, "Table 1", "response_time", "20", "ms"),
    (DOC, "Table 1", "tps", "39000", "TPS"),
    (DOC, "Table 1", "response_time", "20", "ms"),
    # Conclusion: "about 26,000" (quarter) and "about 40,000" (half) transactions per second at 20 ms
    (DOC, "Conclusion (Figure 11)", "approximate_tps", "26000", "TPS"),
    (DOC, "Conclusion (Figure 11)", "response_time", "20", "ms"),
    (DOC, "Conclusion (Figure 11)", "approximate_tps", "40000", "TPS"),
    (DOC, "Conclusion (Figure 11)", "response_time", "20", "ms"),
    # Oracle Database 12c Configuration: log switches once every 12 minutes at maximum load (33 GB logs)
    (DOC, "Oracle Database 12c Configuration", "log_switch_interval", "12", "min"),
    # Figure 2 (top timed events) and Figure 3 (IOStat by function / by file type), column by column
    (DOC, "Figure 2, cluster-wide (*), DB CPU", "wait_time_total", "8103.39", "s"),
    (DOC, "Figure 2, cluster-wide (*), DB CPU", "db_time_pct", "53.86", "%"),
    (DOC, "Figure 2, cluster-wide (*), DB CPU", "instances", "2", "count"),
    (DOC, "Figure 2, cluster-wide (*), db file sequential read", "waits", "10693915", "count"),
    (DOC, "Figure 2, cluster-wide (*), db file sequential read", "timeouts_pct", "0.00", "%"),
    (DOC, "Figure 2, cluster-wide (*), db file sequential read", "wait_time_total", "6481.12", "s"),
    (DOC, "Figure 2, cluster-wide (*), db file sequential read", "wait_time_avg", "0.61", "ms"),
    (DOC, "Figure 2, cluster-wide (*), db file sequential read", "db_time_pct", "43.08", "%"),
    (DOC, "Figure 2, cluster-wide (*), db file sequential read", "instance_avg_wait_avg", "0.61", "ms"),
    (DOC, "Figure 2, cluster-wide (*), db file sequential read", "instance_avg_wait_min", "0.60", "ms"),
    (DOC, "Figure 2, cluster-wide (*), db file sequential read", "instance_avg_wait_max", "0.61", "ms"),
    (DOC, "Figure 2, cluster-wide (*), db file sequential read", "instance_avg_wait_std_dev", "0.01", "ms"),
    (DOC, "Figure 2, cluster-wide (*), db file sequential read", "instances", "2", "count"),
    (DOC, "Figure 2, cluster-wide (*), log file sync", "waits", "2664148", "count"),
    (DOC, "Figure 2, cluster-wide (*), log file sync", "timeouts_pct", "0.00", "%"),
    (DOC, "Figure 2, cluster-wide (*), log file sync", "wait_time_total", "2229.30", "s"),
    (DOC, "Figure 2, cluster-wide (*), log file sync", "wait_time_avg", "0.84", "ms"),
    (DOC, "Figure 2, cluster-wide (*), log file sync", "db_time_pct", "14.82", "%"),
    (DOC, "Figure 2, cluster-wide (*), log file sync", "instance_avg_wait_avg", "0.84", "ms"),
    (DOC, "Figure 2, cluster-wide (*), log file sync", "instance_avg_wait_min", "0.83", "ms"),
    (DOC, "Figure 2, cluster-wide (*), log file sync", "instance_avg_wait_max", "0.84", "ms"),
    (DOC, "Figure 2, cluster-wide (*), log file sync", "instance_avg_wait_std_dev", "0.01", "ms"),
    (DOC, "Figure 2, cluster-wide (*), log file sync", "instances", "2", "count"),
    (DOC, "Figure 2, cluster-wide (*), gcs drm freeze in enter server mode", "waits", "2776", "count"),
    (DOC, "Figure 2, cluster-wide (*), gcs drm freeze in enter server mode", "timeouts_pct", "71.33", "%"),
    (
        DOC,
        "Figure 2, cluster-wide (*), gcs drm freeze in enter server mode",
        "wait_time_total",
        "1250.38",
        "s",
    ),
    (DOC, "Figure 2, cluster-wide (*), gcs drm freeze in enter server mode", "wait_time_avg", "450.43", "ms"),
    (DOC, "Figure 2, cluster-wide (*), gcs drm freeze in enter server mode", "db_time_pct", "8.31", "%"),
    (
        DOC,
        "Figure 2, cluster-wide (*), gcs drm freeze in enter server mode",
        "instance_avg_wait_avg",
        "450.61",
        "ms",
    ),
    (
        DOC,
        "Figure 2, cluster-wide (*), gcs drm freeze in enter server mode",
        "instance_avg_wait_min",
        "446.04",
        "ms",
    ),
    (
        DOC,
        "Figure 2, cluster-wide (*), gcs drm freeze in enter server mode",
        "instance_avg_wait_max",
        "455.17",
        "ms",
    ),
    (
        DOC,
        "Figure 2, cluster-wide (*), gcs drm freeze in enter server mode",
        "instance_avg_wait_std_dev",
        "6.46",
        "ms",
    ),
    (DOC, "Figure 2, cluster-wide (*), gcs drm freeze in enter server mode", "instances", "2", "count"),
    (DOC, "Figure 2, cluster-wide (*), gc current block 2-way", "waits", "5117053", "count"),
    (DOC, "Figure 2, cluster-wide (*), gc current block 2-way", "timeouts_pct", "0.00", "%"),
    (DOC, "Figure 2, cluster-wide (*), gc current block 2-way", "wait_time_total", "1157.32", "s"),
    (DOC, "Figure 2, cluster-wide (*), gc current block 2-way", "wait_time_avg", "0.23", "ms"),
    (DOC, "Figure 2, cluster-wide (*), gc current block 2-way", "db_time_pct", "7.69", "%"),
    (DOC, "Figure 2, cluster-wide (*), gc current block 2-way", "instance_avg_wait_avg", "0.23", "ms"),
    (DOC, "Figure 2, cluster-wide (*), gc current block 2-way", "instance_avg_wait_min", "0.19", "ms"),
    (DOC, "Figure 2, cluster-wide (*), gc current block 2-way", "instance_avg_wait_max", "0.26", "ms"),
    (DOC, "Figure 2, cluster-wide (*), gc current block 2-way", "instance_avg_wait_std_dev", "0.05", "ms"),
    (DOC, "Figure 2, cluster-wide (*), gc current block 2-way", "instances", "2", "count"),
    (DOC, "Figure 2, cluster-wide (*), gc cr block 2-way", "waits", "4079817", "count"),
    (DOC, "Figure 2, cluster-wide (*), gc cr block 2-way", "timeouts_pct", "0.00", "%"),
    (DOC, "Figure 2, cluster-wide (*), gc cr block 2-way", "wait_time_total", "903.99", "s"),
    (DOC, "Figure 2, cluster-wide (*), gc cr block 2-way", "wait_time_avg", "0.22", "ms"),
    (DOC, "Figure 2, cluster-wide (*), gc cr block 2-way", "db_time_pct", "6.01", "%"),
    (DOC, "Figure 2, cluster-wide (*), gc cr block 2-way", "instance_avg_wait_avg", "0.22", "ms"),
    (DOC, "Figure 2, cluster-wide (*), gc cr block 2-way", "instance_avg_wait_min", "0.18", "ms"),
    (DOC, "Figure 2, cluster-wide (*), gc cr block 2-way", "instance_avg_wait_max", "0.26", "ms"),
    (DOC, "Figure 2, cluster-wide (*), gc cr block 2-way", "instance_avg_wait_std_dev", "0.05", "ms"),
    (DOC, "Figure 2, cluster-wide (*), gc cr block 2-way", "instances", "2", "count"),
    (DOC, "Figure 2, cluster-wide (*), gc cr grant 2-way", "waits", "2387009", "count"),
    (DOC, "Figure 2, cluster-wide (*), gc cr grant 2-way", "timeouts_pct", "0.00", "%"),
    (DOC, "Figure 2, cluster-wide (*), gc cr grant 2-way", "wait_time_total", "511.52", "s"),
    (DOC, "Figure 2, cluster-wide (*), gc cr grant 2-way", "wait_time_avg", "0.21", "ms"),
    (DOC, "Figure 2, cluster-wide (*), gc cr grant 2-way", "db_time_pct", "3.40", "%"),
    (DOC, "Figure 2, cluster-wide (*), gc cr grant 2-way", "instance_avg_wait_avg", "0.21", "ms"),
    (DOC, "Figure 2, cluster-wide (*), gc cr grant 2-way", "instance_avg_wait_min", "0.18", "ms"),
    (DOC, "Figure 2, cluster-wide (*), gc cr grant 2-way", "instance_avg_wait_max", "0.25", "ms"),
    (DOC, "Figure 2, cluster-wide (*), gc cr grant 2-way", "instance_avg_wait_std_dev", "0.05", "ms"),
    (DOC, "Figure 2, cluster-wide (*), gc cr grant 2-way", "instances", "2", "count"),
    (DOC, "Figure 2, cluster-wide (*), log file parallel write", "waits", "1020448", "count"),
    (DOC, "Figure 2, cluster-wide (*), log file parallel write", "timeouts_pct", "0.00", "%"),
    (DOC, "Figure 2, cluster-wide (*), log file parallel write", "wait_time_total", "485.73", "s"),
    (DOC, "Figure 2, cluster-wide (*), log file parallel write", "wait_time_avg", "0.48", "ms"),
    (DOC, "Figure 2, cluster-wide (*), log file parallel write", "db_time_pct", "3.23", "%"),
    (DOC, "Figure 2, cluster-wide (*), log file parallel write", "instance_avg_wait_avg", "0.48", "ms"),
    (DOC, "Figure 2, cluster-wide (*), log file parallel write", "instance_avg_wait_min", "0.47", "ms"),
    (DOC, "Figure 2, cluster-wide (*), log file parallel write", "instance_avg_wait_max", "0.48", "ms"),
    (DOC, "Figure 2, cluster-wide (*), log file parallel write", "instance_avg_wait_std_dev", "0.00", "ms"),
    (DOC, "Figure 2, cluster-wide (*), log file parallel write", "instances", "2", "count"),
    (DOC, "Figure 2, cluster-wide (*), gc current grant busy", "waits", "741233", "count"),
    (DOC, "Figure 2, cluster-wide (*), gc current grant busy", "timeouts_pct", "0.00", "%"),
    (DOC, "Figure 2, cluster-wide (*), gc current grant busy", "wait_time_total", "321.43", "s"),
    (DOC, "Figure 2, cluster-wide (*), gc current grant busy", "wait_time_avg", "0.43", "ms"),
    (DOC, "Figure 2, cluster-wide (*), gc current grant busy", "db_time_pct", "2.14", "%"),
    (DOC, "Figure 2, cluster-wide (*), gc current grant busy", "instance_avg_wait_avg", "0.51", "ms"),
    (DOC, "Figure 2, cluster-wide (*), gc current grant busy", "instance_avg_wait_min", "0.34", "ms"),
    (DOC, "Figure 2, cluster-wide (*), gc current grant busy", "instance_avg_wait_max", "0.67", "ms"),
    (DOC, "Figure 2, cluster-wide (*), gc current grant busy", "instance_avg_wait_std_dev", "0.23", "ms"),
    (DOC, "Figure 2, cluster-wide (*), gc current grant busy", "instances", "2", "count"),
    (DOC, "Figure 2, cluster-wide (*), gc current grant 2-way", "waits", "1461499", "count"),
    (DOC, "Figure 2, cluster-wide (*), gc current grant 2-way", "timeouts_pct", "0.00", "%"),
    (DOC, "Figure 2, cluster-wide (*), gc current grant 2-way", "wait_time_total", "306.95", "s"),
    (DOC, "Figure 2, cluster-wide (*), gc current grant 2-way", "wait_time_avg", "0.21", "ms"),
    (DOC, "Figure 2, cluster-wide (*), gc current grant 2-way", "db_time_pct", "2.04", "%"),
    (DOC, "Figure 2, cluster-wide (*), gc current grant 2-way", "instance_avg_wait_avg", "0.21", "ms"),
    (DOC, "Figure 2, cluster-wide (*), gc current grant 2-way", "instance_avg_wait_min", "0.18", "ms"),
    (DOC, "Figure 2, cluster-wide (*), gc current grant 2-way", "instance_avg_wait_max", "0.24", "ms"),
    (DOC, "Figure 2, cluster-wide (*), gc current grant 2-way", "instance_avg_wait_std_dev", "0.05", "ms"),
    (DOC, "Figure 2, cluster-wide (*), gc current grant 2-way", "instances", "2", "count"),
    (DOC, "Figure 2, instance 1, DB CPU", "wait_time_total", "4053.14", "s"),
    (DOC, "Figure 2, instance 1, DB CPU", "db_time_pct", "55.05", "%"),
    (DOC, "Figure 3, IOStat by Function, instance 1", "read_throughput", "136.36", "MB/s"),
    (DOC, "Figure 3, IOStat by Function, instance 1", "buffer_cache_read_throughput", "136.27", "MB/s"),
    (DOC, "Figure 3, IOStat by Function, instance 1", "direct_read_throughput", "0.00", "MB/s"),
    (DOC, "Figure 3, IOStat by Function, instance 1", "write_throughput", "66.78", "MB/s"),
    (DOC, "Figure 3, IOStat by Function, instance 1", "dbwr_write_throughput", "52.45", "MB/s"),
    (DOC, "Figure 3, IOStat by Function, instance 1", "direct_write_throughput", "0.00", "MB/s"),
    (DOC, "Figure 3, IOStat by Function, instance 1", "lgwr_write_throughput", "14.32", "MB/s"),
    (DOC, "Figure 3, IOStat by Function, instance 1", "read_iops", "17443.95", "IOPS"),
    (DOC, "Figure 3, IOStat by Function, instance 1", "buffer_cache_read_iops", "17437.51", "IOPS"),
    (DOC, "Figure 3, IOStat by Function, instance 1", "direct_read_iops", "0.00", "IOPS"),
    (DOC, "Figure 3, IOStat by Function, instance 1", "write_iops", "8853.57", "IOPS"),
    (DOC, "Figure 3, IOStat by Function, instance 1", "dbwr_write_iops", "5360.55", "IOPS"),
    (DOC, "Figure 3, IOStat by Function, instance 1", "direct_write_iops", "0.01", "IOPS"),
    (DOC, "Figure 3, IOStat by Function, instance 1", "lgwr_write_iops", "3492.47", "IOPS"),
    (DOC, "Figure 3, IOStat by Function, instance 2", "read_throughput", "140.61", "MB/s"),
    (DOC, "Figure 3, IOStat by Function, instance 2", "buffer_cache_read_throughput", "140.52", "MB/s"),
    (DOC, "Figure 3, IOStat by Function, instance 2", "direct_read_throughput", "0.00", "MB/s"),
    (DOC, "Figure 3, IOStat by Function, instance 2", "write_throughput", "58.38", "MB/s"),
    (DOC, "Figure 3, IOStat by Function, instance 2", "dbwr_write_throughput", "44.16", "MB/s"),
    (DOC, "Figure 3, IOStat by Function, instance 2", "direct_write_throughput", "0.00", "MB/s"),
    (DOC, "Figure 3, IOStat by Function, instance 2", "lgwr_write_throughput", "14.21", "MB/s"),
    (DOC, "Figure 3, IOStat by Function, instance 2", "read_iops", "17986.48", "IOPS"),
    (DOC, "Figure 3, IOStat by Function, instance 2", "buffer_cache_read_iops", "17980.60", "IOPS"),
    (DOC, "Figure 3, IOStat by Function, instance 2", "direct_read_iops", "0.00", "IOPS"),
    (DOC, "Figure 3, IOStat by Function, instance 2", "write_iops", "8106.08", "IOPS"),
    (DOC, "Figure 3, IOStat by Function, instance 2", "dbwr_write_iops", "4595.68", "IOPS"),
    (DOC, "Figure 3, IOStat by Function, instance 2", "direct_write_iops", "0.01", "IOPS"),
    (DOC, "Figure 3, IOStat by Function, instance 2", "lgwr_write_iops", "3509.84", "IOPS"),
    (DOC, "Figure 3, IOStat by Function, sum of instances", "read_throughput", "276.97", "MB/s"),
    (DOC, "Figure 3, IOStat by Function, sum of instances", "buffer_cache_read_throughput", "276.79", "MB/s"),
    (DOC, "Figure 3, IOStat by Function, sum of instances", "direct_read_throughput", "0.00", "MB/s"),
    (DOC, "Figure 3, IOStat by Function, sum of instances", "write_throughput", "125.16", "MB/s"),
    (DOC, "Figure 3, IOStat by Function, sum of instances", "dbwr_write_throughput", "96.61", "MB/s"),
    (DOC, "Figure 3, IOStat by Function, sum of instances", "direct_write_throughput", "0.00", "MB/s"),
    (DOC, "Figure 3, IOStat by Function, sum of instances", "lgwr_write_throughput", "28.53", "MB/s"),
    (DOC, "Figure 3, IOStat by Function, sum of instances", "read_iops", "35430.43", "IOPS"),
    (DOC, "Figure 3, IOStat by Function, sum of instances", "buffer_cache_read_iops", "35418.11", "IOPS"),
    (DOC, "Figure 3, IOStat by Function, sum of instances", "direct_read_iops", "0.00", "IOPS"),
    (DOC, "Figure 3, IOStat by Function, sum of instances", "write_iops", "16959.65", "IOPS"),
    (DOC, "Figure 3, IOStat by Function, sum of instances", "dbwr_write_iops", "9956.24", "IOPS"),
    (DOC, "Figure 3, IOStat by Function, sum of instances", "direct_write_iops", "0.01", "IOPS"),
    (DOC, "Figure 3, IOStat by Function, sum of instances", "lgwr_write_iops", "7002.32", "IOPS"),
    (DOC, "Figure 3, IOStat by Function, average of instances", "read_throughput", "138.48", "MB/s"),
    (
        DOC,
        "Figure 3, IOStat by Function, average of instances",
        "buffer_cache_read_throughput",
        "138.39",
        "MB/s",
    ),
    (DOC, "Figure 3, IOStat by Function, average of instances", "direct_read_throughput", "0.00", "MB/s"),
    (DOC, "Figure 3, IOStat by Function, average of instances", "write_throughput", "62.58", "MB/s"),
    (DOC, "Figure 3, IOStat by Function, average of instances", "dbwr_write_throughput", "48.30", "MB/s"),
    (DOC, "Figure 3, IOStat by Function, average of instances", "direct_write_throughput", "0.00", "MB/s"),
    (DOC, "Figure 3, IOStat by Function, average of instances", "lgwr_write_throughput", "14.27", "MB/s"),
    (DOC, "Figure 3, IOStat by Function, average of instances", "read_iops", "17715.22", "IOPS"),
    (DOC, "Figure 3, IOStat by Function, average of instances", "buffer_cache_read_iops", "17709.06", "IOPS"),
    (DOC, "Figure 3, IOStat by Function, average of instances", "direct_read_iops", "0.00", "IOPS"),
    (DOC, "Figure 3, IOStat by Function, average of instances", "write_iops", "8479.83", "IOPS"),
    (DOC, "Figure 3, IOStat by Function, average of instances", "dbwr_write_iops", "4978.12", "IOPS"),
    (DOC, "Figure 3, IOStat by Function, average of instances", "direct_write_iops", "0.01", "IOPS"),
    (DOC, "Figure 3, IOStat by Function, average of instances", "lgwr_write_iops", "3501.16", "IOPS"),
    (DOC, "Figure 3, IOStat by File Type, instance 1", "read_throughput", "136.28", "MB/s"),
    (DOC, "Figure 3, IOStat by File Type, instance 1", "data_file_read_throughput", "136.20", "MB/s"),
    (DOC, "Figure 3, IOStat by File Type, instance 1", "temp_file_read_throughput", "0.00", "MB/s"),
    (DOC, "Figure 3, IOStat by File Type, instance 1", "write_throughput", "66.77", "MB/s"),
    (DOC, "Figure 3, IOStat by File Type, instance 1", "data_file_write_throughput", "52.44", "MB/s"),
    (DOC, "Figure 3, IOStat by File Type, instance 1", "temp_file_write_throughput", "0.00", "MB/s"),
    (DOC, "Figure 3, IOStat by File Type, instance 1", "log_file_write_throughput", "14.32", "MB/s"),
    (DOC, "Figure 3, IOStat by File Type, instance 1", "read_iops", "17427.85", "IOPS"),
    (DOC, "Figure 3, IOStat by File Type, instance 1", "data_file_read_iops", "17422.52", "IOPS"),
    (DOC, "Figure 3, IOStat by File Type, instance 1", "temp_file_read_iops", "0.00", "IOPS"),
    (DOC, "Figure 3, IOStat by File Type, instance 1", "write_iops", "8851.99", "IOPS"),
    (DOC, "Figure 3, IOStat by File Type, instance 1", "data_file_write_iops", "5359.00", "IOPS"),
    (DOC, "Figure 3, IOStat by File Type, instance 1", "temp_file_write_iops", "0.00", "IOPS"),
    (DOC, "Figure 3, IOStat by File Type, instance 1", "log_file_write_iops", "3492.47", "IOPS"),
    (DOC, "Figure 3, IOStat by File Type, instance 2", "read_throughput", "140.55", "MB/s"),
    (DOC, "Figure 3, IOStat by File Type, instance 2", "data_file_read_throughput", "140.46", "MB/s"),
    (DOC, "Figure 3, IOStat by File Type, instance 2", "temp_file_read_throughput", "0.00", "MB/s"),
    (DOC, "Figure 3, IOStat by File Type, instance 2", "write_throughput", "58.38", "MB/s"),
    (DOC, "Figure 3, IOStat by File Type, instance 2", "data_file_write_throughput", "44.16", "MB/s"),
    (DOC, "Figure 3, IOStat by File Type, instance 2", "temp_file_write_throughput", "0.00", "MB/s"),
    (DOC, "Figure 3, IOStat by File Type, instance 2", "log_file_write_throughput", "14.21", "MB/s"),
    (DOC, "Figure 3, IOStat by File Type, instance 2", "read_iops", "17976.40", "IOPS"),
    (DOC, "Figure 3, IOStat by File Type, instance 2", "data_file_read_iops", "17970.52", "IOPS"),
    (DOC, "Figure 3, IOStat by File Type, instance 2", "temp_file_read_iops", "0.04", "IOPS"),
    (DOC, "Figure 3, IOStat by File Type, instance 2", "write_iops", "8104.97", "IOPS"),
    (DOC, "Figure 3, IOStat by File Type, instance 2", "data_file_write_iops", "4594.55", "IOPS"),
    (DOC, "Figure 3, IOStat by File Type, instance 2", "temp_file_write_iops", "0.05", "IOPS"),
    (DOC, "Figure 3, IOStat by File Type, instance 2", "log_file_write_iops", "3509.85", "IOPS"),
    (DOC, "Figure 3, IOStat by File Type, sum of instances", "read_throughput", "276.83", "MB/s"),
    (DOC, "Figure 3, IOStat by File Type, sum of instances", "data_file_read_throughput", "276.66", "MB/s"),
    (DOC, "Figure 3, IOStat by File Type, sum of instances", "temp_file_read_throughput", "0.00", "MB/s"),
    (DOC, "Figure 3, IOStat by File Type, sum of instances", "write_throughput", "125.15", "MB/s"),
    (DOC, "Figure 3, IOStat by File Type, sum of instances", "data_file_write_throughput", "96.60", "MB/s"),
    (DOC, "Figure 3, IOStat by File Type, sum of instances", "temp_file_write_throughput", "0.00", "MB/s"),
    (DOC, "Figure 3, IOStat by File Type, sum of instances", "log_file_write_throughput", "28.53", "MB/s"),
    (DOC, "Figure 3, IOStat by File Type, sum of instances", "read_iops", "35404.25", "IOPS"),
    (DOC, "Figure 3, IOStat by File Type, sum of instances", "data_file_read_iops", "35393.04", "IOPS"),
    (DOC, "Figure 3, IOStat by File Type, sum of instances", "temp_file_read_iops", "0.05", "IOPS"),
    (DOC, "Figure 3, IOStat by File Type, sum of instances", "write_iops", "16956.96", "IOPS"),
    (DOC, "Figure 3, IOStat by File Type, sum of instances", "data_file_write_iops", "9953.55", "IOPS"),
    (DOC, "Figure 3, IOStat by File Type, sum of instances", "temp_file_write_iops", "0.05", "IOPS"),
    (DOC, "Figure 3, IOStat by File Type, sum of instances", "log_file_write_iops", "7002.32", "IOPS"),
    (DOC, "Figure 3, IOStat by File Type, average of instances", "read_throughput", "138.42", "MB/s"),
    (
        DOC,
        "Figure 3, IOStat by File Type, average of instances",
        "data_file_read_throughput",
        "138.33",
        "MB/s",
    ),
    (DOC, "Figure 3, IOStat by File Type, average of instances", "temp_file_read_throughput", "0.00", "MB/s"),
    (DOC, "Figure 3, IOStat by File Type, average of instances", "write_throughput", "62.58", "MB/s"),
    (
        DOC,
        "Figure 3, IOStat by File Type, average of instances",
        "data_file_write_throughput",
        "48.30",
        "MB/s",
    ),
    (
        DOC,
        "Figure 3, IOStat by File Type, average of instances",
        "temp_file_write_throughput",
        "0.00",
        "MB/s",
    ),
    (
        DOC,
        "Figure 3, IOStat by File Type, average of instances",
        "log_file_write_throughput",
        "14.27",
        "MB/s",
    ),
    (DOC, "Figure 3, IOStat by File Type, average of instances", "read_iops", "17702.12", "IOPS"),
    (DOC, "Figure 3, IOStat by File Type, average of instances", "data_file_read_iops", "17696.52", "IOPS"),
    (DOC, "Figure 3, IOStat by File Type, average of instances", "temp_file_read_iops", "0.02", "IOPS"),
    (DOC, "Figure 3, IOStat by File Type, average of instances", "write_iops", "8478.48", "IOPS"),
    (DOC, "Figure 3, IOStat by File Type, average of instances", "data_file_write_iops", "4976.77", "IOPS"),
    (DOC, "Figure 3, IOStat by File Type, average of instances", "temp_file_write_iops", "0.03", "IOPS"),
    (DOC, "Figure 3, IOStat by File Type, average of instances", "log_file_write_iops", "3501.16", "IOPS"),
]

# Table 1 configuration specifications (attributes of the reference configurations): slug, name, value, unit
TABLE_1: list[tuple[str, str, str, str]] = [
    ("oracle-fs1-quarter-rack", "rack_units", "14", "U"),
    ("oracle-fs1-quarter-rack", "servers", "2", "count"),
    ("oracle-fs1-quarter-rack", "cores", "72", "count"),
    ("oracle-fs1-quarter-rack", "memory", "512", "GB"),
    ("oracle-fs1-quarter-rack", "raw_capacity", "34.8", "TB"),
    ("oracle-fs1-quarter-rack", "nominal_iops", "189000", "IOPS"),
    ("oracle-fs1-quarter-rack", "rac_nodes", "2", "count"),
    ("oracle-fs1-quarter-rack", "sga", "256", "GB"),
    ("oracle-fs1-quarter-rack", "usable_data", "14.1", "TB"),
    ("oracle-fs1-quarter-rack", "usable_redo", "0.3", "TB"),
    ("oracle-fs1-quarter-rack", "usable_fra", "3.7", "TB"),
    ("oracle-fs1-quarter-rack", "swingbench_tps", "25800", "TPS"),
    ("oracle-fs1-half-rack", "rack_units", "20", "U"),
    ("oracle-fs1-half-rack", "servers", "4", "count"),
    ("oracle-fs1-half-rack", "cores", "144", "count"),
    ("oracle-fs1-half-rack", "memory", "1024", "GB"),
    ("oracle-fs1-half-rack", "raw_capacity", "78.3", "TB"),
    ("oracle-fs1-half-rack", "nominal_iops", "248000", "IOPS"),
    ("oracle-fs1-half-rack", "rac_nodes", "4", "count"),
    ("oracle-fs1-half-rack", "sga", "512", "GB"),
    ("oracle-fs1-half-rack", "usable_data", "32.4", "TB"),
    ("oracle-fs1-half-rack", "usable_redo", "0.6", "TB"),
    ("oracle-fs1-half-rack", "usable_fra", "8.2", "TB"),
    ("oracle-fs1-half-rack", "swingbench_tps", "39000", "TPS"),
]

# threshold rule slug -> (locator the rule cites, {parameter: (value as printed, unit)})
THRESHOLDS: dict[str, tuple[str, dict[str, tuple[str, str]]]] = {
    "ssd-read-latency-stress": ("Balance Charts", {"stress": ("1.5", "ms"), "serious": ("2", "ms")}),
    "cpu-utilisation-limit": ("Balance Charts", {"stress": ("70", "%"), "limit": ("80", "%")}),
    "swingbench-response-threshold": ("Table 1", {"response_time": ("20", "ms")}),
}

pytestmark = pytest.mark.django_db


def _key(row: tuple[str, str, str, object, str]) -> tuple[str, str, str, Decimal, str]:
    document, locator, quantity, value, unit = row
    return (document, locator, quantity, Decimal(str(value)).normalize(), unit)


def test_every_measured_number_is_loaded(loaded_catalog: None) -> None:
    loaded = Counter(_key(row) for row in measured_values() if row[0] == DOC)
    expected = Counter(_key(row) for row in MEASURED)
    missing = expected - loaded
    assert not missing, f"not in the catalog: {sorted(missing.elements())}"


def test_no_unlisted_measured_number(loaded_catalog: None) -> None:
    # The list above is complete: the catalog holds no oracle-fs1-2016 value the list does not name.
    loaded = Counter(_key(row) for row in measured_values() if row[0] == DOC)
    extra = loaded - Counter(_key(row) for row in MEASURED)
    assert not extra, f"in the catalog but not in the list: {sorted(extra.elements())}"


def test_measured_list_size() -> None:
    # 13 Table 1 / Conclusion / redo entries (7 numbers plus the 1 ms and 20 ms limits of each point)
    # + Figure 2 (DB CPU 3 + 9 events x 10 + instance 1 DB CPU 2) + Figure 3 (2 tables x 4 rows x 14).
    assert len(MEASURED) == 13 + 95 + 112
    assert len(set(MEASURED)) == len(MEASURED) - 3  # only the per-rack 1 ms / 20 ms limits repeat


def test_table_1_specifications(loaded_catalog: None) -> None:
    for slug, name, value, unit in TABLE_1:
        attributes = Configuration.objects.get(slug=slug).attributes
        assert name in attributes, f"{slug}: no attribute {name}"
        assert Decimal(attributes[name]["value"]) == Decimal(value), (slug, name, attributes[name])
        assert attributes[name]["unit"] == unit, (slug, name, attributes[name])


@pytest.mark.parametrize(
    ("slug", "data_tb", "redo_tb", "fra_tb"),
    [("oracle-fs1-quarter-rack", "14.1", "0.3", "3.7"), ("oracle-fs1-half-rack", "32.4", "0.6", "8.2")],
)
def test_disk_groups_give_table_1_usable_capacity(
    loaded_catalog: None, slug: str, data_tb: str, redo_tb: str, fra_tb: str
) -> None:
    # Table 1 usable TB = LUNs x LUN size (GB) / 1024, rounded to one decimal: the check behind the
    # reading of the garbled Table 5 (half rack: DATA 10 x 3,320 GB, REDO 2 x 300 GB, FRA 4 x 2,100 GB).
    groups = ConfigurationLayout.objects.filter(configuration__slug=slug, kind="asm_disk_group")
    tb = {
        g.name: (Decimal(g.luns or 0) * (g.lun_size_gb or Decimal(0)) / 1024).quantize(Decimal("0.1"))
        for g in groups
    }
    assert tb["DATA"] == Decimal(data_tb)
    assert tb["REDO"] == Decimal(redo_tb)
    assert tb["FRA"] == Decimal(fra_tb)
    assert all(g.redundancy == "external" for g in groups)


@pytest.mark.parametrize(
    ("slug", "lun_rows"), [("oracle-fs1-quarter-rack", 13), ("oracle-fs1-half-rack", 27)]
)
def test_lun_tables_12_and_13(loaded_catalog: None, slug: str, lun_rows: int) -> None:
    luns = list(ConfigurationLayout.objects.filter(configuration__slug=slug, kind="lun").order_by("position"))
    assert len(luns) == lun_rows
    assert luns[0].name == "OCR-01-01" and luns[0].controllers == [1]
    data = [lun for lun in luns if lun.name.startswith("DATA-")]
    # DATA LUNs alternate between the two controllers, half on each (Tables 12 and 13)
    assert [lun.controllers for lun in data] == [[1], [2]] * (len(data) // 2)


@pytest.mark.parametrize("slug", sorted(THRESHOLDS))
def test_threshold_rules_hold_the_stated_limits(loaded_catalog: None, slug: str) -> None:
    locator, parameters = THRESHOLDS[slug]
    rule = SizingRule.objects.select_related("source_document").get(slug=slug, is_current=True)
    assert rule.kind == "threshold"
    assert rule.source_document.slug == DOC
    assert rule.source_locator.startswith(locator), rule.source_locator
    assert rule.parameters == {
        name: {"value": value, "unit": unit} for name, (value, unit) in parameters.items()
    }


def test_no_unlisted_threshold_rule(loaded_catalog: None) -> None:
    current = SizingRule.objects.filter(source_document__slug=DOC, kind="threshold", is_current=True)
    assert sorted(current.values_list("slug", flat=True)) == sorted(THRESHOLDS)
