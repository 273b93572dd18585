import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { CreatedDesign, PriceBookPage, Recommendation, RecommendRequest, TeamPage } from './types';
import type { NewDesignBody } from '../lib/candidate-row';

/** POST /recommend/: every family searched for the workload (writes nothing). */
export const recommend = (body: RecommendRequest): Promise<Recommendation> =>
  apiFetch<Recommendation>('/api/v1/recommend/', { method: 'POST', body });

export const useRecommend = () => useMutation({ mutationFn: recommend });

/** The active price books (the same list, and cache entry, the design editor offers). */
export const priceBooksQueryOptions = () =>
  queryOptions({
    queryKey: ['price-books'],
    queryFn: () => apiFetch<PriceBookPage>('/api/v1/price-books/?is_active=true&limit=200'),
    staleTime: 10 * 60_000,
  });

export const usePriceBooks = () => useQuery(priceBooksQueryOptions());

/** The caller's teams: a design made from a candidate goes to the first, as the user's team. */
export const myTeamsQueryOptions = () =>
  queryOptions({ queryKey: ['teams', 'mine'], queryFn: () => apiFetch<TeamPage>('/api/v1/teams/'), staleTime: 5 * 60_000 });

export const useMyTeams = () => useQuery(myTeamsQueryOptions());

/** POST /designs/ from a candidate; the designs list refetches. */
export function useCreateDesignFromCandidate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewDesignBody) => apiFetch<CreatedDesign>('/api/v1/designs/', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['designs', 'list'] }),
  });
}
