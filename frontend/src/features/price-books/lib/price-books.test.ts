import { describe, expect, it } from 'vitest';
import { bookState, canActivate, canSave, errorText, uploadErrors, validityText } from './price-books';

const BOOK = { is_active: true, effective_date: '2026-01-01', valid_until: '2026-12-31' as string | null };

describe('price book state', () => {
  it('reads active, retired, expired or scheduled from the flag and the dates', () => {
    expect(bookState(BOOK, '2026-06-01')).toBe('active');
    expect(bookState({ ...BOOK, is_active: false }, '2026-06-01')).toBe('retired');
    expect(bookState(BOOK, '2027-01-01')).toBe('expired');
    expect(bookState(BOOK, '2025-12-31')).toBe('scheduled');
    expect(bookState({ ...BOOK, valid_until: null }, '2099-01-01')).toBe('active');
  });

  it('says the validity in words and refuses to activate an expired book', () => {
    expect(validityText(BOOK)).toBe('2026-01-01 to 2026-12-31');
    expect(validityText({ ...BOOK, valid_until: null })).toBe('from 2026-01-01');
    expect(canActivate({ ...BOOK, is_active: false }, '2026-12-31')).toBe(true);
    expect(canActivate({ ...BOOK, is_active: false }, '2027-01-01')).toBe(false);
    expect(canActivate(BOOK, '2026-06-01')).toBe(false);
  });
});

describe('upload', () => {
  it('saves only a clean preview of the current file and fields', () => {
    const preview = { valid: true } as Parameters<typeof canSave>[0];
    expect(canSave(preview, true)).toBe(true);
    expect(canSave(preview, false)).toBe(false);
    expect(canSave({ ...preview!, valid: false }, true)).toBe(false);
    expect(canSave(undefined, true)).toBe(false);
  });

  it("reads an import's row errors from its 400 body", () => {
    const body = { errors: [{ row: 3, field: 'unit_price', message: 'A valid number is required.' }, { row: 0, field: 'currency', message: 'An ISO 4217 code, e.g. USD.' }] };
    expect(uploadErrors(body).map(errorText)).toEqual(['Row 3, unit_price: A valid number is required.', 'currency: An ISO 4217 code, e.g. USD.']);
    expect(uploadErrors({ detail: 'nope' })).toEqual([]);
  });
});
