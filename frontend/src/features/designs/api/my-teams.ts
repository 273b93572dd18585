import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { TeamPage } from './types';

export const listMyTeams = (): Promise<TeamPage> => apiFetch<TeamPage>('/api/v1/teams/');

export const myTeamsQueryOptions = () =>
  queryOptions({ queryKey: ['teams', 'mine'], queryFn: listMyTeams, staleTime: 5 * 60_000 });

export const useMyTeams = () => useQuery(myTeamsQueryOptions());
