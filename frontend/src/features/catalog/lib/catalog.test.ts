import { describe, expect, it } from 'vitest';
import type { Curve, Part, SizingRule } from '../api/types';
import { buildCurveChart, curveQuantities, defaultCurve, formatParameters, groupRules, partSpecs, provenance, varyingConditions } from './catalog';

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
    id: 1, slug: 'slob', title: 'SLOB', configuration: 'xtremio-two-xbrick-cluster', tool: 'slob', io_pattern: 'random',
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
