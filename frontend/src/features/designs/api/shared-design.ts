import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { SharedDesign } from './types';

export const getSharedDesign = (token: string): Promise<SharedDesign> =>
  apiFetch<SharedDesign>(`/api/v1/shared/${encodeURIComponent(token)}/`);

export const sharedDesignQueryOptions = (token: string) =>
  queryOptions({ queryKey: ['shared', token], queryFn: () => getSharedDesign(token), retry: false });

export const useSharedDesign = (token: string) => useQuery(sharedDesignQueryOptions(token));
