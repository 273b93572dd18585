/** The team's own evidence: existing systems (JSON), ORION runs and Swingbench series (multipart uploads
 * with progress: check, then save all or nothing), their list, one opened, one deleted. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { evidenceForm, type EvidenceUpload } from '../lib/evidence';
import { postFormWithProgress, type UploadProgress } from '../lib/upload';
import type {
  EvidenceCheck,
  EvidenceImport,
  EvidenceImportCreated,
  EvidenceImportPage,
  EvidenceKind,
  ExistingSystem,
  ExistingSystemCreate,
  ExistingSystemPage,
} from './evidence-types';

export const SYSTEMS_URL = '/api/v1/imports/systems/';
export const EVIDENCE_URL = '/api/v1/imports/evidence/';
/** The save endpoint of a kind; its check is `check/` under it. */
export const evidenceSaveUrl = (kind: EvidenceKind): string => `${EVIDENCE_URL}${kind}/`;
export const evidenceCheckUrl = (kind: EvidenceKind): string => `${EVIDENCE_URL}${kind}/check/`;

export const evidenceKeys = {
  all: ['imports', 'evidence'] as const,
  lists: ['imports', 'evidence', 'list'] as const,
  list: (team: number | null) => ['imports', 'evidence', 'list', team] as const,
  detail: (id: number) => ['imports', 'evidence', 'detail', id] as const,
  systems: ['imports', 'systems'] as const,
  systemList: (team: number | null) => ['imports', 'systems', 'list', team] as const,
};

const teamQuery = (team: number | null) => (team === null ? '' : `&team=${team}`);

/** The team's existing systems, by name (each with its evidence_count). */
export const useExistingSystems = (team: number | null, enabled = true) =>
  useQuery({
    queryKey: evidenceKeys.systemList(team),
    queryFn: () => apiFetch<ExistingSystemPage>(`${SYSTEMS_URL}?limit=100&ordering=name${teamQuery(team)}`),
    enabled,
  });

/** Describe a system the team runs (its editors); a 400 names the field (a name the team has already). */
export function useCreateExistingSystem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ExistingSystemCreate) => apiFetch<ExistingSystem>(SYSTEMS_URL, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: evidenceKeys.systems }),
  });
}

/** The team's evidence imports, newest first. */
export const useEvidenceImports = (team: number | null, enabled = true) =>
  useQuery({
    queryKey: evidenceKeys.list(team),
    queryFn: () => apiFetch<EvidenceImportPage>(`${EVIDENCE_URL}?limit=100${teamQuery(team)}`),
    enabled,
  });

/** One import: its points and their files and lines, who uploaded it and when, its sha256. */
export const useEvidenceImport = (id: number | null) =>
  useQuery({
    queryKey: evidenceKeys.detail(id ?? 0),
    queryFn: () => apiFetch<EvidenceImport>(`${EVIDENCE_URL}${id}/`),
    enabled: id !== null,
  });

export type EvidenceUploadVariables = EvidenceUpload & { onProgress?: (progress: UploadProgress) => void };

/** Read the files and answer every value with its file and line or element; nothing is stored. */
export const checkEvidence = ({ onProgress, ...upload }: EvidenceUploadVariables): Promise<EvidenceCheck> =>
  postFormWithProgress<EvidenceCheck>(evidenceCheckUrl(upload.kind), evidenceForm(upload), onProgress);

export const useCheckEvidence = () => useMutation({ mutationFn: checkEvidence });

/** Save the files for the team, all or nothing (201; 200 with existing: true for files it has). */
export function useSaveEvidence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ onProgress, ...upload }: EvidenceUploadVariables) =>
      postFormWithProgress<EvidenceImportCreated>(evidenceSaveUrl(upload.kind), evidenceForm(upload), onProgress),
    // A system's evidence_count changes with its imports.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: evidenceKeys.all }), queryClient.invalidateQueries({ queryKey: evidenceKeys.systems })]),
  });
}

export function useDeleteEvidence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<null>(`${EVIDENCE_URL}${id}/`, { method: 'DELETE' }),
    // The lists only: the deleted import's own query, open until its row goes, would be asked again (a 404).
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: evidenceKeys.lists }), queryClient.invalidateQueries({ queryKey: evidenceKeys.systems })]),
  });
}
