/**
 * Readable charts on disk platforms (issue 15, finding 6), on real evaluations: Dell EqualLogic PS6010XV
 * (6,000 users, 2,000 ms SLA, 15/20 ms latency zones) and NetApp FAS3140 (140 users, 1,000 ms SLA), and
 * the catalog's EqualLogic TPC-C curves (Tables 5-6). The FS1 quarter rack checks the SSD scale.
 */
import type { LegendItem } from 'chart.js';
import { describe, expect, it } from 'vitest';
import { drawExport, exportPng, headingHeight, withZoneItems, type HeadingContext } from '../../../components/chart-plugins';
import { platformRegistry } from '../../../lib/platforms-fixture';
import { axisFraction, focusedAxis, MIN_VISIBLE_FRACTION, niceCeilFine, niceFloor } from './axes';
import { bandView } from './bands';
import { balanceBandCount, balanceDatasets, balanceZoneItems, buildBalanceChart, LATENCY_BAND_FILL } from './balance-chart';
import { platformName, platformText, loadResponseSubtitle, storageUnitsText } from './chart-heading';
import { equallogicPs6010xv, equallogicTpccCurves, netappFas3140, quarterRack, type OltpPayload } from './fixture';
import { bandDatasets, buildLoadResponseChart, designLoadOf, loadResponseBandsOf, loadResponseDatasets, responseZoneItems, withAlpha, BAND_ALPHA } from './load-response-chart';
import { measuredByNodes, measuredConfigurationFor, measuredConfigurationOf, withMeasured } from './measured';

const balanceOf = (payload: OltpPayload, range: 'focused' | 'full') => buildBalanceChart(payload.evaluation.balance!, payload.evaluation, range);
const responseOf = (payload: OltpPayload, range: 'focused' | 'full') =>
  buildLoadResponseChart(
    payload.evaluation.projection,
    payload.evaluation.inputs.platform.rac_nodes,
    designLoadOf(payload.evaluation),
    loadResponseBandsOf(payload.evaluation),
    range,
  );

describe('the latency axis of the balance chart on disk platforms', () => {
  it.each([
    ['EqualLogic PS6010XV', equallogicPs6010xv],
    ['NetApp FAS3140', netappFas3140],
  ])('%s: focused a little above the 20 ms limit, the stress band and the operating point clear of the bottom', (_, fixture) => {
    const payload = fixture();
    const m = balanceOf(payload, 'focused');
    const t = m.thresholds;
    expect([t.latencyStress, t.latencyLimit]).toEqual([15, 20]);
    // The axis ends a little above the larger of the limit line and the markers (not at 50 ms or more).
    const top = Math.max(t.latencyLimit, m.operating!.y, m.atSla.y);
    expect(m.yAxis.max).toBeGreaterThan(top);
    expect(m.yAxis.max).toBeLessThanOrEqual(top * 1.3);
    expect(m.yMax).toBe(m.yAxis.max);
    // The amber band (15-20 ms) takes a readable share of the height; the design point stands clear of the axis line.
    const band = axisFraction(m.yAxis, t.latencyLimit) - axisFraction(m.yAxis, t.latencyStress);
    expect(band).toBeGreaterThanOrEqual(0.15);
    expect(axisFraction(m.yAxis, t.latencyLimit)).toBeLessThan(1);
    expect(axisFraction(m.yAxis, m.operating!.y)).toBeGreaterThanOrEqual(MIN_VISIBLE_FRACTION);
    expect(axisFraction(m.yAxis, m.atSla.y)).toBeLessThan(1);
  });

  it('EqualLogic: 25 ms focused, the full range (the whole model) stays one click away at 50 ms', () => {
    const payload = equallogicPs6010xv();
    expect(balanceOf(payload, 'focused').yAxis).toEqual({ type: 'linear', min: 0, max: 25 });
    expect(balanceOf(payload, 'full').yAxis).toEqual({ type: 'linear', min: 0, max: 50 });
    // The operating point is the engine's (3.6 ms at 63% CPU).
    expect(balanceOf(payload, 'focused').operating).toEqual({ x: 62.74, y: 3.146 });
  });

  it('turns logarithmic when a design point would sit on the axis line (a PAM cache hit at 1 ms under a 20 ms limit)', () => {
    const payload = netappFas3140();
    payload.evaluation.summary.storage_latency_at_design.value = 1.02;
    const m = balanceOf(payload, 'focused');
    expect(m.yAxis.type).toBe('logarithmic');
    expect(axisFraction(m.yAxis, 1.02)).toBeGreaterThanOrEqual(MIN_VISIBLE_FRACTION);
    expect(axisFraction(m.yAxis, 20)).toBeLessThan(1);
    expect(m.yAxis.min).toBeGreaterThan(0);
  });

  it('keeps the SSD scale: the FS1 quarter rack focuses on its 2 ms limit', () => {
    const m = balanceOf(quarterRack(), 'focused');
    expect(m.yAxis).toEqual({ type: 'linear', min: 0, max: 2.5 });
    expect(axisFraction(m.yAxis, m.operating!.y)).toBeGreaterThan(0.2);
  });
});

