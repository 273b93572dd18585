import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { designKeys } from './keys';
import type { Design } from './types';

/** The mutation's variables (SPA-side: URL and If-Match, no request body). */
export interface RestoreRequest {
  id: number;
  etag: string;
  number: number;
}

export const restoreRevision = ({ id, etag, number }: RestoreRequest): Promise<Design> =>
  apiFetch<Design>(`/api/v1/designs/${id}/revisions/${number}/restore/`, {
    method: 'POST',
    headers: { 'If-Match': etag },
  });

export function useRestoreRevision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreRevision,
    onSuccess: (design) => {
      queryClient.setQueryData(designKeys.detail(design.id), design);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: designKeys.revisions(design.id) }),
        queryClient.invalidateQueries({ queryKey: designKeys.list() }),
      ]);
    },
  });
}
