/**
 * Load-response chart: response time against TPS, one line per RAC node count (the design's own
 * drawn thicker), the SLA line, the maximum sustained TPS of the chosen node count and the design
 * load marked, measured points drawn over the model lines, and around each line the error band of
 * the response (± the `response_at_design` band's half-width, from the family's held-out errors).
 */
import { citation } from '../../../lib/citation';
import type { ChartDataset } from 'chart.js';
import type { ShadedRegion, ZoneLegendItem } from '../../../components/chart-plugins';
import { formatNumber, plural } from '../../../components/format';
import type { OltpEvaluation, ProjectionSeries } from '../api/types';
import { focusedAxis, niceCeil, type AxisRange, type ValueAxis } from './axes';
import type { XY } from './balance-chart';
import { designLoadReachable } from './design-load';
import { bandEdges, bandOf, bandView, relativeHalfWidth, type Band } from './bands';

export const SERIES_COLOURS = ['#1d4ed8', '#0f766e', '#9333ea', '#c2410c', '#be185d', '#4d7c0f'];

export interface LoadResponseSeries {
  label: string;
  racNodes: number;
  current: boolean;
  colour: string;
  /** The design's own node count is drawn thicker than the others. */
  lineWidth: number;
  pointRadius: number;
  points: XY[];
  measured: XY[];
  /** The response band around the line (lower and upper edge); empty without a band. */
  band: { lower: XY[]; upper: XY[] };
}

/** Line width and point size: the design's node count stands out from the others. */
export const EMPHASIS = { current: { lineWidth: 4, pointRadius: 3 }, other: { lineWidth: 1.5, pointRadius: 1.5 } };

/** The design's own load: its TPS and the model response at it. */
export interface DesignLoad {
  tps: number;
  responseMs: number;
}

export interface DesignLoadMark extends DesignLoad {
  /** Where it is drawn: at the top edge when the response is beyond the axis. */
  point: XY;
  offScale: boolean;
}

/**
 * The design load of an evaluation (summary.design_tps, summary.response_at_design), if it has one: none
 * when it is beyond the configuration's maximum (the response there is no prediction; design-load.ts).
 */
export function designLoadOf(evaluation: Pick<OltpEvaluation, 'summary'>): DesignLoad | null {
  if (!designLoadReachable(evaluation.summary)) return null;
  const tps = evaluation.summary.design_tps.value;
  const responseMs = evaluation.summary.response_at_design.value;
  return Number.isFinite(tps) && Number.isFinite(responseMs) && tps > 0
    ? { tps, responseMs }
    : null;
}

function emphasis(current: boolean) {
  return current ? EMPHASIS.current : EMPHASIS.other;
}

export interface LoadResponseModel {
  series: LoadResponseSeries[];
  slaMs: number;
  slaLine: XY[];
  maxSustained: XY | null;
  maxSustainedTps: number | null;
  designLoad: DesignLoadMark | null;
  xMax: number;
  /** The response axis's top (yAxis.max). */
  yMax: number;
  /** The response axis drawn: focused on the SLA and the design load, or the full model range. */
  yAxis: ValueAxis;
  range: AxisRange;
  /** Shaded above the SLA line: responses the SLA does not accept. */
  regions: ShadedRegion[];
  /** "25,800 TPS at 20 ms with 2 RAC nodes (oracle-fs1-2016, Table 1)" for each measured point. */
  measuredNotes: string[];
  /** The response band the shading draws (null: the evaluation has none). */
  responseBand: Band | null;
  /**
   * The intervals drawn as bars where they matter: the maximum TPS band along the SLA line, the
   * response band at the design load (both null without a band). A band around a flat or vertical
   * curve is a hairline; these two bars are what a reader compares with the SLA.
   */
  tpsInterval: { band: Band; segment: XY[] } | null;
  responseInterval: { band: Band; segment: XY[] } | null;
}

/** The bands an evaluation publishes for the load-response chart. */
export interface LoadResponseBands {
  response: Band | null;
  maxTps: Band | null;
}

