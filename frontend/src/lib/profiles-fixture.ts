/**
 * Test data: the platform registry with a workload profile on every family, as the model families
 * publish them (slugs and labels made up here; XtremIO's label left empty, as a family may publish
 * it, to exercise the fall-back to the slug). Used by the tests only.
 */
import type { PlatformRegistry } from './platforms';
import { platformRegistry } from './platforms-fixture';

export const TEST_PROFILES: Record<string, { profile: string; profile_label: string }> = {
  'oracle-fs1': { profile: 'swingbench-oe', profile_label: 'Swingbench Order Entry (Oracle FS1-2)' },
  equallogic: { profile: 'tpcc', profile_label: 'TPC-C (Dell EqualLogic)' },
  xtremio: { profile: 'slob', profile_label: '' },
  netapp: { profile: 'netapp-oet', profile_label: 'NetApp order-entry (OET)' },
};

export const profiledRegistry = (): PlatformRegistry => platformRegistry().map((f) => ({ ...f, ...(TEST_PROFILES[f.family] ?? {}) }));
