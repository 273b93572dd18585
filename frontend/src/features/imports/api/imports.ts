import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { awrUploadForm, postFormWithProgress, type UploadProgress, type UploadRequest } from '../lib/upload';
import type { AwrDesignWorkload, AwrImport, AwrImportCreated, AwrImportPage, AwrPreview, TeamPage } from './types';

export const AWR_URL = '/api/v1/imports/awr/';
export const AWR_PREVIEW_URL = '/api/v1/imports/awr/preview/';

export const importKeys = {
  all: ['imports', 'awr'] as const,
  lists: ['imports', 'awr', 'list'] as const,
  list: (team: number | null) => ['imports', 'awr', 'list', team] as const,
  detail: (id: number) => ['imports', 'awr', 'detail', id] as const,
};

/** The caller's teams (the same query, and cache entry, the Recommend page reads). */
export const myTeamsQueryOptions = () =>
  queryOptions({ queryKey: ['teams', 'mine'], queryFn: () => apiFetch<TeamPage>('/api/v1/teams/'), staleTime: 5 * 60_000 });

export const useMyTeams = () => useQuery(myTeamsQueryOptions());

/** The team's imports, newest first. */
export const awrImportsQueryOptions = (team: number | null) =>
  queryOptions({
    queryKey: importKeys.list(team),
    queryFn: () => apiFetch<AwrImportPage>(`${AWR_URL}?limit=100${team === null ? '' : `&team=${team}`}`),
  });

export const useAwrImports = (team: number | null, enabled = true) => useQuery({ ...awrImportsQueryOptions(team), enabled });

/** One import with every value and its source (Open). */
export const useAwrImport = (id: number | null) =>
  useQuery({
    queryKey: importKeys.detail(id ?? 0),
    queryFn: () => apiFetch<AwrImport>(`${AWR_URL}${id}/`),
    enabled: id !== null,
  });

export interface UploadVariables extends UploadRequest {
  onProgress?: (progress: UploadProgress) => void;
}

/** Parse the report and answer every value with its source; nothing stored. */
export const previewAwr = ({ onProgress, ...request }: UploadVariables): Promise<AwrPreview> =>
  postFormWithProgress<AwrPreview>(AWR_PREVIEW_URL, awrUploadForm(request), onProgress);

export const usePreviewAwr = () => useMutation({ mutationFn: previewAwr });

/** Save the import (201 new; 200 with existing: true for a file the team imported before). */
export function useSaveAwr() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ onProgress, ...request }: UploadVariables) =>
      postFormWithProgress<AwrImportCreated>(AWR_URL, awrUploadForm(request), onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: importKeys.all }),
  });
}

export function useDeleteAwr() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<null>(`${AWR_URL}${id}/`, { method: 'DELETE' }),
    // The lists only: the deleted import's own query, open until its row goes, would be asked again (a 404).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: importKeys.lists }),
  });
}

/** The design workload an import makes (400 when it cannot be sized: 0 TPS, a required value missing). */
export const awrDesignWorkload = (id: number): Promise<AwrDesignWorkload> => apiFetch<AwrDesignWorkload>(`${AWR_URL}${id}/workload/`);
