/** Pure view logic of the price books page: a book's state, the preview's rows and errors. */
import type { ImportRowError, PriceBook, PriceBookPreview, PriceBookPreviewRow } from '../api/types';

export type BookState = 'active' | 'retired' | 'expired' | 'scheduled';

/** Active / retired as stored; an active book past its valid_until reads "expired", one whose
 * valid-from date is still ahead "scheduled" (both are still what designs choosing it are priced with). */
export function bookState(book: Pick<PriceBook, 'is_active' | 'effective_date' | 'valid_until'>, today: string): BookState {
  if (!book.is_active) return 'retired';
  if (book.valid_until && book.valid_until < today) return 'expired';
  if (book.effective_date > today) return 'scheduled';
  return 'active';
}

export function validityText(book: Pick<PriceBook, 'effective_date' | 'valid_until'>): string {
  return book.valid_until ? `${book.effective_date} to ${book.valid_until}` : `from ${book.effective_date}`;
}

/** An expired version cannot be activated (the API refuses it too). */
export function canActivate(book: Pick<PriceBook, 'is_active' | 'valid_until'>, today: string): boolean {
  return !book.is_active && !(book.valid_until && book.valid_until < today);
}

export const todayIso = (now: Date = new Date()): string =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

export interface PreviewRowView extends PriceBookPreviewRow {
  /** field name -> its messages, to mark the cell */
  fieldErrors: Record<string, string[]>;
}

export function previewRows(preview: PriceBookPreview): PreviewRowView[] {
  return preview.rows.map((row) => {
    const fieldErrors: Record<string, string[]> = {};
    for (const e of row.errors) (fieldErrors[e.field] ??= []).push(e.message);
    return { ...row, fieldErrors };
  });
}

/** Errors that belong to no data row: the header, the file, the price book's own fields (row 0). */
export const fileErrors = (errors: ImportRowError[]): ImportRowError[] => errors.filter((e) => e.row === 0);

export function previewSummary(preview: PriceBookPreview): string {
  const { rows, priced, skipped, with_errors } = preview.summary;
  const parts = [`${rows} ${rows === 1 ? 'row' : 'rows'}`, `${priced} to save`];
  if (skipped) parts.push(`${skipped} without a price (skipped)`);
  if (with_errors) parts.push(`${with_errors} with errors`);
  return parts.join(', ');
}

/** Save needs a clean preview of exactly the file and fields about to be sent. */
export const canSave = (preview: PriceBookPreview | undefined, previewIsCurrent: boolean): boolean =>
  Boolean(preview?.valid && previewIsCurrent);

/** An import's 400 ({errors: [{row, field, message}]}) or any other API error, as lines to show. */
export function uploadErrors(body: unknown): ImportRowError[] {
  if (body && typeof body === 'object' && 'errors' in body && Array.isArray((body as { errors: unknown }).errors)) {
    return (body as { errors: ImportRowError[] }).errors;
  }
  return [];
}

export const errorText = (e: ImportRowError): string => (e.row ? `Row ${e.row}, ${e.field}: ${e.message}` : `${e.field}: ${e.message}`);
