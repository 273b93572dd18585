import { Link } from 'react-router-dom';
import { formatTimestamp } from '../../../components/format';
import { ErrorMessage, Loading } from '../../../components/ui/status';
import { usePriceBooks } from '../api/price-books';
import { useRestoreRevision } from '../api/restore-revision';
import { useRevisions } from '../api/revisions';
import type { Design } from '../api/types';
import { changedFields, type HistoryContext } from '../lib/history';
import { can } from '../lib/permissions';

export function HistoryPanel({ design }: { design: Design }) {
  const revisions = useRevisions(design.id);
  const restore = useRestoreRevision();
  const priceBooks = usePriceBooks();
  // Price books by name: the active ones, and the design's own (a retired one is not in that list).
  const context: HistoryContext = {
    storageModel: design.platform.storage_model,
    priceBookName: (id) =>
      priceBooks.data?.results.find((b) => b.id === id)?.name ?? (design.price_book?.id === id ? design.price_book.name : null),
  };
  const canRestore = can(design, 'edit');
  if (revisions.isPending) return <Loading what="the history" />;
  if (revisions.isError) return <ErrorMessage error={revisions.error} />;
  const latest = revisions.data.results[0]?.number;
  return (
    <div data-testid="history">
      <ol className="history" reversed>
        {revisions.data.results.map((r) => (
          <li key={r.number} data-testid={`revision-${r.number}`}>
            <div>
              <strong>Revision {r.number}</strong> · {r.author?.username ?? 'unknown'} · {formatTimestamp(r.created)}
            </div>
            <div>{r.summary}</div>
            <div className="muted small-text">{changedFields(r, context)}</div>
            {canRestore && r.number !== latest && (
              <button
                type="button"
                className="secondary small"
                disabled={restore.isPending}
                onClick={() => restore.mutate({ id: design.id, etag: design.etag, number: r.number })}
              >
                Restore revision {r.number}
              </button>
            )}
          </li>
        ))}
      </ol>
      <Link to={`/designs/${design.id}/audit`}>Full history (revisions and share links)</Link>
      <ErrorMessage error={restore.error} />
    </div>
  );
}
