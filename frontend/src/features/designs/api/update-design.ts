import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { designKeys } from './keys';
import type { Design, DesignPatch } from './types';

/** The mutation's variables (SPA-side: id and ETag go to the URL and If-Match, body is the PATCH). */
export interface DesignChanges {
  id: number;
  /** The ETag of the version the editor started from (If-Match): a stale one answers 412. */
  etag: string;
  body: DesignPatch;
}

export const updateDesign = ({ id, etag, body }: DesignChanges): Promise<Design> =>
  apiFetch<Design>(`/api/v1/designs/${id}/`, { method: 'PATCH', body, headers: { 'If-Match': etag } });

export function useUpdateDesign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDesign,
    onSuccess: (design) => {
      queryClient.setQueryData(designKeys.detail(design.id), design);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: designKeys.list() }),
        queryClient.invalidateQueries({ queryKey: designKeys.revisions(design.id) }),
      ]);
    },
  });
}
