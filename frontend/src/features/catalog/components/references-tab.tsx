import { useState } from 'react';
import { ErrorMessage, Loading } from '../../../components/ui/status';
import { formatNumber } from '../../../components/format';
import { useReferenceBom, useReferenceDesigns } from '../api/reference-designs';
import type { ReferenceDesign } from '../api/types';
import { provenance } from '../lib/catalog';

export function ReferencesTab() {
  const references = useReferenceDesigns();
  if (references.isPending) return <Loading what="reference configurations" />;
  if (references.isError) return <ErrorMessage error={references.error} />;
  return (
    <div className="stack">
      {references.data.map((r) => (
        <ReferenceCard key={r.slug} reference={r} />
      ))}
    </div>
  );
}

const HEADLINE_ATTRIBUTES = ['rac_nodes', 'cores', 'memory', 'drive_enclosures', 'drives_per_enclosure', 'raw_capacity', 'nominal_iops', 'swingbench_tps', 'rack_units'];

function ReferenceCard({ reference }: { reference: ReferenceDesign }) {
  const [open, setOpen] = useState(false);
  const bom = useReferenceBom(reference.slug, open);
  const attributes = HEADLINE_ATTRIBUTES.filter((k) => reference.attributes[k]);
  return (
    <article className="card" data-testid={`reference-${reference.slug}`}>
      <h3>{reference.name}</h3>
      <p>{reference.description}</p>
      <dl className="attributes">
        {attributes.map((k) => (
          <div key={k}>
            <dt>{k.replace(/_/g, ' ')}</dt>
            <dd>
              {formatNumber(Number(reference.attributes[k]!.value))} {reference.attributes[k]!.unit === 'count' ? '' : reference.attributes[k]!.unit}
            </dd>
          </div>
        ))}
      </dl>
      <p className="source">Source: {provenance(reference.document, reference.source_locator)}</p>
      <button type="button" className="secondary small" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? 'Hide BOM' : 'Show BOM'}
      </button>
      {open && bom.isPending && <Loading what="the BOM" />}
      <ErrorMessage error={bom.error} />
      {open && bom.data && (
        <table className="table compact">
          <thead>
            <tr>
              <th scope="col">Section</th>
              <th scope="col">Part number</th>
              <th scope="col">Description</th>
              <th scope="col" className="num">
                Qty
              </th>
              <th scope="col">Source</th>
            </tr>
          </thead>
          <tbody>
            {bom.data.lines.map((l) => (
              <tr key={l.line}>
                <td>{l.section}</td>
                <td>
                  <code>{l.part_number}</code>
                </td>
                <td>{l.description}</td>
                <td className="num">{l.quantity}</td>
                <td className="small-text muted">{l.source}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </article>
  );
}
