import { describe, expect, it } from 'vitest';
import type { Design } from '../api/types';
import { EMPTY_QUERY, filterDesigns, platformSummary, sharingLabel } from './design-list';

const design = (over: Partial<Design>): Design => ({
  id: 1,
  name: 'A',
  customer: '',
  description: '',
  owner: { id: 1, username: 'alice' },
  team: null,
  visibility: 'private',
  status: 'draft',
  workload: { users: 1000 },
  platform: { family: 'oracle-fs1', storage_model: 'FS1-2', rac_nodes: 2, arrays: 2 },
  reference_configuration: null,
  rule_versions: null,
  bom_overrides: [],
  price_book: null,
  version: 1,
  etag: '"design-1-v1"',
  revision: 1,
  my_role: 'owner',
  permissions: ['read', 'export', 'edit', 'share', 'delete'],
  created: '2026-11-01T00:00:00Z',
  updated: '2026-11-01T00:00:00Z',
  ...over,
});

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
