import { Link } from 'react-router-dom';
import { recommendHref } from '../../../lib/recommend-link';
import type { EngineEvaluation } from '../api/types';

/** When the design does not hold: the Recommend page, with the design's workload pre-filled. */
export function FindHoldingLink({ evaluation }: { evaluation: EngineEvaluation }) {
  if (evaluation.verdict !== 'does-not-hold') return null;
  return (
    <p>
      <Link to={recommendHref(evaluation.inputs.workload as Record<string, unknown>)} data-testid="find-holding-link">
        Find a configuration that holds
      </Link>
    </p>
  );
}
