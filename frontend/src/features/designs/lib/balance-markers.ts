/**
 * The balance chart of a design of several databases (issue 40): one marker per OLTP database, at the
 * RAC nodes' CPU the databases load together and the storage latency each sees beside the others
 * (`consolidation.balance`). The curve and the SLA marker stay the evaluation's, the first database
 * alone on the platform; its own operating point (alone) gives way to the databases' markers.
 * A design with one marker (or none) keeps the chart as it is.
 */
import type { ChartDataset, PointStyle } from 'chart.js';
import { formatNumber } from '../../../components/format';
import type { BalanceChartModel, XY } from './balance-chart';
import { latencyAxis } from './balance-chart';
import type { Consolidation } from './consolidation';

// balanceDatasets' names of the curve and of the SLA marker.
const CURVE_LABEL = 'Model as load grows';
const SLA_LABEL = 'At the SLA limit';

export interface DatabaseMarker {
  database: string;
  point: XY;
  colour: string;
  pointStyle: PointStyle;
}

/** One look per database, as many as a design holds (8): the first is today's design-point triangle. */
const COLOURS = ['#b91c1c', '#047857', '#7c3aed', '#c2410c', '#0e7490', '#be185d', '#4d7c0f', '#374151'];
const STYLES: PointStyle[] = ['triangle', 'circle', 'rect', 'star', 'rectRounded', 'crossRot', 'cross', 'rectRot'];

/** The databases' markers: none unless the evaluation has several (one is the single design point). */
export function databaseMarkers(consolidation: Pick<Consolidation, 'balance'> | null | undefined): DatabaseMarker[] {
  const balance = (consolidation?.balance ?? []).filter((m) => Number.isFinite(m.cpu_pct.value) && Number.isFinite(m.storage_latency_ms.value));
  if (balance.length < 2) return [];
  return balance.map((m, i) => ({
    database: m.database,
    point: { x: m.cpu_pct.value, y: m.storage_latency_ms.value },
    colour: COLOURS[i % COLOURS.length]!,
    pointStyle: STYLES[i % STYLES.length]!,
  }));
}

/**
 * The model with the databases' markers in place of the single operating point (and its latency bar):
 * both axes reach every marker as they reach the design point today.
 */
export function withDatabaseMarkers(model: BalanceChartModel, markers: DatabaseMarker[]): BalanceChartModel {
  if (!markers.length) return model;
  const points = [model.atSla, ...markers.map((m) => m.point)];
  const yAxis = latencyAxis(model.thresholds, model.curve, points, model.range);
  return {
    ...model,
    operating: null,
    latencyInterval: null,
    yAxis,
    yMax: yAxis.max,
    xMax: Math.max(100, ...points.map((p) => p.x)),
  };
}

/** One dataset per database, labelled with its name (the legend's and the tooltip's words). */
export function databaseMarkerDatasets(markers: DatabaseMarker[]): ChartDataset<'scatter'>[] {
  return markers.map((m) => ({
    label: m.database,
    data: [m.point],
    borderColor: m.colour,
    backgroundColor: m.colour,
    pointStyle: m.pointStyle,
    pointRadius: 8,
    pointHoverRadius: 10,
    borderWidth: 2,
    clip: false as const,
  }));
}

/**
 * The curve and the SLA marker, named as what they are with several databases: the design's first
 * database alone (the evaluation's workload; `consolidation.databases` is in priority order, so its
 * first entry need not be that one).
 */
export function aloneDatasets(datasets: ChartDataset<'scatter'>[]): ChartDataset<'scatter'>[] {
  const labels: Record<string, string> = {
    [CURVE_LABEL]: 'First database alone, as load grows',
    [SLA_LABEL]: 'First database alone at the SLA limit',
  };
  return datasets.map((d) => (d.label && labels[d.label] ? { ...d, label: labels[d.label] } : d));
}

const ms = (value: number) => `${formatNumber(value)} ms`;
const pct = (value: number) => `${formatNumber(value)}%`;

/**
 * The chart's accessible name with several databases (balanceSummary's, the databases' markers in
 * place of the design point): "…: Orders at CPU 62% and 1.4 ms read latency, Billing at …; …".
 */
export function markersSummary(model: Pick<BalanceChartModel, 'atSla' | 'thresholds'>, markers: DatabaseMarker[], classification: string): string {
  const t = model.thresholds;
  const each = markers.map((m) => `${m.database} at CPU ${pct(m.point.x)} and ${ms(m.point.y)} read latency`).join(', ');
  return (
    `Balance chart, server CPU utilisation against storage read latency: the databases together, ${each}; ` +
    `at the SLA load, the first database alone, CPU ${pct(model.atSla.x)} and ${ms(model.atSla.y)}. Classification: ${classification}. ` +
    `Amber from CPU ${pct(t.cpuStress)} or ${ms(t.latencyStress)}, red beyond CPU ${pct(t.cpuLimit)} or ${ms(t.latencyLimit)}.`
  );
}
