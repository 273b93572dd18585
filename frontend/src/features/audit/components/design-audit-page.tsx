import { Link, useParams } from 'react-router-dom';
import { ApiError } from '../../../lib/api-client';
import { ErrorMessage, Loading } from '../../../components/ui/status';
import { useDesignTrail } from '../api/design-trail';
import { parseDesignId } from '../lib/audit-query';
import { AuditTable } from './audit-table';

/** A design's history: every revision (who, when, before → after) and its share links' events. */
export function DesignAuditPage() {
  const { id } = useParams();
  const designId = parseDesignId(id);
  const trail = useDesignTrail(designId);
  const notFound = designId === null || (trail.error instanceof ApiError && trail.error.status === 404);
  if (notFound) {
    return (
      <p role="alert" data-testid="design-not-found">
        Design not found: it does not exist or is not shared with you.
      </p>
    );
  }
  if (trail.isPending) return <Loading what="the design's history" />;
  if (trail.isError) return <ErrorMessage error={trail.error} />;
  const entries = trail.data.pages.flatMap((p) => p.results);
  return (
    <div className="page">
      <h2>History of {entries[0]?.object_label ?? `design ${designId}`}</h2>
      <p>
        <Link to={`/designs/${designId}`}>Back to the design</Link>
      </p>
      <AuditTable entries={entries} showObject={false} />
      {trail.hasNextPage && (
        <button type="button" className="secondary" disabled={trail.isFetchingNextPage} onClick={() => void trail.fetchNextPage()}>
          Older entries
        </button>
      )}
    </div>
  );
}
