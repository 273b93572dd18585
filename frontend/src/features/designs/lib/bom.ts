/** Bill of materials grouped by section, with money strings (never float sums). A section totals
 * money only: its lines are unlike parts (servers, CPUs, cables), so their quantities are not added. */
import { formatMoney } from '../../../components/format';
import type { components } from '../../../lib/api-schema';
import type { BomLine, PricedBom } from '../api/types';

type Schemas = components['schemas'];

export const SECTION_LABELS: Record<string, string> = {
  servers: 'Servers',
  storage: 'Storage',
  network: 'Network',
  software: 'Software',
  miscellaneous: 'Miscellaneous',
};

/** Said beside a line whose "part number" is the document's model designation: it cannot be ordered
 * as such (the catalog part's `part_number_is_model`). */
export const MODEL_NAME_FLAG = 'model name, not a part number';

export interface BomSectionView {
  section: string;
  label: string;
  lines: (BomLine & { unitText: string; extendedText: string; partNumberNote: string })[];
  totalText: string;
}

export function bomSections(bom: PricedBom): BomSectionView[] {
  const order = bom.sections.map((s) => s.section);
  for (const line of bom.lines) if (!order.includes(line.section)) order.push(line.section);
  return order.map((section) => {
    const summary = bom.sections.find((s) => s.section === section);
    const lines = bom.lines
      .filter((l) => l.section === section)
      .map((l) => ({
        ...l,
        unitText: bom.currency ? formatMoney(l.unit_price, bom.currency) : '—',
        extendedText: bom.currency ? formatMoney(l.extended_price, bom.currency) : '—',
        partNumberNote: l.part_number_is_model ? MODEL_NAME_FLAG : '',
      }));
    return {
      section,
      label: SECTION_LABELS[section] ?? section,
      lines,
      totalText: bom.price_book
        ? `${formatMoney(summary?.total ?? null, bom.currency)}${summary?.unpriced_lines ? ` (+${summary.unpriced_lines} unpriced)` : ''}`
        : 'no price book',
    };
  });
}

export function bomTotalText(bom: PricedBom): string {
  if (!bom.price_book) return 'no price book';
  const total = formatMoney(bom.total, bom.currency);
  return bom.unpriced_lines ? `${total} (excludes ${bom.unpriced_lines} unpriced lines)` : total;
}

// --- BOM overrides: the editor's changes to the generated BOM (PATCH/POST `bom_overrides`) -------------
// An override sets the quantity of one (section, part number) line; 0 removes it; a line the BOM does
// not have is added at the end of its section (backend sizing.bom.apply_overrides). Every override carries
// a reason (the API refuses one without), so a reviewer reads why the generated BOM was changed.

export type BomOverride = Schemas['BomOverrideInputRequest'];
export type BomSection = BomOverride['section'];
export const BOM_SECTIONS: BomSection[] = ['servers', 'storage', 'network', 'software', 'miscellaneous'];
/** The API's bounds (designs.serializers.BomOverrideInputSerializer). */
export const MAX_OVERRIDE_QUANTITY = 100_000;
export const MAX_REASON_LENGTH = 300;

/** What the editor types for one override (strings, as typed). */
export interface OverrideDraft {
  section: string;
  partNumber: string;
  quantity: string;
  reason: string;
  description?: string;
}

export type OverrideErrors = Partial<Record<'section' | 'part_number' | 'quantity' | 'reason' | 'description', string[]>>;

export const overrideKey = (o: { section: string; part_number: string }): string => `${o.section}\u0000${o.part_number}`;

/** Client-side checks, in the API's words where it has them; `{}` when the draft can be applied. */
export function overrideDraftErrors(draft: OverrideDraft, options: { knownPart?: boolean } = {}): OverrideErrors {
  const errors: OverrideErrors = {};
  if (!BOM_SECTIONS.includes(draft.section as BomSection)) errors.section = ['Choose a section.'];
  if (!draft.partNumber.trim()) errors.part_number = ['Choose a part from the catalog.'];
  else if (options.knownPart === false) errors.part_number = [`${draft.partNumber.trim()} is not in the catalog: choose a part from the list.`];
  const text = draft.quantity.trim();
  const quantity = Number(text);
  if (!/^\d+$/.test(text)) errors.quantity = ['A whole number of 0 or more is required.'];
  else if (quantity > MAX_OVERRIDE_QUANTITY) errors.quantity = [`Ensure this value is less than or equal to ${MAX_OVERRIDE_QUANTITY}.`];
  if (!draft.reason.trim()) errors.reason = ['Say why the BOM is changed: a reason is required.'];
  else if (draft.reason.trim().length > MAX_REASON_LENGTH) errors.reason = [`Ensure this field has no more than ${MAX_REASON_LENGTH} characters.`];
  return errors;
}

/** The overrides with `draft` applied: it replaces any override of the same line (one per line, as
 * the API requires), else it is appended. Call only when overrideDraftErrors(draft) is empty. */
export function withOverride(overrides: readonly BomOverride[], draft: OverrideDraft): BomOverride[] {
  const next: BomOverride = {
    section: draft.section as BomSection,
    part_number: draft.partNumber.trim(),
    quantity: Number(draft.quantity.trim()),
    description: draft.description ?? '',
    reason: draft.reason.trim(),
  };
  const key = overrideKey(next);
  const at = overrides.findIndex((o) => overrideKey(o) === key);
  if (at < 0) return [...overrides, next];
  return overrides.map((o, i) => (i === at ? next : o));
}

/** Undo one override: the line goes back to what the BOM rule generates. */
export function withoutOverride(overrides: readonly BomOverride[], key: string): BomOverride[] {
  return overrides.filter((o) => overrideKey(o) !== key);
}

export function overrideOf(overrides: readonly BomOverride[], line: { section: string; part_number: string }): BomOverride | undefined {
  const key = overrideKey(line);
  return overrides.find((o) => overrideKey(o) === key);
}

/** Overrides that remove a line (quantity 0): the evaluated BOM no longer lists them, the table does. */
export function removedLines(overrides: readonly BomOverride[], section: string): BomOverride[] {
  return overrides.filter((o) => o.quantity === 0 && o.section === section);
}

/** The API's errors for `bom_overrides`, per override (by line key) and for the list as a whole. The
 * API answers a list input per row: as a list from the checks across lines ({"bom_overrides": [{},
 * {"part_number": ["..."]}]}), keyed by the row's index from a line's own fields ({"bom_overrides":
 * {"1": {"reason": ["This field is required."]}}}). */
export function overrideApiErrors(body: unknown, overrides: readonly BomOverride[]): { byLine: Map<string, OverrideErrors>; general: string[] } {
  const byLine = new Map<string, OverrideErrors>();
  const general: string[] = [];
  const raw = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>).bom_overrides : undefined;
  if (typeof raw === 'string') general.push(raw);
  else if (Array.isArray(raw)) {
    raw.forEach((row, index) => {
      if (typeof row === 'string') general.push(row);
      else if (row && typeof row === 'object' && Object.keys(row).length && overrides[index]) {
        byLine.set(overrideKey(overrides[index]), row as OverrideErrors);
      }
    });
  } else if (raw && typeof raw === 'object') {
    for (const [key, row] of Object.entries(raw as Record<string, unknown>)) {
      const override = /^\d+$/.test(key) ? overrides[Number(key)] : undefined;
      if (override && row && typeof row === 'object' && !Array.isArray(row)) byLine.set(overrideKey(override), row as OverrideErrors);
      else general.push(...[row].flat().map(String));
    }
  }
  return { byLine, general };
}
