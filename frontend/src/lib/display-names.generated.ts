// Generated from backend/sizing/display.py by `make display-names`: do not edit by hand.
// The words a reader sees for the engine's values, the same as the proposal PDF prints.

export const STATIONS: Readonly<Record<string, string>> = {
  "cpu": "Server CPU",
  "storage": "Storage",
  "storage_path": "Host I/O path to the arrays",
  "network": "Network",
  "net": "Network",
  "disk": "Disks",
  "host": "Host processing",
  "other": "Other server time",
  "think": "Think time"
};

export const BALANCE: Readonly<Record<string, string>> = {
  "cpu-bound": "CPU-bound",
  "storage-bound": "Storage-bound",
  "balanced": "Balanced"
};

export const VERDICTS: Readonly<Record<string, string>> = {
  "holds": "Holds",
  "holds-until": "Holds until",
  "does-not-hold": "Does not hold"
};

export const DRIVES: Readonly<Record<string, string>> = {
  "ssd": "SSD",
  "sas_15k": "15K SAS",
  "sas_10k": "10K SAS",
  "sas_7k2": "7.2K SAS",
  "sata_7k2": "7.2K SATA",
  "nl_sas": "Near-line SAS",
  "fc_15k": "15K FC",
  "sata": "SATA"
};

export const FAMILIES: Readonly<Record<string, string>> = {
  "oracle-fs1": "Oracle FS1-2",
  "equallogic": "Dell EqualLogic",
  "xtremio": "EMC XtremIO",
  "netapp": "NetApp FAS"
};

export const STORAGE_UNITS: Readonly<Record<string, readonly [string, string]>> = {
  "FS1-2": [
    "drive enclosure",
    "drive enclosures"
  ],
  "PS6010XV": [
    "array",
    "arrays"
  ],
  "PS6010S": [
    "array",
    "arrays"
  ],
  "PS6110XV": [
    "array",
    "arrays"
  ],
  "X-Brick": [
    "X-Brick",
    "X-Bricks"
  ],
  "FAS3140": [
    "controller",
    "controllers"
  ]
};

export const WORKLOAD_KINDS: Readonly<Record<string, string>> = {
  "oltp": "OLTP",
  "dss": "DSS (data warehouse)"
};

export const IO_PATTERNS: Readonly<Record<string, string>> = {
  "random": "Random",
  "sequential": "Sequential"
};

export const RAID: Readonly<Record<string, string>> = {
  "mirrored": "Mirrored",
  "single_parity": "Single parity",
  "double_parity": "Double parity",
  "raid10": "RAID 10",
  "raid50": "RAID 50",
  "raid6": "RAID 6",
  "raid5": "RAID 5",
  "xdp": "XDP",
  "raid_dp": "RAID-DP",
  "raid0": "RAID 0",
  "concat": "Concatenated"
};

export const DOCUMENTS: Readonly<Record<string, string>> = {
  "dell-equallogic-oltp-2010": "the Dell EqualLogic OLTP sizing study (2010)",
  "dell-equallogic-dss-2012": "the Dell EqualLogic PS6110XV DSS baseline (2012)",
  "emc-xtremio-2014": "the EMC XtremIO Oracle consolidation study (2014)",
  "netapp-pam-2009": "the NetApp PAM Oracle OLTP characterization (2009)",
  "oracle-fs1-2016": "the Oracle FS1-2 RAC reference architecture (2016)",
  "oracle-licensing": "Oracle's core factor table and price list"
};

export const CONFIGURATIONS: Readonly<Record<string, string>> = {
  "oracle-fs1-quarter-rack": "Oracle FS1-2 quarter rack",
  "oracle-fs1-half-rack": "Oracle FS1-2 half rack",
  "xtremio-two-xbrick-cluster": "EMC XtremIO two-X-Brick cluster"
};

export const RULES: Readonly<Record<string, string>> = {
  "xtremio-linear-scaling": "XtremIO linear scaling"
};
