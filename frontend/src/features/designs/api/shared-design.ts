import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { EvaluationPayload, PlatformInput, WorkloadInput } from './types';

/** GET /api/v1/shared/{token}/: what a read-only link shows, no account needed. */
export interface SharedDesign {
  design: {
    id: number;
    name: string;
    customer: string;
    description: string;
    owner: string;
    status: string;
    workload: WorkloadInput;
    platform: PlatformInput;
    reference_configuration: string | null;
    version: number;
    updated: string;
  };
  evaluation: EvaluationPayload;
}

export const getSharedDesign = (token: string): Promise<SharedDesign> =>
  apiFetch<SharedDesign>(`/api/v1/shared/${encodeURIComponent(token)}/`);

export const sharedDesignQueryOptions = (token: string) =>
  queryOptions({ queryKey: ['shared', token], queryFn: () => getSharedDesign(token), retry: false });

export const useSharedDesign = (token: string) => useQuery(sharedDesignQueryOptions(token));
