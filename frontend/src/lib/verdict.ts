/**
 * The engine's verdict in words (sizing.verdict), wherever a design's verdict is shown: the designs
 * list, the editor's results and compare. holds-until meets every target today and misses one within
 * the growth horizon: its month (targets.months_until_missed) is part of the words.
 */
import { VERDICTS } from './display-names.generated';

export type VerdictTone = 'ok' | 'warn' | 'bad';

export interface VerdictWords {
  /** "Holds", "Holds until month 23", "Does not hold". */
  text: string;
  tone: VerdictTone;
}

export function verdictWords(verdict: string, monthsUntilMissed: number | null | undefined): VerdictWords | null {
  if (verdict === 'holds') return { text: VERDICTS.holds ?? 'Holds', tone: 'ok' };
  if (verdict === 'holds-until') {
    const known = monthsUntilMissed !== null && monthsUntilMissed !== undefined;
    return { text: known ? `${VERDICTS['holds-until'] ?? 'Holds until'} month ${monthsUntilMissed}` : 'Holds for now', tone: 'warn' };
  }
  if (verdict === 'does-not-hold') return { text: VERDICTS['does-not-hold'] ?? 'Does not hold', tone: 'bad' };
  return null;
}
