import { describe, expect, it } from 'vitest';
import { AMBER, DESIGN_INTERVAL, LATENCY_BAND_FILL, RED, balanceBandCount, balanceDatasets, buildBalanceChart, niceCeil, operatingPoint, stressRegions } from './balance-chart';
import { bandCaption, bandEdges, bandOf, bandView, relativeHalfWidth, type Band } from './bands';
import { buildCapacityChart, fullInText, grownSize, growthOf } from './capacity-chart';
import type { ProjectionSeries, Quantity } from '../api/types';
import { quarterRack } from './fixture';
import {
  BAND_ALPHA,
  EMPHASIS,
  bandDatasets,
  buildLoadResponseChart,
  buildThroughputChart,
  designLoadOf,
  INTERVAL_COLOURS,
  intervalDatasets,
  isBandDataset,
  loadResponseBandsOf,
  loadResponseDatasets,
  withAlpha,
} from './load-response-chart';

describe('balance chart', () => {
  const payload = quarterRack();
  const evaluation = payload.evaluation;
  const model = buildBalanceChart(evaluation.balance!, evaluation);

  it('plots CPU % against read latency for every load step', () => {
    expect(model.curve).toHaveLength(evaluation.balance!.points.length);
    expect(model.curve[0]).toEqual({ x: 10.4, y: 0.61 });
    expect(model.atSla).toEqual({ x: 99.2, y: 0.857 });
  });

  it('shades the stress zones from the thresholds the API returned (SSD: 1.5 / 2 ms)', () => {
    expect(model.thresholds).toEqual({ cpuStress: 70, cpuLimit: 80, latencyStress: 1.5, latencyLimit: 2 });
    expect(model.regions).toEqual([
      { xMin: 70, xMax: 80, color: AMBER, label: 'CPU stress' },
      { xMin: 80, color: RED, label: 'CPU over limit' },
      { yMin: 1.5, yMax: 2, color: AMBER, label: 'Latency stress' },
      { yMin: 2, color: RED, label: 'Latency over limit' },
    ]);
  });

  it('uses disk thresholds when the API says so', () => {
    const regions = stressRegions({ cpuStress: 70, cpuLimit: 80, latencyStress: 15, latencyLimit: 20 });
    expect(regions[3]).toMatchObject({ yMin: 20, color: RED });
  });

  it('marks the operating point where the engine puts the design load (CPU %, storage latency per foreground I/O)', () => {
    const point = operatingPoint(evaluation)!;
    expect(point).toEqual({ x: evaluation.summary.cpu_utilisation_at_design.value, y: evaluation.summary.storage_latency_at_design.value });
    expect(model.operating).toEqual(point);
    expect(operatingPoint({ summary: { ...evaluation.summary, design_tps: { value: 0, unit: 'TPS' } } })).toBeNull();
    // A design load beyond the configuration's maximum has no operating point (as the proposal's chart).
    const beyond = { ...evaluation.summary, design_load_reachable: false, design_load_beyond_max_pct: { value: 16.28, unit: '%' as const } };
    expect(operatingPoint({ summary: beyond })).toBeNull();
    expect(buildBalanceChart(evaluation.balance, { summary: beyond }).operating).toBeNull();
  });

  it('scales the latency axis to show the zones and the curve', () => {
    // the curve stays below 1.5x the 2 ms limit (3 ms): the axis ends at the next nice value above it
    expect(Math.max(...model.curve.map((p) => p.y))).toBeLessThan(3);
    expect(model.yMax).toBe(5);
  });

  it('keeps both markers inside the axes (a disk design whose SLA point is above 4x the latency limit)', () => {
    // PS6010XV-like: disk thresholds 15 / 20 ms, the curve climbs steeply, the SLA is reached at 140 ms
    // and the design load runs the CPU at 100%.
    const disk = structuredClone(evaluation.balance!);
    disk.zones.read_latency_stress.value = 15;
    disk.zones.read_latency_limit.value = 20;
    disk.points = [10, 40, 70, 95].map((cpu, i) => ({ users: 100 * (i + 1), tps: 500 * (i + 1), cpu_utilisation_pct: cpu, read_latency_ms: [6, 20, 60, 300][i]! }));
    disk.at_sla = { users: 380, tps: 1900, cpu_utilisation_pct: 93, read_latency_ms: 140 };
    const loaded = structuredClone(evaluation);
    loaded.summary.cpu_utilisation_at_design.value = 100;
    const m = buildBalanceChart(disk, loaded);
    expect(m.operating!.x).toBe(100);
    expect(m.yMax).toBeGreaterThanOrEqual(140 * 1.1);
    expect(m.yMax).toBe(200);
    expect(m.yMax).toBeGreaterThan(m.operating!.y);
    expect(m.xMax).toBe(100);
    // the stress zones stay where the thresholds say, however tall the axis
    expect(m.regions[3]).toMatchObject({ yMin: 20, color: RED });
    expect(m.regions[1]).toMatchObject({ xMin: 80, color: RED });
  });

  it('lifts the axis above a high operating point too, with a margin', () => {
    const high = structuredClone(evaluation);
    high.summary.storage_latency_at_design.value = 9.5; // 9.5 ms per I/O, above the 4x-limit cap of 8 ms
    const m = buildBalanceChart(high.balance!, high);
    expect(m.operating!.y).toBeCloseTo(9.5, 6);
    expect(m.yMax).toBeGreaterThanOrEqual(9.5 * 1.1);
  });

  it('draws the markers unclipped so one on the edge of the chart stays whole', () => {
    const datasets = balanceDatasets({ ...model, latencyInterval: null }).slice(balanceBandCount(model));
    expect(datasets.map((d) => d.label)).toEqual(['Model as load grows', 'At the SLA limit', 'Design load (operating point)']);
    expect(datasets[0]!.clip).toBeUndefined();
    expect(datasets[1]).toMatchObject({ data: [model.atSla], pointStyle: 'rectRot', clip: false });
    expect(datasets[2]).toMatchObject({ data: [model.operating], pointStyle: 'triangle', clip: false });
    expect(balanceDatasets({ ...model, operating: null, latencyInterval: null })).toHaveLength(balanceBandCount(model) + 2);
  });

  it('draws the latency interval at the design load as a bar through the operating point', () => {
    const band = bandOf(evaluation, 'storage_latency_at_design')!;
    expect(model.latencyInterval).toEqual([
      { x: model.operating!.x, y: band.low.value },
      { x: model.operating!.x, y: band.high.value },
    ]);
    const bar = balanceDatasets(model).find((d) => String(d.label).startsWith('Design-load latency'))!;
    expect(bar).toMatchObject({ label: `Design-load latency ${bandView(band).halfWidth}`, data: model.latencyInterval, borderColor: DESIGN_INTERVAL, pointRadius: 0, clip: false });
    expect(balanceDatasets(model).at(-1)!.label).toBe('Design load (operating point)');
  });

  it("shades the storage-latency band around the curve: ± the band's half-width, filled between its edges", () => {
    const band = bandOf(evaluation, 'storage_latency_at_design')!;
    expect(model.latencyBand).toEqual(band);
    const h = band.half_width.value / 100;
    expect(model.band.upper.map((p) => p.x)).toEqual(model.curve.map((p) => p.x));
    model.curve.forEach((p, i) => {
      expect(model.band.upper[i]!.y).toBeCloseTo(p.y * (1 + h), 9);
      expect(model.band.lower[i]!.y).toBeCloseTo(p.y * (1 - h), 9);
    });
    const [lower, upper] = balanceDatasets(model);
    expect(balanceBandCount(model)).toBe(2);
    expect(lower).toMatchObject({ data: model.band.lower, fill: false, pointRadius: 0, borderWidth: 0 });
    expect(upper).toMatchObject({ data: model.band.upper, fill: '-1', backgroundColor: LATENCY_BAND_FILL, pointRadius: 0 });
    // an evaluation without bands: no shading, nothing left out of the legend
    const bare = buildBalanceChart(evaluation.balance!, { summary: evaluation.summary, bands: [] });
    expect(bare.latencyBand).toBeNull();
    expect(balanceBandCount(bare)).toBe(0);
    expect(balanceDatasets(bare)[0]!.label).toBe('Model as load grows');
  });

  it('rounds axis maxima to 1, 2, 2.5, 5 x 10^n', () => {
    expect(niceCeil(5.72)).toBe(10);
    expect(niceCeil(3)).toBe(5);
    expect(niceCeil(2.2)).toBe(2.5);
    expect(niceCeil(20)).toBe(20);
  });
});

