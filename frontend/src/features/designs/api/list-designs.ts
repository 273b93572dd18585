import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { designKeys } from './keys';
import type { DesignPage } from './types';

// Filtering by platform and sorting happen client-side (lib/design-list.ts); one page is plenty
// for a team's designs.
export const listDesigns = (): Promise<DesignPage> => apiFetch<DesignPage>('/api/v1/designs/?limit=500');

export const designsQueryOptions = () => queryOptions({ queryKey: designKeys.list(), queryFn: listDesigns });

export const useDesigns = () => useQuery(designsQueryOptions());
