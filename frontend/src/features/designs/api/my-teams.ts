import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { Page, Team } from './types';

export const listMyTeams = (): Promise<Page<Team>> => apiFetch<Page<Team>>('/api/v1/teams/');

export const myTeamsQueryOptions = () =>
  queryOptions({ queryKey: ['teams', 'mine'], queryFn: listMyTeams, staleTime: 5 * 60_000 });

export const useMyTeams = () => useQuery(myTeamsQueryOptions());
