import { describe, expect, it } from 'vitest';
import type { MeasuredCurve } from '../api/measured-curves';
import { quarterRack } from './fixture';
import { measuredByNodes, withMeasured } from './measured';

// As GET /api/v1/curves/?configuration=oracle-fs1-quarter-rack returns them (Oracle FS1 2016, Table 1).
const swingbench: MeasuredCurve = {
  slug: 'oracle-fs1-2016-swingbench-20ms-quarter-rack',
  configuration: 'oracle-fs1-quarter-rack',
  rac_nodes: 2,
  source_document: 'oracle-fs1-2016',
  points: [
    {
      position: 0,
      conditions: { rack: 'quarter', rac_nodes: 2 },
      values: [
        { quantity: 'response_time', value: '20.000000', unit: 'ms' },
        { quantity: 'tps', value: '25800.000000', unit: 'TPS' },
      ],
      source_document: 'oracle-fs1-2016',
      source_locator: 'Table 1',
    },
    {
      position: 1,
      conditions: { rac_nodes: 2, stated_as: 'approximate' },
      values: [
        { quantity: 'approximate_tps', value: '26000.000000', unit: 'TPS' },
        { quantity: 'response_time', value: '20.000000', unit: 'ms' },
      ],
      source_document: 'oracle-fs1-2016',
      source_locator: 'Conclusion',
    },
  ],
};

const tpcc: MeasuredCurve = {
  slug: 'dell-tpcc',
  configuration: 'dell-oltp-2010-tpcc-test-system',
  rac_nodes: 2,
  source_document: 'dell-equallogic-oltp-2010',
  points: [
    {
      position: 0,
      conditions: { asm_volumes: 4 },
      values: [
        { quantity: 'users', value: '6900', unit: 'users' },
        { quantity: 'tps', value: '348.61', unit: 'TPS' },
        { quantity: 'response_time', value: '1.98', unit: 's' },
      ],
      source_document: 'dell-equallogic-oltp-2010',
      source_locator: 'Table 6',
    },
  ],
};

describe('measuredByNodes', () => {
  it('keeps points with a TPS and a response time, by RAC node count, with their source', () => {
    expect(measuredByNodes([swingbench]).get(2)).toEqual([{ tps: 25800, response_ms: 20, source: 'oracle-fs1-2016, Table 1' }]);
  });
  it('converts response times in seconds to ms and carries users', () => {
    expect(measuredByNodes([tpcc]).get(2)).toEqual([{ tps: 348.61, response_ms: 1980, users: 6900, source: 'dell-equallogic-oltp-2010, Table 6' }]);
  });
});

describe('withMeasured', () => {
  it('puts the measured points on the series of the same node count only', () => {
    const projection = withMeasured(quarterRack().evaluation.projection!, measuredByNodes([swingbench]));
    const measured = Object.fromEntries(projection.series.map((s) => [s.rac_nodes, s.measured?.length]));
    expect(measured).toEqual({ 1: 0, 2: 1, 3: 0, 4: 0 });
  });
});
