import { describe, expect, it } from 'vitest';
import { CUSTOM_PROFILE, CUSTOM_PROFILE_LABEL, familyOf, offersDrivesPerEnclosure, ownProfile, profileLabel, profileOptions, raidLabel, storageModelOf, supportsKind } from './platforms';
import { RAID } from './display-names.generated';
import { platformRegistry } from './platforms-fixture';
import { profiledRegistry } from './profiles-fixture';

/** The registry GET /api/v1/platforms/ serves (a real payload). */
const REGISTRY = platformRegistry();

describe('platform registry helpers', () => {
  it("names a RAID level with the registry's label, and says 'default' for none", () => {
    const level = REGISTRY[0]!.raid_levels[0]!;
    expect(raidLabel(REGISTRY, level.value)).toBe(level.label);
    expect(raidLabel(REGISTRY, null)).toBe('default');
    // While the registry loads: the engine's display name of the level (display-names.generated.ts), else the value.
    expect(raidLabel(undefined, 'raid10')).toBe('RAID 10');
    expect(raidLabel(undefined, 'double_parity')).toBe('Double parity');
    expect(raidLabel(undefined, 'raid-unknown')).toBe('raid-unknown');
    expect(raidLabel(undefined, level.value)).toBe(RAID[level.value] ?? level.value);
  });
  it('finds the storage model a design names, else the family’s first', () => {
    const equallogic = familyOf(REGISTRY, 'equallogic')!;
    const last = equallogic.storage_models.at(-1)!;
    expect(storageModelOf(REGISTRY, 'equallogic', last.name)).toBe(last);
    expect(storageModelOf(REGISTRY, 'equallogic', 'unknown')).toBe(equallogic.storage_models[0]);
    expect(storageModelOf(REGISTRY, 'unknown', 'unknown')).toBeUndefined();
  });
  it('reads drives per enclosure and workload kinds from the registry entries', () => {
    for (const family of REGISTRY) {
      expect(offersDrivesPerEnclosure(family)).toBe(family.storage_models.some((m) => m.drives_per_enclosure_options.length > 0));
      expect(supportsKind(family, 'dss')).toBe(family.workload_kinds.includes('dss'));
    }
    // The fixture is the engine's: FS1-2 lets a design choose 13 or 19 SSDs per enclosure, and has no DSS evidence.
    expect(offersDrivesPerEnclosure(familyOf(REGISTRY, 'oracle-fs1'))).toBe(true);
    expect(supportsKind(familyOf(REGISTRY, 'oracle-fs1'), 'dss')).toBe(false);
    expect(offersDrivesPerEnclosure(undefined)).toBe(false);
  });
  it("offers every family's own benchmark profile (label, else slug) and the user's own figures", () => {
    const registry = profiledRegistry();
    expect(profileOptions(registry)).toEqual([
      { value: 'swingbench-oe', label: 'Swingbench Order Entry (Oracle FS1-2)', family: 'oracle-fs1' },
      { value: 'tpcc', label: 'TPC-C (Dell EqualLogic)', family: 'equallogic' },
      { value: 'slob', label: 'slob', family: 'xtremio' },
      { value: 'netapp-oet', label: 'NetApp order-entry (OET)', family: 'netapp' },
      { value: CUSTOM_PROFILE, label: CUSTOM_PROFILE_LABEL, family: null },
    ]);
    expect(ownProfile(registry, 'equallogic')).toEqual({ value: 'tpcc', label: 'TPC-C (Dell EqualLogic)', family: 'equallogic' });
    expect(profileLabel(registry, 'netapp-oet')).toBe('NetApp order-entry (OET)');
    expect(profileLabel(undefined, 'custom')).toBe(CUSTOM_PROFILE_LABEL);
    expect(profileLabel(registry, 'unknown')).toBe('unknown');
    // Two families sharing a profile offer it once.
    const shared = registry.map((f) => (f.family === 'netapp' ? { ...f, profile: 'tpcc' } : f));
    expect(profileOptions(shared).filter((o) => o.value === 'tpcc')).toHaveLength(1);
  });
  it('offers only the custom profile while the families publish none (empty profile)', () => {
    expect(profileOptions(REGISTRY.map((f) => ({ ...f, profile: '', profile_label: '' })))).toEqual([{ value: CUSTOM_PROFILE, label: CUSTOM_PROFILE_LABEL, family: null }]);
    expect(ownProfile(REGISTRY.map((f) => ({ ...f, profile: '' })), 'oracle-fs1')).toBeNull();
  });
});
