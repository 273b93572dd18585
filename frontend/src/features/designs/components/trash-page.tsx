import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatTimestamp } from '../../../components/format';
import { Empty, ErrorMessage, Loading } from '../../../components/ui/status';
import { useTrash } from '../api/list-trash';
import type { Design, TrashedDesign } from '../api/types';
import { useUndeleteDesign } from '../api/undelete-design';
import { platformSummary } from '../lib/design-list';

/** /designs/trash: the caller's deleted designs, each restorable until the date it is purged. */
export function TrashPage() {
  const trash = useTrash();
  const [restored, setRestored] = useState<Design | null>(null);
  const rows = trash.data?.results ?? [];

  return (
    <section className="stack">
      <div className="page-head">
        <h2>Trash</h2>
        <Link to="/designs">Back to designs</Link>
      </div>
      <p className="muted">Deleted designs stay here, with their history, until the date shown; then they are removed for good.</p>
      {restored && (
        <p className="notice" role="status" data-testid="restored-notice">
          Restored “{restored.name}”: <Link to={`/designs/${restored.id}`}>open it</Link>.
        </p>
      )}
      {trash.isPending && <Loading what="the trash" />}
      <ErrorMessage error={trash.error} />
      {trash.isSuccess && rows.length === 0 && <Empty>The trash is empty.</Empty>}
      {rows.length > 0 && (
        <table className="table" data-testid="trash-table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Customer</th>
              <th scope="col">Platform</th>
              <th scope="col">Deleted</th>
              <th scope="col">Purged after</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((design) => (
              <TrashRow key={design.id} design={design} onRestored={setRestored} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function TrashRow({ design, onRestored }: { design: TrashedDesign; onRestored: (design: Design) => void }) {
  const undelete = useUndeleteDesign();
  return (
    <tr data-testid={`trash-row-${design.id}`}>
      <td>{design.name}</td>
      <td>{design.customer || <span className="muted">—</span>}</td>
      <td>{platformSummary(design)}</td>
      <td className="nowrap">
        {formatTimestamp(design.deleted_at)}
        {design.deleted_by && <span className="muted"> by {design.deleted_by.username}</span>}
      </td>
      <td className="nowrap">{formatTimestamp(design.purge_after)}</td>
      <td className="row-actions">
        <button
          type="button"
          className="secondary small"
          disabled={undelete.isPending}
          onClick={() => undelete.mutate(design.id, { onSuccess: onRestored })}
        >
          Restore
        </button>
        {undelete.error && (
          <p className="field-error" role="alert">
            {undelete.error.message}
          </p>
        )}
      </td>
    </tr>
  );
}
