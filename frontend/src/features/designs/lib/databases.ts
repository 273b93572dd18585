/**
 * The databases of a design (issue 40): the editor's draft of `databases` and `clone_reduction_ratio`.
 *
 * A design of one database has no rows (`databases: []`, the design's `workload` is that database's).
 * A design of several has one row per database; the FIRST one's workload is the design form's (the
 * workload panel edits it), so its row carries only what the form does not: name, clones, pause. The
 * others carry their own few inputs as typed (text, as the form does) and every other input of their
 * workload as it was loaded.
 */
import type { FieldErrors } from '../../../lib/api-client';
import { DATABASE_BOUNDS, MAX_DATABASES } from '../../../lib/database-bounds';
import type { DatabaseInput, Design, PlatformInput, WorkloadInput } from '../api/types';
import { formFromInputs, type DesignForm, type WorkloadKind } from './design-form';

// The bounds of a database's inputs, as the API publishes them (shared with the Recommend page).
export { DATABASE_BOUNDS, MAX_DATABASES };
const MAX_NAME = DATABASE_BOUNDS.name.maxLength ?? Infinity;
const MAX_CLONES = DATABASE_BOUNDS.clones.max ?? Infinity;
const MAX_CLONE_LOAD = DATABASE_BOUNDS.cloneLoadPct.max ?? Infinity;
const MIN_PRIORITY = DATABASE_BOUNDS.priority.min ?? -Infinity;
const MAX_PRIORITY = DATABASE_BOUNDS.priority.max ?? Infinity;

export interface DatabaseRow {
  name: string;
  /** The load and size below are this row's own for the databases after the first (row 0: the form's). */
  kind: WorkloadKind;
  loadBy: 'users' | 'tps';
  /** Users or target TPS (OLTP), target MB/s (DSS). */
  load: string;
  sizeGb: string;
  /** Test/dev clones and each one's load as a % of the database's ('' = the API's default). */
  clones: string;
  cloneLoadPct: string;
  paused: boolean;
  /** Its rank, 1 = the most important ('' = the API's default). */
  priority: string;
  /** The database's workload as loaded: the inputs the row does not show are sent as they are. */
  workload: WorkloadInput;
}

export interface DatabasesDraft {
  rows: DatabaseRow[];
  /** The user's own data reduction for the clones ('' = the platform document's, else none). */
  cloneReductionRatio: string;
}

/** A database of the API (the design's `databases`, the evaluate request's). */
export type { DatabaseInput };

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));
const num = (raw: string): number | undefined => (raw.trim() === '' ? undefined : Number(raw));

export function rowOf(database: { name: string; workload: WorkloadInput; clones?: number; clone_load_pct?: number; priority?: number; paused?: boolean }): DatabaseRow {
  const w = database.workload;
  const kind: WorkloadKind = w.kind === 'dss' ? 'dss' : 'oltp';
  const byTps = kind === 'oltp' && w.target_tps !== undefined && w.target_tps !== null;
  return {
    name: database.name,
    kind,
    loadBy: byTps ? 'tps' : 'users',
    load: text(kind === 'dss' ? w.target_throughput_mb_s : byTps ? w.target_tps : w.users),
    sizeGb: text(w.database_size_gb),
    clones: text(database.clones),
    cloneLoadPct: text(database.clone_load_pct),
    paused: database.paused ?? false,
    priority: text(database.priority),
    workload: w,
  };
}

/** The draft of a saved design. */
export function draftOf(design: Pick<Design, 'databases' | 'clone_reduction_ratio'>): DatabasesDraft {
  return {
    rows: (design.databases ?? []).map(rowOf),
    cloneReductionRatio: text(design.clone_reduction_ratio),
  };
}

/** What a new database starts as: an OLTP one of 100 users. */
const NEW_WORKLOAD: WorkloadInput = { kind: 'oltp', users: 100 };

function freeName(rows: DatabaseRow[]): string {
  const taken = new Set(rows.map((r) => r.name.trim().toLowerCase()));
  for (let n = rows.length + 1; ; n += 1) if (!taken.has(`database ${n}`)) return `Database ${n}`;
}