describe('the response axis of the load-response chart on disk platforms', () => {
  it.each([
    ['EqualLogic PS6010XV', equallogicPs6010xv, 2000],
    ['NetApp FAS3140', netappFas3140, 1000],
  ])('%s: focused on the SLA line and the design load, both readable', (_, fixture, sla) => {
    const m = responseOf(fixture(), 'focused');
    expect(m.slaMs).toBe(sla);
    // Not 3x the SLA (10,000 ms on EqualLogic): a little above the SLA.
    expect(m.yAxis.max).toBeGreaterThan(sla);
    expect(m.yAxis.max).toBeLessThanOrEqual(sla * 1.3);
    expect(axisFraction(m.yAxis, sla)).toBeLessThan(1);
    expect(axisFraction(m.yAxis, m.designLoad!.responseMs)).toBeGreaterThanOrEqual(MIN_VISIBLE_FRACTION);
    expect(m.designLoad!.offScale).toBe(false);
    // A design load at tens of ms under an SLA of seconds: the axis is logarithmic, and says so.
    expect(m.yAxis.type).toBe('logarithmic');
    // The response interval bar at the design load is on the axis too.
    for (const p of m.responseInterval!.segment) expect(axisFraction(m.yAxis, p.y)).toBeGreaterThan(0);
  });

  it('EqualLogic: 5-2,500 ms log focused (down to the response band, ±91 % from the knee responses), the full range is the 3x-SLA linear axis', () => {
    const payload = equallogicPs6010xv();
    expect(responseOf(payload, 'focused').yAxis).toEqual({ type: 'logarithmic', min: 5, max: 2500 });
    expect(responseOf(payload, 'full').yAxis).toEqual({ type: 'linear', min: 0, max: 10000 });
    expect(designLoadOf(payload.evaluation)).toEqual({ tps: 312.4, responseMs: 81.63 });
  });

  it('keeps a linear axis where the design load already reads (FS1 quarter rack: 14.9 ms under 20 ms)', () => {
    const m = responseOf(quarterRack(), 'focused');
    expect(m.yAxis).toEqual({ type: 'linear', min: 0, max: 25 });
    expect(axisFraction(m.yAxis, 14.94)).toBeGreaterThan(0.5);
  });

  it('shades the region above the SLA', () => {
    const m = responseOf(equallogicPs6010xv(), 'focused');
    expect(m.regions).toEqual([{ yMin: 2000, color: expect.any(String), label: 'Above the SLA' }]);
  });
});

describe('axis helpers', () => {
  it('ends a focused axis close to its lines and floors a log axis on 1, 2, 2.5, 5 x 10^n', () => {
    expect(niceCeilFine(23)).toBe(25);
    expect(niceCeilFine(1150)).toBe(1200);
    expect(niceCeilFine(2300)).toBe(2500);
    expect(niceFloor(44.8)).toBe(25);
    expect(niceFloor(0.816)).toBe(0.5);
    expect(niceFloor(20)).toBe(20);
  });

  it('places values on linear and log axes', () => {
    expect(axisFraction({ type: 'linear', min: 0, max: 25 }, 5)).toBeCloseTo(0.2, 12);
    expect(axisFraction({ type: 'logarithmic', min: 10, max: 1000 }, 100)).toBeCloseTo(0.5, 12);
    expect(focusedAxis([])).toEqual({ type: 'linear', min: 0, max: 1 });
  });
});

