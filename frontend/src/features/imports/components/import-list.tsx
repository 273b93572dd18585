import { Fragment, useState } from 'react';
import { ConfirmDelete } from './confirm-delete';
import { formatTimestamp } from '../../../components/format';
import { Empty, ErrorMessage, Loading } from '../../../components/ui/status';
import { useAwrImport, useDeleteAwr } from '../api/imports';
import type { AwrImportListItem } from '../api/types';
import { formatBytes } from '../lib/awr';
import { AwrValues } from './awr-values';
import { CreateDesignForm, type DesignMaker } from './create-design-form';

type Panel = { id: number; show: 'values' | 'design' } | null;

function ImportValues({ id }: { id: number }) {
  const detail = useAwrImport(id);
  if (detail.isPending) return <Loading what="the import's values" />;
  if (detail.isError) return <ErrorMessage error={detail.error} />;
  return <AwrValues idPrefix={`awr-import-${id}`} report={detail.data.report} workload={detail.data.workload} notes={detail.data.notes} />;
}

function ImportRow({
  item,
  panel,
  setPanel,
  maker,
  canDelete,
}: {
  item: AwrImportListItem;
  panel: Panel;
  setPanel: (p: Panel) => void;
  maker: DesignMaker;
  canDelete: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteAwr();
  const open = panel?.id === item.id ? panel.show : null;
  const toggle = (show: 'values' | 'design') => setPanel(open === show ? null : { id: item.id, show });
  return (
    <Fragment>
      <tr data-testid="awr-import-row">
        <td>{item.file_name}</td>
        <td>{item.db_name ?? <span className="muted">not printed</span>}</td>
        <td>{item.uploaded_by?.username ?? <span className="muted">—</span>}</td>
        <td>{formatTimestamp(item.uploaded_at)}</td>
        <td className="num">{formatBytes(item.size_bytes)}</td>
        <td>
          <div className="row-actions">
            {!confirming && (
              <>
                <button type="button" className="secondary small" aria-expanded={open === 'values'} onClick={() => toggle('values')}>
                  {open === 'values' ? 'Close' : 'Open'}
                </button>
                <button type="button" className="secondary small" aria-expanded={open === 'design'} onClick={() => toggle('design')}>
                  Create design from this AWR
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
                label={item.file_name}
                pending={remove.isPending}
                onCancel={() => setConfirming(false)}
                onConfirm={() =>
                  remove.mutate(item.id, {
                    onSuccess: () => {
                      setConfirming(false);
                      if (panel?.id === item.id) setPanel(null);
                    },
                  })
                }
              >
                Delete the import of “{item.file_name}”? Designs made from it keep their workload.
              </ConfirmDelete>
            )}
          </div>
          <ErrorMessage error={remove.error} />
        </td>
      </tr>
      {open && (
        <tr className="awr-import-panel">
          <td colSpan={6}>{open === 'values' ? <ImportValues id={item.id} /> : <CreateDesignForm item={item} maker={maker} />}</td>
        </tr>
      )}
    </Fragment>
  );
}

/** The team's imports, newest first: open one's values, delete it (the team's editors: `canDelete`), or
 * make a design of it. */
export function ImportList({ items, maker, canDelete = true }: { items: AwrImportListItem[]; maker: DesignMaker; canDelete?: boolean }) {
  const [panel, setPanel] = useState<Panel>(null);
  if (!items.length) return <Empty>No AWR report imported yet.</Empty>;
  return (
    <table className="table" data-testid="awr-imports">
      <thead>
        <tr>
          <th scope="col">File</th>
          <th scope="col">Database</th>
          <th scope="col">Uploaded by</th>
          <th scope="col">Uploaded</th>
          <th scope="col" className="num">
            Size
          </th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <ImportRow key={item.id} item={item} panel={panel} setPanel={setPanel} maker={maker} canDelete={canDelete} />
        ))}
      </tbody>
    </table>
  );
}
