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
