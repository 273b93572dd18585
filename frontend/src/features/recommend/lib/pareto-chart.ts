/** The Pareto chart's points: cost (or size: RAC nodes + storage units) against headroom. */
import { formatMoney, formatNumber, formatSignedPercent } from '../../../components/format';
import type { Candidate, Recommendation } from '../api/types';

export interface ParetoPoint {
  x: number;
  y: number;
  key: string;
  label: string;
  pareto: boolean;
  /** "12,000.00 USD" or "3 (1 RAC node + 2 X-Bricks)". */
  xText: string;
}

export interface ParetoModel {
  points: ParetoPoint[];
  xTitle: string;
  /** Candidates left off the chart (no cost known under a cost ranking). */
  leftOff: number;
}

export const sizeOf = (c: Pick<Candidate, 'rac_nodes' | 'units'>): number => c.rac_nodes + c.units;

/** The candidates the chart and the table's selection share: those that hold, else the closest. */
export const chartedCandidates = (rec: Recommendation): Candidate[] => (rec.candidates.length ? rec.candidates : rec.closest);

function pointOf(c: Candidate, ranking: Recommendation['ranking']): ParetoPoint | null {
  const common = { y: c.headroom_pct.value, key: c.key, label: c.label, pareto: c.pareto };
  if (ranking === 'size') {
    const nodes = `${c.rac_nodes} RAC ${c.rac_nodes === 1 ? 'node' : 'nodes'}`;
    return { ...common, x: sizeOf(c), xText: `size ${sizeOf(c)} (${nodes} + ${c.units} ${c.units === 1 ? c.unit_word : `${c.unit_word}s`})` };
  }
  if (c.cost.amount === null) return null;
  return { ...common, x: Number(c.cost.amount), xText: formatMoney(c.cost.amount, c.cost.currency) };
}

export function buildParetoModel(rec: Recommendation): ParetoModel {
  const candidates = chartedCandidates(rec);
  const points = candidates.map((c) => pointOf(c, rec.ranking)).filter((p): p is ParetoPoint => p !== null);
  const xTitle = rec.ranking === 'cost' ? `Cost (${rec.currency ?? 'unknown currency'})` : 'Size (RAC nodes + storage units)';
  return { points, xTitle, leftOff: candidates.length - points.length };
}

export const tooltipLines = (p: ParetoPoint): string[] => [p.label, `${p.xText}`, `headroom ${formatSignedPercent(p.y, 0)}`];

export const axisNumber = (value: number): string => formatNumber(value);
