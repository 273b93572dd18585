import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { designKeys } from './keys';
import type { TrashPage } from './types';

/** The caller's own deleted designs that may still be restored, most recently deleted first. */
export const listTrash = (): Promise<TrashPage> => apiFetch<TrashPage>('/api/v1/designs/trash/?limit=500');

export const trashQueryOptions = () => queryOptions({ queryKey: designKeys.trash(), queryFn: listTrash });

export const useTrash = () => useQuery(trashQueryOptions());
