/** What a failed save means to the person who pressed Save. */
import { ApiError } from '../../../lib/api-client';

export interface SaveProblem {
  message: string;
  /** The design changed on the server: reloading is the way forward. */
  reload: boolean;
}

export function saveProblem(error: unknown): SaveProblem | null {
  if (!error) return null;
  if (error instanceof ApiError) {
    if (error.status === 412) {
      return {
        message: 'This design was changed by someone else since you opened it. Reload to see their version (your unsaved changes will be lost).',
        reload: true,
      };
    }
    if (error.status === 403) return { message: `Not allowed: ${error.message}`, reload: false };
    if (error.status === 404) return { message: 'This design no longer exists or is no longer shared with you.', reload: false };
    if (error.status === 400) return { message: 'The design was not saved: correct the fields marked in red.', reload: false };
  }
  return { message: error instanceof Error ? error.message : String(error), reload: false };
}

/** The PATCH body: content fields plus the revision summary the author typed. */
export function saveBody(
  meta: { name: string; customer: string; status: string; priceBook: number | null },
  inputs: { workload: unknown; platform: unknown },
  summary: string,
): Record<string, unknown> {
  const body: Record<string, unknown> = {
    name: meta.name.trim(),
    customer: meta.customer,
    status: meta.status,
    price_book: meta.priceBook,
    ...inputs,
  };
  if (summary.trim()) body.summary = summary.trim();
  return body;
}

export interface SaveMeta {
  name: string;
  customer: string;
  status: string;
  priceBook: number | null;
}

/** The save bar's fields as the design was loaded. */
export function metaOf(design: { name: string; customer: string; status: string; price_book: { id: number } | null }): SaveMeta {
  return { name: design.name, customer: design.customer, status: design.status, priceBook: design.price_book?.id ?? null };
}

/** Deep equality of plain JSON-like values, whatever the order of object keys. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return (
    ka.length === kb.length &&
    ka.every((k) => Object.hasOwn(b, k) && sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}

/**
 * Edits that leaving the editor would lose: the form, the save bar, the databases, the evidence imports or the BOM overrides differ from the loaded design
 * (typing a value back to what it was is no change). A viewer cannot save, so has none to lose.
 */
export function hasUnsavedChanges(
  loaded: { form: unknown; meta: SaveMeta; overrides?: unknown; databases?: unknown; evidence?: unknown },
  current: { form: unknown; meta: SaveMeta; overrides?: unknown; databases?: unknown; evidence?: unknown },
  canSave: boolean,
): boolean {
  const same =
    sameValue(loaded.form, current.form) &&
    sameValue(loaded.meta, current.meta) &&
    sameValue(loaded.databases ?? null, current.databases ?? null) &&
    sameValue(loaded.evidence ?? null, current.evidence ?? null);
  return canSave && !(same && sameValue(loaded.overrides ?? [], current.overrides ?? []));
}
