import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { MeasuredCurvePage } from './types';

export type { MeasuredCurve } from './types';

// Measured TPS curves of the design's reference configuration: the evidence its model lines stand on.
export const listMeasuredCurves = (configuration: string): Promise<MeasuredCurvePage> =>
  apiFetch<MeasuredCurvePage>(`/api/v1/curves/?configuration=${encodeURIComponent(configuration)}&quantity=tps&limit=100`);

export const measuredCurvesQueryOptions = (configuration: string | null) =>
  queryOptions({
    queryKey: ['curves', 'measured', configuration],
    queryFn: () => listMeasuredCurves(configuration as string),
    enabled: Boolean(configuration),
    staleTime: 10 * 60_000,
  });

export const useMeasuredCurves = (configuration: string | null) => useQuery(measuredCurvesQueryOptions(configuration));
