import { describe, expect, it } from 'vitest';
import { parseDesignId } from './design-id';

describe('parseDesignId', () => {
  it('reads a positive whole number', () => {
    expect(parseDesignId('42')).toBe(42);
  });

  it('refuses anything else (the page shows not found and asks nothing of the API)', () => {
    for (const param of [undefined, '', 'abc', '12abc', '1.5', '-3', '0', ' 7', '1e3', '99999999999999999999']) {
      expect(parseDesignId(param)).toBeNull();
    }
  });
});
