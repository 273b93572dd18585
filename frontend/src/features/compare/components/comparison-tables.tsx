import { Link } from 'react-router-dom';
import { countOf, plural } from '../../../components/format';
import type { Comparison } from '../api/types';
import { bomDiffRows, compareRows } from '../lib/compare-table';

export function ComparisonTables({ comparison }: { comparison: Comparison }) {
  const columns = comparison.designs;
  const rows = compareRows(columns);
  const bom = bomDiffRows(comparison.bom_differences, columns);
  return (
    <>
      <table className="table card compare" data-testid="compare-table">
        <thead>
          <tr>
            <th scope="col">Figure</th>
            {columns.map((c) => (
              <th scope="col" key={c.id}>
                <Link to={`/designs/${c.id}`}>{c.name}</Link>
                <span className="muted small-text"> r{c.revision ?? '—'}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} className={r.differs ? 'differs' : undefined} data-testid={`compare-${r.key}`}>
              <th scope="row">{r.label}</th>
              {r.values.map((v, i) => (
                <td key={columns[i]?.id ?? i} className={r.best === i ? 'best' : undefined}>
                  {v}
                  {r.best === i && <span className="visually-hidden"> (best)</span>}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <section className="card">
        <h3>Bill of materials differences</h3>
        <p className="muted small-text">
          {countOf(bom.length, 'line')} {plural(bom.length, 'differs', 'differ')}; {comparison.bom_lines_in_common} in common.
        </p>
        {bom.length > 0 && (
          <table className="table compact" data-testid="bom-differences">
            <thead>
              <tr>
                <th scope="col">Section</th>
                <th scope="col">Part number</th>
                <th scope="col">Description</th>
                {columns.map((c) => (
                  <th scope="col" className="num" key={c.id}>
                    {c.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {bom.map((l) => (
                <tr key={`${l.section}-${l.partNumber}`}>
                  <td>{l.section}</td>
                  <td>
                    <code>{l.partNumber}</code>
                  </td>
                  <td>{l.description}</td>
                  {l.quantities.map((q, i) => (
                    <td className="num" key={columns[i]?.id ?? i}>
                      {q} {l.deltas[i] && <span className="delta">({l.deltas[i]})</span>}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}
