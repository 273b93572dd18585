import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { designKeys } from './keys';
import type { Design } from './types';

export const getDesign = (id: number): Promise<Design> => apiFetch<Design>(`/api/v1/designs/${id}/`);

export const designQueryOptions = (id: number) =>
  queryOptions({ queryKey: designKeys.detail(id), queryFn: () => getDesign(id), staleTime: 0 });

/** Null id (a route that names no design): nothing is requested. */
export const useDesign = (id: number | null) => useQuery({ ...designQueryOptions(id ?? 0), enabled: id !== null });
