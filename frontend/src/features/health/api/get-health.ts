import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { components } from '../../../lib/api-schema';

export type Health = components['schemas']['Health'];

export const getHealth = (): Promise<Health> => apiFetch<Health>('/api/health/');

export const healthQueryOptions = () =>
  queryOptions({ queryKey: ['health'], queryFn: getHealth, refetchInterval: 60_000 });

export const useHealth = () => useQuery(healthQueryOptions());
