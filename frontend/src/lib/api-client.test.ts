import { describe, expect, it } from 'vitest';
import { ApiError, readCookie } from './api-client';

describe('ApiError', () => {
  it('flattens nested DRF field errors to dotted paths', () => {
    const error = new ApiError(400, {
      name: ['This field is required.'],
      workload: { users: ['Ensure this value is greater than or equal to 1.'] },
      non_field_errors: 'Bad',
    });
    expect(error.fieldErrors).toEqual({
      name: ['This field is required.'],
      'workload.users': ['Ensure this value is greater than or equal to 1.'],
      non_field_errors: ['Bad'],
    });
    expect(error.message).toBe('Request failed with status 400');
  });

  it('reads a list serializer\'s errors by position (one entry per item, {} for the good ones)', () => {
    const error = new ApiError(400, {
      bom_overrides: [{}, { quantity: ['Ensure this value is greater than or equal to 0.'] }],
      databases: [{}, {}, { workload: { target_tps: ['must be more than 0'] }, name: ['taken'] }],
      tags: ['Not a valid list.'],
    });
    expect(error.fieldErrors).toEqual({
      'bom_overrides.1.quantity': ['Ensure this value is greater than or equal to 0.'],
      'databases.2.workload.target_tps': ['must be more than 0'],
      'databases.2.name': ['taken'],
      tags: ['Not a valid list.'],
    });
    // the same errors keyed by position read the same
    expect(new ApiError(400, { databases: { '2': { name: ['taken'] } } }).fieldErrors).toEqual({ 'databases.2.name': ['taken'] });
  });

  it('uses detail as the message', () => {
    expect(new ApiError(404, { detail: 'Not found.' }).message).toBe('Not found.');
  });
});

describe('readCookie', () => {
  it('finds a cookie among others and decodes it', () => {
    expect(readCookie('csrftoken', 'a=1; csrftoken=x%2By; b=2')).toBe('x+y');
    expect(readCookie('missing', 'a=1')).toBeUndefined();
  });
});
