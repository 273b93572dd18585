"""Closed vocabularies of the catalog. The fixture schema (fixtures/schema/catalog.schema.json) uses the
same values; a test checks that the two agree, so they are never copied by hand without a check."""

from __future__ import annotations

from django.db import models


class PartKind(models.TextChoices):
    SERVER = "server", "Server"
    CPU = "cpu", "CPU"
    MEMORY_MODULE = "memory_module", "Memory module"
    DRIVE = "drive", "Drive"
    DRIVE_ENCLOSURE = "drive_enclosure", "Drive enclosure"
    STORAGE_ARRAY = "storage_array", "Storage array"
    STORAGE_CONTROLLER = "storage_controller", "Storage controller"
    XBRICK = "xbrick", "X-Brick"
    SWITCH = "switch", "Switch"
    HBA = "hba", "HBA"
    NIC = "nic", "NIC"
    OPTICS = "optics", "Optics"
    CABLE = "cable", "Cable"
    FILLER = "filler", "Filler"
    RACK_ITEM = "rack_item", "Rack item"
    SOFTWARE = "software", "Software"
    OTHER = "other", "Other"


class DriveTechnology(models.TextChoices):
    SSD = "ssd", "SSD"
    SAS_15K = "sas_15k", "15K SAS"
    SAS_10K = "sas_10k", "10K SAS"
    SAS_7K2 = "sas_7k2", "7.2K SAS"
    SATA_7K2 = "sata_7k2", "7.2K SATA"
    NL_SAS = "nl_sas", "Near-line SAS"


class RaidLevel(models.TextChoices):
    RAID0 = "raid0", "RAID 0"
    RAID1 = "raid1", "RAID 1"
    RAID5 = "raid5", "RAID 5"
    RAID6 = "raid6", "RAID 6"
    RAID10 = "raid10", "RAID 10"
    RAID50 = "raid50", "RAID 50"
    RAID_DP = "raid_dp", "RAID-DP"
    XDP = "xdp", "XDP"
    MIRRORED = "mirrored", "Mirrored"
    SINGLE_PARITY = "single_parity", "Single parity"
    DOUBLE_PARITY = "double_parity", "Double parity"


class HostPortProtocol(models.TextChoices):
    FC = "fc", "Fibre Channel"
    ISCSI = "iscsi", "iSCSI"
    NFS = "nfs", "NFS"
    INFINIBAND = "infiniband", "InfiniBand"
    ETHERNET = "ethernet", "Ethernet"
    SAS = "sas", "SAS"


# The catalog's vocabulary of platform families: the engine's registry (sizing/platforms.py) holds
# what each family is and does; the catalog may not import the engine (only the adapter does), so
# engine_adapter/tests/test_platforms_endpoint.py checks that the two lists agree. `server` and `network`
# tag catalog rows that belong to no storage family.
class Platform(models.TextChoices):
    ORACLE_FS1 = "oracle-fs1", "Oracle FS1-2"
    EQUALLOGIC = "equallogic", "Dell EqualLogic"
    XTREMIO = "xtremio", "EMC XtremIO"
    NETAPP = "netapp", "NetApp FAS"
    SERVER = "server", "Server"
    NETWORK = "network", "Network"


class ConfigurationRole(models.TextChoices):
    REFERENCE = "reference", "Reference design"
    ARRAY = "array", "Storage building block"
    TEST_SYSTEM = "test-system", "Measured test system"


class ComponentSection(models.TextChoices):
    SERVERS = "servers", "Servers"
    STORAGE = "storage", "Storage"
    NETWORK = "network", "Network"
    SOFTWARE = "software", "Software"
    MISCELLANEOUS = "miscellaneous", "Miscellaneous"


class LayoutKind(models.TextChoices):
    ASM_DISK_GROUP = "asm_disk_group", "ASM disk group"
    VOLUME = "volume", "Volume"
    LUN = "lun", "LUN"


class AsmRedundancy(models.TextChoices):
    EXTERNAL = "external", "External"
    NORMAL = "normal", "Normal"
    HIGH = "high", "High"


class RuleKind(models.TextChoices):
    DEMAND = "demand", "Demand"
    CAPACITY = "capacity", "Capacity"
    THRESHOLD = "threshold", "Threshold"
    BEST_PRACTICE = "best_practice", "Best practice"
    SCALING = "scaling", "Scaling"


class Severity(models.TextChoices):
    INFO = "info", "Info"
    WARNING = "warning", "Warning"
    CRITICAL = "critical", "Critical"


class CheckOp(models.TextChoices):
    EQ = "eq", "equals"
    NE = "ne", "differs from"
    LTE = "lte", "at most"
    GTE = "gte", "at least"
    LT = "lt", "below"
    GT = "gt", "above"
    IN = "in", "one of"


class Unit(models.TextChoices):
    """The closed unit list of fixtures/README.md; every measured value and rule parameter uses one."""

    USERS = "users", "users"
    SESSIONS = "sessions", "sessions"
    QUEUE_DEPTH = "queue_depth", "queue depth"
    WAREHOUSES = "warehouses", "warehouses"
    COUNT = "count", "count"
    TPS = "TPS", "transactions per second"
    TPM = "TPM", "transactions per minute"
    IOPS = "IOPS", "I/O operations per second"
    MB_S = "MB/s", "megabytes per second"
    GB_S = "GB/s", "gigabytes per second"
    TB_H = "TB/h", "terabytes per hour"
    MS = "ms", "milliseconds"
    S = "s", "seconds"
    MIN = "min", "minutes"
    H = "h", "hours"
    PERCENT = "%", "percent"
    FRACTION = "fraction", "fraction"
    RATIO = "ratio", "ratio"
    GB = "GB", "gigabytes"
    TB = "TB", "terabytes"
    U = "U", "rack units"
    GHZ = "GHz", "gigahertz"
    GBIT_S = "Gb/s", "gigabits per second"
    # A number the document prints without a unit (the Dell DSS Section 3.2.1.3 completion times): kept
    # as printed, never converted. A quantity name that implies a unit refuses it, except
    # `*completion_time` (catalog.units).
    UNSTATED = "unstated", "unit not stated by the document"
