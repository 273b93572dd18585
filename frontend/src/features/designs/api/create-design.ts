import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { designKeys } from './keys';
import type { Design, NewDesign } from './types';

export const createDesign = (body: NewDesign): Promise<Design> =>
  apiFetch<Design>('/api/v1/designs/', { method: 'POST', body });

export function useCreateDesign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDesign,
    onSuccess: (design) => {
      queryClient.setQueryData(designKeys.detail(design.id), design);
      return queryClient.invalidateQueries({ queryKey: designKeys.list() });
    },
  });
}
