import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { EvidenceImportPage } from './types';

/** GET /imports/evidence/?team=: the team's ORION runs and Swingbench series, newest first (a design
 * names at most 20; the list's first 100 are offered). */
export const listTeamEvidenceImports = (team: number): Promise<EvidenceImportPage> =>
  apiFetch<EvidenceImportPage>(`/api/v1/imports/evidence/?limit=100&team=${team}`);

/** Keyed under the imports feature's list prefix (['imports', 'evidence', 'list']), by key only (features
 * share no code): an upload or a delete there invalidates this list too. */
export const teamEvidenceImportsQueryOptions = (team: number) =>
  queryOptions({
    queryKey: ['imports', 'evidence', 'list', 'design-editor', team] as const,
    queryFn: () => listTeamEvidenceImports(team),
    staleTime: 60_000,
  });

/** Null team (a design of no team): nothing is requested. */
export const useTeamEvidenceImports = (team: number | null) =>
  useQuery({ ...teamEvidenceImportsQueryOptions(team ?? 0), enabled: team !== null });
