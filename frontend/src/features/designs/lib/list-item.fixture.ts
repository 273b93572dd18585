/** A row of the designs list as GET /api/v1/designs/ answers it (backend
 * designs.serializers.DesignListItemSerializer), for the SPA's tests: an OLTP design that holds,
 * without a price book. */
import type { DesignListItem } from '../api/types';

export const listItem = (over: Partial<DesignListItem> = {}): DesignListItem => ({
  id: 1,
  name: 'A',
  customer: '',
  description: '',
  owner: { id: 1, username: 'alice' },
  team: null,
  visibility: 'private',
  status: 'draft',
  platform: { family: 'oracle-fs1', storage_model: 'FS1-2', rac_nodes: 2, arrays: 2 },
  version: 1,
  etag: '"design-1-v1"',
  revision: 1,
  my_role: 'owner',
  permissions: ['read', 'export', 'edit', 'share', 'delete'],
  created: '2026-11-01T00:00:00Z',
  updated: '2026-11-01T00:00:00Z',
  headline: {
    verdict: 'holds',
    months_until_missed: null,
    throughput: { value: 25800, unit: 'TPS' },
    cost: { total: null, currency: null, note: 'No price book chosen' },
    note: null,
  },
  ...over,
});
