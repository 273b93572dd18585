import type { EngineWarning } from '../api/types';
import { ruleId, ruleText, sortedWarnings, warningMessage } from '../lib/headline';

export function WarningsList({ warnings }: { warnings: EngineWarning[] }) {
  if (!warnings.length) return <p className="muted small-text">No warnings: every checked rule is satisfied.</p>;
  return (
    <ul className="warnings" aria-label="Warnings">
      {sortedWarnings(warnings).map((w, i) => (
        <li key={`${w.code}-${i}`} className={`warning severity-${w.severity}`}>
          <span className="badge">{w.severity}</span> {warningMessage(w)}
          <span className="source" title={ruleId(w.rule)}>
            {w.rule ? 'Rule' : 'Source'}: {ruleText(w.rule)}
          </span>
        </li>
      ))}
    </ul>
  );
}
