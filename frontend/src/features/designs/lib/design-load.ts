/**
 * A design load beyond what the configuration processes at most (summary.design_load_reachable false:
 * beyond the closed network's saturation throughput): no number of users reaches it, so the response at
 * it is the saturated network's, not a prediction, and no chart draws a design point (as the proposal:
 * reports.chart_data.unreachable_words). The design-load tile and the load-response chart's caption say so
 * in the same words.
 */
import { formatNumber, formatQuantity } from '../../../components/format';
import type { OltpEvaluation } from '../api/types';

type Reachability = Pick<OltpEvaluation['summary'], 'design_tps' | 'design_load_reachable' | 'design_load_beyond_max_pct'>;

/** False only when the engine says the design load is beyond the maximum. */
export const designLoadReachable = (summary: Pick<Reachability, 'design_load_reachable'>): boolean => summary.design_load_reachable !== false;

/** "16%" (whole percents from 10), "4.2%" below. */
const share = (pct: number): string => `${formatNumber(pct, Math.abs(pct) >= 10 ? 0 : 1)}%`;

/**
 * "30,000 TPS is 16% beyond this configuration's maximum (25,800 TPS)": the maximum is the design load
 * over (1 + the excess), the engine's saturation throughput. Null when the design load is reachable.
 */
export function unreachableDesignLoadText(summary: Reachability): string | null {
  if (designLoadReachable(summary)) return null;
  const load = formatQuantity(summary.design_tps);
  const beyond = summary.design_load_beyond_max_pct;
  if (!beyond || !Number.isFinite(beyond.value) || beyond.value <= -100) return `${load} is beyond this configuration's maximum`;
  const maximum = { value: summary.design_tps.value / (1 + beyond.value / 100), unit: summary.design_tps.unit };
  return `${load} is ${share(beyond.value)} beyond this configuration's maximum (${formatQuantity(maximum)})`;
}
