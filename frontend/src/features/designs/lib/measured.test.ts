import { describe, expect, it } from 'vitest';
import { platformRegistry } from '../../../lib/platforms-fixture';
import type { MeasuredCurve } from '../api/measured-curves';
import { equallogicPs6010xv, equallogicTpccCurves, quarterRack, type OltpPayload } from './fixture';
import { measuredByNodes, measuredConfigurationFor, noMeasuredPoint, otherConfiguration, withMeasured } from './measured';

// As GET /api/v1/curves/?configuration=oracle-fs1-quarter-rack returns them (Oracle FS1 2016, Table 1).
const swingbench: MeasuredCurve = {
  slug: 'oracle-fs1-2016-swingbench-20ms-quarter-rack',
  configuration: 'oracle-fs1-quarter-rack',
  storage_model: 'FS1-2',
  tool: 'swingbench_orderentry',
  arrays: null,
  raid: '',
  rac_nodes: 2,
  asm_volumes: null,
  source_document: 'oracle-fs1-2016',
  points: [
    {
      position: 0,
      conditions: { rack: 'quarter', rac_nodes: 2, drive_enclosures: 2, drives_per_enclosure: 13 },
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

// The half rack's run (3 x 19 SSD, 4 nodes): the point issue 37 found drawn on a quarter rack's 4-node line.
const halfRack: MeasuredCurve = {
  ...swingbench,
  slug: 'oracle-fs1-2016-swingbench-20ms-half-rack',
  configuration: 'oracle-fs1-half-rack',
  rac_nodes: 4,
  points: [
    {
      position: 0,
      conditions: { rack: 'half', rac_nodes: 4, drive_enclosures: 3, drives_per_enclosure: 19 },
      values: [
        { quantity: 'response_time', value: '20.000000', unit: 'ms' },
        { quantity: 'tps', value: '39000.000000', unit: 'TPS' },
      ],
      source_document: 'oracle-fs1-2016',
      source_locator: 'Table 1',
    },
  ],
};

const tpcc: MeasuredCurve = {
  slug: 'dell-tpcc',
  configuration: 'dell-oltp-2010-tpcc-test-system',
  storage_model: 'PS6010XV',
  tool: 'benchmark_factory_tpcc',
  arrays: 1,
  raid: 'raid10',
  rac_nodes: 2,
  asm_volumes: null,
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

const registry = platformRegistry();
const quarter = () => measuredConfigurationFor(quarterRack().evaluation, registry);
const ps6010xv = () => measuredConfigurationFor(equallogicPs6010xv().evaluation, registry);

/** The EqualLogic fixture design with its platform (and profile) changed, as the engine would publish it. */
function equallogic(platform: Partial<OltpPayload['evaluation']['inputs']['platform']>, profile?: string, raid?: string): OltpPayload {
  const payload = equallogicPs6010xv();
  Object.assign(payload.evaluation.inputs.platform, platform);
  if (profile) payload.evaluation.demand.profile = profile;
  if (raid) payload.evaluation.capacity.raid = raid;
  return payload;
}

/** The Table 5-6 curves as the API now answers them (with the storage model the engine reads). */
const tables56 = (): MeasuredCurve[] => equallogicTpccCurves().map((c) => ({ ...c, storage_model: 'PS6010XV' }));
const sources = (byNodes: Map<number, { source?: string }[]>) => [...byNodes.values()].flat().map((p) => p.source);

describe('measuredByNodes', () => {
  it('keeps points with a TPS and a response time, by RAC node count, with their source', () => {
    expect(measuredByNodes([swingbench], quarter()).get(2)).toEqual([{ tps: 25800, response_ms: 20, source: 'oracle-fs1-2016, Table 1' }]);
  });
  it('converts response times in seconds to ms and carries users', () => {
    expect(measuredByNodes([tpcc], ps6010xv()).get(2)).toEqual([{ tps: 348.61, response_ms: 1980, users: 6900, source: 'dell-equallogic-oltp-2010, Table 6' }]);
  });
  it('draws nothing before the registry says which benchmark the family measured', () => {
    expect(measuredConfigurationFor(quarterRack().evaluation, undefined)).toBeNull();
    expect(measuredByNodes([swingbench], null).size).toBe(0);
  });
});

describe('only the runs of the design’s own configuration (issue 37)', () => {
  it('FS1-2: a quarter rack draws its own 25,800 TPS, never the half rack’s 39,000 on its 4-node line', () => {
    const byNodes = measuredByNodes([swingbench, halfRack], quarter());
    expect([...byNodes.keys()]).toEqual([2]);
    expect(byNodes.get(2)!.map((p) => p.tps)).toEqual([25800]);
    expect(otherConfiguration(halfRack, halfRack.points[0]!.conditions, quarter()!)).toBe('3 arrays');
    // and the half rack (3 x 19 SSD, here on 3 nodes) draws its own on the 4-node line
    const half = quarterRack();
    Object.assign(half.evaluation.inputs.platform, { arrays: 3, drives_per_enclosure: 19, rac_nodes: 3 });
    const own = measuredByNodes([swingbench, halfRack], measuredConfigurationFor(half.evaluation, registry));
    expect([...own.keys()]).toEqual([4]);
    expect(own.get(4)!.map((p) => p.tps)).toEqual([39000]);
  });

  it('FS1-2 on the TPC-C profile: no Swingbench transactions on a TPC-C line', () => {
    const tpccOnFs1 = quarterRack();
    tpccOnFs1.evaluation.demand.profile = 'tpcc-benchmark-factory';
    expect(measuredByNodes([swingbench], measuredConfigurationFor(tpccOnFs1.evaluation, registry)).size).toBe(0);
  });

  it('EqualLogic: each ASM volume layout draws its own Table 5 run, not the other’s', () => {
    const four = sources(measuredByNodes(tables56(), ps6010xv()));
    expect(four).toContain('dell-equallogic-oltp-2010, Table 5, test 2');
    expect(four).not.toContain('dell-equallogic-oltp-2010, Table 5, test 1');
    const two = measuredByNodes(tables56(), measuredConfigurationFor(equallogic({ asm_volumes: 2 }).evaluation, registry));
    expect(sources(two)).toEqual(['dell-equallogic-oltp-2010, Table 5, test 1']);
  });

  it.each([
    ['a PS6010S design (the TPC-C runs are the PS6010XV’s)', equallogic({ storage_model: 'PS6010S' })],
    ['the custom AWR profile (its transactions are not TPC-C’s)', equallogic({}, 'custom')],
    ['two RAID 50 arrays (the runs are one RAID 10 array’s)', equallogic({ arrays: 2 }, undefined, 'raid50')],
  ])('EqualLogic: %s draws none', (_, payload) => {
    const byNodes = measuredByNodes(tables56(), measuredConfigurationFor(payload.evaluation, registry));
    expect(byNodes.size).toBe(0);
    const projection = withMeasured(payload.evaluation.projection, byNodes);
    expect(noMeasuredPoint(projection.series)).toBe(true);
  });
});

describe('withMeasured', () => {
  it('puts the measured points on the series of the same node count only', () => {
    const projection = withMeasured(quarterRack().evaluation.projection!, measuredByNodes([swingbench], quarter()));
    const measured = Object.fromEntries(projection.series.map((s) => [s.rac_nodes, s.measured?.length]));
    expect(measured).toEqual({ 1: 0, 2: 1, 3: 0, 4: 0 });
    expect(noMeasuredPoint(projection.series)).toBe(false);
    // a projection never matched with the evidence says nothing about it
    expect(noMeasuredPoint(quarterRack().evaluation.projection!.series)).toBe(false);
  });
});
