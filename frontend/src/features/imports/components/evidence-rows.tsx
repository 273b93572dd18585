import type { EvidenceRow } from '../lib/evidence';

/** Values read, one a row: what it is, the value with its unit (or "not in the file", never 0), and the
 * file and line or element it was read from. */
export function EvidenceRows({ caption, rows, testId }: { caption: string; rows: EvidenceRow[]; testId: string }) {
  return (
    <div className="table-scroll">
      <table className="table compact" data-testid={testId}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Value</th>
            <th scope="col">As read</th>
            <th scope="col">Source (file, line or element)</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} data-testid={`${testId}-${r.key}`}>
              <th scope="row">{r.label}</th>
              <td data-testid="evidence-value">{r.value ?? <span className="muted">not in the file</span>}</td>
              <td>{r.source ?? <span className="muted">—</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
