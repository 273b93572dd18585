/** The targets an evaluation checks (sizing.verdict: targets.checks), as the results table shows them. */
import { formatQuantity } from '../../../components/format';
import type { VerdictTone } from '../../../lib/verdict';
import type { EngineEvaluation } from '../api/types';

export interface TargetRow {
  target: string;
  label: string;
  /** "99%", "31,492 TPS", "435 GB". */
  value: string;
  limit: string;
  /** "Floor" targets (headroom, scan throughput) are met at or above the limit; the others at or below it. */
  comparison: '≥' | '≤';
  met: boolean;
  /** ok: met through the horizon; warn: met today, missed by the growth; bad: missed today. */
  tone: VerdictTone;
  /** "Met", "Missed", "Missed in month 23" (met today, missed by the growth), with where the limit comes from. */
  status: string;
  source: string;
}

const FLOORS = new Set(['headroom', 'throughput']);

export function targetRows(evaluation: Pick<EngineEvaluation, 'targets'>): TargetRow[] {
  return evaluation.targets.checks.map((c) => ({
    target: c.target,
    label: c.label,
    value: formatQuantity(c.value),
    limit: formatQuantity(c.limit),
    comparison: FLOORS.has(c.target) ? '≥' : '≤',
    met: c.met,
    tone: !c.met ? 'bad' : c.months_until_missed === null ? 'ok' : 'warn',
    status: !c.met ? 'Missed' : c.months_until_missed === null ? 'Met' : `Missed in month ${c.months_until_missed}`,
    source: c.source,
  }));
}

/** "The design holds until month 23 of the 3-year growth horizon": the verdict as the results say it. */
export function verdictSentence(evaluation: Pick<EngineEvaluation, 'verdict' | 'targets'>): string {
  const { verdict, targets } = evaluation;
  if (verdict === 'holds') return 'The design holds';
  if (verdict === 'holds-until') {
    const years = targets.horizon_months / 12;
    const horizon = `the ${years}-year growth horizon`;
    return targets.months_until_missed === null
      ? `The design holds for now: it misses a target within ${horizon}`
      : `The design holds until month ${targets.months_until_missed} of ${horizon}`;
  }
  return 'The design does not hold';
}
