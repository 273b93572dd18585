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

export interface ExportLink {
  label: string;
  href: string;
  note: string;
  /** Which revision the file shows: "Revision 4", or that the unsaved changes are not in it. */
  revisionNote: string;
  /** The proposal can also be rendered from the inputs on screen (POST to the same URL). */
  postsOnScreenInputs: boolean;
  /** What the file is, in a sentence's words ("the proposal", "the technical annex"). */
  document: string;
}

/** The design's exports. `revision` is the last saved one (what a GET exports); with `unsaved`, the
 * editor shows changes that are not saved: the proposal exports them (POST, stamped as not a saved
 * revision), the BOM files say they export the saved revision without them. */
export function exportLinks(designId: number, revision: number | null = null, unsaved = false): ExportLink[] {
  const base = `/api/v1/designs/${designId}/export`;
  const saved = revision === null ? 'the saved design' : `revision ${revision}`;
  const savedNote = unsaved ? `exports ${saved} (unsaved changes not included)` : `exports ${saved}`;
  const link = (label: string, file: string, note: string, posts = false, document = 'the file'): ExportLink => ({
    label,
    document,
    href: `${base}/${file}`,
    note,
    revisionNote: posts && unsaved ? `exports what is on screen, marked "unsaved changes, not a saved revision"` : savedNote,
    postsOnScreenInputs: posts && unsaved,
  });
  return [
    link('Proposal (PDF)', 'proposal.pdf', 'for the customer: summary, configuration, charts, priced BOM, assumptions', true, 'the proposal'),
    link('Technical annex (PDF)', 'annex.pdf', 'for an engineer: the model, its inputs, evidence, checks and rule versions', true, 'the technical annex'),
    link('Bill of materials (PDF)', 'bom.pdf', 'for the order'),
    link('Bill of materials (CSV)', 'bom.csv', 'for spreadsheets and ERP import'),
    link('Bill of materials (XLSX)', 'bom.xlsx', 'Excel workbook'),
  ];
}