/** The bands of an evaluation the load-response chart draws (what buildLoadResponseChart reads). */
export const loadResponseBandsOf = (evaluation: Pick<OltpEvaluation, 'bands'>): LoadResponseBands => ({
  response: bandOf(evaluation, 'response_at_design') ?? null,
  maxTps: bandOf(evaluation, 'max_sustained_tps') ?? null,
});

/**
 * The response axis. Focused: up to a little above the larger of the SLA and the design load's response
 * (and its band), logarithmic from below the chosen node count's curve when the design load would
 * otherwise merge with the bottom (a disk platform: tens of ms under an SLA of seconds). Full: 3x the
 * SLA (past that the curves are vertical anyway; the knee stays visible).
 */
export function responseAxis(
  slaMs: number,
  chosenPoints: XY[],
  designLoad: DesignLoad | null,
  responseBand: Band | null,
  range: AxisRange,
): ValueAxis {
  if (range === 'full') return { type: 'linear', min: 0, max: niceCeil(slaMs * 3) };
  const design = designLoad ? [designLoad.responseMs, ...(responseBand ? [responseBand.low.value, responseBand.high.value] : [])] : [];
  return focusedAxis([slaMs, ...design], chosenPoints.map((p) => p.y));
}

/** The whole model range unless asked otherwise (the chart opens focused). */
export function buildLoadResponseChart(
  projection: { sla: { value: number }; series: ProjectionSeries[] },
  racNodes: number,
  designLoad: DesignLoad | null = null,
  bands: LoadResponseBands = { response: null, maxTps: null },
  range: AxisRange = 'full',
): LoadResponseModel {
  const slaMs = projection.sla.value;
  const responseBand = bands.response;
  const fraction = relativeHalfWidth(responseBand ?? undefined);
  const series = projection.series.map((s, index) => {
    const points = s.points.map((p) => ({ x: p.tps, y: p.response_ms }));
    return {
      label: `${s.rac_nodes} RAC ${plural(s.rac_nodes, 'node')} (max ${formatNumber(s.max_sustained_tps.value)} TPS)`,
      racNodes: s.rac_nodes,
      current: s.rac_nodes === racNodes,
      colour: SERIES_COLOURS[index % SERIES_COLOURS.length]!,
      ...emphasis(s.rac_nodes === racNodes),
      points,
      measured: (s.measured ?? []).map((p) => ({ x: p.tps, y: p.response_ms })),
      band: fraction > 0 ? bandEdges(points, fraction) : { lower: [], upper: [] },
    };
  });
  const chosen = projection.series.find((s) => s.rac_nodes === racNodes);
  // A design load beyond the curves (a target past saturation) widens the axis so it shows.
  const maxTps = Math.max(...series.flatMap((s) => [...s.points, ...s.measured].map((p) => p.x)), designLoad?.tps ?? 0, 1);
  const xMax = niceCeil(maxTps * 1.05);
  const yAxis = responseAxis(
    slaMs,
    series.find((s) => s.current)?.points ?? [],
    designLoad,
    fraction > 0 ? responseBand : null,
    range,
  );
  const yMax = yAxis.max;
  return {
    series,
    slaMs,
    slaLine: [
      { x: 0, y: slaMs },
      { x: xMax, y: slaMs },
    ],
    maxSustained: chosen ? { x: chosen.max_sustained_tps.value, y: slaMs } : null,
    maxSustainedTps: chosen ? chosen.max_sustained_tps.value : null,
    designLoad: designLoad && {
      ...designLoad,
      point: { x: designLoad.tps, y: Math.min(designLoad.responseMs, yMax) },
      offScale: designLoad.responseMs > yMax,
    },
    xMax,
    yMax,
    yAxis,
    range,
    regions: [{ yMin: slaMs, color: ABOVE_SLA, label: 'Above the SLA' }],
    measuredNotes: projection.series.flatMap((s) =>
      (s.measured ?? []).map(
        (p) =>
          `${formatNumber(p.tps)} TPS at ${formatNumber(p.response_ms)} ms with ${s.rac_nodes} RAC ${plural(s.rac_nodes, 'node')}${p.source ? ` (${citation(p.source)})` : ''}`,
      ),
    ),
    responseBand: fraction > 0 ? responseBand : null,
    tpsInterval:
      chosen && bands.maxTps && relativeHalfWidth(bands.maxTps) > 0
        ? { band: bands.maxTps, segment: [{ x: bands.maxTps.low.value, y: slaMs }, { x: bands.maxTps.high.value, y: slaMs }] }
        : null,
    responseInterval:
      designLoad && responseBand && fraction > 0
        ? { band: responseBand, segment: [{ x: designLoad.tps, y: responseBand.low.value }, { x: designLoad.tps, y: responseBand.high.value }] }
        : null,
  };
}

