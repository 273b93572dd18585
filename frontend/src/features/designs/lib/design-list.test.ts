import { describe, expect, it } from 'vitest';
import { EMPTY_QUERY, filterDesigns, headlineColumns, platformSummary, sharingLabel } from './design-list';
import { listItem } from './list-item.fixture';

const design = listItem;

const designs = [
  design({ id: 1, name: 'Bank core', customer: 'Acme', updated: '2026-11-03T00:00:00Z' }),
  design({ id: 2, name: 'Archive', status: 'approved', platform: { family: 'netapp', storage_model: 'FAS3140', arrays: 2, pam: true }, updated: '2026-11-05T00:00:00Z' }),
  design({ id: 3, name: 'Carol DW', owner: { id: 3, username: 'carol' }, my_role: 'editor', visibility: 'team', team: { id: 1, name: 'Presales A', slug: 'a' } }),
];

describe('filterDesigns', () => {
  it('sorts by last update by default', () => {
    expect(filterDesigns(designs, EMPTY_QUERY).map((d) => d.id)).toEqual([2, 1, 3]);
  });
  it('searches name, customer and owner', () => {
    expect(filterDesigns(designs, { ...EMPTY_QUERY, search: 'acme' }).map((d) => d.id)).toEqual([1]);
    expect(filterDesigns(designs, { ...EMPTY_QUERY, search: 'CAROL' }).map((d) => d.id)).toEqual([3]);
  });
  it('filters by platform family, status and owner scope', () => {
    expect(filterDesigns(designs, { ...EMPTY_QUERY, platform: 'netapp' }).map((d) => d.id)).toEqual([2]);
    expect(filterDesigns(designs, { ...EMPTY_QUERY, status: 'draft', sort: 'name' }).map((d) => d.id)).toEqual([1, 3]);
    expect(filterDesigns(designs, { ...EMPTY_QUERY, scope: 'team' }).map((d) => d.id)).toEqual([3]);
    expect(filterDesigns(designs, { ...EMPTY_QUERY, scope: 'mine', sort: 'name' }).map((d) => d.id)).toEqual([2, 1]);
  });
});

describe('labels', () => {
  it('summarises the platform and the sharing', () => {
    expect(platformSummary(designs[0]!)).toBe('FS1-2 × 2, 2 RAC nodes');
    expect(platformSummary(designs[1]!)).toBe('FAS3140 × 2, 2 RAC nodes, PAM');
    expect(sharingLabel(designs[2]!)).toBe('Team Presales A');
    expect(sharingLabel(designs[0]!)).toBe('Private');
  });
});

describe('headlineColumns', () => {
  const headline = listItem().headline;

  it('reads the verdict, the throughput with its unit and the cost with its currency', () => {
    const priced = { ...headline, cost: { total: '1234567.5', currency: 'USD', note: null } };
    expect(headlineColumns(priced)).toEqual({
      verdict: { text: 'Holds', tone: 'ok', title: null },
      throughput: '25,800 TPS',
      cost: '1,234,567.50 USD',
      costNote: null,
    });
    const dss = { ...headline, verdict: 'does-not-hold', throughput: { value: 1180, unit: 'MB/s' } };
    expect(headlineColumns(dss)).toMatchObject({ verdict: { text: 'Does not hold', tone: 'bad' }, throughput: '1,180 MB/s' });
  });

  it('says until which month a holds-until design holds, in the warning tone', () => {
    const until = { ...headline, verdict: 'holds-until', months_until_missed: 23 };
    expect(headlineColumns(until).verdict).toEqual({ text: 'Holds until month 23', tone: 'warn', title: null });
  });

  it('says why there is no cost, and what a partial total leaves out', () => {
    expect(headlineColumns(headline)).toMatchObject({ cost: '—', costNote: 'No price book chosen' });
    const partial = { ...headline, cost: { total: '900.00', currency: 'EUR', note: '2 BOM lines without a price: the total excludes them' } };
    expect(headlineColumns(partial)).toMatchObject({ cost: '900.00 EUR', costNote: '2 BOM lines without a price: the total excludes them' });
  });

  it('shows a design without an evaluation as not evaluated, with the reason', () => {
    const none = { verdict: null, months_until_missed: null, throughput: null, cost: { total: null, currency: null, note: 'Not evaluated yet' }, note: 'Not evaluated yet' };
    expect(headlineColumns(none)).toEqual({
      verdict: { text: 'Not evaluated', tone: 'none', title: 'Not evaluated yet' },
      throughput: '—',
      cost: '—',
      costNote: 'Not evaluated yet',
    });
  });
});
