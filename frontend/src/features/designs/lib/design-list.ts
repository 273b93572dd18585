/** Designs list: search, filter by platform and status, sort — pure, over what the API returned. */
import { formatMoney, formatQuantity, plural } from '../../../components/format';
import { VERDICTS } from '../../../lib/display-names.generated';
import { verdictWords, type VerdictTone } from '../../../lib/verdict';
import type { DesignHeadline, DesignListItem } from '../api/types';
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

export function matchesSearch(design: DesignListItem, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [design.name, design.customer, design.description, design.owner.username]
    .filter(Boolean)
    .some((field) => field.toLowerCase().includes(needle));
}

export function filterDesigns(designs: DesignListItem[], query: ListQuery): DesignListItem[] {
  const filtered = designs.filter(
    (d) =>
      matchesSearch(d, query.search) &&
      (!query.platform || d.platform.family === query.platform) &&
      (!query.status || d.status === query.status) &&
      (query.scope === 'all' || (query.scope === 'mine') === (d.my_role === 'owner')),
  );
  const compare: Record<SortKey, (a: DesignListItem, b: DesignListItem) => number> = {
    updated: (a, b) => b.updated.localeCompare(a.updated),
    name: (a, b) => a.name.localeCompare(b.name),
    customer: (a, b) => a.customer.localeCompare(b.customer) || a.name.localeCompare(b.name),
    status: (a, b) => a.status.localeCompare(b.status) || a.name.localeCompare(b.name),
  };
  return [...filtered].sort(compare[query.sort]);
}

export function platformSummary(design: Pick<DesignListItem, 'platform'>): string {
  const p = design.platform;
  // A design that leaves a count out gets the published contract's default (as the API applies it).
  const platformRules = publishedContract('oltp').rules.platform;
  const nodes = Number(p.rac_nodes ?? platformRules.rac_nodes?.default);
  const arrays = Number(p.arrays ?? platformRules.arrays?.default);
  return `${p.storage_model} × ${arrays}, ${nodes} RAC ${plural(nodes, 'node')}${p.pam ? ', PAM' : ''}`;
}

export function sharingLabel(design: Pick<DesignListItem, 'visibility' | 'team'>): string {
  return design.visibility === 'team' && design.team ? `Team ${design.team.name}` : 'Private';
}

/** The list's verdict, throughput and cost columns, as of the design's latest saved revision (the API
 * evaluates a design when it is saved; the editor evaluates afresh). */
export interface HeadlineColumns {
  verdict: { text: string; tone: VerdictTone | 'none'; title: string | null };
  /** "25,800 TPS" for OLTP, "1,200 MB/s" for DSS, "—" without an evaluation. */
  throughput: string;
  /** "123,456.00 USD", or "—" when there is no total (costNote says why). */
  cost: string;
  /** Why there is no total, or what the total leaves out. */
  costNote: string | null;
}

export function headlineColumns(headline: DesignHeadline): HeadlineColumns {
  const known = headline.verdict ? verdictWords(headline.verdict, headline.months_until_missed) : null;
  const verdict = headline.verdict
    ? { text: known?.text ?? VERDICTS[headline.verdict] ?? headline.verdict.replace(/-/g, ' '), tone: known?.tone ?? ('none' as const), title: null }
    : { text: 'Not evaluated', tone: 'none' as const, title: headline.note };
  const { total, currency, note } = headline.cost;
  return {
    verdict,
    throughput: formatQuantity(headline.throughput),
    cost: total !== null && currency ? formatMoney(total, currency) : '—',
    costNote: note,
  };
}
