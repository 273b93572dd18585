import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { designKeys } from './keys';
import type { Design } from './types';

/** Moves the design to its owner's trash (undo: undelete-design.ts, within the retention). */
export const deleteDesign = (design: Pick<Design, 'id' | 'etag'>): Promise<void> =>
  apiFetch<void>(`/api/v1/designs/${design.id}/`, { method: 'DELETE', headers: { 'If-Match': design.etag } });

export function useDeleteDesign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDesign,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: designKeys.list() }),
        queryClient.invalidateQueries({ queryKey: designKeys.trash() }),
      ]),
  });
}
