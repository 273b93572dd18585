import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { components } from '../../../lib/api-schema';

type Schemas = components['schemas'];
/** A catalog part as the BOM editor offers it (GET /api/v1/parts/). */
export type CatalogPart = Schemas['Part'];
type PartPage = Schemas['PaginatedPartList'];

/** Catalog parts matching `search` (part number, description, model), for adding a BOM line. */
export const searchParts = (search: string, signal?: AbortSignal): Promise<PartPage> => {
  const params = new URLSearchParams({ limit: '50', ordering: 'part_number' });
  if (search.trim()) params.set('search', search.trim());
  return apiFetch<PartPage>(`/api/v1/parts/?${params.toString()}`, { signal });
};

export const partSearchQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['bom-parts', search.trim()] as const,
    queryFn: ({ signal }) => searchParts(search, signal),
    placeholderData: keepPreviousData,
    staleTime: 10 * 60_000,
  });

export const usePartSearch = (search: string, enabled: boolean) => useQuery({ ...partSearchQueryOptions(search), enabled });