export const ABOVE_SLA = 'rgba(220, 38, 38, 0.08)';
export const ABOVE_SLA_LEGEND = 'rgba(220, 38, 38, 0.3)';

/**
 * The legend's zone entries: the region above the SLA (shaded by a plugin) and the response error band
 * shaded around the lines (its edge datasets stay out of the legend).
 */
export function responseZoneItems(model: Pick<LoadResponseModel, 'slaMs' | 'responseBand' | 'series'>): ZoneLegendItem[] {
  const current = model.series.find((s) => s.current) ?? model.series[0];
  return [
    { text: `Above the SLA (> ${formatNumber(model.slaMs)} ms)`, fillStyle: ABOVE_SLA_LEGEND },
    ...(model.responseBand && current
      ? [{ text: `Response error band ${bandView(model.responseBand).halfWidth}`, fillStyle: withAlpha(current.colour, BAND_ALPHA.current) }]
      : []),
  ];
}

export const INTERVAL_COLOURS = { maxTps: 'rgba(245, 158, 11, 0.55)', design: 'rgba(185, 28, 28, 0.4)' };

/** The interval bars: a thick translucent segment, no points (hence no tooltip), in the legend. */
export function intervalDatasets(model: Pick<LoadResponseModel, 'tpsInterval' | 'responseInterval'>): ChartDataset<'scatter'>[] {
  const bar = { showLine: true, pointRadius: 0, pointHitRadius: 0, borderCapStyle: 'butt' as const, clip: false as const };
  return [
    ...(model.tpsInterval
      ? [{ ...bar, label: `Maximum TPS ${bandView(model.tpsInterval.band).halfWidth}`, data: model.tpsInterval.segment, borderColor: INTERVAL_COLOURS.maxTps, backgroundColor: INTERVAL_COLOURS.maxTps, borderWidth: 10 }]
      : []),
    ...(model.responseInterval
      ? [{ ...bar, label: `Design-load response ${bandView(model.responseInterval.band).halfWidth}`, data: model.responseInterval.segment, borderColor: INTERVAL_COLOURS.design, backgroundColor: INTERVAL_COLOURS.design, borderWidth: 6 }]
      : []),
  ];
}

export interface ThroughputModel {
  series: LoadResponseSeries[];
  maxSustained: XY | null;
  xMax: number;
}

/** The same projection read the other way: TPS against concurrent users, the knee where the
 * chosen node count reaches its SLA-limited maximum. */
export function buildThroughputChart(projection: { series: ProjectionSeries[] }, racNodes: number): ThroughputModel {
  const series = projection.series.map((s, index) => ({
    label: `${s.rac_nodes} RAC ${plural(s.rac_nodes, 'node')}`,
    racNodes: s.rac_nodes,
    current: s.rac_nodes === racNodes,
    colour: SERIES_COLOURS[index % SERIES_COLOURS.length]!,
    ...emphasis(s.rac_nodes === racNodes),
    points: s.points.map((p) => ({ x: p.users, y: p.tps })),
    measured: (s.measured ?? []).filter((p) => p.users !== undefined).map((p) => ({ x: p.users!, y: p.tps })),
    band: { lower: [], upper: [] },
  }));
  const chosen = projection.series.find((s) => s.rac_nodes === racNodes);
  const maxUsers = Math.max(...series.flatMap((s) => s.points.map((p) => p.x)), 1);
  return {
    series,
    maxSustained: chosen ? { x: chosen.users_at_max.value, y: chosen.max_sustained_tps.value } : null,
    xMax: niceCeil(maxUsers),
  };
}

