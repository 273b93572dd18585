import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { designKeys } from './keys';
import type { ShareLink } from './types';

// The list is paginated like every list (a design keeps few links: the first page is all of them).
export const listShareLinks = (id: number): Promise<ShareLink[]> =>
  apiFetch<{ results: ShareLink[] }>(`/api/v1/designs/${id}/share-links/`).then((page) => page.results);

export const shareLinksQueryOptions = (id: number) =>
  queryOptions({ queryKey: designKeys.shareLinks(id), queryFn: () => listShareLinks(id) });

export const useShareLinks = (id: number, enabled: boolean) =>
  useQuery({ ...shareLinksQueryOptions(id), enabled });

export const createShareLink = (id: number): Promise<ShareLink> =>
  apiFetch<ShareLink>(`/api/v1/designs/${id}/share-links/`, { method: 'POST' });

export const revokeShareLink = ({ id, token }: { id: number; token: string }): Promise<void> =>
  apiFetch<void>(`/api/v1/designs/${id}/share-links/${token}/`, { method: 'DELETE' });

export function useCreateShareLink(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => createShareLink(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: designKeys.shareLinks(id) }),
  });
}

export function useRevokeShareLink(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => revokeShareLink({ id, token }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: designKeys.shareLinks(id) }),
  });
}
