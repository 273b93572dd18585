import { describe, expect, it } from 'vitest';
import type { Curve, Part, SizingRule } from '../api/types';
import { buildCurveChart, buildNumericCurveChart, conditionTitle, conditionValue, curveQuantities, defaultCurve, formatParameters, groupRules, partSpecs, provenance, varyingConditions } from './catalog';

const part = (over: Partial<Part>): Part => ({
  id: 1, manufacturer: 'oracle', part_number: 'P', part_number_is_model: false, kind: 'server', model: '', description: '',
  cores: null, sockets: null, clock_ghz: null, memory_gb: null, drive_count: null, drive_capacity_gb: null, drive_technology: '',
  raid_levels: [], hot_spares: null, host_ports: null, host_port_speed_gbps: null, host_port_protocol: '', rack_units: null,
  cache_gb: null, source_document: 'oracle-fs1-2016', source_locator: 'Table 11', from_fixtures: true, ...over,
});

describe('partSpecs', () => {
  it('lists specs with their units', () => {
    expect(partSpecs(part({ sockets: 2, cores: 36, clock_ghz: '2.30', memory_gb: 256, rack_units: 1 }))).toBe('2 × 36 cores @ 2.3 GHz · 256 GB memory · 1 U');
    expect(partSpecs(part({ drive_count: 13, drive_capacity_gb: '1600.00', drive_technology: 'ssd' }))).toBe('13 × 1,600 GB SSD');
    expect(partSpecs(part({ host_ports: 24, host_port_speed_gbps: '16.00', host_port_protocol: 'fc' }))).toBe('24 × 16 Gb/s FC ports');
    expect(partSpecs(part({}))).toBe('');
    // Drive types and RAID levels in the engine's display names, never their slugs.
    expect(partSpecs(part({ drive_count: 24, drive_capacity_gb: '600.00', drive_technology: 'sas_15k' }))).toBe('24 × 600 GB 15K SAS');
    expect(partSpecs(part({ drive_count: 12, drive_technology: 'nl_sas', raid_levels: ['raid10', 'raid50'] }))).toBe('12 Near-line SAS · RAID: RAID 10, RAID 50');
    expect(partSpecs(part({ drive_count: 2, drive_technology: 'sata_7k2' }))).toBe('2 7.2K SATA');
  });
});

describe('rules', () => {
  const rule = (version: number, is_current: boolean, slug = 'cpu-utilisation-limit'): SizingRule => ({
    id: version, slug, version, kind: 'threshold', title: 'CPU', applies_to: [], severity: 'warning', is_current, check: null,
    from_fixtures: true,
    parameters: { stress: { value: '70', unit: '%' }, limit: { value: '80', unit: '%' } },
    source_document: 'oracle-fs1-2016', source_locator: 'Balance Charts', created_at: '2026-01-01T00:00:00Z',
  });
  it('groups versions under the rule, current first', () => {
    const groups = groupRules([rule(1, false), rule(2, true), rule(1, true, 'a-rule')]);
    expect(groups.map((g) => g.slug)).toEqual(['a-rule', 'cpu-utilisation-limit']);
    expect(groups[1]!.current.version).toBe(2);
    expect(groups[1]!.versions.map((r) => r.version)).toEqual([2, 1]);
  });
  it('writes parameters with units and the provenance', () => {
    expect(formatParameters(rule(1, true).parameters)).toBe('stress 70%, limit 80%');
    expect(formatParameters({ latency_limit: { value: '20', unit: 'ms' } })).toBe('latency limit 20 ms');
    expect(provenance('oracle-fs1-2016', 'Balance Charts')).toBe('oracle-fs1-2016, Balance Charts');
    expect(provenance(null, '')).toBe('no source recorded');
  });
});

describe('curve chart', () => {
  const curve: Curve = {
    id: 1, slug: 'slob', title: 'SLOB', configuration: 'xtremio-two-xbrick-cluster', storage_model: 'X-Brick', tool: 'slob', io_pattern: 'random',
    block_size_kb: 8, read_pct: '100.00', arrays: 2, array_mode: '', raid: '', rac_nodes: 4, asm_volumes: null, memory: '',
    notes: '', source_document: 'emc-xtremio-2014', source_locator: '', from_fixtures: true,
    points: [1, 2, 3].map((n) => ({
      position: n,
      conditions: { xbricks: 2, sessions: 32 * n },
      values: [
        { quantity: 'iops', value: String(100000 * n), unit: 'IOPS' as const },
        ...(n === 2 ? [] : [{ quantity: 'io_latency', value: '0.5', unit: 'ms' as const }]),
      ],
      source_document: 'emc-xtremio-2014',
      source_locator: `Table ${11 + n}`,
    })),
  };
  it('labels points by the conditions that vary and plots the chosen quantity', () => {
    expect(varyingConditions(curve)).toEqual(['sessions']);
    expect(curveQuantities(curve)).toEqual([{ quantity: 'iops', unit: 'IOPS' }, { quantity: 'io_latency', unit: 'ms' }]);
    const model = buildCurveChart(curve, 'iops');
    expect(model.kind).toBe('line');
    expect(model.xTitle).toBe('sessions');
    expect(model.labels).toEqual([['32'], ['64'], ['96']]);
    expect(model.values).toEqual([100000, 200000, 300000]);
    expect(model.unit).toBe('IOPS');
    expect(model.sources).toEqual(['emc-xtremio-2014, Table 12', 'emc-xtremio-2014, Table 13', 'emc-xtremio-2014, Table 14']);
  });
  it('draws bars labelled by every varying condition when the points are not along one numeric axis', () => {
    const mixed: Curve = {
      ...curve,
      points: curve.points.map((p, i) => ({ ...p, conditions: { ...p.conditions, raid: i ? 'raid50' : 'raid10' } })),
    };
    const model = buildCurveChart(mixed, 'iops');
    expect(model.kind).toBe('bar');
    expect(model.labels[0]).toEqual(['sessions 32', 'raid raid10']);
    expect(defaultCurve([mixed, curve])).toBe(curve);
  });
  it('sorts a line by its numeric condition', () => {
    const shuffled: Curve = { ...curve, points: [curve.points[2]!, curve.points[0]!, curve.points[1]!] };
    expect(buildCurveChart(shuffled, 'iops').values).toEqual([100000, 200000, 300000]);
  });
  it('leaves a gap where a point lacks the quantity', () => {
    expect(buildCurveChart(curve, 'io_latency').values).toEqual([0.5, null, 0.5]);
  });
});

