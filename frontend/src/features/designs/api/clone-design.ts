import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { designKeys } from './keys';
import type { Design } from './types';

export const cloneDesign = (id: number): Promise<Design> =>
  apiFetch<Design>(`/api/v1/designs/${id}/clone/`, { method: 'POST' });

export function useCloneDesign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cloneDesign,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: designKeys.list() }),
  });
}
