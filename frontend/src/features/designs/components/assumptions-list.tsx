import { formatQuantity } from '../../../components/format';
import type { Assumption } from '../api/types';
import { citation } from '../../../lib/citation';

export function AssumptionsList({ assumptions, engine }: { assumptions: Assumption[]; engine: Assumption[] }) {
  // The payload's list already contains the engine's; fall back to the engine's when it is empty.
  const all = assumptions.length ? assumptions : engine;
  if (!all.length) return null;
  return (
    <details className="card assumptions">
      <summary>Assumptions ({all.length})</summary>
      <ul>
        {all.map((a, i) => (
          <li key={`${a.key}-${i}`}>
            {citation(a.text)}
            {a.value && <strong> = {formatQuantity(a.value)}</strong>}
            {a.source && <span className="source">Source: {citation(a.source)}</span>}
          </li>
        ))}
      </ul>
    </details>
  );
}
