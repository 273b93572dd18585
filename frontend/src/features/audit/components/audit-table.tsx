import { formatTimestamp } from '../../../components/format';
import { Empty } from '../../../components/ui/status';
import { auditRows, describeEntry, type AuditEntry } from '../lib/audit-query';

/** When, who, what, and per changed field its value before → after. */
export function AuditTable({ entries, showObject = true }: { entries: readonly AuditEntry[]; showObject?: boolean }) {
  const rows = auditRows(entries);
  if (!rows.length) return <Empty>No recorded changes.</Empty>;
  return (
    <table className="table audit-table" data-testid="audit-table">
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">Who</th>
          <th scope="col">What</th>
          <th scope="col">Field</th>
          <th scope="col">Before → after</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => {
          const first = i === 0 || rows[i - 1]?.entry.id !== row.entry.id;
          return (
            <tr key={row.key} data-testid="audit-row" data-entry={row.entry.id}>
              <td>{first && formatTimestamp(row.entry.at)}</td>
              <td>{first && (row.entry.actor ?? <span className="muted">not recorded</span>)}</td>
              <td>
                {first && (
                  <>
                    {showObject ? describeEntry(row.entry) : row.entry.action}
                    {row.entry.summary && <div className="muted small-text">{row.entry.summary}</div>}
                  </>
                )}
              </td>
              <td>{row.field}</td>
              <td>
                {row.field && (
                  <>
                    <span className="audit-before">{row.before}</span> → <span className="audit-after">{row.after}</span>
                  </>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
