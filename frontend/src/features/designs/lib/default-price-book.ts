/**
 * The price book a new design starts with (issue 39: new designs started unpriced though a price book
 * existed, and nothing said which was meant): the catalog's active price book. Several names may each
 * have an active version; then a real one before a demo one, then the newest (valid from the latest
 * date). Books not valid today (expired, or not yet in force) come only when no other is active.
 */
import type { PriceBook } from '../api/types';

type Book = Pick<PriceBook, 'id' | 'name' | 'version' | 'currency' | 'is_active' | 'is_demo' | 'effective_date' | 'valid_until'>;

const validOn = (book: Book, today: string) => book.effective_date <= today && (book.valid_until === null || book.valid_until >= today);

/** The book's name as the editor's price-book menu lists it ("List prices v2 (USD)"). */
export const priceBookLabel = (book: Pick<Book, 'name' | 'version' | 'currency'>): string => `${book.name} v${book.version} (${book.currency})`;

/** The book a new design starts with and what the page says about it (`today`: ISO date). */
export function defaultPriceBook<B extends Book>(books: B[], today: string): { book: B | null; note: string } {
  const active = books.filter((b) => b.is_active);
  const valid = active.filter((b) => validOn(b, today));
  const pool = valid.length ? valid : active;
  if (pool.length === 0) return { book: null, note: 'No price book: the BOM is unpriced.' };
  const [book] = [...pool].sort(
    (a, b) => Number(a.is_demo) - Number(b.is_demo) || b.effective_date.localeCompare(a.effective_date) || b.id - a.id,
  ) as [B, ...B[]];
  // Several names active: say which was taken (the others are a choice away in the editor).
  const mixed = pool.some((b) => b.is_demo) && !book.is_demo;
  const which =
    pool.length === 1
      ? 'the active price book'
      : mixed
        ? `of the ${pool.length} active price books, the newest with real prices`
        : `the newest of the ${pool.length} active price books`;
  return { book, note: `Priced with ${priceBookLabel(book)} (${which}); change it next to the design name.` };
}
