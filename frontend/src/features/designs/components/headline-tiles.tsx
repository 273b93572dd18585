import { memo } from 'react';
import type { EvaluationPayload } from '../api/types';
import type { BandView } from '../lib/bands';
import { buildHeadlines } from '../lib/headline';
import { verdictSentence } from '../lib/targets';
import { consolidatedVerdictSentence, firstDatabaseName } from '../lib/consolidation';

function HeadlineTilesView({ payload }: { payload: EvaluationPayload }) {
  // A design of several databases (issue 40): its verdict is theirs together; the tiles are the first one's alone.
  const together = payload.consolidation;
  const verdict = together ? together.verdict : payload.evaluation.verdict;
  const alone = firstDatabaseName(together);
  return (
    <div className="headline-block">
      <p className={`verdict verdict-${verdict}`} data-testid="verdict">
        {together ? consolidatedVerdictSentence(together) : verdictSentence(payload.evaluation)}
      </p>
      {alone && (
        <p className="muted small-text" data-testid="headline-alone">
          <strong>{alone} alone</strong>: the figures below are the first database's on the platform by itself (the databases together are above).
        </p>
      )}
      <dl className="tiles">
        {buildHeadlines(payload).map((h) => (
          <div key={h.key} className={`tile tone-${h.tone}${h.text ? ' tile-text' : ''}`} data-testid={`headline-${h.key}`}>
            <dt>{h.label}</dt>
            <dd>
              <strong data-testid={`${h.key}-value`}>{h.value}</strong>
              {h.band && <BandText band={h.band} testId={`${h.key}-band`} />}
              {h.detail && <span className="muted small-text">{h.detail}</span>}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** "22,700–28,900 TPS (±12%)", its basis on hover (and for screen readers), "widened" when doubled. */
function BandText({ band, testId }: { band: BandView; testId: string }) {
  const basis = `Interval from held-out validation: ${band.basis}`;
  return (
    <span className="band small-text" title={basis} data-testid={testId}>
      {band.text}
      <span className="visually-hidden">. {basis}</span>
      {band.widened && (
        <span className="badge badge-warn" title="Doubled: the design reaches beyond the measured configurations">
          widened
        </span>
      )}
    </span>
  );
}

/** Memoised: a re-render of the results with the same evaluation (an edit marking it stale) does not redraw it. */
export const HeadlineTiles = memo(HeadlineTilesView);
