/** Side-by-side rows of a comparison: each figure per design, with the best marked and
 * differences flagged; BOM lines whose quantities differ with their deltas. */
import { formatMoney, formatQuantity, formatSignedPercent, type Quantity } from '../../../components/format';
import type { BomDifference, CompareColumn } from '../api/types';

export const MAX_COMPARED = 4;

export interface CompareRow {
  key: string;
  label: string;
  values: string[];
  differs: boolean;
  /** Index of the best design for this figure, when "best" has a meaning. */
  best: number | null;
}

function bestIndex(numbers: (number | null)[], higherIsBetter: boolean): number | null {
  let best: number | null = null;
  numbers.forEach((n, i) => {
    if (n === null) return;
    const current = best === null ? null : numbers[best];
    if (current === null || current === undefined || (higherIsBetter ? n > current : n < current)) best = i;
  });
  const distinct = new Set(numbers.filter((n) => n !== null));
  return distinct.size > 1 ? best : null;
}

function row(key: string, label: string, values: string[], numbers?: (number | null)[], higherIsBetter = true): CompareRow {
  return {
    key,
    label,
    values,
    differs: new Set(values).size > 1,
    best: numbers ? bestIndex(numbers, higherIsBetter) : null,
  };
}

/** Money compares only within one currency; decimals parse exactly enough for ranking. */
function costNumber(c: CompareColumn, currency: string | null): number | null {
  return c.cost.total !== null && c.cost.currency === currency ? Number(c.cost.total) : null;
}

/** Every quantity present is in one unit (TPS with TPS, MB/s with MB/s): only then is one best. */
export function sameUnit(quantities: (Quantity | null | undefined)[]): boolean {
  return new Set(quantities.flatMap((q) => (q ? [q.unit] : []))).size <= 1;
}

/** Every OLTP design present is judged against one SLA (DSS designs carry none). */
export function sameSla(columns: CompareColumn[]): boolean {
  return new Set(columns.flatMap((c) => (c.sla_response ? [`${c.sla_response.value} ${c.sla_response.unit}`] : []))).size <= 1;
}

export function compareRows(columns: CompareColumn[]): CompareRow[] {
  const currencies = new Set(columns.map((c) => c.cost.currency).filter(Boolean));
  const currency = currencies.size === 1 ? [...currencies][0]! : null;
  const throughput = (c: CompareColumn) => c.tps_at_sla ?? c.sustained_throughput;
  // An OLTP design (TPS) and a DSS design (MB/s) are not ranked against each other, nor their
  // headroom (over users or TPS for one, over scan throughput for the other); nor TPS sustained
  // within different SLAs (25,800 TPS at 20 ms is not "more" than 996 TPS at 2 s).
  const likeWithLike = sameUnit(columns.map(throughput)) && sameSla(columns);
  return [
    row('verdict', 'Verdict', columns.map((c) => (c.verdict === 'holds' ? 'holds' : c.verdict === null ? '—' : 'does not hold'))),
    row(
      'tps',
      'TPS at SLA (or sustained MB/s)',
      columns.map((c) => formatQuantity(throughput(c))),
      likeWithLike ? columns.map((c) => throughput(c)?.value ?? null) : undefined,
    ),
    row(
      'headroom',
      'Headroom',
      columns.map((c) => formatSignedPercent(c.headroom_pct?.value, 0)),
      likeWithLike ? columns.map((c) => c.headroom_pct?.value ?? null) : undefined,
    ),
    row('sla', 'SLA response', columns.map((c) => formatQuantity(c.sla_response))),
    row('bottleneck', 'Bottleneck', columns.map((c) => c.bottleneck ?? '—')),
    row('needed', 'Capacity needed', columns.map((c) => formatQuantity(c.capacity?.after_data_reduction ?? c.capacity?.total))),
    row('usable', 'Usable capacity', columns.map((c) => formatQuantity(c.capacity?.usable)), columns.map((c) => c.capacity?.usable.value ?? null)),
    row('fits', 'Capacity fits', columns.map((c) => (c.capacity ? (c.capacity.fits ? 'yes' : 'no') : '—'))),
    row(
      'cost',
      'Cost',
      columns.map((c) => (c.cost.currency ? formatMoney(c.cost.total, c.cost.currency) + (c.cost.unpriced_lines ? ` (+${c.cost.unpriced_lines} unpriced)` : '') : 'no price book')),
      columns.map((c) => costNumber(c, currency)),
      false,
    ),
    row(
      'warnings',
      'Warnings',
      columns.map((c) => (c.critical_warnings ? `${c.warnings} (${c.critical_warnings} critical)` : String(c.warnings))),
      // a critical warning outweighs any number of lesser ones
      columns.map((c) => c.critical_warnings * 1000 + c.warnings),
      false,
    ),
  ];
}

export interface BomDiffRow {
  section: string;
  partNumber: string;
  description: string;
  quantities: number[];
  /** Quantity minus the first design's, per design ("+2", "−1", "" for the first). */
  deltas: string[];
}

export function bomDiffRows(differences: BomDifference[], columns: CompareColumn[]): BomDiffRow[] {
  return differences.map((d) => {
    const quantities = columns.map((c) => d.quantities[String(c.id)] ?? 0);
    const first = quantities[0] ?? 0;
    return {
      section: d.section,
      partNumber: d.part_number,
      description: d.description,
      quantities,
      deltas: quantities.map((q, i) => (i === 0 || q === first ? '' : q > first ? `+${q - first}` : `−${first - q}`)),
    };
  });
}

/** Toggle a design in the selection, keeping at most four. */
export function toggleSelection(selected: number[], id: number): number[] {
  if (selected.includes(id)) return selected.filter((s) => s !== id);
  return selected.length >= MAX_COMPARED ? selected : [...selected, id];
}

export function parseIds(param: string | null): number[] {
  if (!param) return [];
  const ids = param.split(',').map((p) => Number(p.trim())).filter((n) => Number.isInteger(n) && n > 0);
  return [...new Set(ids)].slice(0, MAX_COMPARED);
}
