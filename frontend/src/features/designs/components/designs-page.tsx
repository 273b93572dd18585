import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Empty, ErrorMessage, Loading } from '../../../components/ui/status';
import { useDesigns } from '../api/list-designs';
import type { DesignListItem } from '../api/types';
import { EMPTY_QUERY, filterDesigns, type ListQuery } from '../lib/design-list';
import { DeletedNotice } from './deleted-notice';
import { DesignFilters } from './design-filters';
import { DesignRow } from './design-row';

export function DesignsPage() {
  const designs = useDesigns();
  const [query, setQuery] = useState<ListQuery>(EMPTY_QUERY);
  const [deleted, setDeleted] = useState<DesignListItem | null>(null);
  const all = designs.data?.results ?? [];
  const shown = filterDesigns(all, query);

  return (
    <section className="stack">
      <div className="page-head">
        <h2>Designs</h2>
        <span>
          <Link to="/designs/trash">Trash</Link>{' '}
          <Link className="button" to="/designs/new">
            New design
          </Link>
        </span>
      </div>
      {deleted && <DeletedNotice key={deleted.id} design={deleted} onDone={() => setDeleted(null)} />}
      <DesignFilters query={query} onChange={setQuery} />
      {designs.isPending && <Loading what="designs" />}
      <ErrorMessage error={designs.error} />
      {designs.isSuccess && all.length === 0 && (
        <Empty>No designs yet: start one from a reference configuration with “New design”.</Empty>
      )}
      {designs.isSuccess && all.length > 0 && shown.length === 0 && <Empty>No design matches these filters.</Empty>}
      {shown.length > 0 && (
        <table className="table designs-table" data-testid="designs-table">
          <thead>
            <tr>
              <th scope="col" className="col-name">
                Name
              </th>
              <th scope="col" className="col-customer">
                Customer
              </th>
              <th scope="col">Platform</th>
              <th scope="col" title="As of the latest saved revision">
                Verdict
              </th>
              <th scope="col" className="num" title="OLTP: maximum sustained TPS within the SLA; DSS: sustained MB/s">
                Throughput
              </th>
              <th scope="col" className="num" title="The BOM in the design's price book">
                Cost
              </th>
              <th scope="col">Status</th>
              <th scope="col" title="The owner, and who the design is shared with">
                Owner
              </th>
              <th scope="col" className="col-updated">
                Updated
              </th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((design) => (
              <DesignRow key={design.id} design={design} onDeleted={setDeleted} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
