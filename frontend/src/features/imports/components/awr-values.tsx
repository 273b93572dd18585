import type { AwrReport, AwrWorkloadValues } from '../api/types';
import { reportFacts, workloadRows } from '../lib/awr';

/** What a report gives: its summary, every workload value with its unit and where it is printed, the
 * parser's notes. The preview and an opened import both show it. */
export function AwrValues({ report, workload, notes, idPrefix }: { report: AwrReport; workload: AwrWorkloadValues; notes: string[]; idPrefix: string }) {
  return (
    <div className="stack">
      <dl className="awr-facts" data-testid="awr-facts">
        {reportFacts(report).map((f) => (
          <div key={f.label}>
            <dt>{f.label}</dt>
            <dd data-testid={`awr-fact-${f.label.toLowerCase()}`}>{f.value}</dd>
          </div>
        ))}
      </dl>
      <table className="table compact" aria-labelledby={`${idPrefix}-values-title`} data-testid="awr-values">
        <caption id={`${idPrefix}-values-title`}>Workload values, as the report prints them</caption>
        <thead>
          <tr>
            <th scope="col">Value</th>
            <th scope="col" className="num">
              Measured
            </th>
            <th scope="col">Unit</th>
            <th scope="col">Source (section, row, line)</th>
          </tr>
        </thead>
        <tbody>
          {workloadRows(workload).map((r) => (
            <tr key={r.key} data-testid={`awr-value-${r.key}`}>
              <th scope="row">{r.label}</th>
              <td className="num" data-testid="awr-value">
                {r.value ?? <span className="muted">not printed</span>}
              </td>
              <td>{r.unit}</td>
              <td>
                {r.source}
                {r.note && <span className="muted small-text cell-line">{r.note}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {notes.length > 0 && (
        <section aria-labelledby={`${idPrefix}-notes-title`}>
          <h4 id={`${idPrefix}-notes-title`}>Notes</h4>
          <ul data-testid="awr-notes">
            {notes.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
