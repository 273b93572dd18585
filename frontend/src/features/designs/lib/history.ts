/** Revision history and export links, as text for the side panel. */
import { countOf, formatNumber } from '../../../components/format';
import { DRIVES, FAMILIES, IO_PATTERNS, RAID, STORAGE_UNITS, WORKLOAD_KINDS } from '../../../lib/display-names.generated';
import type { Revision } from '../api/types';

/** Top-level fields of a revision, as the history names them. */
const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  customer: 'Customer',
  description: 'Description',
  team: 'Team',
  visibility: 'Visibility',
  status: 'Status',
  workload: 'Workload',
  platform: 'Platform',
  reference_configuration: 'Reference configuration',
  price_book: 'Price book',
  rule_versions: 'Rule versions',
  bom_overrides: 'BOM overrides',
  databases: 'Databases',
  clone_reduction_ratio: 'Clone data reduction',
  evidence_imports: 'Our measurements (evidence imports)',
  calibrate_on_evidence: 'Calibrate on our measurements',
  deleted_at: 'Trash',
};

/** Workload and platform inputs: [label, unit after the value]. `arrays` takes the storage model's unit. */
const INPUT_LABELS: Record<string, readonly [string, string?]> = {
  kind: ['Workload kind'],
  users: ['Users'],
  clones: ['Clones'],
  clone_load_pct: ['Clone load', '%'],
  target_tps: ['Target load', 'TPS'],
  think_time_s: ['Think time', 's'],
  database_size_gb: ['Database size', 'GB'],
  data_growth_pct_per_year: ['Data growth', '% a year'],
  user_growth_pct_per_year: ['User growth', '% a year'],
  horizon_years: ['Horizon', 'years'],
  read_pct: ['Reads', '%'],
  block_size_kb: ['Block size', 'KB'],
  sla_response_ms: ['SLA response time', 'ms'],
  max_cpu_pct: ['Max CPU', '%'],
  max_storage_latency_ms: ['Max storage latency', 'ms'],
  min_headroom_pct: ['Min headroom', '%'],
  target_throughput_mb_s: ['Target throughput', 'MB/s'],
  query_streams: ['Query streams'],
  io_pattern: ['I/O pattern'],
  profile: ['Workload profile'],
  warehouses: ['Warehouses'],
  sga_gb: ['SGA', 'GB'],
  tx_per_s: ['Transactions', '/s'],
  reads_per_s: ['Reads', '/s'],
  writes_per_s: ['Writes', '/s'],
  db_cpu_s_per_s: ['DB CPU', 's/s'],
  redo_mb_per_s: ['Redo', 'MB/s'],
  family: ['Platform family'],
  storage_model: ['Storage model'],
  reference: ['Reference configuration'],
  rac_nodes: ['RAC nodes'],
  cores_per_node: ['Cores per node'],
  raid: ['RAID'],
  drives_per_enclosure: ['Drives per enclosure'],
  pam: ['PAM read cache'],
  data_reduction: ['Data reduction'],
};

/** Enum values in words (the engine's display names), by input. */
const VALUE_WORDS: Record<string, Readonly<Record<string, string>>> = {
  family: FAMILIES,
  raid: RAID,
  kind: WORKLOAD_KINDS,
  io_pattern: IO_PATTERNS,
  drive_technology: DRIVES,
};

