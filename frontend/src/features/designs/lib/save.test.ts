import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { saveBody, saveProblem } from './save';

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
