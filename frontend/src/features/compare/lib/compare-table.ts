/** Side-by-side rows of a comparison: each figure per design, with the best marked and
 * differences flagged; BOM lines whose quantities differ with their deltas. */
import { countOf, formatMoney, formatNumber, formatQuantity, formatSignedPercent, type Quantity } from '../../../components/format';
import { bottleneckWords } from '../../../lib/bottleneck';
import { VERDICTS } from '../../../lib/display-names.generated';
import { verdictWords } from '../../../lib/verdict';
import type { BomDifference, CompareBomSection, CompareColumn } from '../api/types';

export const MAX_COMPARED = 4;

export interface CompareRow {
  key: string;
  label: string;
  values: string[];
  differs: boolean;
  /** Indices of the designs best on this figure (every one tied for best), empty when "best" has
   * no meaning or all are equal. */
  best: number[];
  /** Why no design is marked best although the figures differ (e.g. different currencies). */
  note?: string;
}

/** Figures this close are one figure: the engine's float residue (25,800 vs 25,800.000000004) must
 * not pick a winner between two designs that publish the same number. */
export const RELATIVE_TOLERANCE = 1e-9;

function tied(a: number, b: number): boolean {
  return Math.abs(a - b) <= RELATIVE_TOLERANCE * Math.max(Math.abs(a), Math.abs(b));
}

/** Every design tied for the best figure: within the tolerance of it, or published (shown) the same
 * as a best one. None when every design present is tied (nothing stands out). */
export function bestIndices(numbers: (number | null)[], higherIsBetter: boolean, shown?: string[]): number[] {
  const present = numbers.flatMap((n, i) => (n === null || Number.isNaN(n) ? [] : [i]));
  if (present.length < 2) return [];
  const top = present.reduce((best, i) => {
    const n = numbers[i]!;
    const b = numbers[best]!;
    return (higherIsBetter ? n > b : n < b) ? i : best;
  });
  const best = present.filter(
    (i) => tied(numbers[i]!, numbers[top]!) || (shown !== undefined && shown[i] === shown[top]),
  );
  return best.length === present.length ? [] : best;
}

function row(key: string, label: string, values: string[], numbers?: (number | null)[], higherIsBetter = true): CompareRow {
  return {
    key,
    label,
    values,
    differs: new Set(values).size > 1,
    best: numbers ? bestIndices(numbers, higherIsBetter, values) : [],
  };
}

/** Money compares only within one currency; decimals parse exactly enough for ranking. */
function costNumber(c: CompareColumn, currency: string | null): number | null {
  return c.cost.total !== null && c.cost.currency === currency ? Number(c.cost.total) : null;
}

const MIXED_CURRENCIES = 'Prices in different currencies: not ranked (no exchange rate is assumed).';

function withCurrencyNote(r: CompareRow, currencyCount: number): CompareRow {
  return currencyCount > 1 ? { ...r, note: MIXED_CURRENCIES } : r;
}

/** "38.76 USD per TPS", or "—" with the reason (no price book, unpriced lines, no throughput). */
export function costPerThroughputText(c: CompareColumn): string {
  const p = c.cost_per_throughput;
  if (p.amount === null) return `— (${p.note})`;
  return `${formatMoney(p.amount, p.currency)} per ${p.unit?.split(' per ')[1] ?? ''}`.trimEnd();
}

/** Cost per TPS (OLTP) or per MB/s (DSS): lowest is best, ranked only within one currency, one unit
 * and one SLA. The label names the basis when all designs share it. */
function costPerThroughputRow(columns: CompareColumn[], currency: string | null, currencyCount: number, likeWithLike: boolean): CompareRow {
  const bases = new Set(columns.map((c) => c.cost_per_throughput.basis));
  const units = new Set(columns.flatMap((c) => (c.tps_at_sla ? ['TPS'] : c.sustained_throughput ? ['MB/s'] : [])));
  const per = units.size === 1 ? `per ${[...units][0]}` : 'per TPS or per MB/s';
  const label = `Cost ${per}${bases.size === 1 ? ` (${[...bases][0]})` : ''}`;
  const numbers = columns.map((c) =>
    c.cost_per_throughput.amount !== null && c.cost_per_throughput.currency === currency ? Number(c.cost_per_throughput.amount) : null,
  );
  const r = row('cost-per-throughput', label, columns.map(costPerThroughputText), likeWithLike ? numbers : undefined, false);
  if (currencyCount > 1) return { ...r, note: MIXED_CURRENCIES };
  if (!likeWithLike && r.differs) return { ...r, note: 'Per TPS and per MB/s, or TPS within different SLAs: not ranked.' };
  return r;
}

