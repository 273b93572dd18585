import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { CurvePage } from './types';

export const listCurves = (): Promise<CurvePage> => apiFetch<CurvePage>('/api/v1/curves/?limit=500');

export const curvesQueryOptions = () =>
  queryOptions({ queryKey: ['catalog', 'curves'], queryFn: listCurves, staleTime: 10 * 60_000 });

export const useCurves = () => useQuery(curvesQueryOptions());
