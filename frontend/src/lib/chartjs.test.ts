import { Ticks, type Scale, type Tick } from 'chart.js';
import { describe, expect, it } from 'vitest';
import { Chart, logarithmicTickLabel, numericTickLabel } from './chartjs';

// What a tick formatter reads of its scale: the chart's locale (Chart.js's labels in en-US, the app's
// locale) and the scale's tick options.
const scale = (format?: Intl.NumberFormatOptions) => ({ chart: { options: { locale: 'en-US' } }, options: { ticks: { format } } }) as unknown as Scale;

/** Ticks as a linear scale makes them: min, min + step, ..., max (also with float noise, e.g. 3 x 0.1). */
function linearTicks(): Tick[][] {
  const sets: Tick[][] = [];
  for (const step of [0.001, 0.002, 0.0025, 0.005, 0.01, 0.02, 0.025, 0.05, 0.1, 0.2, 0.25, 0.5, 1, 2, 2.5, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000, 10000, 25000, 1e6]) {
    for (const start of [0, step, -2 * step, 3 * step]) {
      sets.push(Array.from({ length: 11 }, (_, k) => ({ value: start + k * step })));
      sets.push(Array.from({ length: 7 }, (_, k) => ({ value: Math.round((start + k * step) * 1e6) / 1e6 })));
    }
    // a scale whose min and max are not on the step (min: 0, max: the data's): Chart.js keeps them
    sets.push([{ value: 0 }, { value: step }, { value: 2 * step }, { value: 2.37 * step }]);
    sets.push([{ value: 1.3 * step }, { value: 2 * step }]);
  }
  sets.push([{ value: 42.5 }]);
  return sets;
}

function logTicks(): Tick[][] {
  const sets: Tick[][] = [];
  for (const [lo, hi] of [[-1, 2], [0, 3], [-3, 0], [1, 5]] as const) {
    const ticks: Tick[] = [];
    for (let e = lo; e <= hi; e += 1) for (const m of [1, 2, 3, 4, 5, 6, 7, 8, 9]) ticks.push({ value: m * 10 ** e, significand: m } as Tick);
    sets.push(ticks);
    sets.push(ticks.map(({ value }) => ({ value })));
  }
  return sets;
}

describe('chart tick labels', () => {
  it("label a linear axis's ticks as Chart.js does in en-US", () => {
    let compared = 0;
    for (const ticks of linearTicks()) {
      ticks.forEach((tick, index) => {
        expect(numericTickLabel.call(scale(), tick.value, index, ticks)).toBe(Ticks.formatters.numeric.call(scale(), tick.value, index, ticks));
        compared += 1;
      });
    }
    expect(compared).toBeGreaterThan(1000);
  });

  it("label a logarithmic axis's ticks as Chart.js does in en-US", () => {
    for (const ticks of logTicks()) {
      ticks.forEach((tick, index) => {
        expect(logarithmicTickLabel.call(scale(), tick.value, index, ticks)).toBe(Ticks.formatters.logarithmic.call(scale(), tick.value, index, ticks));
      });
    }
  });

  it("leave scientific notation and a scale's own number format to Chart.js", () => {
    const tiny = [{ value: 0 }, { value: 0.00002 }, { value: 0.00004 }];
    expect(numericTickLabel.call(scale(), 0.00002, 1, tiny)).toBe(Ticks.formatters.numeric.call(scale(), 0.00002, 1, tiny));
    const euros = scale({ style: 'currency', currency: 'EUR' });
    const ticks = [{ value: 0 }, { value: 500 }, { value: 1000 }];
    expect(numericTickLabel.call(euros, 500, 1, ticks)).toBe(Ticks.formatters.numeric.call(euros, 500, 1, ticks));
    expect(numericTickLabel.call(euros, 500, 1, ticks)).toContain('€');
  });

  it('are the defaults of every linear and logarithmic axis', () => {
    expect(Chart.defaults.scales.linear?.ticks.callback).toBe(numericTickLabel);
    expect(Chart.defaults.scales.logarithmic?.ticks.callback).toBe(logarithmicTickLabel);
  });
});
