/** The audit feed's filters as the API takes them, and its entries as table rows. */
import { zAuditObjectTypeEnum } from '../../../lib/api-zod';
import type { components } from '../../../lib/api-schema';

type Schemas = components['schemas'];
export type AuditEntry = Schemas['AuditEntry'];
export type AuditPage = Schemas['AuditPage'];
export type AuditObjectType = Schemas['AuditObjectTypeEnum'];

/** The object types the API filters by, in its order (from the published schema). */
export const OBJECT_TYPES: readonly AuditObjectType[] = zAuditObjectTypeEnum.options;

/** What the filter form holds: text as typed; `since`/`until` as a datetime-local value (local time). */
export interface AuditFilters {
  objectType: AuditObjectType | '';
  actor: string;
  since: string;
  until: string;
  objectId: string;
}

export const NO_FILTERS: AuditFilters = { objectType: '', actor: '', since: '', until: '', objectId: '' };

/** "?object_type=part&since=2026-11-25T14%3A00%3A00.000Z&limit=50" — empty filters left out. */
export function auditQueryString(filters: AuditFilters, cursor?: string, limit = 50): string {
  const params = new URLSearchParams();
  if (filters.objectType) params.set('object_type', filters.objectType);
  if (filters.actor.trim()) params.set('actor', filters.actor.trim());
  const since = toIso(filters.since);
  if (since) params.set('since', since);
  const until = toIso(filters.until);
  if (until) params.set('until', until);
  if (filters.objectId.trim()) params.set('object_id', filters.objectId.trim());
  params.set('limit', String(limit));
  if (cursor) params.set('cursor', cursor);
  return `?${params.toString()}`;
}

/** A datetime-local value is local time; the API wants an instant. Unparseable text goes as typed (the API names it). */
function toIso(local: string): string {
  if (!local.trim()) return '';
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
}

export interface AuditRow {
  key: string;
  entry: AuditEntry;
  field: string;
  before: string;
  after: string;
}

/** One row per changed field (an entry without field changes, such as a revoked link, keeps one row). */
export function auditRows(entries: readonly AuditEntry[]): AuditRow[] {
  return entries.flatMap((entry) =>
    entry.changes.length
      ? entry.changes.map((c, i) => ({
          key: `${entry.id}#${i}`,
          entry,
          field: c.field,
          before: showValue(c.before),
          after: showValue(c.after),
        }))
      : [{ key: entry.id, entry, field: '', before: '', after: '' }],
  );
}

const MAX_SHOWN = 120;

/** null as a dash, JSON documents compactly (cut at MAX_SHOWN characters), the rest as text. */
export function showValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN - 1)}…` : text;
}

/** "part A-100 changed" — what happened to which object, in words. */
export function describeEntry(entry: Pick<AuditEntry, 'object_type' | 'object_label' | 'action'>): string {
  return `${entry.object_type} ${entry.object_label} ${entry.action}`;
}

/** A route's design id, or null when it is not one (/designs/abc/audit). */
export function parseDesignId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,17}$/.test(raw)) return null;
  return Number(raw);
}
