/** Revision history and export links, as text for the side panel. */
import type { Revision } from '../api/types';

const FIELD_LABELS: Record<string, string> = {
  name: 'name',
  customer: 'customer',
  description: 'description',
  team: 'team',
  visibility: 'visibility',
  status: 'status',
  workload: 'workload',
  platform: 'platform',
  reference_configuration: 'reference configuration',
  price_book: 'price book',
  rule_versions: 'rule versions',
  bom_overrides: 'BOM overrides',
  deleted_at: 'trash',
};

/** "Changed: platform (rac_nodes 2 → 1), status" — nested JSON changes named by key. */
export function changedFields(revision: Pick<Revision, 'changes' | 'number'>): string {
  if (revision.number === 1) return '';
  const parts = revision.changes.map((c) => {
    const label = FIELD_LABELS[c.field] ?? c.field;
    const keys = nestedChanges(c.before, c.after);
    return keys.length ? `${label} (${keys.join(', ')})` : label;
  });
  return parts.length ? `Changed: ${parts.join(', ')}` : 'No content change';
}

function nestedChanges(before: unknown, after: unknown): string[] {
  if (!isRecord(before) || !isRecord(after)) return [];
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return keys
    .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .map((k) => `${k} ${show(before[k])} → ${show(after[k])}`);
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const show = (v: unknown): string => (v === undefined || v === null ? '—' : typeof v === 'object' ? '…' : String(v));

export function exportLinks(designId: number): { label: string; href: string; note: string }[] {
  const base = `/api/v1/designs/${designId}/export`;
  return [
    { label: 'Proposal (PDF)', href: `${base}/proposal.pdf`, note: 'charts, BOM, assumptions and sources' },
    { label: 'Bill of materials (PDF)', href: `${base}/bom.pdf`, note: 'for the order' },
    { label: 'Bill of materials (CSV)', href: `${base}/bom.csv`, note: 'for spreadsheets and ERP import' },
    { label: 'Bill of materials (XLSX)', href: `${base}/bom.xlsx`, note: 'Excel workbook' },
  ];
}
