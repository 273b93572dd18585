import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { Comparison } from './types';

export const compareDesigns = (ids: number[]): Promise<Comparison> =>
  apiFetch<Comparison>(`/api/v1/designs/compare/?ids=${ids.join(',')}`);

export const comparisonQueryOptions = (ids: number[]) =>
  queryOptions({
    queryKey: ['designs', 'compare', ids],
    queryFn: () => compareDesigns(ids),
    enabled: ids.length >= 2 && ids.length <= 4,
    staleTime: 0,
  });

export const useComparison = (ids: number[]) => useQuery(comparisonQueryOptions(ids));