/** One model line per node count, the design's own thicker. */
export function seriesDatasets(series: LoadResponseSeries[]): ChartDataset<'scatter'>[] {
  return series.map((s) => ({
    label: s.label,
    data: s.points,
    showLine: true,
    borderColor: s.colour,
    backgroundColor: s.colour,
    borderWidth: s.lineWidth,
    pointRadius: s.pointRadius,
  }));
}

/** "30,000 TPS at 25.3 ms" (the real response, also when the mark is drawn at the top edge). */
export function designLoadText(mark: DesignLoad): string {
  return `${formatNumber(mark.tps)} TPS at ${formatNumber(mark.responseMs)} ms`;
}

/** The legend and tooltip entry of the design-load triangle. */
export function designLoadLabel(mark: DesignLoadMark): string {
  return `Design load: ${designLoadText(mark)}${mark.offScale ? ' (above the axis)' : ''}`;
}

/** "#1d4ed8" -> "rgba(29, 78, 216, 0.15)" (a band's shading in its line's colour). */
export function withAlpha(hex: string, alpha: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  return `rgba(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255}, ${alpha})`;
}

/** The design's own node count shaded darker than the others, so the bands stay readable together. */
export const BAND_ALPHA = { current: 0.2, other: 0.07 };

/**
 * Each series' band as two edge datasets, the upper filled down to the lower (Chart.js Filler, fill
 * '-1'); no border, no points, no tooltip or legend entry (see isBandDataset).
 */
export function bandDatasets(series: LoadResponseSeries[]): ChartDataset<'scatter'>[] {
  const edge = { showLine: true, pointRadius: 0, pointHitRadius: 0, borderWidth: 0, borderColor: 'transparent' };
  return series
    .filter((s) => s.band.upper.length)
    .flatMap((s) => [
      { ...edge, label: `${s.label}: band, lower edge`, data: s.band.lower, fill: false },
      {
        ...edge,
        label: `${s.label}: band, upper edge`,
        data: s.band.upper,
        fill: '-1',
        backgroundColor: withAlpha(s.colour, s.current ? BAND_ALPHA.current : BAND_ALPHA.other),
      },
    ]);
}

/** The band datasets come first: the legend and tooltips leave the first `count` datasets out. */
export const isBandDataset = (datasetIndex: number, bandCount: number): boolean => datasetIndex < bandCount;

/** The response view's datasets: bands, model lines, measured squares, the SLA line and the markers. */
export function loadResponseDatasets(model: LoadResponseModel): ChartDataset<'scatter'>[] {
  return [
    ...bandDatasets(model.series),
    ...seriesDatasets(model.series),
    ...model.series
      .filter((s) => s.measured.length)
      .map((s) => ({
        label: `Measured, ${s.racNodes} ${plural(s.racNodes, 'node')}`,
        data: s.measured,
        borderColor: s.colour,
        backgroundColor: '#fff',
        pointStyle: 'rect' as const,
        pointRadius: 6,
        borderWidth: 2,
      })),
    { label: `SLA ${formatNumber(model.slaMs)} ms`, data: model.slaLine, showLine: true, borderColor: '#b91c1c', borderDash: [6, 4], pointRadius: 0 },
    ...intervalDatasets(model),
    ...(model.maxSustained
      ? [{ label: 'Maximum sustained TPS', data: [model.maxSustained], borderColor: '#0f172a', backgroundColor: '#f59e0b', pointStyle: 'rectRot' as const, pointRadius: 9 }]
      : []),
    ...(model.designLoad
      ? [
          {
            label: designLoadLabel(model.designLoad),
            data: [model.designLoad.point],
            borderColor: '#b91c1c',
            backgroundColor: '#b91c1c',
            pointStyle: 'triangle' as const,
            pointRadius: 9,
            // whole even at the top or right edge of the axes
            clip: false as const,
          },
        ]
      : []),
  ];
}
