/**
 * Several databases asked for together (issue 40): the Recommend page's list of databases, each with
 * its own workload inputs, turned into the request's `databases` (a design's databases, as
 * POST /designs/ takes them); its bounds are the published database contract's (zDatabaseRequest).
 *
 * The page has one database until a second is added: then the page's workload becomes the first
 * database's; down to one again, the one left's workload becomes the page's (today's request).
 */
import type { FieldErrors } from '../../../lib/api-client';
import { DATABASE_BOUNDS, MAX_DATABASES } from '../../../lib/database-bounds';
import type { DatabasesRecommendRequest, RecommendDatabase } from '../api/types';
import { EMPTY_WORKLOAD, workloadFormOf, workloadOf, type WorkloadForm } from './workload-form';

export interface DatabaseEntry {
  name: string;
  /** 1 = the most important ('' = the API's default). */
  priority: string;
  /** Test/dev clones and each one's load as a % of the database's ('' = the API's default). */
  clones: string;
  cloneLoadPct: string;
  /** Left out of the search (kept in the list). */
  paused: boolean;
  workload: WorkloadForm;
}

/** What the page keeps of the databases: the list and the workload fields of a page of one. */
export interface DatabasesForm extends WorkloadForm {
  databases: DatabaseEntry[];
}

// The bounds of a database's inputs as the API publishes them (shared with the design editor).
export { DATABASE_BOUNDS, MAX_DATABASES };

const entryOf = (name: string, workload: WorkloadForm): DatabaseEntry => ({ name, priority: '', clones: '', cloneLoadPct: '', paused: false, workload });

function freeName(entries: DatabaseEntry[]): string {
  const taken = new Set(entries.map((e) => e.name.trim().toLowerCase()));
  for (let n = entries.length + 1; ; n += 1) if (!taken.has(`database ${n}`)) return `Database ${n}`;
}

/**
 * One more database. A page of one becomes one of two: "Database 1" with the page's workload, and
 * "Database 2" with an empty one. Nothing beyond MAX_DATABASES.
 */
export function addDatabase<F extends DatabasesForm>(form: F): F {
  if (form.databases.length >= MAX_DATABASES) return form;
  const entries = form.databases.length ? form.databases : [entryOf('Database 1', workloadFormOf(form))];
  return { ...form, databases: [...entries, entryOf(freeName(entries), { ...EMPTY_WORKLOAD, extras: {} })] };
}

export function updateDatabase<F extends DatabasesForm>(form: F, index: number, changes: Partial<DatabaseEntry>): F {
  return { ...form, databases: form.databases.map((e, i) => (i === index ? { ...e, ...changes } : e)) };
}

/** Without the database at `index`; down to one, its workload is the page's again (today's request). */
export function removeDatabase<F extends DatabasesForm>(form: F, index: number): F {
  const entries = form.databases.filter((_, i) => i !== index);
  const [only] = entries;
  if (entries.length === 1 && only) return { ...form, ...only.workload, databases: [] };
  return { ...form, databases: entries };
}

const num = (raw: string): number | undefined => (raw.trim() === '' ? undefined : Number(raw));

/** The request's `databases`: empty inputs left to the API's defaults. */
export function databasesOf(entries: DatabaseEntry[]): RecommendDatabase[] {
  return entries.map((entry) => {
    const database: RecommendDatabase = { name: entry.name.trim(), workload: workloadOf(entry.workload), paused: entry.paused };
    const priority = num(entry.priority);
    const clones = num(entry.clones);
    const cloneLoad = num(entry.cloneLoadPct);
    if (priority !== undefined) database.priority = priority;
    if (clones !== undefined) database.clones = clones;
    if (cloneLoad !== undefined) database.clone_load_pct = cloneLoad;
    return database;
  });
}

/** Where the API files a database's errors: `databases.<position>`. */
export const databasePath = (index: number): string => `databases.${index}`;

/**
 * What the published contract does not say of a request of several databases, by the API's dotted
 * paths: each database needs a name, different from the others' ("databases.1.name").
 */
export function databaseNameErrors(body: DatabasesRecommendRequest): FieldErrors {
  const errors: FieldErrors = {};
  const seen = new Set<string>();
  body.databases.forEach((database, i) => {
    const name = database.name.toLowerCase();
    const path = `${databasePath(i)}.name`;
    if (!name) errors[path] = ['A database needs a name'];
    else if (seen.has(name)) errors[path] = ['Another database has this name'];
    seen.add(name);
  });
  return errors;
}

/** The paths a database's fields show their errors beside (its workload's are the workload fields'). */
export const DATABASE_FIELDS = ['name', 'priority', 'clones', 'clone_load_pct'] as const;

/** A database's errors that no field of it shows (an input of its workload not on the page...), as messages. */
export function otherDatabaseErrors(errors: FieldErrors, index: number, shownWorkloadPaths: string[]): string[] {
  const prefix = `${databasePath(index)}.`;
  const shown = new Set([...DATABASE_FIELDS.map((f) => prefix + f), ...shownWorkloadPaths]);
  return Object.entries(errors)
    .filter(([path]) => path.startsWith(prefix) && !shown.has(path))
    .flatMap(([path, messages]) => messages.map((m) => (path.endsWith('non_field_errors') ? m : `${path.slice(prefix.length)}: ${m}`)));
}
