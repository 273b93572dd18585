import type { EvaluationPayload } from '../api/types';
import { buildHeadlines } from '../lib/headline';

export function HeadlineTiles({ payload }: { payload: EvaluationPayload }) {
  const verdict = payload.evaluation.verdict;
  return (
    <div className="headline-block">
      <p className={`verdict verdict-${verdict}`} data-testid="verdict">
        {verdict === 'holds' ? 'The design holds' : 'The design does not hold'}
      </p>
      <dl className="tiles">
        {buildHeadlines(payload).map((h) => (
          <div key={h.key} className={`tile tone-${h.tone}`} data-testid={`headline-${h.key}`}>
            <dt>{h.label}</dt>
            <dd>
              <strong data-testid={`${h.key}-value`}>{h.value}</strong>
              {h.detail && <span className="muted small-text">{h.detail}</span>}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
