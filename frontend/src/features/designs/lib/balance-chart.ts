/**
 * Balance chart (the Oracle FS1 paper's): server CPU % (x) against storage read latency (y) as load
 * grows, with stress zones from the thresholds the API returns and the operating point marked.
 */
import type { ChartDataset } from 'chart.js';
import type { ShadedRegion } from '../../../components/chart-plugins';
import type { BalanceSection, OltpEvaluation } from '../api/types';

export const AMBER = 'rgba(245, 158, 11, 0.18)';
export const RED = 'rgba(220, 38, 38, 0.16)';

export interface XY {
  x: number;
  y: number;
}

export interface BalanceChartModel {
  curve: XY[];
  atSla: XY;
  operating: XY | null;
  regions: ShadedRegion[];
  xMax: number;
  yMax: number;
  thresholds: { cpuStress: number; cpuLimit: number; latencyStress: number; latencyLimit: number };
}

/**
 * The design's own (CPU %, read latency) from the stations at the design load: latency per I/O is
 * the storage residence per transaction spread over its I/Os (as sizing.balance.point computes it).
 */
export function operatingPoint(evaluation: Pick<OltpEvaluation, 'performance' | 'demand'>): XY | null {
  const stations = evaluation.performance.stations;
  const cpu = stations.find((s) => s.name === 'cpu');
  const storage = stations.find((s) => s.name === 'storage');
  const ios = evaluation.demand.ios_per_transaction.value;
  if (!cpu || !storage || !ios) return null;
  return { x: cpu.utilisation_at_design.value, y: storage.residence_at_design.value / ios };
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

export function buildBalanceChart(balance: BalanceSection, evaluation: Pick<OltpEvaluation, 'performance' | 'demand'>): BalanceChartModel {
  const thresholds = {
    cpuStress: balance.zones.cpu_stress.value,
    cpuLimit: balance.zones.cpu_limit.value,
    latencyStress: balance.zones.read_latency_stress.value,
    latencyLimit: balance.zones.read_latency_limit.value,
  };
  const curve = balance.points.map((p) => ({ x: p.cpu_utilisation_pct, y: p.read_latency_ms }));
  const operating = operatingPoint(evaluation);
  const atSla = { x: balance.at_sla.cpu_utilisation_pct, y: balance.at_sla.read_latency_ms };
  const markers = operating ? [atSla, operating] : [atSla];
  const maxCurve = Math.max(...curve.map((p) => p.y), 0);
  const maxMarker = Math.max(...markers.map((p) => p.y));
  return {
    curve,
    atSla,
    operating,
    regions: stressRegions(thresholds),
    thresholds,
    // CPU is a percentage; a marker at 100% is drawn unclipped (see balanceDatasets) rather than
    // stretching the axis.
    xMax: Math.max(100, ...markers.map((p) => p.x)),
    // Keep the zones readable: show up to 1.5x the latency limit, more when the curve needs it (up
    // to 4x the limit: past that it is vertical anyway), and always both markers with a margin.
    yMax: niceCeil(
      Math.max(thresholds.latencyLimit * 1.5, Math.min(maxCurve, thresholds.latencyLimit * 4), maxMarker * MARKER_MARGIN),
    ),
  };
}

/**
 * The chart's datasets: the curve, the diamond where the SLA is reached and the design's operating
 * point. The markers are not clipped to the chart area, so one on the edge (100% CPU) stays whole.
 */
export function balanceDatasets(model: BalanceChartModel): ChartDataset<'scatter'>[] {
  return [
    { label: 'Model as load grows', data: model.curve, showLine: true, borderColor: '#1d4ed8', backgroundColor: '#1d4ed8', pointRadius: 3 },
    { label: 'At the SLA limit', data: [model.atSla], borderColor: '#0f172a', backgroundColor: '#0f172a', pointStyle: 'rectRot', pointRadius: 8, clip: false },
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

/** 1, 2, 2.5, 5 x 10^n at or above the value. */
export function niceCeil(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) {
    if (step * power >= value - 1e-12) return step * power;
  }
  return 10 * power;
}