describe('zones in the legend', () => {
  it('balance: the stress band, the region over the limit and the latency error band, after the datasets (band edges left out)', () => {
    const m = balanceOf(equallogicPs6010xv(), 'focused');
    const zones = balanceZoneItems(m);
    expect(zones.map((z) => z.text)).toEqual([
      'Stress: CPU 70–80% or latency 15–20 ms',
      'Over the limit: CPU > 80% or latency > 20 ms',
      `Latency error band ${bandView(m.latencyBand!).halfWidth}`,
    ]);
    expect(zones[2]!.fillStyle).toBe(LATENCY_BAND_FILL);
    const datasetItems = balanceDatasets(m).map((d, i) => ({ text: String(d.label), datasetIndex: i }) as LegendItem);
    const bandCount = balanceBandCount(m);
    const items = withZoneItems(datasetItems, zones, (i) => i >= bandCount);
    expect(items.map((i) => i.text)).toEqual([...datasetItems.slice(bandCount).map((i) => i.text), ...zones.map((z) => z.text)]);
    expect(items.slice(-3).every((i) => i.datasetIndex === -1 && i.hidden === false)).toBe(true);
  });

  it('load-response: the region above the SLA and the response error band (the SLA line is a dataset entry)', () => {
    const m = responseOf(equallogicPs6010xv(), 'focused');
    const zones = responseZoneItems(m);
    expect(zones.map((z) => z.text)).toEqual(['Above the SLA (> 2,000 ms)', `Response error band ${bandView(m.responseBand!).halfWidth}`]);
    const current = m.series.find((s) => s.current)!;
    expect(zones[1]!.fillStyle).toBe(withAlpha(current.colour, BAND_ALPHA.current));
    const labels = loadResponseDatasets(m).map((d) => String(d.label));
    expect(labels.slice(bandDatasets(m.series).length)).toContain('SLA 2,000 ms');
  });
});

describe('measured points of every family that has them', () => {
  it('EqualLogic: the evaluation names the TPC-C test system whose curves the chart draws (the design has no reference)', () => {
    const payload = equallogicPs6010xv();
    expect(measuredConfigurationOf(payload, null)).toBe('dell-oltp-2010-tpcc-test-system');
    expect(measuredConfigurationOf(quarterRack(), 'oracle-fs1-quarter-rack')).toBe('oracle-fs1-quarter-rack');
    expect(measuredConfigurationOf(null, 'oracle-fs1-half-rack')).toBe('oracle-fs1-half-rack');
  });

  it('EqualLogic: the seven TPC-C runs of Tables 5-6 on four ASM volumes land on the 2-node line, inside the focused axes', () => {
    const payload = equallogicPs6010xv();
    // the design's four ASM volumes: Table 5's two-volume run (test 1) is another configuration's
    const byNodes = measuredByNodes(equallogicTpccCurves(), measuredConfigurationFor(payload.evaluation, platformRegistry()));
    expect([...byNodes.keys()]).toEqual([2]);
    const points = byNodes.get(2)!;
    expect(points).toHaveLength(7);
    expect(points.map((p) => p.source)).toEqual([
      ...[1, 2, 3, 4, 5, 6].map((n) => `dell-equallogic-oltp-2010, Table 6, test ${n}`),
      'dell-equallogic-oltp-2010, Table 5, test 2',
    ]);
    expect(points[4]).toEqual({ tps: 348.61, response_ms: 671, users: 6900, source: 'dell-equallogic-oltp-2010, Table 6, test 5' });
    const projection = withMeasured(payload.evaluation.projection, byNodes);
    const m = buildLoadResponseChart(projection, 2, designLoadOf(payload.evaluation), loadResponseBandsOf(payload.evaluation), 'focused');
    const two = m.series.find((s) => s.racNodes === 2)!;
    expect(two.measured).toHaveLength(7);
    for (const p of two.measured) {
      expect(p.x).toBeLessThanOrEqual(m.xMax);
      expect(axisFraction(m.yAxis, p.y)).toBeGreaterThan(0);
      expect(axisFraction(m.yAxis, p.y)).toBeLessThan(1);
    }
    expect(loadResponseDatasets(m).some((d) => d.label === 'Measured, 2 nodes' && d.data.length === 7)).toBe(true);
    expect(m.measuredNotes[0]).toBe('288 TPS at 68 ms with 2 RAC nodes (the Dell EqualLogic OLTP sizing study (2010), Table 6, test 1)');
  });
});

