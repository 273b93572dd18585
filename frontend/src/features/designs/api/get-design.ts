import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { designKeys } from './keys';
import type { Design } from './types';

export const getDesign = (id: number): Promise<Design> => apiFetch<Design>(`/api/v1/designs/${id}/`);

// Fresh for a few seconds only: opening the editor shows the design as it is now. The route's preload
// (preload-editor.ts) fetches it a moment before the page mounts; the page does not ask again.
export const designQueryOptions = (id: number) =>
  queryOptions({ queryKey: designKeys.detail(id), queryFn: () => getDesign(id), staleTime: 5_000 });

/** Null id (a route that names no design): nothing is requested. */
export const useDesign = (id: number | null) => useQuery({ ...designQueryOptions(id ?? 0), enabled: id !== null });
