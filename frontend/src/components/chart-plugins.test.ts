import { describe, expect, it } from 'vitest';
import { chartPngFilename } from './chart-plugins';

describe('chartPngFilename', () => {
  it('slugs the chart title', () => {
    expect(chartPngFilename('Balance — Quarter rack (2 nodes)')).toBe('balance-quarter-rack-2-nodes.png');
    expect(chartPngFilename('***')).toBe('chart.png');
  });
});
