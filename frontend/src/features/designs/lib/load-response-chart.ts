/**
 * Load-response chart: response time against TPS, one line per RAC node count, the SLA line, the
 * maximum sustained TPS of the chosen node count marked, measured points drawn over the model lines.
 */
import { plural } from '../../../components/format';
import type { ProjectionSeries } from '../api/types';
import { niceCeil, type XY } from './balance-chart';

export const SERIES_COLOURS = ['#1d4ed8', '#0f766e', '#9333ea', '#c2410c', '#be185d', '#4d7c0f'];

export interface LoadResponseSeries {
  label: string;
  racNodes: number;
  current: boolean;
  colour: string;
  points: XY[];
  measured: XY[];
}

export interface LoadResponseModel {
  series: LoadResponseSeries[];
  slaMs: number;
  slaLine: XY[];
  maxSustained: XY | null;
  maxSustainedTps: number | null;
  xMax: number;
  yMax: number;
  /** "25,800 TPS at 20 ms with 2 RAC nodes (oracle-fs1-2016, Table 1)" for each measured point. */
  measuredNotes: string[];
}

export function buildLoadResponseChart(
  projection: { sla: { value: number }; series: ProjectionSeries[] },
  racNodes: number,
): LoadResponseModel {
  const slaMs = projection.sla.value;
  const series = projection.series.map((s, index) => ({
    label: `${s.rac_nodes} RAC ${plural(s.rac_nodes, 'node')} (max ${Math.round(s.max_sustained_tps.value).toLocaleString('en-US')} TPS)`,
    racNodes: s.rac_nodes,
    current: s.rac_nodes === racNodes,
    colour: SERIES_COLOURS[index % SERIES_COLOURS.length]!,
    points: s.points.map((p) => ({ x: p.tps, y: p.response_ms })),
    measured: (s.measured ?? []).map((p) => ({ x: p.tps, y: p.response_ms })),
  }));
  const chosen = projection.series.find((s) => s.rac_nodes === racNodes);
  const maxTps = Math.max(...series.flatMap((s) => [...s.points, ...s.measured].map((p) => p.x)), 1);
  const xMax = niceCeil(maxTps * 1.05);
  return {
    series,
    slaMs,
    slaLine: [
      { x: 0, y: slaMs },
      { x: xMax, y: slaMs },
    ],
    maxSustained: chosen ? { x: chosen.max_sustained_tps.value, y: slaMs } : null,
    maxSustainedTps: chosen ? chosen.max_sustained_tps.value : null,
    xMax,
    // Past ~3x the SLA the curves are vertical anyway; cut there so the knee stays visible.
    yMax: niceCeil(slaMs * 3),
    measuredNotes: projection.series.flatMap((s) =>
      (s.measured ?? []).map(
        (p) =>
          `${Math.round(p.tps).toLocaleString('en-US')} TPS at ${p.response_ms.toLocaleString('en-US')} ms with ${s.rac_nodes} RAC ${plural(s.rac_nodes, 'node')}${p.source ? ` (${p.source})` : ''}`,
      ),
    ),
  };
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
    points: s.points.map((p) => ({ x: p.users, y: p.tps })),
    measured: (s.measured ?? []).filter((p) => p.users !== undefined).map((p) => ({ x: p.users!, y: p.tps })),
  }));
  const chosen = projection.series.find((s) => s.rac_nodes === racNodes);
  const maxUsers = Math.max(...series.flatMap((s) => s.points.map((p) => p.x)), 1);
  return {
    series,
    maxSustained: chosen ? { x: chosen.users_at_max.value, y: chosen.max_sustained_tps.value } : null,
    xMax: niceCeil(maxUsers),
  };
}
