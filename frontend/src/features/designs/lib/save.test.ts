import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { formFromInputs } from './design-form';
import { hasUnsavedChanges, metaOf, saveBody, saveProblem, sameValue } from './save';

describe('saveProblem', () => {
  it('explains a stale ETag (412) and offers a reload', () => {
    const problem = saveProblem(new ApiError(412, { detail: 'Precondition failed' }));
    expect(problem?.reload).toBe(true);
    expect(problem?.message).toMatch(/changed by someone else/);
  });
  it('points at the fields on a validation error and passes other errors through', () => {
    expect(saveProblem(new ApiError(400, { workload: { users: ['bad'] } }))?.message).toMatch(/fields marked in red/);
    expect(saveProblem(new ApiError(403, { detail: 'Viewers cannot edit.' }))?.message).toBe('Not allowed: Viewers cannot edit.');
    expect(saveProblem(new Error('network down'))).toEqual({ message: 'network down', reload: false });
    expect(saveProblem(null)).toBeNull();
  });
});

describe('saveBody', () => {
  it('sends the content and the trimmed revision summary', () => {
    expect(saveBody({ name: ' A ', customer: 'C', status: 'draft', priceBook: 4 }, { workload: { users: 1 }, platform: { family: 'x' } }, ' more nodes ')).toEqual({
      name: 'A',
      customer: 'C',
      status: 'draft',
      price_book: 4,
      workload: { users: 1 },
      platform: { family: 'x' },
      summary: 'more nodes',
    });
    expect(saveBody({ name: 'A', customer: '', status: 'draft', priceBook: null }, { workload: {}, platform: {} }, '  ')).not.toHaveProperty('summary');
  });
});

describe('hasUnsavedChanges', () => {
  const design = { name: 'Quarter rack', customer: 'ACME', status: 'draft', price_book: null };
  const form = formFromInputs({ users: 1000 }, { family: 'oracle-fs1', storage_model: 'FS1-2', rac_nodes: 2 });
  const loaded = { form, meta: metaOf(design) };

  it('is clean as loaded and after typing a value back to what it was', () => {
    expect(hasUnsavedChanges(loaded, { form: { ...form }, meta: metaOf(design) }, true)).toBe(false);
    expect(hasUnsavedChanges(loaded, { form: { ...form, racNodes: '2' }, meta: metaOf(design) }, true)).toBe(false);
  });

  it('is dirty after an input or a save-bar field changes', () => {
    expect(hasUnsavedChanges(loaded, { form: { ...form, racNodes: '1' }, meta: metaOf(design) }, true)).toBe(true);
    expect(hasUnsavedChanges(loaded, { form, meta: { ...metaOf(design), status: 'proposed' } }, true)).toBe(true);
  });

  it('never warns a viewer, who cannot save', () => {
    expect(hasUnsavedChanges(loaded, { form: { ...form, racNodes: '1' }, meta: metaOf(design) }, false)).toBe(false);
  });

  it('compares objects whatever their key order', () => {
    expect(sameValue({ a: 1, b: { c: [1, 2] } }, { b: { c: [1, 2] }, a: 1 })).toBe(true);
    expect(sameValue({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameValue([1, 2], [2, 1])).toBe(false);
    expect(metaOf({ ...design, price_book: { id: 3 } }).priceBook).toBe(3);
  });
});
