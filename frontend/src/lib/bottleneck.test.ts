import { describe, expect, it } from 'vitest';
import { bottleneckWords, limitsLabel, limitsStatement } from './bottleneck';
import { STATIONS } from './display-names.generated';

describe('bottleneck words', () => {
  it("names a raw station by the engine's display names (rows that carry only the name: compare, recommend)", () => {
    expect(bottleneckWords('cpu')).toBe('Server CPU');
    expect(bottleneckWords('storage_path')).toBe('Host I/O path to the arrays');
    expect(bottleneckWords('think')).toBe(STATIONS.think);
    expect(bottleneckWords('new_station')).toBe('new station');
  });

  it("reads an evaluation's limits as the engine words them, the raw station only without a label", () => {
    const limits = {
      bottleneck: 'storage_path',
      bottleneck_label: 'Host I/O path to the arrays',
      at_sla_point: 'storage',
      statement: 'Host I/O path to the arrays is the bottleneck: it saturates first as the load grows, and it is the limit at the SLA point.',
    };
    expect(limitsLabel(limits)).toBe('Host I/O path to the arrays');
    expect(limitsStatement(limits)).toBe(limits.statement);
    expect(limitsLabel({ ...limits, bottleneck: 'cpu', bottleneck_label: '' })).toBe('Server CPU');
    expect(limitsLabel(undefined)).toBe('—');
    expect(limitsStatement(null)).toBe('');
  });
});
