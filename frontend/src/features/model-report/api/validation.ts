import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export interface ValidationRow {
  case: string;
  source: string;
  quantity: string;
  unit: string;
  measured: number;
  predicted: number;
  error_pct: number;
  held_out_error_pct: number;
}

export interface ValidationReport {
  summary: {
    count: number;
    median_abs_error_pct: number | null;
    median_abs_held_out_error_pct: number | null;
    max_abs_held_out_error_pct: number | null;
    within_10pct_held_out: number;
  };
  rows: ValidationRow[];
}

export const getValidation = (): Promise<ValidationReport> => apiFetch<ValidationReport>('/api/v1/model/validation/');

export const validationQueryOptions = () =>
  queryOptions({ queryKey: ['model', 'validation'], queryFn: getValidation, staleTime: 10 * 60_000 });

export const useValidation = () => useQuery(validationQueryOptions());
