import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { ReferenceDesign } from './types';

export const listReferenceDesigns = (): Promise<ReferenceDesign[]> =>
  apiFetch<ReferenceDesign[]>('/api/v1/reference-designs/');

export const referenceDesignsQueryOptions = () =>
  queryOptions({ queryKey: ['reference-designs'], queryFn: listReferenceDesigns, staleTime: 10 * 60_000 });

export const useReferenceDesigns = () => useQuery(referenceDesignsQueryOptions());