/** Every quantity present is in one unit (TPS with TPS, MB/s with MB/s): only then is one best. */
export function sameUnit(quantities: (Quantity | null | undefined)[]): boolean {
  return new Set(quantities.flatMap((q) => (q ? [q.unit] : []))).size <= 1;
}

/** Every OLTP design present is judged against one SLA (DSS designs carry none). */
export function sameSla(columns: CompareColumn[]): boolean {
  return new Set(columns.flatMap((c) => (c.sla_response ? [`${c.sla_response.value} ${c.sla_response.unit}`] : []))).size <= 1;
}

/** "holds", "holds until month 23", "does not hold"; "—" without an evaluation. */
function verdictText(c: CompareColumn): string {
  if (c.verdict === null) return '—';
  return (verdictWords(c.verdict, c.months_until_missed)?.text ?? VERDICTS[c.verdict] ?? c.verdict.replace(/-/g, ' ')).toLowerCase();
}

/** A figure no one number stands for in a design of several databases: theirs are in the rows below. */
export const PER_DATABASE = 'per database, below';

/** "1", "2 together", "3 together (1 paused)". */
export function databasesText(c: CompareColumn): string {
  if (!c.databases.length) return '1';
  const paused = c.databases.filter((d) => d.paused).length;
  const running = c.databases.length - paused;
  const together = running > 1 ? `${running} together` : `${running} running`;
  return paused ? `${together} (${paused} paused)` : together;
}

