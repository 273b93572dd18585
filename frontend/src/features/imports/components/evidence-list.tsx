import { Fragment, useState } from 'react';
import { ConfirmDelete } from './confirm-delete';
import { formatTimestamp } from '../../../components/format';
import { Empty } from '../../../components/ui/status';
import { useDeleteEvidence } from '../api/evidence';
import type { EvidenceImportListItem } from '../api/evidence-types';
import { KIND_LABELS, importTitle, pointsText } from '../lib/evidence';
import { EvidenceDetail } from './evidence-detail';
import { EvidenceErrors } from './evidence-errors';

function EvidenceRow({ item, open, setOpen, canDelete }: { item: EvidenceImportListItem; open: boolean; setOpen: (id: number | null) => void; canDelete: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteEvidence();
  const title = importTitle(item);
  return (
    <Fragment>
      <tr data-testid="evidence-import-row">
        <td>
          {KIND_LABELS[item.kind]}
          <span className="cell-line">{item.name ?? <span className="muted">not named in the files</span>}</span>
        </td>
        <td>{item.existing_system?.name ?? <span className="muted">none</span>}</td>
        <td>{pointsText(item.kind, item.points)}</td>
        <td>
          {item.files.map((f) => (
            <span key={`${f.role}-${f.file_name}`} className="cell-line">
              {f.file_name}
            </span>
          ))}
        </td>
        <td>{item.uploaded_by?.username ?? <span className="muted">—</span>}</td>
        <td>{formatTimestamp(item.uploaded_at)}</td>
        <td>
          <div className="row-actions">
            {!confirming && (
              <>
                <button type="button" className="secondary small" aria-expanded={open} onClick={() => setOpen(open ? null : item.id)}>
                  {open ? 'Close' : 'Open'}
                </button>
                {canDelete && (
                  <button type="button" className="secondary small" onClick={() => setConfirming(true)}>
                    Delete
                  </button>
                )}
              </>
            )}
            {confirming && canDelete && (
              <ConfirmDelete
                label={title}
                pending={remove.isPending}
                onCancel={() => setConfirming(false)}
                onConfirm={() =>
                  remove.mutate(item.id, {
                    onSuccess: () => {
                      setConfirming(false);
                      if (open) setOpen(null);
                    },
                  })
                }
              >
                Delete {title} and its files? This cannot be undone.
              </ConfirmDelete>
            )}
          </div>
          <EvidenceErrors error={remove.error} testId="evidence-delete-error" />
        </td>
      </tr>
      {open && (
        <tr className="awr-import-panel">
          <td colSpan={7}>
            <EvidenceDetail id={item.id} />
          </td>
        </tr>
      )}
    </Fragment>
  );
}

/** The team's evidence imports, newest first: open one's points and provenance, delete one (the
 * team's editors: `canDelete`). */
export function EvidenceList({ items, canDelete = true }: { items: EvidenceImportListItem[]; canDelete?: boolean }) {
  const [open, setOpen] = useState<number | null>(null);
  if (!items.length) return <Empty>No ORION run or Swingbench series imported yet.</Empty>;
  return (
    <div className="table-scroll">
      <table className="table" data-testid="evidence-imports">
        <thead>
          <tr>
            <th scope="col">Evidence</th>
            <th scope="col">Existing system</th>
            <th scope="col">Points</th>
            <th scope="col">Files</th>
            <th scope="col">Uploaded by</th>
            <th scope="col">Uploaded</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <EvidenceRow key={item.id} item={item} open={open === item.id} setOpen={setOpen} canDelete={canDelete} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
