import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { DesignOptionPage } from './types';

// The designs the caller can see, to pick from (the list endpoint, read for its names only).
export const listDesignOptions = (): Promise<DesignOptionPage> =>
  apiFetch<DesignOptionPage>('/api/v1/designs/?limit=500&ordering=name');

export const designOptionsQueryOptions = () =>
  queryOptions({ queryKey: ['designs', 'list', 'options'], queryFn: listDesignOptions });

export const useDesignOptions = () => useQuery(designOptionsQueryOptions());
