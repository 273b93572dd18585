/** Presentation of numbers: every number with its unit, money as a decimal string with its currency. */

export interface Quantity {
  value: number;
  unit: string;
}

const LOCALE = 'en-US';

/** Significant-figure-aware grouping: large values as integers, small values with a few decimals. */
/** A catalog unit as a reader reads it ('unstated': the document printed the number without one). */
export function displayUnit(unit: string): string {
  return unit === 'unstated' ? 'unit not stated' : unit;
}

// One formatter per precision, made once: Number.toLocaleString builds a new one on every call, and a
// redraw of the editor formats thousands of numbers (tiles, tables, chart ticks and labels).
const formatters = new Map<number, Intl.NumberFormat>();

function formatterFor(decimals: number): Intl.NumberFormat {
  let formatter = formatters.get(decimals);
  if (!formatter) {
    formatter = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: decimals, minimumFractionDigits: 0 });
    formatters.set(decimals, formatter);
  }
  return formatter;
}

export function formatNumber(value: number, maxDecimals?: number): string {
  if (!Number.isFinite(value)) return '—';
  const abs = Math.abs(value);
  const decimals = maxDecimals ?? (abs >= 100 ? 0 : abs >= 10 ? 1 : abs >= 1 ? 2 : 3);
  return formatterFor(decimals).format(value);
}

/**
 * The word that agrees with a count: plural(1, 'node') -> 'node', plural(2, 'node') -> 'nodes'.
 * Irregular forms and verbs pass both: plural(n, 'sustains', 'sustain').
 */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return count === 1 ? singular : pluralForm;
}

/** "1 node", "3 nodes" (the count grouped as formatNumber groups it). */
export function countOf(count: number, singular: string, pluralForm?: string): string {
  return `${formatNumber(count)} ${plural(count, singular, pluralForm)}`;
}

/** Count units the API writes in the plural, with their singular ("1 user"). */
const SINGULAR_UNITS: Record<string, string> = { users: 'user', streams: 'stream', servers: 'server', nodes: 'node', years: 'year', drives: 'drive' };

/** Units written without a space before them. */
const TIGHT_UNITS = new Set(['%']);

export function formatQuantity(q: Quantity | null | undefined, maxDecimals?: number): string {
  if (!q) return '—';
  const number = formatNumber(q.value, maxDecimals);
  if (q.unit === 'fraction') return `${formatNumber(q.value * 100, 1)}%`;
  if (q.unit === 'count' || q.unit === 'ratio') return q.unit === 'ratio' ? `${number}:1` : number;
  if (TIGHT_UNITS.has(q.unit)) return `${number}${q.unit}`;
  // Singular when the number reads as exactly 1 ("1 user", not "1 users").
  const unit = number === '1' ? (SINGULAR_UNITS[q.unit] ?? q.unit) : q.unit;
  return `${number} ${unit}`;
}

export function formatValue(value: number | null | undefined, unit: string, maxDecimals?: number): string {
  return value === null || value === undefined ? '—' : formatQuantity({ value, unit }, maxDecimals);
}

/** Percent with an explicit sign (headroom, errors). */
export function formatSignedPercent(value: number | null | undefined, decimals = 1): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  const text = formatterFor(decimals).format(Math.abs(value));
  return `${value > 0 ? '+' : value < 0 ? '−' : ''}${text}%`;
}

/**
 * Money from the API's exact decimal string ("12345.60") and an ISO currency; never through float
 * arithmetic beyond display grouping. Null amount or currency -> a plain "no price" text.
 */
export function formatMoney(amount: string | null | undefined, currency: string | null | undefined): string {
  if (amount === null || amount === undefined || !currency) return 'no price';
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!match) return `${amount} ${currency}`;
  const [, sign, whole = '0', fraction = ''] = match;
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const cents = (fraction + '00').slice(0, 2);
  return `${sign}${grouped}.${cents} ${currency}`;
}

/** "2026-11-22T08:09:30Z" -> "2026-11-22 08:09" (UTC, stable across the team's time zones). */
export function formatTimestamp(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 10)} ${date.toISOString().slice(11, 16)} UTC`;
}

/** Pulls the first number out of a text such as "25,800 TPS" (what the e2e tests parse). */
export function parseDisplayedNumber(text: string): number | null {
  const match = /-?[\d,]+(?:\.\d+)?/.exec(text);
  if (!match) return null;
  const value = Number(match[0].replace(/,/g, ''));
  return Number.isFinite(value) ? value : null;
}
