import type { PricedBom } from '../api/types';
import { bomSections, bomTotalText } from '../lib/bom';

export function BomTable({ bom }: { bom: PricedBom }) {
  const sections = bomSections(bom);
  return (
    <section className="card" aria-labelledby="bom-title" data-testid="bom">
      <h3 id="bom-title">Bill of materials</h3>
      {!sections.length && <p className="empty">The BOM has no lines.</p>}
      {sections.length > 0 && (
        <table className="table compact">
          <thead>
            <tr>
              <th scope="col">Part number</th>
              <th scope="col">Description</th>
              <th scope="col" className="num">
                Qty
              </th>
              <th scope="col" className="num">
                Unit price
              </th>
              <th scope="col" className="num">
                Extended
              </th>
              <th scope="col">Rule / source</th>
            </tr>
          </thead>
          {sections.map((s) => (
            <tbody key={s.section}>
              <tr className="section-row">
                <th scope="rowgroup" colSpan={4}>
                  {s.label}
                </th>
                <td className="num">{s.totalText}</td>
                <td />
              </tr>
              {s.lines.map((l) => (
                <tr key={l.line}>
                  <td>
                    <code>{l.part_number}</code>
                    {l.partNumberNote && (
                      <span className="small-text muted" data-testid="model-name-flag">
                        {' '}
                        ({l.partNumberNote})
                      </span>
                    )}
                  </td>
                  <td>{l.description}</td>
                  <td className="num">{l.quantity}</td>
                  <td className="num">{l.unitText}</td>
                  <td className="num">{l.extendedText}</td>
                  <td className="small-text muted">
                    {l.rule}
                    {l.source && ` — ${l.source}`}
                  </td>
                </tr>
              ))}
            </tbody>
          ))}
          <tfoot>
            <tr>
              <th scope="row" colSpan={4}>
                Total
              </th>
              <td className="num" data-testid="bom-total">
                {bomTotalText(bom)}
              </td>
              <td />
            </tr>
          </tfoot>
        </table>
      )}
      {bom.notes.length > 0 && (
        <ul className="small-text muted">
          {bom.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
