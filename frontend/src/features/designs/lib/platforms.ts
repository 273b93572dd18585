/**
 * The platform vocabulary of the engine (backend/sizing/inputs.py: FAMILIES, STORAGE_MODELS,
 * RAID_BY_FAMILY, DEFAULT_RAID), with the words an architect reads in the forms.
 */

export interface FamilyInfo {
  family: string;
  label: string;
  storageModels: { value: string; label: string }[];
  raidLevels: { value: string; label: string }[];
  /** What `arrays` counts for this family. */
  arraysLabel: string;
  drivesPerEnclosure: boolean;
  pam: boolean;
  /** The measured server the engine assumes when cores per node is left empty (sizing.inputs.DEFAULT_SERVER). */
  server: { coresPerNode: number; label: string };
}

export const FAMILIES: FamilyInfo[] = [
  {
    family: 'oracle-fs1',
    label: 'Oracle FS1-2 (RAC quarter/half rack)',
    storageModels: [{ value: 'FS1-2', label: 'Oracle FS1-2 all-flash' }],
    raidLevels: [
      { value: 'mirrored', label: 'Mirrored' },
      { value: 'single_parity', label: 'Single parity' },
      { value: 'double_parity', label: 'Double parity' },
    ],
    arraysLabel: 'Drive enclosures',
    drivesPerEnclosure: true,
    pam: false,
    server: { coresPerNode: 36, label: '2 × 18-core Sun X5-2' },
  },
  {
    family: 'equallogic',
    label: 'Dell EqualLogic',
    storageModels: [
      { value: 'PS6010XV', label: 'PS6010XV (15K SAS)' },
      { value: 'PS6010S', label: 'PS6010S (SSD)' },
      { value: 'PS6110XV', label: 'PS6110XV (10GbE, 15K SAS)' },
    ],
    raidLevels: [
      { value: 'raid10', label: 'RAID 10' },
      { value: 'raid50', label: 'RAID 50' },
      { value: 'raid5', label: 'RAID 5' },
      { value: 'raid6', label: 'RAID 6' },
    ],
    arraysLabel: 'EqualLogic arrays',
    drivesPerEnclosure: false,
    pam: false,
    server: { coresPerNode: 8, label: '2 × quad-core PowerEdge R710' },
  },
  {
    family: 'xtremio',
    label: 'EMC XtremIO',
    storageModels: [{ value: 'X-Brick', label: 'X-Brick' }],
    raidLevels: [{ value: 'xdp', label: 'XDP' }],
    arraysLabel: 'X-Bricks',
    drivesPerEnclosure: false,
    pam: false,
    server: { coresPerNode: 8, label: '8-core vSphere host' },
  },
  {
    family: 'netapp',
    label: 'NetApp FAS',
    storageModels: [{ value: 'FAS3140', label: 'FAS3140' }],
    raidLevels: [{ value: 'raid_dp', label: 'RAID-DP' }],
    arraysLabel: 'Controllers (an HA pair is 2)',
    drivesPerEnclosure: false,
    pam: true,
    server: { coresPerNode: 8, label: '2 × quad-core HP DL580 G5' },
  },
];

export function familyInfo(family: string): FamilyInfo {
  return FAMILIES.find((f) => f.family === family) ?? FAMILIES[0]!;
}

export function familyLabel(family: string | undefined): string {
  return FAMILIES.find((f) => f.family === family)?.label ?? family ?? '—';
}

export function raidLabel(raid: string | null | undefined): string {
  for (const f of FAMILIES) {
    const level = f.raidLevels.find((r) => r.value === raid);
    if (level) return level.label;
  }
  return raid ?? 'default';
}
