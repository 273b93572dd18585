import { Link } from 'react-router-dom';
import { countOf, plural } from '../../../components/format';
import type { Comparison } from '../api/types';
import { bomDiffGroups, bomSectionRows, compareRows } from '../lib/compare-table';
import { DatabaseRowsBody, NotValidatedNotes } from './compare-databases';

export function ComparisonTables({ comparison }: { comparison: Comparison }) {
  const columns = comparison.designs;
  const rows = compareRows(columns);
  const groups = bomDiffGroups(comparison.bom_differences, columns, comparison.bom_sections);
  const differing = groups.reduce((n, g) => n + g.rows.length, 0);
  const sections = bomSectionRows(comparison.bom_sections);
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
              <th scope="row">
                {r.label}
                {r.note && <span className="muted small-text block" data-testid={`compare-${r.key}-note`}>{r.note}</span>}
              </th>
              {r.values.map((v, i) => (
                <td key={columns[i]?.id ?? i} className={r.best.includes(i) ? 'best' : undefined}>
                  {v}
                  {r.best.includes(i) && <span className="visually-hidden"> (best{r.best.length > 1 ? ', tied' : ''})</span>}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <DatabaseRowsBody columns={columns} />
      </table>
      <NotValidatedNotes columns={columns} />
      <section className="card">
        <h3>Bill of materials by section</h3>
        <table className="table compact" data-testid="bom-sections">
          <thead>
            <tr>
              <th scope="col">Section</th>
              {columns.map((c) => (
                <th scope="col" key={c.id}>
                  {c.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sections.map((s) => (
              <tr key={s.section} data-testid={`bom-section-${s.section}`}>
                <th scope="row">{s.label}</th>
                {s.items.map((items, i) => (
                  <td key={columns[i]?.id ?? i}>
                    <strong>{s.costs[i]}</strong>
                    {items.length > 0 && (
                      <ul className="bom-items small-text">
                        {items.map((item, j) => (
                          <li key={j}>{item}</li>
                        ))}
                      </ul>
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section className="card">
        <h3>Bill of materials differences</h3>
        {!comparison.bom_part_lines_comparable ? (
          <p className="muted small-text" data-testid="bom-not-comparable">
            {comparison.bom_part_lines_note}
          </p>
        ) : (
          <p className="muted small-text">
            {countOf(differing, 'line')} {plural(differing, 'differs', 'differ')}; {comparison.bom_lines_in_common} in common. A design without a line shows “—”.
          </p>
        )}
        {differing > 0 && (
          <table className="table compact" data-testid="bom-differences">
            <thead>
              <tr>
                <th scope="col">Part number</th>
                <th scope="col">Description</th>
                {columns.map((c) => (
                  <th scope="col" className="num" key={c.id}>
                    {c.name}
                  </th>
                ))}
              </tr>
            </thead>
            {groups.map((g) => (
              <tbody key={g.section} data-testid={`bom-differences-${g.section}`}>
                <tr className="section-row">
                  <th scope="rowgroup" colSpan={2}>
                    {g.label}
                  </th>
                  {g.costs.map((cost, i) => (
                    <td className="num" key={columns[i]?.id ?? i}>
                      {cost}
                    </td>
                  ))}
                </tr>
                {g.rows.map((l) => (
                  <tr key={`${l.section}-${l.partNumber}`}>
                    <td>
                      <code>{l.partNumber}</code>
                    </td>
                    <td>{l.description}</td>
                    {l.texts.map((q, i) => (
                      <td className="num" key={columns[i]?.id ?? i}>
                        {q} {l.deltas[i] && <span className="delta">({l.deltas[i]})</span>}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            ))}
          </table>
        )}
      </section>
    </>
  );
}
