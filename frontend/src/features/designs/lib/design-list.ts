/** Designs list: search, filter by platform and status, sort — pure, over what the API returned. */
import { plural } from '../../../components/format';
import type { Design } from '../api/types';
import { publishedContract } from './input-contract';

export type SortKey = 'updated' | 'name' | 'customer' | 'status';

export interface ListQuery {
  search: string;
  platform: string; // '' = all families
  status: string; // '' = all
  sort: SortKey;
  scope: 'all' | 'mine' | 'team';
}

export const EMPTY_QUERY: ListQuery = { search: '', platform: '', status: '', sort: 'updated', scope: 'all' };

export function matchesSearch(design: Design, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [design.name, design.customer, design.description, design.owner.username]
    .filter(Boolean)
    .some((field) => field.toLowerCase().includes(needle));
}

export function filterDesigns(designs: Design[], query: ListQuery): Design[] {
  const filtered = designs.filter(
    (d) =>
      matchesSearch(d, query.search) &&
      (!query.platform || d.platform.family === query.platform) &&
      (!query.status || d.status === query.status) &&
      (query.scope === 'all' || (query.scope === 'mine') === (d.my_role === 'owner')),
  );
  const compare: Record<SortKey, (a: Design, b: Design) => number> = {
    updated: (a, b) => b.updated.localeCompare(a.updated),
    name: (a, b) => a.name.localeCompare(b.name),
    customer: (a, b) => a.customer.localeCompare(b.customer) || a.name.localeCompare(b.name),
    status: (a, b) => a.status.localeCompare(b.status) || a.name.localeCompare(b.name),
  };
  return [...filtered].sort(compare[query.sort]);
}

export function platformSummary(design: Pick<Design, 'platform'>): string {
  const p = design.platform;
  // A design that leaves a count out gets the published contract's default (as the API applies it).
  const platformRules = publishedContract('oltp').rules.platform;
  const nodes = Number(p.rac_nodes ?? platformRules.rac_nodes?.default);
  const arrays = Number(p.arrays ?? platformRules.arrays?.default);
  return `${p.storage_model} × ${arrays}, ${nodes} RAC ${plural(nodes, 'node')}${p.pam ? ', PAM' : ''}`;
}

export function sharingLabel(design: Design): string {
  return design.visibility === 'team' && design.team ? `Team ${design.team.name}` : 'Private';
}
