import { useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { AuditPage } from '../lib/audit-query';
import { auditKeys } from './audit-feed';

export const fetchDesignTrail = (id: number, cursor?: string): Promise<AuditPage> => {
  const params = new URLSearchParams({ limit: '50' });
  if (cursor) params.set('cursor', cursor);
  return apiFetch<AuditPage>(`/api/v1/audit/designs/${id}/?${params.toString()}`);
};

/** A design's own trail (its revisions and share-link events), for anyone who may see the design. */
export const useDesignTrail = (id: number | null) =>
  useInfiniteQuery({
    queryKey: auditKeys.design(id ?? 0),
    queryFn: ({ pageParam }) => fetchDesignTrail(id ?? 0, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled: id !== null,
    staleTime: 0,
  });
