import type { EngineEvaluation } from '../api/types';
import { targetRows } from '../lib/targets';
import { citation } from '../../../lib/citation';

/** The targets the verdict is made of: each one's value against its limit, met or missed (and when). */
export function TargetsTable({ evaluation }: { evaluation: EngineEvaluation }) {
  const rows = targetRows(evaluation);
  if (!rows.length) return null;
  return (
    <table className="table compact targets" data-testid="targets-table">
      <caption className="muted small-text">Targets at the design load and through {evaluation.targets.horizon_months} months of growth</caption>
      <thead>
        <tr>
          <th scope="col">Target</th>
          <th scope="col" className="num">
            Value
          </th>
          <th scope="col" className="num">
            Limit
          </th>
          <th scope="col">Status</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.target} data-testid={`target-${r.target}`}>
            <th scope="row">{r.label}</th>
            <td className="num nowrap">{r.value}</td>
            <td className="num nowrap" title={citation(r.source)}>
              {r.comparison} {r.limit}
            </td>
            <td>
              <span className={`badge badge-${r.tone}`}>{r.status}</span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