/**
 * One more database: a design of one becomes one of two (its own, named "Production", and "Database 2");
 * one of several gets "Database N". Nothing beyond MAX_DATABASES.
 */
export function addDatabase(draft: DatabasesDraft, current: WorkloadInput | null): DatabasesDraft {
  if (draft.rows.length >= MAX_DATABASES) return draft;
  // The first row's workload stays the form's; `current` is kept only as a record of it.
  const rows = draft.rows.length ? draft.rows : [rowOf({ name: 'Production', workload: current ?? {} })];
  return { ...draft, rows: [...rows, rowOf({ name: freeName(rows), workload: NEW_WORKLOAD })] };
}

export function updateRow(draft: DatabasesDraft, index: number, changes: Partial<DatabaseRow>): DatabasesDraft {
  return { ...draft, rows: draft.rows.map((r, i) => (i === index ? { ...r, ...changes } : r)) };
}

/** The form's platform fields: kept when the form takes another database's workload. */
const PLATFORM_KEYS = ['family', 'storageModel', 'reference', 'racNodes', 'coresPerNode', 'arrays', 'raid', 'drivesPerEnclosure', 'pam'] as const;

/** The form with another workload (the platform as it is). */
export function formWithWorkload(form: DesignForm, workload: WorkloadInput): DesignForm {
  const fresh = formFromInputs(workload, { family: form.family, storage_model: form.storageModel } as PlatformInput);
  const platform = Object.fromEntries(PLATFORM_KEYS.map((key) => [key, form[key]])) as Pick<DesignForm, (typeof PLATFORM_KEYS)[number]>;
  return { ...fresh, ...platform, extras: { workload: fresh.extras.workload, platform: form.extras.platform } };
}

/**
 * Without the database at `index`. Down to one, the design is a design of one again (no rows), its
 * workload the remaining database's; removing the first, the next one's workload becomes the form's.
 */
export function removeDatabase(draft: DatabasesDraft, index: number, form: DesignForm): { draft: DatabasesDraft; form: DesignForm } {
  const rows = draft.rows.filter((_, i) => i !== index);
  const first = rows[0];
  const nextForm = index === 0 && first ? formWithWorkload(form, rowWorkload(first)) : form;
  return { draft: { ...draft, rows: rows.length > 1 ? rows : [] }, form: nextForm };
}

/** A row's workload as the API takes it (not for the first row: its workload is the form's). */
export function rowWorkload(row: DatabaseRow): WorkloadInput {
  const kept = { ...row.workload };
  for (const key of ['kind', 'users', 'target_tps', 'target_throughput_mb_s', 'database_size_gb']) delete kept[key];
  const load = num(row.load);
  const sized = num(row.sizeGb);
  const workload = { ...kept, kind: row.kind } as WorkloadInput;
  if (row.kind !== (row.workload.kind === 'dss' ? 'dss' : 'oltp')) {
    // Another kind: the inputs of the old one would be refused; keep only what both share.
    for (const key of Object.keys(workload)) if (!['kind', 'data_growth_pct_per_year', 'horizon_years', 'min_headroom_pct'].includes(key)) delete workload[key];
  }
  if (row.kind === 'dss') workload.target_throughput_mb_s = load;
  else if (row.loadBy === 'tps') workload.target_tps = load;
  else workload.users = load;
  if (sized !== undefined) workload.database_size_gb = sized;
  return Object.fromEntries(Object.entries(workload).filter(([, v]) => v !== undefined)) as WorkloadInput;
}

/** The API's `databases`: [] for a design of one; the first database's workload is `workload`. */
export function databasesOf(draft: DatabasesDraft, workload: WorkloadInput): DatabaseInput[] {
  if (draft.rows.length < 2) return [];
  return draft.rows.map((row, i) => {
    const database: DatabaseInput = { name: row.name.trim(), workload: i === 0 ? workload : rowWorkload(row), paused: row.paused };
    const clones = num(row.clones);
    const cloneLoad = num(row.cloneLoadPct);
    if (clones !== undefined) database.clones = clones;
    if (cloneLoad !== undefined) database.clone_load_pct = cloneLoad;
    const priority = num(row.priority);
    if (priority !== undefined) database.priority = priority;
    return database;
  });
}

