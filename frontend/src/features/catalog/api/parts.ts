import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { PartPage } from './types';

/** The parts list's search and filter (SPA-side: sent as query parameters). */
export interface PartQuery {
  search: string;
  kind: string;
}

export const listParts = ({ search, kind }: PartQuery): Promise<PartPage> => {
  const params = new URLSearchParams({ limit: '500' });
  if (search.trim()) params.set('search', search.trim());
  if (kind) params.set('kind', kind);
  return apiFetch<PartPage>(`/api/v1/parts/?${params.toString()}`);
};

export const partsQueryOptions = (query: PartQuery) =>
  queryOptions({ queryKey: ['catalog', 'parts', query], queryFn: () => listParts(query), placeholderData: keepPreviousData });

export const useParts = (query: PartQuery) => useQuery(partsQueryOptions(query));
