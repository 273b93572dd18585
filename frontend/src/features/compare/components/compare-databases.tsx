import type { CompareColumn } from '../api/types';
import { databaseRows, missingDatabaseText, notValidatedNotes, type DatabaseTone } from '../lib/compare-databases';

// The verdict's colour, as the editor's headline writes it.
const VERDICT_CLASS: Record<DatabaseTone, string> = { ok: 'verdict-holds', warn: 'verdict-holds-until', bad: 'verdict-does-not-hold', none: '' };

/** The compare table's databases (issue 40): below the headline rows, a row per database name and in
 * each design's column that database's verdict beside the others, throughput and response time. */
export function DatabaseRowsBody({ columns }: { columns: CompareColumn[] }) {
  const rows = databaseRows(columns);
  if (!rows.length) return null;
  return (
    <tbody data-testid="compare-database-rows">
      <tr className="section-row">
        <th scope="rowgroup" colSpan={columns.length + 1}>
          Each database: verdict beside the others, throughput, response time
        </th>
      </tr>
      {rows.map((r) => (
        <tr key={r.key} data-testid={`compare-database-${r.key}`}>
          <th scope="row">{r.name}</th>
          {r.cells.map((cell, i) => {
            const column = columns[i]!;
            if (!cell) {
              return (
                <td key={column.id} className="muted small-text">
                  — ({missingDatabaseText(column)})
                </td>
              );
            }
            return (
              <td key={column.id} title={cell.statement || undefined}>
                <strong className={`cell-line ${VERDICT_CLASS[cell.tone]}`.trim()}>
                  {cell.verdict}
                </strong>
                <span className="cell-line" data-testid="database-throughput">
                  {cell.throughput}
                </span>
                <span className="cell-line" data-testid="database-response">
                  {cell.response}
                </span>
                <span className="cell-line muted small-text">
                  {cell.about}
                  {cell.headroom && ` · ${cell.headroom}`}
                </span>
              </td>
            );
          })}
        </tr>
      ))}
    </tbody>
  );
}

/** Under the table: a design of several databases is the model's extrapolation, and why. */
export function NotValidatedNotes({ columns }: { columns: CompareColumn[] }) {
  const notes = notValidatedNotes(columns);
  if (!notes.length) return null;
  return (
    <ul className="muted small-text" data-testid="compare-not-validated">
      {notes.map((n) => (
        <li key={n.design}>
          <strong>{n.design}</strong>, not validated: {n.reason}.
        </li>
      ))}
    </ul>
  );
}