describe('load-response chart', () => {
  const projection: { sla: Quantity; series: ProjectionSeries[] } = quarterRack().evaluation.projection;
  const model = buildLoadResponseChart(projection, 2);

  it('draws one line per RAC node count with TPS on x and response on y', () => {
    expect(model.series.map((s) => s.racNodes)).toEqual(projection.series.map((s) => s.rac_nodes));
    expect(model.series[0]!.points[0]).toEqual({ x: 3487, y: 12.07 });
    expect(model.series.filter((s) => s.current).map((s) => s.racNodes)).toEqual([2]);
  });

  it('draws the SLA line across the chart and marks the maximum sustained TPS on it', () => {
    expect(model.slaMs).toBe(20);
    expect(model.slaLine).toEqual([{ x: 0, y: 20 }, { x: model.xMax, y: 20 }]);
    expect(model.maxSustained).toEqual({ x: 25800, y: 20 });
    expect(model.yMax).toBe(100);
  });

  it("draws the design's own node count thicker than the others", () => {
    const current = model.series.find((s) => s.current)!;
    const others = model.series.filter((s) => !s.current);
    expect(current).toMatchObject(EMPHASIS.current);
    expect(others.every((s) => s.lineWidth === EMPHASIS.other.lineWidth)).toBe(true);
    expect(current.lineWidth).toBeGreaterThanOrEqual(2 * EMPHASIS.other.lineWidth);
    const datasets = loadResponseDatasets(model);
    expect(datasets.find((d) => d.label === current.label)).toMatchObject({ borderWidth: current.lineWidth, showLine: true });
    expect(datasets.find((d) => d.label === others[0]!.label)).toMatchObject({ borderWidth: EMPHASIS.other.lineWidth });
  });

  it('marks the design load at its TPS and response (the evaluation summary)', () => {
    const evaluation = quarterRack().evaluation;
    const load = designLoadOf(evaluation)!;
    expect(load).toEqual({ tps: 8700, responseMs: 14.94 });
    const m = buildLoadResponseChart(projection, 2, load);
    expect(m.designLoad).toEqual({ tps: 8700, responseMs: 14.94, point: { x: 8700, y: 14.94 }, offScale: false });
    expect(m.xMax).toBe(model.xMax);
    const marker = loadResponseDatasets(m).at(-1)!;
    expect(marker).toMatchObject({ label: 'Design load: 8,700 TPS at 14.9 ms', data: [{ x: 8700, y: 14.94 }], pointStyle: 'triangle', clip: false });
    expect(model.designLoad).toBeNull();
    expect(loadResponseDatasets(model).some((d) => String(d.label).startsWith('Design load'))).toBe(false);
    expect(designLoadOf({ summary: { ...evaluation.summary, design_tps: { value: 0, unit: 'TPS' } } })).toBeNull();
  });

  it('draws no design point for a design load beyond the maximum: its response is no prediction', () => {
    const evaluation = quarterRack().evaluation;
    const summary = {
      ...evaluation.summary,
      design_tps: { value: 30000, unit: 'TPS' as const },
      response_at_design: { value: 812.4, unit: 'ms' as const },
      design_load_reachable: false,
      design_load_beyond_max_pct: { value: 16.28, unit: '%' as const },
    };
    expect(designLoadOf({ summary })).toBeNull();
    const m = buildLoadResponseChart(projection, 2, designLoadOf({ summary }), loadResponseBandsOf(evaluation));
    expect(m.designLoad).toBeNull();
    expect(m.responseInterval).toBeNull();
    expect(loadResponseDatasets(m).some((d) => String(d.label).startsWith('Design load'))).toBe(false);
  });

  it('widens the TPS axis to a target beyond the curves and keeps an off-scale response at the top edge', () => {
    const beyond = buildLoadResponseChart(projection, 2, { tps: 200000, responseMs: 5000 });
    expect(beyond.xMax).toBeGreaterThanOrEqual(200000);
    expect(beyond.designLoad).toMatchObject({ point: { x: 200000, y: beyond.yMax }, offScale: true, responseMs: 5000 });
    expect(loadResponseDatasets(beyond).at(-1)!.label).toBe('Design load: 200,000 TPS at 5,000 ms (above the axis)');
  });

  it("shades the response band around every line (± the response band's half-width), the design's own darker", () => {
    const evaluation = quarterRack().evaluation;
    const band = loadResponseBandsOf(evaluation).response!;
    expect(band.quantity).toBe('response_at_design');
    const h = relativeHalfWidth(band);
    const m = buildLoadResponseChart(projection, 2, designLoadOf(evaluation), { response: band, maxTps: null });
    expect(m.responseBand).toBe(band);
    for (const s of m.series) {
      expect(s.band.upper).toHaveLength(s.points.length);
      s.points.forEach((p, i) => {
        expect(s.band.upper[i]).toEqual({ x: p.x, y: p.y * (1 + h) });
        expect(s.band.lower[i]).toEqual({ x: p.x, y: p.y * (1 - h) });
      });
    }
    const datasets = loadResponseDatasets(m);
    const bands = bandDatasets(m.series);
    expect(bands).toHaveLength(2 * m.series.length);
    expect(datasets.slice(0, bands.length)).toEqual(bands);
    const current = m.series.findIndex((s) => s.current);
    expect(bands[2 * current + 1]).toMatchObject({ fill: '-1', backgroundColor: withAlpha(m.series[current]!.colour, BAND_ALPHA.current), pointRadius: 0 });
    expect(bands[2 * current]).toMatchObject({ fill: false, borderWidth: 0 });
    expect(isBandDataset(bands.length - 1, bands.length)).toBe(true);
    expect(isBandDataset(bands.length, bands.length)).toBe(false);
    // the design-load triangle stays the last dataset
    expect(datasets.at(-1)!.label).toMatch(/^Design load/);
    // no band: no shading
    expect(model.responseBand).toBeNull();
    expect(bandDatasets(model.series)).toEqual([]);
  });

  it('draws the maximum TPS interval along the SLA line and the response interval at the design load', () => {
    const evaluation = quarterRack().evaluation;
    const bands = loadResponseBandsOf(evaluation);
    const load = designLoadOf(evaluation)!;
    const m = buildLoadResponseChart(projection, 2, load, bands);
    expect(m.tpsInterval!.segment).toEqual([
      { x: bands.maxTps!.low.value, y: 20 },
      { x: bands.maxTps!.high.value, y: 20 },
    ]);
    expect(m.responseInterval!.segment).toEqual([
      { x: load.tps, y: bands.response!.low.value },
      { x: load.tps, y: bands.response!.high.value },
    ]);
    const [tpsBar, responseBar] = intervalDatasets(m);
    expect(tpsBar).toMatchObject({ label: `Maximum TPS ${bandView(bands.maxTps!).halfWidth}`, borderColor: INTERVAL_COLOURS.maxTps, pointRadius: 0, clip: false });
    expect(responseBar).toMatchObject({ label: `Design-load response ${bandView(bands.response!).halfWidth}`, borderColor: INTERVAL_COLOURS.design });
    const datasets = loadResponseDatasets(m);
    expect(datasets).toEqual(expect.arrayContaining([tpsBar, responseBar]));
    expect(datasets.at(-1)!.label).toMatch(/^Design load/);
    // no design load: no response bar; no bands: no bars
    expect(buildLoadResponseChart(projection, 2, null, bands).responseInterval).toBeNull();
    expect(intervalDatasets(model)).toEqual([]);
  });

  it('carries measured points where the API returns them', () => {
    const withMeasured = structuredClone(projection);
    withMeasured.series[1]!.measured = [{ tps: 25800, response_ms: 20, source: 'oracle-fs1-2016, Table 1' }];
    const m = buildLoadResponseChart(withMeasured, 1);
    expect(m.series[1]!.measured).toEqual([{ x: 25800, y: 20 }]);
    expect(m.measuredNotes).toEqual(['25,800 TPS at 20 ms with 2 RAC nodes (the Oracle FS1-2 RAC reference architecture (2016), Table 1)']);
    expect(model.measuredNotes).toEqual([]);
    expect(m.series[0]!.measured).toEqual([]);
    expect(m.maxSustainedTps).toBe(projection.series[0]!.max_sustained_tps.value);
  });
});

