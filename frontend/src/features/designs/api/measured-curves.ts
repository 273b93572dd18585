import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { Page } from './types';

/** The part of a benchmark curve the load-response chart needs (backend/benchmarks serializers). */
export interface MeasuredCurve {
  slug: string;
  configuration: string | null;
  rac_nodes: number | null;
  source_document: string | null;
  points: {
    conditions: Record<string, unknown>;
    values: { quantity: string; value: string; unit: string }[];
    source_document: string | null;
    source_locator: string;
  }[];
}

// Measured TPS curves of the design's reference configuration: the evidence its model lines stand on.
export const listMeasuredCurves = (configuration: string): Promise<Page<MeasuredCurve>> =>
  apiFetch<Page<MeasuredCurve>>(`/api/v1/curves/?configuration=${encodeURIComponent(configuration)}&quantity=tps&limit=100`);

export const measuredCurvesQueryOptions = (configuration: string | null) =>
  queryOptions({
    queryKey: ['curves', 'measured', configuration],
    queryFn: () => listMeasuredCurves(configuration as string),
    enabled: Boolean(configuration),
    staleTime: 10 * 60_000,
  });

export const useMeasuredCurves = (configuration: string | null) => useQuery(measuredCurvesQueryOptions(configuration));
