import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { designKeys } from './keys';
import type { Design } from './types';

/** Takes a design out of the caller's trash. No If-Match: the SPA did not read the trashed version
 * (a DELETE answers 204), and only the owner can reach it. */
export const undeleteDesign = (id: number): Promise<Design> =>
  apiFetch<Design>(`/api/v1/designs/${id}/undelete/`, { method: 'POST' });

export function useUndeleteDesign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undeleteDesign,
    onSuccess: (design) => {
      queryClient.setQueryData(designKeys.detail(design.id), design);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: designKeys.list() }),
        queryClient.invalidateQueries({ queryKey: designKeys.trash() }),
        queryClient.invalidateQueries({ queryKey: designKeys.revisions(design.id) }),
      ]);
    },
  });
}
