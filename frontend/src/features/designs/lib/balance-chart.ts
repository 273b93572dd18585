/**
 * Balance chart (the Oracle FS1 paper's): server CPU % (x) against storage read latency (y) as load
 * grows, with stress zones from the thresholds the API returns and the operating point marked.
 */
import type { ShadedRegion } from '../../../components/chart-plugins';
import type { BalanceSection, EngineEvaluation } from '../api/types';

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
export function operatingPoint(evaluation: EngineEvaluation): XY | null {
  const stations = evaluation.performance?.stations ?? [];
  const cpu = stations.find((s) => s.name === 'cpu');
  const storage = stations.find((s) => s.name === 'storage');
  const ios = evaluation.demand?.ios_per_transaction?.value;
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

export function buildBalanceChart(balance: BalanceSection, evaluation: EngineEvaluation): BalanceChartModel {
  const thresholds = {
    cpuStress: balance.zones.cpu_stress.value,
    cpuLimit: balance.zones.cpu_limit.value,
    latencyStress: balance.zones.read_latency_stress.value,
    latencyLimit: balance.zones.read_latency_limit.value,
  };
  const curve = balance.points.map((p) => ({ x: p.cpu_utilisation_pct, y: p.read_latency_ms }));
  const operating = operatingPoint(evaluation);
  const atSla = { x: balance.at_sla.cpu_utilisation_pct, y: balance.at_sla.read_latency_ms };
  const maxLatency = Math.max(...curve.map((p) => p.y), atSla.y, operating?.y ?? 0);
  return {
    curve,
    atSla,
    operating,
    regions: stressRegions(thresholds),
    thresholds,
    xMax: 100,
    // Keep the zones readable: show up to 1.5x the latency limit, more only when the curve needs it.
    yMax: niceCeil(Math.max(thresholds.latencyLimit * 1.5, Math.min(maxLatency, thresholds.latencyLimit * 4))),
  };
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