describe('the PNG export', () => {
  /** Records what the export draws (jsdom has no 2D canvas). */
  function recorder() {
    const calls: { op: string; args: unknown[] }[] = [];
    const ctx = {
      fillStyle: '',
      font: '',
      textBaseline: 'alphabetic',
      fillRect: (...args: unknown[]) => calls.push({ op: 'fillRect', args }),
      fillText: (...args: unknown[]) => calls.push({ op: 'fillText', args }),
      drawImage: (...args: unknown[]) => calls.push({ op: 'drawImage', args }),
    };
    return { ctx: ctx as unknown as HeadingContext, calls };
  }

  it("draws the chart's title and the design's platform above the chart", () => {
    const { ctx, calls } = recorder();
    const chart = { width: 1200, height: 640 } as HTMLCanvasElement;
    const heading = { title: 'Balance — EqualLogic 6,000 users', subtitle: 'Dell EqualLogic PS6010XV (15K SAS) · 2 RAC nodes · 1 array' };
    drawExport(ctx, chart, heading, 2);
    expect(calls.filter((c) => c.op === 'fillText').map((c) => c.args[0])).toEqual([heading.title, heading.subtitle]);
    expect(calls.find((c) => c.op === 'drawImage')!.args).toEqual([chart, 0, headingHeight(heading, 2)]);
    expect(headingHeight(heading, 2)).toBeGreaterThan(headingHeight({ title: heading.title }, 2));
  });

  it('exports a page taller than the chart by the heading, at the chart pixel ratio', () => {
    const { ctx, calls } = recorder();
    const page = { width: 0, height: 0, getContext: () => ctx, toDataURL: () => 'data:image/png;base64,TITLED' };
    const doc = { createElement: () => page } as unknown as Document;
    const canvas = { width: 1200, height: 640, clientWidth: 600 } as HTMLCanvasElement;
    const url = exportPng({ canvas, toBase64Image: () => 'data:image/png;base64,UNTITLED' }, { title: 'Load–response — X' }, doc);
    expect(url).toBe('data:image/png;base64,TITLED');
    expect(page.width).toBe(1200);
    expect(page.height).toBe(640 + headingHeight({ title: 'Load–response — X' }, 2));
    expect(calls.some((c) => c.op === 'fillText' && c.args[0] === 'Load–response — X')).toBe(true);
  });

  it("names the design's platform in words from the registry", () => {
    const registry = platformRegistry();
    expect(platformText(equallogicPs6010xv().evaluation.inputs.platform, registry)).toBe('Dell EqualLogic PS6010XV (15K SAS) · 2 RAC nodes · 1 array');
    expect(platformText(quarterRack().evaluation.inputs.platform, registry)).toBe('Oracle FS1-2 all-flash · 2 RAC nodes · 2 drive enclosures');
    expect(platformName(netappFas3140().evaluation.inputs.platform, registry)).toBe('NetApp FAS3140');
    // Without the registry: the engine's display names of the family and of the storage model's unit.
    expect(platformName({ family: 'netapp', storage_model: 'FAS3140' }, undefined)).toBe('NetApp FAS3140');
    expect(platformName({ family: 'oracle-fs1', storage_model: 'FS1-2' }, undefined)).toBe('Oracle FS1-2');
    expect(platformName({ family: 'someone-else', storage_model: 'Box' }, undefined)).toBe('someone-else Box');
    expect(platformText({ family: 'oracle-fs1', storage_model: 'FS1-2', rac_nodes: 2, arrays: 3 }, undefined)).toBe('Oracle FS1-2 · 2 RAC nodes · 3 drive enclosures');
    expect(platformText({ family: 'xtremio', storage_model: 'X-Brick', rac_nodes: 4, arrays: 1 }, undefined)).toBe('EMC XtremIO X-Brick · 4 RAC nodes · 1 X-Brick');
    expect(storageUnitsText({ family: 'equallogic', storage_model: 'PS6010XV' }, 2)).toBe('2 arrays');
    expect(storageUnitsText({ family: 'unknown', storage_model: 'Unknown' }, 2)).toBe('2 arrays');
    expect(loadResponseSubtitle(undefined, 2, 2000)).toBe('2 RAC nodes · SLA 2,000 ms');
  });
});
