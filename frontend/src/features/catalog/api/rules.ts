import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { SizingRulePage } from './types';

// Every version, not only the current ones: the browser shows how a rule evolved.
export const listRules = (): Promise<SizingRulePage> =>
  apiFetch<SizingRulePage>('/api/v1/rules/?all_versions=true&limit=1000');

export const rulesQueryOptions = () => queryOptions({ queryKey: ['catalog', 'rules'], queryFn: listRules });

export const useRules = () => useQuery(rulesQueryOptions());
