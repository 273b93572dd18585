import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { designKeys } from './keys';
import type { RevisionPage } from './types';

export const listRevisions = (id: number): Promise<RevisionPage> =>
  apiFetch<RevisionPage>(`/api/v1/designs/${id}/revisions/?limit=200`);

export const revisionsQueryOptions = (id: number) =>
  queryOptions({ queryKey: designKeys.revisions(id), queryFn: () => listRevisions(id), staleTime: 0 });

export const useRevisions = (id: number) => useQuery(revisionsQueryOptions(id));