/** The API's `clone_reduction_ratio` (null: the platform document's, else none). */
export const cloneReductionOf = (draft: DatabasesDraft): number | null => num(draft.cloneReductionRatio) ?? null;

/** The path of a row's input, as the API keys its errors. */
export const rowPath = (index: number, field: 'name' | 'load' | 'size' | 'clones' | 'clone_load_pct' | 'priority', row?: DatabaseRow): string => {
  if (field === 'name' || field === 'clones' || field === 'clone_load_pct' || field === 'priority') return `databases.${index}.${field}`;
  if (field === 'size') return `databases.${index}.workload.database_size_gb`;
  const load = row?.kind === 'dss' ? 'target_throughput_mb_s' : row?.loadBy === 'tps' ? 'target_tps' : 'users';
  return `databases.${index}.workload.${load}`;
};

/** Client-side checks of the rows (keyed as the API keys them); nothing is sent while there are some. */
export function validateDatabases(draft: DatabasesDraft): FieldErrors {
  const errors: FieldErrors = {};
  if (draft.rows.length < 2) return errors;
  const seen = new Map<string, number>();
  const number = (raw: string, { required = false, min = 0, max = Infinity, whole = false, positive = false } = {}): string | null => {
    if (raw.trim() === '') return required ? 'is required' : null;
    const value = Number(raw);
    if (!Number.isFinite(value)) return 'must be a number';
    if (whole && !Number.isInteger(value)) return 'must be a whole number';
    if (positive && value <= 0) return 'must be more than 0';
    if (value < min) return `must be at least ${min}`;
    if (value > max) return `must be at most ${max}`;
    return null;
  };
  draft.rows.forEach((row, i) => {
    const name = row.name.trim();
    if (!name) errors[rowPath(i, 'name')] = ['A database needs a name'];
    else if (name.length > MAX_NAME) errors[rowPath(i, 'name')] = [`At most ${MAX_NAME} characters`];
    else if (seen.has(name.toLowerCase())) errors[rowPath(i, 'name')] = ['Another database of the design has this name'];
    seen.set(name.toLowerCase(), i);
    const checks: [Parameters<typeof rowPath>[1], string | null][] = [
      ['clones', number(row.clones, { whole: true, max: MAX_CLONES })],
      ['clone_load_pct', number(row.cloneLoadPct, { max: MAX_CLONE_LOAD })],
      ['priority', number(row.priority, { whole: true, min: MIN_PRIORITY, max: MAX_PRIORITY })],
    ];
    // The first database's load and size are the form's (checked there).
    if (i > 0) {
      // the API's own bounds of the row's kind of load (a TPS or MB/s target is at least 0.001)
      const byUsers = row.kind === 'oltp' && row.loadBy === 'users';
      const bounds = row.kind === 'dss' ? DATABASE_BOUNDS.load.mbS : byUsers ? DATABASE_BOUNDS.load.users : DATABASE_BOUNDS.load.tps;
      const load = number(row.load, { required: true, positive: true, whole: byUsers, min: bounds.min ?? 0, max: bounds.max ?? Infinity });
      checks.push(['load', load], ['size', number(row.sizeGb, { positive: true })]);
    }
    for (const [field, message] of checks) if (message) errors[rowPath(i, field, row)] = [message];
  });
  const ratio = number(draft.cloneReductionRatio, { min: 1 });
  if (ratio) errors.clone_reduction_ratio = [ratio];
  return errors;
}

/** API errors about the databases as a whole ("at most 8 databases in one design"). */
export function databasesErrors(apiErrors: FieldErrors): string[] {
  return [...(apiErrors.databases ?? []), ...(apiErrors['databases.non_field_errors'] ?? [])];
}
