/**
 * Starting points for a new design: the catalog's reference configurations (FS1-2 quarter/half
 * rack, XtremIO) plus platform-only starts for the families that have no reference configuration
 * (EqualLogic arrays, NetApp with or without PAM).
 */
import type { PlatformInput, ReferenceDesign, WorkloadInput } from '../api/types';
import { formFromInputs, toInputs } from './design-form';

export interface StartingPoint {
  id: string;
  label: string;
  family: string;
  description: string;
  source: string | null;
  platform: PlatformInput;
  /** The workload a start implies (DSS for the DSS report's arrays); OLTP when absent. */
  workload?: WorkloadInput;
  referenceConfiguration: string | null;
}

const FAMILY_STARTS: StartingPoint[] = [
  {
    id: 'equallogic-ps6010xv',
    label: 'EqualLogic PS6010XV, 1 array, RAID 10',
    family: 'equallogic',
    description: '2 RAC nodes on one PS6010XV (15K SAS), the Dell OLTP sizing study setup.',
    source: null,
    platform: { family: 'equallogic', storage_model: 'PS6010XV', rac_nodes: 2, cores_per_node: 8, arrays: 1, raid: 'raid10' },
    referenceConfiguration: null,
  },
  {
    id: 'equallogic-ps6110xv-dss',
    label: 'EqualLogic PS6110XV, 2 arrays, RAID 50 (DSS)',
    family: 'equallogic',
    description: 'A data warehouse scanning 1 MB reads from two PS6110XV arrays, the Dell DSS baseline setup.',
    source: null,
    platform: { family: 'equallogic', storage_model: 'PS6110XV', rac_nodes: 2, arrays: 2, raid: 'raid50' },
    workload: { kind: 'dss', target_throughput_mb_s: 1000 },
    referenceConfiguration: null,
  },
  {
    id: 'netapp-fas3140',
    label: 'NetApp FAS3140 HA pair, without PAM',
    family: 'netapp',
    description: 'Two FAS3140 controllers with RAID-DP over NFS.',
    source: null,
    platform: { family: 'netapp', storage_model: 'FAS3140', rac_nodes: 1, arrays: 2, pam: false },
    referenceConfiguration: null,
  },
  {
    id: 'netapp-fas3140-pam',
    label: 'NetApp FAS3140 HA pair, with PAM',
    family: 'netapp',
    description: 'The same controllers with the Performance Acceleration Module read cache.',
    source: null,
    platform: { family: 'netapp', storage_model: 'FAS3140', rac_nodes: 1, arrays: 2, pam: true },
    referenceConfiguration: null,
  },
];

export const DEFAULT_WORKLOAD: WorkloadInput = { kind: 'oltp', users: 1000 };

export function startingPoints(references: ReferenceDesign[]): StartingPoint[] {
  const fromCatalog = references.map((r) => ({
    id: r.slug,
    label: r.name,
    family: r.platform,
    description: r.description,
    source: [r.document, r.source_locator].filter(Boolean).join(', ') || null,
    platform: r.platform_inputs,
    referenceConfiguration: r.slug,
  }));
  const covered = new Set(fromCatalog.map((s) => s.family));
  // A family the catalog already has a reference for does not need a generic start.
  return [...fromCatalog, ...FAMILY_STARTS.filter((s) => !covered.has(s.family))];
}

export function defaultDesignName(start: StartingPoint, existingNames: string[]): string {
  const base = start.label.split(' (')[0] ?? start.label;
  let name = base;
  for (let n = 2; existingNames.includes(name); n += 1) name = `${base} (${n})`;
  return name;
}

/** The inputs a new design is created with: every default written out, exactly as the editor will
 * send them, so the first save's revision shows only what the architect changed. */
export function newDesignInputs(start: StartingPoint): { workload: WorkloadInput; platform: PlatformInput } {
  const workload = start.workload ?? DEFAULT_WORKLOAD;
  return toInputs(formFromInputs(workload, start.platform)) ?? { workload, platform: start.platform };
}
