import { useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { auditQueryString, type AuditFilters, type AuditPage } from '../lib/audit-query';

/** Query keys of the audit feature. */
export const auditKeys = {
  all: ['audit'] as const,
  feed: (filters: AuditFilters) => ['audit', 'feed', filters] as const,
  design: (id: number) => ['audit', 'design', id] as const,
};

export const fetchAuditFeed = (filters: AuditFilters, cursor?: string): Promise<AuditPage> =>
  apiFetch<AuditPage>(`/api/v1/audit/${auditQueryString(filters, cursor)}`);

/** Admins' whole feed, newest first; `fetchNextPage` continues with older entries. */
export const useAuditFeed = (filters: AuditFilters) =>
  useInfiniteQuery({
    queryKey: auditKeys.feed(filters),
    queryFn: ({ pageParam }) => fetchAuditFeed(filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    staleTime: 0,
  });
