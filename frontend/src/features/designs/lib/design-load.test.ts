import { describe, expect, it } from 'vitest';
import { designLoadReachable, unreachableDesignLoadText } from './design-load';
import { quarterRack } from './fixture';

describe('a design load beyond the maximum', () => {
  const summary = quarterRack().evaluation.summary;

  it('is reachable unless the engine says otherwise, and then has no words', () => {
    expect(summary.design_load_reachable).toBe(true);
    expect(designLoadReachable(summary)).toBe(true);
    expect(unreachableDesignLoadText(summary)).toBeNull();
  });

  it('says by how much the load exceeds the maximum, and the maximum it implies, without ".0"', () => {
    const beyond = { ...summary, design_tps: { value: 30000, unit: 'TPS' as const }, design_load_reachable: false, design_load_beyond_max_pct: { value: 16.28, unit: '%' as const } };
    expect(designLoadReachable(beyond)).toBe(false);
    expect(unreachableDesignLoadText(beyond)).toBe("30,000 TPS is 16% beyond this configuration's maximum (25,800 TPS)");
    expect(unreachableDesignLoadText({ ...beyond, design_load_beyond_max_pct: { value: 4.23, unit: '%' as const } })).toBe(
      "30,000 TPS is 4.2% beyond this configuration's maximum (28,780 TPS)",
    );
    expect(unreachableDesignLoadText({ ...beyond, design_load_beyond_max_pct: null })).toBe("30,000 TPS is beyond this configuration's maximum");
  });
});
