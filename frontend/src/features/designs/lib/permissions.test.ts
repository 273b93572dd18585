import { describe, expect, it } from 'vitest';
import { can, roleLabel } from './permissions';

describe('can', () => {
  it('allows exactly what the design lists', () => {
    const manager = { permissions: ['read', 'export'] as const, my_role: 'manager' as const };
    expect(can({ permissions: [...manager.permissions] }, 'export')).toBe(true);
    expect(can({ permissions: [...manager.permissions] }, 'edit')).toBe(false);
    expect(can({ permissions: ['read'] }, 'export')).toBe(false);
    expect(roleLabel(manager)).toBe('manager');
    expect(roleLabel({ my_role: null })).toBe('reader');
  });
});
