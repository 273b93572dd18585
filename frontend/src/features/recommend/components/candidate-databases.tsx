import type { CandidateDatabase } from '../api/types';
import { databaseFigures } from '../lib/candidate-row';

/** Each database of a consolidated candidate: its verdict, throughput and response beside the others. */
export function CandidateDatabases({ databases }: { databases: CandidateDatabase[] }) {
  if (!databases.length) return <>—</>;
  return (
    <ul className="small-text" data-testid="candidate-databases">
      {databases.map(databaseFigures).map((d) => (
        <li key={d.name} data-testid="candidate-database" data-name={d.name} title={d.statement || undefined}>
          <strong>{d.name}</strong>: <span className={d.tone === 'none' ? 'badge' : `badge badge-${d.tone}`}>{d.verdict}</span> · {d.throughput}
          {d.response && ` · ${d.response}`}
          {d.change && <span className="muted"> ({d.change})</span>}
        </li>
      ))}
    </ul>
  );
}