describe('curve chart on a numeric axis', () => {
  // dell-equallogic-oltp-2010 Table 3 as GET /api/v1/curves/dell-oltp-2010-orion-ps6010s/ serves it: five ORION
  // runs, one at 100% reads and 8 KB, four at 70% reads from 8 to 64 KB.
  const table2: Curve = {
    id: 7, slug: 'dell-oltp-2010-orion-ps6010s', title: 'PS6010S ORION OLTP: maximum IOPS at disk latency <= 20 ms',
    configuration: 'equallogic-ps6010s', storage_model: 'PS6010S', tool: 'orion', io_pattern: 'random', block_size_kb: null, read_pct: null, arrays: 1,
    array_mode: '', raid: 'raid10', rac_nodes: null, asm_volumes: null, memory: '', notes: '',
    source_document: 'dell-equallogic-oltp-2010', source_locator: 'Section 2.3; Table 3', from_fixtures: true,
    points: [
      [1, 100, 8, '34393'],
      [2, 70, 8, '16116'],
      [3, 70, 16, '15549'],
      [4, 70, 32, '14648'],
      [5, 70, 64, '9923'],
    ].map(([test, read, block, iops]) => ({
      position: Number(test),
      conditions: { test: Number(test), read_pct: Number(read), block_size_kb: Number(block), latency_limit_ms: 20 },
      values: [{ quantity: 'max_iops', value: `${String(iops)}.000000`, unit: 'IOPS' as const }],
      source_document: 'dell-equallogic-oltp-2010',
      source_locator: `Table 3, test ${String(test)}`,
    })),
  };

  it('places the points by block size in KB on a linear axis, one series per read share, joined within it only', () => {
    // Today's view: a bar per test, labelled by category and spaced evenly (8, 8, 16, 32, 64 KB side by side).
    expect(buildCurveChart(table2, 'max_iops').kind).toBe('bar');
    const model = buildNumericCurveChart(table2, 'max_iops')!;
    expect(model.xKey).toBe('block_size_kb');
    expect(model.xTitle).toBe('block size (KB)');
    expect(model.unit).toBe('IOPS');
    expect(model.series.map((s) => [s.label, s.joined, s.points.map((p) => [p.x, p.y])])).toEqual([
      ['read 100%', false, [[8, 34393]]],
      ['read 70%', true, [[8, 16116], [16, 15549], [32, 14648], [64, 9923]]],
    ]);
    expect(model.series[1]!.points[3]!.source).toBe('dell-equallogic-oltp-2010, Table 3, test 5');
  });

  it('sorts each series by x and never joins two points at one x', () => {
    const shuffled: Curve = { ...table2, points: [...table2.points].reverse() };
    expect(buildNumericCurveChart(shuffled, 'max_iops')!.series[0]!.points.map((p) => p.x)).toEqual([8, 16, 32, 64]);
    // Three runs at 8 KB and one at 64 KB that differ only by their test number: points, not a line.
    const repeated: Curve = {
      ...table2,
      points: table2.points.slice(1).map((p, i) => ({ ...p, conditions: { ...p.conditions, block_size_kb: i < 3 ? 8 : 64 } })),
    };
    const model = buildNumericCurveChart(repeated, 'max_iops')!;
    expect(model.series).toHaveLength(1);
    expect(model.series[0]!.points.map((p) => p.x)).toEqual([8, 8, 8, 64]);
    expect(model.series[0]!.joined).toBe(false);
  });

  it('falls back to bars when no numeric condition varies, and opens on a curve with a line', () => {
    const categorical: Curve = { ...table2, points: table2.points.map((p, i) => ({ ...p, conditions: { test: i, mode: i % 2 ? 'concat' : 'raid0' } })) };
    expect(buildNumericCurveChart(categorical, 'max_iops')).toBeNull();
    expect(buildNumericCurveChart(table2, 'no_such_quantity')).toBeNull();
    expect(defaultCurve([categorical, table2])).toBe(table2);
    expect(conditionTitle('latency_limit_ms')).toBe('latency limit (ms)');
    expect(conditionTitle('sessions')).toBe('sessions');
    expect(conditionValue('block_size_kb', 8)).toBe('block size 8 KB');
    expect(conditionValue('raid', 'raid50')).toBe('raid raid50');
  });
});
