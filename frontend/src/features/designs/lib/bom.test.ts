import { describe, expect, it } from 'vitest';
import {
  overrideApiErrors,
  overrideDraftErrors,
  overrideKey,
  overrideOf,
  removedLines,
  withOverride,
  withoutOverride,
  type BomOverride,
  type OverrideDraft,
} from './bom';

const draft = (over: Partial<OverrideDraft> = {}): OverrideDraft => ({
  section: 'servers',
  partNumber: '7110353',
  quantity: '96',
  reason: '384 GB per node for the SGA',
  ...over,
});

const dimms: BomOverride = { section: 'servers', part_number: '7110353', quantity: 96, description: '', reason: '384 GB per node' };
const cord: BomOverride = { section: 'servers', part_number: '333V-10-10-C14', quantity: 0, description: '', reason: 'customer PDUs' };

describe('BOM override drafts', () => {
  it('requires a reason, a whole quantity within the API bound and a section', () => {
    expect(overrideDraftErrors(draft())).toEqual({});
    expect(overrideDraftErrors(draft({ reason: '   ' })).reason?.[0]).toMatch(/reason is required/);
    expect(overrideDraftErrors(draft({ quantity: '2.5' })).quantity).toBeDefined();
    expect(overrideDraftErrors(draft({ quantity: '-1' })).quantity).toBeDefined();
    expect(overrideDraftErrors(draft({ quantity: '' })).quantity).toBeDefined();
    expect(overrideDraftErrors(draft({ quantity: '100001' })).quantity?.[0]).toMatch(/less than or equal to 100000/);
    expect(overrideDraftErrors(draft({ quantity: '0' }))).toEqual({}); // 0 removes the line
    expect(overrideDraftErrors(draft({ section: 'cables' })).section).toBeDefined();
    expect(overrideDraftErrors(draft({ reason: 'x'.repeat(301) })).reason).toBeDefined();
  });

  it('refuses a part the catalog search did not find, and a blank part', () => {
    expect(overrideDraftErrors(draft({ partNumber: 'NOPE-1' }), { knownPart: false }).part_number?.[0]).toMatch(/not in the catalog/);
    expect(overrideDraftErrors(draft({ partNumber: ' ' })).part_number).toBeDefined();
    expect(overrideDraftErrors(draft(), { knownPart: true })).toEqual({});
  });
});

describe('BOM override lists', () => {
  it('keeps one override per line: a second change of the same line replaces the first', () => {
    const once = withOverride([], draft({ quantity: '64' }));
    const twice = withOverride(once, draft());
    expect(twice).toEqual([{ section: 'servers', part_number: '7110353', quantity: 96, description: '', reason: '384 GB per node for the SGA' }]);
    // the same part in another section is another line (7101673 is in both servers and storage of Table 11)
    expect(withOverride(twice, draft({ section: 'storage' }))).toHaveLength(2);
  });

  it('trims what was typed and appends a new line at the end', () => {
    const list = withOverride([dimms], draft({ partNumber: ' 7103553 ', section: 'miscellaneous', quantity: ' 4 ', reason: ' two fabrics more ' }));
    expect(list[1]).toEqual({ section: 'miscellaneous', part_number: '7103553', quantity: 4, description: '', reason: 'two fabrics more' });
  });

  it('undoes one override and leaves the others', () => {
    expect(withoutOverride([dimms, cord], overrideKey(dimms))).toEqual([cord]);
    expect(overrideOf([dimms, cord], { section: 'servers', part_number: '333V-10-10-C14' })).toBe(cord);
    expect(overrideOf([dimms], { section: 'storage', part_number: '7110353' })).toBeUndefined();
  });

  it('lists the removed lines of a section (the evaluated BOM no longer has them)', () => {
    expect(removedLines([dimms, cord], 'servers')).toEqual([cord]);
    expect(removedLines([dimms, cord], 'storage')).toEqual([]);
  });
});

describe("the API's override errors", () => {
  it('are matched to the override of their row', () => {
    const body = { bom_overrides: [{}, { part_number: ['Repeats line 1 (servers 7110353).'] }] };
    const { byLine, general } = overrideApiErrors(body, [dimms, cord]);
    expect(general).toEqual([]);
    expect(byLine.get(overrideKey(cord))).toEqual({ part_number: ['Repeats line 1 (servers 7110353).'] });
    expect(byLine.has(overrideKey(dimms))).toBe(false);
  });

  it('are matched to the override of their row when the API keys them by index', () => {
    const body = { bom_overrides: { '1': { reason: ['This field is required.'] } } };
    const { byLine, general } = overrideApiErrors(body, [dimms, cord]);
    expect(general).toEqual([]);
    expect(byLine.get(overrideKey(cord))).toEqual({ reason: ['This field is required.'] });
    expect(byLine.has(overrideKey(dimms))).toBe(false);
    // A key that names no row the editor sent stays a message about the list.
    expect(overrideApiErrors({ bom_overrides: { '5': ['x'] } }, [dimms]).general).toEqual(['x']);
  });

  it('keep errors about the list as a whole', () => {
    expect(overrideApiErrors({ bom_overrides: ['At most 500 override lines.'] }, []).general).toEqual(['At most 500 override lines.']);
    expect(overrideApiErrors({ platform: { rac_nodes: ['x'] } }, [dimms]).byLine.size).toBe(0);
    expect(overrideApiErrors(undefined, [dimms]).general).toEqual([]);
  });
});