describe('error bands', () => {
  const evaluation = quarterRack().evaluation;

  it('reads each banded projection of the evaluation as the engine publishes it', () => {
    expect(evaluation.bands.map((b) => b.quantity)).toEqual(['max_sustained_tps', 'response_at_design', 'storage_latency_at_design']);
    const tps = bandOf(evaluation, 'max_sustained_tps')!;
    expect(tps.value).toEqual(evaluation.summary.max_sustained_tps);
    expect(tps.low.value).toBeLessThan(tps.value.value);
    expect(tps.high.value).toBeGreaterThan(tps.value.value);
    expect(bandOf(evaluation, 'sustained_throughput')).toBeUndefined();
    expect(bandOf({ bands: [] }, 'max_sustained_tps')).toBeUndefined();
  });

  it('writes a band as its interval and half-width, its basis and whether it was widened', () => {
    const band: Band = {
      ...bandOf(evaluation, 'max_sustained_tps')!,
      low: { value: 22700, unit: 'TPS' },
      high: { value: 28900, unit: 'TPS' },
      half_width: { value: 12, unit: '%' },
      basis: 'worst absolute error of 16 held-out throughput rows of this family',
    };
    expect(bandView(band)).toEqual({
      range: '22,700–28,900 TPS',
      halfWidth: '±12%',
      text: '22,700–28,900 TPS (±12%)',
      basis: 'worst absolute error of 16 held-out throughput rows of this family',
      widened: false,
    });
    expect(bandCaption(band)).toBe('±12% (worst absolute error of 16 held-out throughput rows of this family)');
    expect(relativeHalfWidth(band)).toBe(0.12);
    expect(relativeHalfWidth(undefined)).toBe(0);
  });

  it('keeps the lower edge of a band wider than 100 % at zero', () => {
    expect(bandEdges([{ x: 1, y: 10 }], 1.2)).toEqual({ lower: [{ x: 1, y: 0 }], upper: [{ x: 1, y: 22 }] });
  });
});