export function compareRows(columns: CompareColumn[]): CompareRow[] {
  const currencies = new Set(columns.map((c) => c.cost.currency).filter(Boolean));
  const currency = currencies.size === 1 ? [...currencies][0]! : null;
  const throughput = (c: CompareColumn) => c.tps_at_sla ?? c.sustained_throughput;
  const several = (c: CompareColumn, text: string) => (c.consolidated ? PER_DATABASE : text);
  // An OLTP design (TPS) and a DSS design (MB/s) are not ranked against each other, nor their
  // headroom (over users or TPS for one, over scan throughput for the other); nor TPS sustained
  // within different SLAs (25,800 TPS at 20 ms is not "more" than 996 TPS at 2 s).
  const likeWithLike = sameUnit(columns.map(throughput)) && sameSla(columns);
  return [
    row('verdict', 'Verdict', columns.map(verdictText)),
    ...(columns.some((c) => c.databases.length) ? [row('databases', 'Databases', columns.map(databasesText))] : []),
    row(
      'tps',
      'TPS at SLA (or sustained MB/s)',
      columns.map((c) => several(c, formatQuantity(throughput(c)))),
      likeWithLike ? columns.map((c) => throughput(c)?.value ?? null) : undefined,
    ),
    row(
      'headroom',
      'Headroom',
      columns.map((c) => several(c, formatSignedPercent(c.headroom_pct?.value, 0))),
      likeWithLike ? columns.map((c) => c.headroom_pct?.value ?? null) : undefined,
    ),
    row('sla', 'SLA response', columns.map((c) => several(c, formatQuantity(c.sla_response)))),
    row('bottleneck', 'Bottleneck', columns.map((c) => (c.bottleneck ? bottleneckWords(c.bottleneck) : '—'))),
    row('needed', 'Capacity needed', columns.map((c) => formatQuantity(c.capacity?.after_data_reduction ?? c.capacity?.total))),
    row('usable', 'Usable capacity', columns.map((c) => formatQuantity(c.capacity?.usable)), columns.map((c) => c.capacity?.usable.value ?? null)),
    row('fits', 'Capacity fits', columns.map((c) => (c.capacity ? (c.capacity.fits ? 'yes' : 'no') : '—'))),
    withCurrencyNote(
      row(
        'cost',
        'Cost',
        columns.map((c) => (c.cost.currency ? formatMoney(c.cost.total, c.cost.currency) + (c.cost.unpriced_lines ? ` (+${c.cost.unpriced_lines} unpriced)` : '') : 'no price book')),
        columns.map((c) => costNumber(c, currency)),
        false,
      ),
      currencies.size,
    ),
    costPerThroughputRow(columns, currency, currencies.size, likeWithLike),
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
  /** Per design: its quantity of the line, null when the design has no such line. */
  quantities: (number | null)[];
  /** Per design, as shown: the quantity, or "—" for a design without the line (never "0"). */
  texts: string[];
  /** Quantity minus the first design's, per design ("+2", "−1"); "" for the first design, for equal
   * quantities and whenever either design lacks the line (a part one design does not have is no
   * "−2" of it: on another platform it is simply another part). */
  deltas: string[];
}

export const NO_LINE = '—';

export function bomDiffRows(differences: BomDifference[], columns: CompareColumn[]): BomDiffRow[] {
  return differences.map((d) => {
    const quantities = columns.map((c) => d.quantities[String(c.id)] ?? null);
    const first = quantities[0] ?? null;
    return {
      section: d.section,
      partNumber: d.part_number,
      description: d.description,
      quantities,
      texts: quantities.map((q) => (q === null ? NO_LINE : formatNumber(q))),
      deltas: quantities.map((q, i) =>
        i === 0 || q === null || first === null || q === first ? '' : q > first ? `+${formatNumber(q - first)}` : `−${formatNumber(first - q)}`,
      ),
    };
  });
}

export interface BomDiffGroup {
  section: string;
  label: string;
  /** Per design: the section's cost (as bomSectionRows writes it). */
  costs: string[];
  rows: BomDiffRow[];
}

/** The differing lines grouped by BOM section, in the sections' order, each with its money per design. */
export function bomDiffGroups(differences: BomDifference[], columns: CompareColumn[], sections: CompareBomSection[]): BomDiffGroup[] {
  const rows = bomDiffRows(differences, columns);
  const bySection = bomSectionRows(sections);
  const order = [...bySection.map((s) => s.section), ...rows.map((r) => r.section)].filter((s, i, all) => all.indexOf(s) === i);
  return order.flatMap((section) => {
    const lines = rows.filter((r) => r.section === section);
    if (!lines.length) return [];
    const summary = bySection.find((s) => s.section === section);
    return [{ section, label: summary?.label ?? section, costs: summary?.costs ?? columns.map(() => NO_LINE), rows: lines }];
  });
}

export interface BomSectionRow {
  section: string;
  label: string;
  /** Per design: its lines of the section ("2 × Sun Server X5-2"), like with like. */
  items: string[][];
  /** Per design: the section's cost, "no price book", or with its unpriced lines counted. */
  costs: string[];
}

/** Each BOM section per design: its lines with their quantities and its cost (what compares across
 * platforms, where part numbers never coincide). */
export function bomSectionRows(sections: CompareBomSection[]): BomSectionRow[] {
  return sections.map((s) => ({
    section: s.section,
    label: s.label,
    items: s.designs.map((d) => d.items.map((i) => `${formatNumber(i.quantity)} × ${i.description}`)),
    costs: s.designs.map((d) => {
      if (!d.items.length) return '—';
      if (!d.currency) return 'no price book';
      const unpriced = d.unpriced_lines ? ` (+${countOf(d.unpriced_lines, 'line')} unpriced)` : '';
      return `${formatMoney(d.total, d.currency)}${unpriced}`;
    }),
  }));
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

/**
 * The one hint under the picker, following the count chosen: none from two designs on (the comparison
 * shows); below two, what is missing (one more design, or designs to pick from at all). `available`
 * is the number of designs offered (null while they load).
 */
export function selectionHint(chosen: number, available: number | null): string | null {
  if (chosen >= 2) return null;
  if (available !== null && available < 2) {
    return available === 0
      ? 'You need at least two designs to compare: none is visible to you yet.'
      : 'You need at least two designs to compare: only one is visible to you.';
  }
  return chosen === 1 ? 'Choose one more design to see them side by side.' : 'Choose at least two designs to see them side by side.';
}
