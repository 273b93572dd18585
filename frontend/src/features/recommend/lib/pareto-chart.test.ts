import { describe, expect, it } from 'vitest';
import { candidate, recommendation } from './fixture';
import { buildParetoModel, tooltipLines } from './pareto-chart';

describe('the Pareto chart', () => {
  it('draws size (RAC nodes + units) against headroom when ranked by size', () => {
    const model = buildParetoModel(recommendation);
    expect(model.xTitle).toBe('Size (RAC nodes + storage units)');
    expect(model.points.map((p) => [p.x, p.y, p.pareto])).toEqual([
      [3, 53.85, true],
      [4, 60, false],
    ]);
    expect(tooltipLines(model.points[0]!)).toEqual([candidate.label, 'size 3 (1 RAC node + 2 X-Bricks)', 'headroom +54%']);
  });

  it('draws cost when ranked by cost, leaving off the candidates without a known cost', () => {
    const priced = { ...candidate, cost: { amount: '250000.00', currency: 'USD', unpriced_lines: [], note: '' } };
    const model = buildParetoModel({ ...recommendation, ranking: 'cost', currency: 'USD', candidates: [priced, { ...candidate, key: 'u' }] });
    expect(model.xTitle).toBe('Cost (USD)');
    expect(model.points.map((p) => [p.x, p.xText])).toEqual([[250000, '250,000.00 USD']]);
    expect(model.leftOff).toBe(1);
  });

  it('draws the closest when nothing holds', () => {
    const model = buildParetoModel({ ...recommendation, holds: false, candidates: [], closest: [{ ...candidate, key: 'c' }] });
    expect(model.points.map((p) => p.key)).toEqual(['c']);
  });
});
