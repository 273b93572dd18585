import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { formatTimestamp } from '../../../components/format';
import { useCloneDesign } from '../api/clone-design';
import { useDeleteDesign } from '../api/delete-design';
import type { DesignListItem } from '../api/types';
import { platformSummary, sharingLabel } from '../lib/design-list';
import { can } from '../lib/permissions';
import { HeadlineCells } from './headline-cells';

/** "2026-12-03" over "09:30 UTC": the timestamp in two unbreakable pieces, half the width of one line. */
function UpdatedCell({ iso }: { iso: string }) {
  const [date, ...time] = formatTimestamp(iso).split(' ');
  return (
    <>
      <span className="nowrap">{date}</span> <span className="nowrap">{time.join(' ')}</span>
    </>
  );
}

/** onDeleted: the page shows its undo notice (this row leaves the list with the design). */
export function DesignRow({
  design,
  onDeleted,
}: {
  design: DesignListItem;
  onDeleted?: (design: DesignListItem) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const clone = useCloneDesign();
  const remove = useDeleteDesign();
  const navigate = useNavigate();
  const canDelete = can(design, 'delete');
  // A clone is the caller's to export, so cloning needs the export permission (managers and up).

  return (
    <tr data-testid={`design-row-${design.id}`}>
      <td className="col-name">
        <Link to={`/designs/${design.id}`}>{design.name}</Link>
        {/* Under the laptop breakpoint the customer column folds in here (styles.css). */}
        {design.customer && <span className="muted small-text name-customer">{design.customer}</span>}
      </td>
      <td className="col-customer">{design.customer || <span className="muted">—</span>}</td>
      <td>{platformSummary(design)}</td>
      <HeadlineCells headline={design.headline} />
      <td>
        <span className={`badge status-${design.status}`}>{design.status}</span>
      </td>
      <td>
        {design.owner.username}
        <span className="muted small-text cell-line">{sharingLabel(design)}</span>
      </td>
      <td>
        <UpdatedCell iso={design.updated} />
      </td>
      <td>
        <div className="row-actions">
          {!confirming && (
            <>
              {can(design, 'export') && (
                <button
                  type="button"
                  className="secondary small"
                  disabled={clone.isPending}
                  onClick={() => clone.mutate(design.id, { onSuccess: (copy) => navigate(`/designs/${copy.id}`) })}
                >
                  Clone
                </button>
              )}
              {canDelete && (
                <button type="button" className="secondary small" onClick={() => setConfirming(true)}>
                  Delete
                </button>
              )}
            </>
          )}
          {confirming && (
            <span role="group" aria-label={`Confirm deleting ${design.name}`}>
              Move “{design.name}” to the trash?{' '}
              <button
                type="button"
                className="danger small"
                disabled={remove.isPending}
                onClick={() => remove.mutate(design, { onSuccess: () => onDeleted?.(design) })}
              >
                Yes, delete
              </button>{' '}
              <button type="button" className="secondary small" onClick={() => setConfirming(false)}>
                Cancel
              </button>
            </span>
          )}
        </div>
        {(clone.error || remove.error) && (
          <p className="field-error" role="alert">
            {(clone.error ?? remove.error)?.message}
          </p>
        )}
      </td>
    </tr>
  );
}