describe('capacity chart', () => {
  const capacity = quarterRack().evaluation.capacity!;

  it('stacks every element for today and each year of the horizon', () => {
    const model = buildCapacityChart(capacity, 0, 3);
    expect(model.labels).toEqual(['Today', 'Year 1', 'Year 2', 'Year 3']);
    expect(model.stacks.map((s) => s.element)).toEqual(['data', 'temp', 'system_undo', 'redo', 'archive', 'backup']);
    // 20,800 GB usable -> TB axis
    expect(model.unit).toBe('TB');
    expect(model.usable).toBe(20.8);
    expect(model.totals[0]).toBeCloseTo(0.435, 6);
    expect(model.fullInYear).toBeNull();
  });

  it('grows the elements with the data growth and finds the year the storage is full', () => {
    expect(grownSize(100, 50, 2)).toBe(225);
    const small = { ...capacity, usable: { value: 800, unit: 'GB' as const } };
    const model = buildCapacityChart(small, 50, 3);
    expect(model.unit).toBe('TB'); // year 3 reaches 1,468 GB
    expect(model.totals.map((t) => Math.round(t * 1000))).toEqual([435, 653, 979, 1468]);
    expect(model.usable).toBe(0.8);
    expect(model.fullInYear).toBe(2);
  });

  it('says "full today" for year 0 (the axis labels it Today), "full in year N" otherwise', () => {
    const tiny = { ...capacity, usable: { value: 100, unit: 'GB' as const } };
    expect(buildCapacityChart(tiny, 0, 3).fullInYear).toBe(0);
    expect(fullInText(0)).toBe('full today');
    expect(fullInText(2)).toBe('full in year 2');
    expect(fullInText(null)).toBeNull();
  });
});

describe('throughput chart (TPS against users)', () => {
  it('reads the projection as users -> TPS with the knee of the chosen node count', () => {
    const projection = quarterRack().evaluation.projection!;
    const model = buildThroughputChart(projection, 1);
    expect(model.series[0]!.points[0]).toEqual({ x: 390.75, y: 3487 });
    expect(model.maxSustained).toEqual({ x: 2745.2, y: 22877 });
    expect(model.series.filter((s) => s.current).map((s) => s.racNodes)).toEqual([1]);
    expect(model.xMax).toBe(5000);
  });
});

describe('growthOf', () => {
  it('reads the growth quantities of the evaluation', () => {
    const growth = quarterRack().evaluation.growth;
    expect(growthOf({ growth })).toEqual({ pctPerYear: 0, years: 3 });
    const dss = { horizon: { value: 5, unit: 'years' as const }, data_growth_per_year: { value: 20, unit: '%' as const }, years_until_capacity_full: null };
    expect(growthOf({ growth: dss })).toEqual({ pctPerYear: 20, years: 5 });
  });
});
