/**
 * Balance chart (the Oracle FS1 paper's): server CPU % (x) against storage read latency (y) as load
 * grows, with stress zones from the thresholds the API returns, the operating point marked, and the
 * latency band (± the `storage_latency_at_design` band's half-width) shaded around the curve.
 */
import type { ChartDataset } from 'chart.js';
import type { ShadedRegion, ZoneLegendItem } from '../../../components/chart-plugins';
import { formatNumber } from '../../../components/format';
import type { BalanceSection, OltpEvaluation } from '../api/types';
import { focusedAxis, niceCeil, type AxisRange, type ValueAxis } from './axes';
import { designLoadReachable } from './design-load';
import { bandEdges, bandOf, bandView, relativeHalfWidth, type Band } from './bands';

export { niceCeil } from './axes';

export const AMBER = 'rgba(245, 158, 11, 0.18)';
export const RED = 'rgba(220, 38, 38, 0.16)';

export interface XY {
  x: number;
  y: number;
}

export interface BalanceChartModel {
  curve: XY[];
  /** The latency band around the curve (lower and upper edge); empty without a band. */
  band: { lower: XY[]; upper: XY[] };
  latencyBand: Band | null;
  /** The latency band at the design load, drawn as a bar through the operating point (null without). */
  latencyInterval: XY[] | null;
  atSla: XY;
  operating: XY | null;
  regions: ShadedRegion[];
  xMax: number;
  /** The latency axis's top (yAxis.max). */
  yMax: number;
  /** The latency axis drawn: focused on the zones and the markers, or the full model range. */
  yAxis: ValueAxis;
  range: AxisRange;
  thresholds: { cpuStress: number; cpuLimit: number; latencyStress: number; latencyLimit: number };
}

/** What the chart reads of an evaluation besides its balance section. */
export type BalanceInputs = Pick<OltpEvaluation, 'summary'> & Partial<Pick<OltpEvaluation, 'bands'>>;

/**
 * The design's own (CPU %, read latency) at the design load, as the engine publishes it: the storage
 * latency per foreground I/O is the one the balance curve plots (sizing.balance.point), so the point
 * sits on the curve also when the profile writes in the background.
 */
export function operatingPoint(evaluation: Pick<OltpEvaluation, 'summary'>): XY | null {
  // A design load beyond the configuration's maximum has no point on the curve (design-load.ts).
  if (!designLoadReachable(evaluation.summary)) return null;
  const { cpu_utilisation_at_design: cpu, storage_latency_at_design: latency, design_tps: tps } = evaluation.summary;
  if (!(tps.value > 0) || !Number.isFinite(cpu.value) || !Number.isFinite(latency.value)) return null;
  return { x: cpu.value, y: latency.value };
}

export function stressRegions(t: BalanceChartModel['thresholds']): ShadedRegion[] {
  return [
    { xMin: t.cpuStress, xMax: t.cpuLimit, color: AMBER, label: 'CPU stress' },
    { xMin: t.cpuLimit, color: RED, label: 'CPU over limit' },
    { yMin: t.latencyStress, yMax: t.latencyLimit, color: AMBER, label: 'Latency stress' },
    { yMin: t.latencyLimit, color: RED, label: 'Latency over limit' },
  ];
}

/** Room above the higher marker so its symbol is whole below the top of the axis. */
const MARKER_MARGIN = 1.1;

/**
 * The latency axis. Focused: up to a little above the larger of the latency limit and the markers, so
 * the stress band and the operating point read at every platform's scale (logarithmic when a marker
 * would merge with the bottom). Full: up to 1.5x the limit, more when the curve needs it (up to 4x the
 * limit: past that it is vertical anyway), and always both markers with a margin.
 */
export function latencyAxis(
  thresholds: BalanceChartModel['thresholds'],
  curve: XY[],
  markers: XY[],
  range: AxisRange,
): ValueAxis {
  const maxCurve = Math.max(...curve.map((p) => p.y), 0);
  const maxMarker = Math.max(...markers.map((p) => p.y));
  if (range === 'focused') {
    return focusedAxis(
      [thresholds.latencyStress, thresholds.latencyLimit, ...markers.map((p) => p.y)],
      curve.map((p) => p.y),
    );
  }
  return {
    type: 'linear',
    min: 0,
    max: niceCeil(
      Math.max(thresholds.latencyLimit * 1.5, Math.min(maxCurve, thresholds.latencyLimit * 4), maxMarker * MARKER_MARGIN),
    ),
  };
}

