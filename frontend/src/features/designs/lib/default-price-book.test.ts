import { describe, expect, it } from 'vitest';
import { defaultPriceBook } from './default-price-book';

const book = (id: number, name: string, extra: Partial<{ is_active: boolean; is_demo: boolean; effective_date: string; valid_until: string | null }> = {}) => ({
  id,
  name,
  version: 1,
  currency: 'USD',
  is_active: true,
  is_demo: false,
  effective_date: '2026-01-01',
  valid_until: null,
  ...extra,
});
const TODAY = '2026-12-03';

describe('defaultPriceBook (issue 39: new designs take the active price book)', () => {
  it('takes the one active price book and says so', () => {
    const demo = book(1, 'DEMO — fictional prices, not a quote', { is_demo: true });
    expect(defaultPriceBook([demo], TODAY)).toEqual({
      book: demo,
      note: 'Priced with DEMO — fictional prices, not a quote v1 (USD) (the active price book); change it next to the design name.',
    });
  });
  it('says the BOM is unpriced without one', () => {
    expect(defaultPriceBook([], TODAY)).toEqual({ book: null, note: 'No price book: the BOM is unpriced.' });
    expect(defaultPriceBook([book(1, 'Retired', { is_active: false })], TODAY).book).toBeNull();
  });
  it('of several, takes real prices before demo ones, then the newest, and says which', () => {
    const demo = book(1, 'DEMO', { is_demo: true, effective_date: '2026-11-01' });
    const old = book(2, 'List 2025', { effective_date: '2025-01-01' });
    const current = book(3, 'List 2026', { effective_date: '2026-06-01' });
    const picked = defaultPriceBook([demo, old, current], TODAY);
    expect(picked.book?.id).toBe(3);
    expect(picked.note).toBe('Priced with List 2026 v1 (USD) (of the 3 active price books, the newest with real prices); change it next to the design name.');
    expect(defaultPriceBook([old, current], TODAY).note).toContain('(the newest of the 2 active price books)');
  });
  it('passes over a book not valid today while another is', () => {
    const expired = book(1, 'Expired', { effective_date: '2026-11-01', valid_until: '2026-11-30' });
    const future = book(2, 'Next year', { effective_date: '2027-01-01' });
    const valid = book(3, 'Valid', { effective_date: '2025-01-01' });
    expect(defaultPriceBook([expired, future, valid], TODAY).book?.id).toBe(3);
    expect(defaultPriceBook([expired], TODAY).book?.id).toBe(1);
  });
});
