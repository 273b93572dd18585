import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { ErrorMessage, Loading } from '../../../components/ui/status';
import { useAuditFeed } from '../api/audit-feed';
import { NO_FILTERS, type AuditFilters } from '../lib/audit-query';
import { AuditFiltersForm } from './audit-filters';
import { AuditTable } from './audit-table';

/** Admins: every recorded change to the catalog, evidence, rules, price books, teams and designs. */
export function AuditPage() {
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const feed = useAuditFeed(filters);
  const denied = feed.error instanceof ApiError && (feed.error.status === 403 || feed.error.status === 401);
  const fieldErrors = feed.error instanceof ApiError && feed.error.status === 400 ? feed.error.fieldErrors : {};
  return (
    <div className="page">
      <h2>Audit</h2>
      <p className="muted">Who changed what and when, newest first, with each field before and after.</p>
      <AuditFiltersForm value={filters} onApply={setFilters} errors={fieldErrors} />
      {denied ? (
        <p role="alert">Only administrators see the audit trail.</p>
      ) : feed.isPending ? (
        <Loading what="the audit trail" />
      ) : feed.isError ? (
        Object.keys(fieldErrors).length ? null : <ErrorMessage error={feed.error} />
      ) : (
        <>
          <AuditTable entries={feed.data.pages.flatMap((p) => p.results)} />
          {feed.hasNextPage && (
            <button type="button" className="secondary" disabled={feed.isFetchingNextPage} onClick={() => void feed.fetchNextPage()}>
              Older entries
            </button>
          )}
        </>
      )}
    </div>
  );
}
