import { describe, expect, it } from 'vitest';
import { zDatabaseRequest, zDssWorkloadRequest, zOltpWorkloadRequest } from './api-zod';
import { DATABASE_BOUNDS, MAX_DATABASES } from './database-bounds';

describe('DATABASE_BOUNDS', () => {
  it("are the published database contract's", () => {
    expect(DATABASE_BOUNDS).toEqual({
      name: { maxLength: 60 },
      priority: { min: 1, max: 8, default: 1 },
      clones: { min: 0, max: 20 },
      cloneLoadPct: { min: 0, max: 100 },
      load: { users: { min: 1, max: 1_000_000 }, tps: { min: 0.001, max: 1_000_000 }, mbS: { min: 0.001, max: 1_000_000 } },
    });
    expect(MAX_DATABASES).toBe(8);
  });

  it('are the bounds the contract enforces, just inside and just outside', () => {
    // The workload is another schema's business: only this database's own inputs are looked at.
    const accepts = (changes: object) =>
      !(zDatabaseRequest.safeParse({ workload: {}, name: 'Orders', ...changes }).error?.issues ?? []).some((issue) => issue.path[0] !== 'workload');
    expect(accepts({ name: 'x'.repeat(DATABASE_BOUNDS.name.maxLength!) })).toBe(true);
    expect(accepts({ name: 'x'.repeat(DATABASE_BOUNDS.name.maxLength! + 1) })).toBe(false);
    expect(accepts({ priority: DATABASE_BOUNDS.priority.max })).toBe(true);
    expect(accepts({ priority: DATABASE_BOUNDS.priority.max! + 1 })).toBe(false);
    expect(accepts({ priority: DATABASE_BOUNDS.priority.min! - 1 })).toBe(false);
    expect(accepts({ clones: DATABASE_BOUNDS.clones.max! + 1 })).toBe(false);
    expect(accepts({ clone_load_pct: DATABASE_BOUNDS.cloneLoadPct.max! + 1 })).toBe(false);
    expect(accepts({ clone_load_pct: DATABASE_BOUNDS.cloneLoadPct.min! - 1 })).toBe(false);
    // a nullable load's bounds are its type's (anyOf [number, null] in the JSON schema)
    const { tps, mbS } = DATABASE_BOUNDS.load;
    expect(zOltpWorkloadRequest.shape.target_tps.safeParse(tps.min).success).toBe(true);
    expect(zOltpWorkloadRequest.shape.target_tps.safeParse(tps.min! / 2).success).toBe(false);
    expect(zDssWorkloadRequest.shape.target_throughput_mb_s.safeParse(mbS.min! / 2).success).toBe(false);
  });
});
