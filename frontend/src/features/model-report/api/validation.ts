import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { components } from '../../../lib/api-schema';

/** GET /api/v1/model/validation/: measured vs model for every point the model predicts. */
export type ValidationReport = components['schemas']['ModelValidation'];
export type ValidationRow = ValidationReport['rows'][number];

export const getValidation = (): Promise<ValidationReport> => apiFetch<ValidationReport>('/api/v1/model/validation/');

export const validationQueryOptions = () =>
  queryOptions({ queryKey: ['model', 'validation'], queryFn: getValidation, staleTime: 10 * 60_000 });

export const useValidation = () => useQuery(validationQueryOptions());
