import { useState } from 'react';
import { countOf } from '../../../components/format';
import { Empty, ErrorMessage, Loading } from '../../../components/ui/status';
import { useDebouncedValue } from '../../../components/use-debounced-value';
import { useParts } from '../api/parts';
import { partSpecs, provenance } from '../lib/catalog';

// backend/catalog/choices.py PartKind (the API validates the filter against it).
const KINDS = ['server', 'cpu', 'memory_module', 'drive', 'drive_enclosure', 'storage_array', 'storage_controller', 'xbrick', 'switch', 'hba', 'nic', 'optics', 'cable', 'filler', 'rack_item', 'software', 'other'];

export function PartsTab() {
  const [search, setSearch] = useState('');
  const [kind, setKind] = useState('');
  const parts = useParts({ search: useDebouncedValue(search, 250), kind });
  return (
    <div className="stack">
      <div className="filters" role="search">
        <div className="field">
          <label htmlFor="part-search">Search parts</label>
          <input id="part-search" type="search" placeholder="Part number, model, description" value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="part-kind">Kind</label>
          <select id="part-kind" value={kind} onChange={(e) => setKind(e.target.value)}>
            <option value="">All kinds</option>
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {k.replace(/_/g, ' ')}
              </option>
            ))}
          </select>
        </div>
      </div>
      {parts.isPending && <Loading what="parts" />}
      <ErrorMessage error={parts.error} />
      {parts.data && parts.data.results.length === 0 && <Empty>No part matches.</Empty>}
      {parts.data && parts.data.results.length > 0 && (
        <table className="table compact" data-testid="parts-table">
          <caption className="muted small-text">{countOf(parts.data.count, 'part')}</caption>
          <thead>
            <tr>
              <th scope="col">Part number</th>
              <th scope="col">Kind</th>
              <th scope="col">Manufacturer</th>
              <th scope="col">Description</th>
              <th scope="col">Specs</th>
              <th scope="col">Source</th>
            </tr>
          </thead>
          <tbody>
            {parts.data.results.map((p) => (
              <tr key={p.id}>
                <td>
                  <code>{p.part_number}</code>
                </td>
                <td>{p.kind.replace(/_/g, ' ')}</td>
                <td>{p.manufacturer}</td>
                <td>{p.description || p.model}</td>
                <td className="small-text">{partSpecs(p)}</td>
                <td className="small-text muted">{provenance(p.source_document, p.source_locator)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