export interface HistoryContext {
  /** A price book's name by id (the price-books query, the design's own book); null where unknown. */
  priceBookName?: (id: number) => string | null | undefined;
  /** The design's storage model, for the word `arrays` counts ("drive enclosures" on an FS1-2). */
  storageModel?: string;
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const words = (key: string) => capitalized(key.replace(/_/g, ' '));

/**
 * What a revision changed, in sentences: "RAC nodes: 2 → 3. Drive enclosures: 2 → 3. Price book: none →
 * DEMO — fictional prices, not a quote." Nested inputs by their own label, numbers formatted, enum values
 * in words, never raw JSON. Empty for the first revision (everything is new).
 */
export function changedFields(revision: Pick<Revision, 'changes' | 'number'>, context: HistoryContext = {}): string {
  if (revision.number === 1) return '';
  const sentences = revision.changes.flatMap((c) => changeSentences(c.field, c.before, c.after, context));
  return sentences.length ? sentences.map((s) => `${s}.`).join(' ') : 'No content change';
}

function changeSentences(field: string, before: unknown, after: unknown, context: HistoryContext): string[] {
  const label = FIELD_LABELS[field] ?? words(field);
  if (field === 'price_book') return [`${label}: ${priceBook(before, context)} → ${priceBook(after, context)}`];
  if (field === 'deleted_at') return [after ? 'Moved to the trash' : 'Restored from the trash'];
  if (field === 'databases') return [databasesSentence(before, after, context)];
  if (field === 'clone_reduction_ratio') return [`${label}: ${reductionRatio(before)} → ${reductionRatio(after)}`];
  if (field === 'bom_overrides' || field === 'rule_versions') return [`${label}: ${listSize(before, field)} → ${listSize(after, field)}`];
  if (isRecord(before) || isRecord(after)) {
    const b = isRecord(before) ? before : {};
    const a = isRecord(after) ? after : {};
    const storageModel = stringOr(a.storage_model) ?? stringOr(b.storage_model) ?? context.storageModel;
    const nested = nestedSentences(b, a, storageModel);
    return nested.length ? nested : [`${label} changed`];
  }
  return [`${label}: ${show(field, before)} → ${show(field, after)}`];
}

function nestedSentences(before: Record<string, unknown>, after: Record<string, unknown>, storageModel: string | undefined, prefix = ''): string[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return keys
    .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .flatMap((k) => {
      const [label, unit] = inputLabel(k, storageModel);
      const b = before[k];
      const a = after[k];
      if (isRecord(b) || isRecord(a)) return nestedSentences(isRecord(b) ? b : {}, isRecord(a) ? a : {}, storageModel, `${prefix}${label}, `);
      // "70%", "1,200/s" tight; "2,000 GB" spaced.
      const suffix = unit ? (/^[%/]/.test(unit) ? unit : ` ${unit}`) : '';
      const value = (v: unknown) => {
        const text = show(k, v);
        return text === 'none' || !suffix ? text : `${text}${suffix}`;
      };
      return [`${prefix}${label}: ${value(b)} → ${value(a)}`];
    });
}

interface DatabaseChange {
  name: string;
  workload?: unknown;
  clones?: unknown;
  clone_load_pct?: unknown;
  paused?: unknown;
}

const databaseList = (value: unknown): DatabaseChange[] =>
  Array.isArray(value) ? value.filter((d): d is DatabaseChange => isRecord(d) && typeof d.name === 'string') : [];

/**
 * A change of the design's databases (issue 40) in words: "Databases: 1 → 2 (Production, Database 2)"
 * when the design becomes one of several or one again, else what happened to each: "Databases: added
 * Warehouse; renamed Database 2 to Orders; paused Warehouse; Orders, Users: 100 → 200".
 */
function databasesSentence(before: unknown, after: unknown, context: HistoryContext): string {
  const b = databaseList(before);
  const a = databaseList(after);
  const names = (list: DatabaseChange[]) => list.map((d) => d.name).join(', ');
  if (b.length === 0 || a.length === 0) {
    const count = (list: DatabaseChange[]) => String(Math.max(1, list.length));
    return `Databases: ${count(b)} → ${count(a)}${a.length ? ` (${names(a)})` : ''}`;
  }
  const parts: string[] = [];
  const pairs: [DatabaseChange, DatabaseChange][] = [];
  const unmatchedBefore = b.filter((d) => !a.some((x) => x.name === d.name));
  const unmatchedAfter = a.filter((d) => !b.some((x) => x.name === d.name));
  for (const d of a) {
    const old = b.find((x) => x.name === d.name);
    if (old) pairs.push([old, d]);
  }
  // A database whose name changed keeps its place in the list: renamed, not removed and added.
  for (const d of [...unmatchedAfter]) {
    const old = unmatchedBefore.find((x) => b.indexOf(x) === a.indexOf(d));
    if (!old) continue;
    parts.push(`renamed ${old.name} to ${d.name}`);
    pairs.push([old, d]);
    unmatchedBefore.splice(unmatchedBefore.indexOf(old), 1);
    unmatchedAfter.splice(unmatchedAfter.indexOf(d), 1);
  }
  for (const d of unmatchedAfter) parts.push(`added ${d.name}`);
  for (const d of unmatchedBefore) parts.push(`removed ${d.name}`);
  for (const [old, d] of pairs) {
    if (Boolean(old.paused) !== Boolean(d.paused)) parts.push(`${d.paused ? 'paused' : 'resumed'} ${d.name}`);
    const details = nestedSentences(
      { clones: old.clones ?? 0, clone_load_pct: old.clone_load_pct, ...(isRecord(old.workload) ? old.workload : {}) },
      { clones: d.clones ?? 0, clone_load_pct: d.clone_load_pct, ...(isRecord(d.workload) ? d.workload : {}) },
      context.storageModel,
    );
    parts.push(...details.map((text) => `${d.name}, ${text.charAt(0).toLowerCase()}${text.slice(1)}`));
  }
  return `Databases: ${parts.length ? parts.join('; ') : 'changed'}`;
}

function reductionRatio(value: unknown): string {
  if (value === null || value === undefined || value === '') return "the platform document's";
  const ratio = Number(value);
  return Number.isFinite(ratio) ? `${formatNumber(ratio)}:1` : String(value);
}

function inputLabel(key: string, storageModel: string | undefined): readonly [string, string?] {
  if (key === 'arrays') {
    const unit = (storageModel && STORAGE_UNITS[storageModel]?.[1]) || 'arrays';
    return [capitalized(unit)];
  }
  return INPUT_LABELS[key] ?? [words(key)];
}

function priceBook(value: unknown, context: HistoryContext): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (isRecord(value) && typeof value.name === 'string') return value.name;
  const id = Number(value);
  if (!Number.isInteger(id)) return String(value);
  return context.priceBookName?.(id) ?? `price book #${id}`;
}

function listSize(value: unknown, field: string): string {
  if (!Array.isArray(value) || value.length === 0) return 'none';
  return field === 'bom_overrides' ? countOf(value.length, 'override') : countOf(value.length, 'rule');
}

const stringOr = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A value in words: numbers by the app's one number format, booleans yes/no, enum codes by their display name. */
function show(key: string, v: unknown): string {
  if (v === undefined || v === null || v === '') return 'none';
  if (typeof v === 'number') return formatNumber(v);
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (typeof v === 'string') {
    const named = VALUE_WORDS[key]?.[v];
    if (named) return named;
    // A decimal sent as a string ("2.5") reads as a number.
    if (/^-?\d+(\.\d+)?$/.test(v)) return formatNumber(Number(v));
    return v;
  }
  if (Array.isArray(v)) return v.length ? v.map((x) => show(key, x)).join(', ') : 'none';
  return 'changed';
}

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