/** The whole model range unless asked otherwise (the chart opens focused). */
export function buildBalanceChart(balance: BalanceSection, evaluation: BalanceInputs, range: AxisRange = 'full'): BalanceChartModel {
  const thresholds = {
    cpuStress: balance.zones.cpu_stress.value,
    cpuLimit: balance.zones.cpu_limit.value,
    latencyStress: balance.zones.read_latency_stress.value,
    latencyLimit: balance.zones.read_latency_limit.value,
  };
  const curve = balance.points.map((p) => ({ x: p.cpu_utilisation_pct, y: p.read_latency_ms }));
  const latencyBand = bandOf({ bands: evaluation.bands ?? [] }, 'storage_latency_at_design') ?? null;
  const fraction = relativeHalfWidth(latencyBand ?? undefined);
  const operating = operatingPoint(evaluation);
  const atSla = { x: balance.at_sla.cpu_utilisation_pct, y: balance.at_sla.read_latency_ms };
  const markers = operating ? [atSla, operating] : [atSla];
  const yAxis = latencyAxis(thresholds, curve, markers, range);
  return {
    curve,
    band: fraction > 0 ? bandEdges(curve, fraction) : { lower: [], upper: [] },
    latencyBand: fraction > 0 ? latencyBand : null,
    latencyInterval:
      operating && latencyBand && fraction > 0
        ? [
            { x: operating.x, y: latencyBand.low.value },
            { x: operating.x, y: latencyBand.high.value },
          ]
        : null,
    atSla,
    operating,
    regions: stressRegions(thresholds),
    thresholds,
    // CPU is a percentage; a marker at 100% is drawn unclipped (see balanceDatasets) rather than
    // stretching the axis.
    xMax: Math.max(100, ...markers.map((p) => p.x)),
    yMax: yAxis.max,
    yAxis,
    range,
  };
}

/**
 * The legend's zone entries (the shading is drawn by a plugin, not a dataset): the stress band, the
 * region over the limits, and the latency band around the curve when the evaluation has one.
 */
export function balanceZoneItems(model: Pick<BalanceChartModel, 'thresholds' | 'latencyBand'>): ZoneLegendItem[] {
  const t = model.thresholds;
  const n = (v: number) => formatNumber(v);
  return [
    { text: `Stress: CPU ${n(t.cpuStress)}–${n(t.cpuLimit)}% or latency ${n(t.latencyStress)}–${n(t.latencyLimit)} ms`, fillStyle: AMBER_LEGEND },
    { text: `Over the limit: CPU > ${n(t.cpuLimit)}% or latency > ${n(t.latencyLimit)} ms`, fillStyle: RED_LEGEND },
    ...(model.latencyBand ? [{ text: `Latency error band ${bandView(model.latencyBand).halfWidth}`, fillStyle: LATENCY_BAND_FILL }] : []),
  ];
}

/** The zone colours, stronger in the legend's small boxes than across the chart area. */
export const AMBER_LEGEND = 'rgba(245, 158, 11, 0.45)';
export const RED_LEGEND = 'rgba(220, 38, 38, 0.4)';

/**
 * The chart's datasets: the curve, the diamond where the SLA is reached and the design's operating
 * point. The markers are not clipped to the chart area, so one on the edge (100% CPU) stays whole.
 */
export function balanceDatasets(model: BalanceChartModel): ChartDataset<'scatter'>[] {
  return [
    ...balanceBandDatasets(model),
    { label: 'Model as load grows', data: model.curve, showLine: true, borderColor: CURVE_COLOUR, backgroundColor: CURVE_COLOUR, pointRadius: 3 },
    { label: 'At the SLA limit', data: [model.atSla], borderColor: '#0f172a', backgroundColor: '#0f172a', pointStyle: 'rectRot', pointRadius: 8, clip: false },
    ...(model.latencyInterval && model.latencyBand
      ? [
          {
            label: `Design-load latency ${bandView(model.latencyBand).halfWidth}`,
            data: model.latencyInterval,
            showLine: true,
            pointRadius: 0,
            pointHitRadius: 0,
            borderWidth: 6,
            borderColor: DESIGN_INTERVAL,
            backgroundColor: DESIGN_INTERVAL,
            clip: false as const,
          },
        ]
      : []),
    ...(model.operating
      ? [
          {
            label: 'Design load (operating point)',
            data: [model.operating],
            borderColor: '#b91c1c',
            backgroundColor: '#b91c1c',
            pointStyle: 'triangle' as const,
            pointRadius: 9,
            clip: false as const,
          },
        ]
      : []),
  ];
}

export const CURVE_COLOUR = '#1d4ed8';
export const DESIGN_INTERVAL = 'rgba(185, 28, 28, 0.4)';
export const LATENCY_BAND_FILL = 'rgba(29, 78, 216, 0.14)';

/**
 * The latency band as two edge datasets, the upper filled down to the lower (Chart.js Filler, fill
 * '-1'), first in the list: the legend and tooltips leave out the first `balanceBandCount` datasets.
 */
export function balanceBandDatasets(model: BalanceChartModel): ChartDataset<'scatter'>[] {
  if (!model.band.upper.length) return [];
  const edge = { showLine: true, pointRadius: 0, pointHitRadius: 0, borderWidth: 0, borderColor: 'transparent' };
  return [
    { ...edge, label: 'Latency band, lower edge', data: model.band.lower, fill: false },
    { ...edge, label: 'Latency band, upper edge', data: model.band.upper, fill: '-1', backgroundColor: LATENCY_BAND_FILL },
  ];
}

export const balanceBandCount = (model: BalanceChartModel): number => balanceBandDatasets(model).length;
