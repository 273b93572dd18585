import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { components } from '../../../lib/api-schema';

/**
 * GET /api/v1/model/validation/: every measurement of the documents the engine predicts, measured
 * against what `evaluate` returns for that configuration, each row calibration (fitted on) or held-out.
 */
export type ValidationReport = components['schemas']['ModelValidation'];
export type ValidationRow = ValidationReport['rows'][number];
export type FamilyStats = components['schemas']['ModelValidationFamilyStats'];
export type ValidationKind = ValidationRow['kind'];

export const getValidation = (): Promise<ValidationReport> => apiFetch<ValidationReport>('/api/v1/model/validation/');

export const validationQueryOptions = () =>
  queryOptions({ queryKey: ['model', 'validation'], queryFn: getValidation, staleTime: 10 * 60_000 });

export const useValidation = () => useQuery(validationQueryOptions());
