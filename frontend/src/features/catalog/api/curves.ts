import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { Curve, Page } from './types';

export const listCurves = (): Promise<Page<Curve>> => apiFetch<Page<Curve>>('/api/v1/curves/?limit=500');

export const curvesQueryOptions = () =>
  queryOptions({ queryKey: ['catalog', 'curves'], queryFn: listCurves, staleTime: 10 * 60_000 });

export const useCurves = () => useQuery(curvesQueryOptions());
