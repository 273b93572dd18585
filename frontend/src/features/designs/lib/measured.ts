/** Measured (TPS, response time) points of the evidence, by RAC node count, for the load-response chart. */
import { sToMs } from '../../../components/units';
import type { MeasuredCurve } from '../api/measured-curves';
import type { EvaluationPayload, MeasuredPoint, ProjectionSeries } from '../api/types';

const RESPONSE_IN_MS: Record<string, (v: number) => number> = { ms: (v) => v, s: sToMs };

export function measuredByNodes(curves: MeasuredCurve[]): Map<number, MeasuredPoint[]> {
  const out = new Map<number, MeasuredPoint[]>();
  for (const curve of curves) {
    for (const point of curve.points) {
      const tps = point.values.find((v) => v.quantity === 'tps' && v.unit === 'TPS');
      const response = point.values.find((v) => v.quantity === 'response_time' && RESPONSE_IN_MS[v.unit]);
      const nodes = Number(point.conditions.rac_nodes ?? curve.rac_nodes);
      if (!tps || !response || !Number.isInteger(nodes) || nodes < 1) continue;
      const users = point.values.find((v) => v.quantity === 'users');
      out.set(nodes, [
        ...(out.get(nodes) ?? []),
        {
          tps: Number(tps.value),
          response_ms: RESPONSE_IN_MS[response.unit]!(Number(response.value)),
          ...(users ? { users: Number(users.value) } : {}),
          source: [point.source_document, point.source_locator].filter(Boolean).join(', '),
        },
      ]);
    }
  }
  return out;
}

/** The projection with measured points on the series of the same node count (the API's own, if any, win). */
export function withMeasured<T extends { series: ProjectionSeries[] }>(
  projection: T,
  byNodes: Map<number, MeasuredPoint[]>,
): Omit<T, 'series'> & { series: ProjectionSeries[] } {
  return {
    ...projection,
    series: projection.series.map((s) => (s.measured?.length ? s : { ...s, measured: byNodes.get(s.rac_nodes) ?? [] })),
  };
}

/**
 * The catalog configuration whose measured TPS curves a design's load-response chart draws: the one the
 * evaluation was built on (payload.reference_configuration: the design's reference, else the family's
 * most telling measured test system, e.g. dell-oltp-2010-tpcc-test-system for EqualLogic, whose TPC-C
 * runs are Tables 5-6), else the design's saved reference. A design without a reference (every
 * EqualLogic and NetApp design) asked with its own null reference and drew no measured point.
 */
export function measuredConfigurationOf(
  payload: Pick<EvaluationPayload, 'reference_configuration'> | null | undefined,
  reference: string | null,
): string | null {
  return payload?.reference_configuration ?? reference;
}
