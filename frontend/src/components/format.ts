/** Presentation of numbers: every number with its unit, money as a decimal string with its currency. */

export interface Quantity {
  value: number;
  unit: string;
}

/** A catalog unit as a reader reads it ('unstated': the document printed the number without one). */
export function displayUnit(unit: string): string {
  return unit === 'unstated' ? 'unit not stated' : unit;
}

/** "1234567" -> "1,234,567": a string of whole-number digits grouped by thousands (en-US). */
function groupedThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** "99" + 1 -> "100": one more in the last digit of a string of decimal digits. */
function incremented(digits: string): string {
  let i = digits.length - 1;
  while (i >= 0 && digits[i] === '9') i -= 1;
  return i < 0 ? `1${'0'.repeat(digits.length)}` : `${digits.slice(0, i)}${Number(digits[i]) + 1}${'0'.repeat(digits.length - i - 1)}`;
}

/**
 * A finite number in en-US digits with `minDecimals` to `maxDecimals` decimals: exactly what
 * Intl.NumberFormat('en-US', { minimumFractionDigits, maximumFractionDigits }) writes (the shortest
 * decimal that reads back as the number, rounded half away from zero, thousands grouped by commas, a
 * negative that rounds to zero written "-0"); format.test.ts holds the two equal over many numbers.
 * Not through Intl: a page's first Intl number format loads ICU's locale data, 20-35 ms of main-thread
 * work on a cold editor load in Chromium (docs/performance.md), and every figure of the app is en-US.
 */
export function formatDecimal(value: number, maxDecimals: number, minDecimals = 0): string {
  if (!Number.isFinite(value)) return new Intl.NumberFormat('en-US').format(value);
  // The shortest round-trip decimal (what Intl rounds), e.g. "1.005", "1.5e-7", "1e+21".
  const [mantissa = '0', exponent = '0'] = Math.abs(value).toString().split('e');
  const [whole = '0', fraction = ''] = mantissa.split('.');
  // value = 0.<digits> x 10^point (leading zeros included: they change no position)
  const digits = whole + fraction;
  const point = whole.length + Number(exponent);
  // The value in units of the last decimal kept, rounded half away from zero.
  const kept = point + maxDecimals;
  let units = kept <= 0 ? '' : digits.slice(0, kept).padEnd(kept, '0');
  if (kept >= 0 && kept < digits.length && digits[kept]! >= '5') units = incremented(units);
  units = units.replace(/^0+/, '').padStart(maxDecimals + 1, '0');
  const integer = units.slice(0, units.length - maxDecimals);
  let decimals = units.slice(units.length - maxDecimals);
  let end = decimals.length;
  while (end > minDecimals && decimals[end - 1] === '0') end -= 1;
  decimals = decimals.slice(0, end).padEnd(minDecimals, '0');
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${groupedThousands(integer)}${decimals ? `.${decimals}` : ''}`;
}

/** The most significant figures a number is shown with (money aside), as the engine publishes it and
 * the proposal prints it (sizing.display.number): 39,114 reads 39,110, 154,415 reads 154,400. */
export const SIGNIFICANT_FIGURES = 4;

/**
 * A number as a reader reads it, the one number format of the app (money has formatMoney): decimals by
 * magnitude (none from 100, one from 10, two from 1, three below; at most `maxDecimals` when given),
 * never more than SIGNIFICANT_FIGURES significant figures, thousands grouped, no trailing zeros and no
 * ".0" on a whole number ("30,000", "38.5", "0.837", "3").
 */
export function formatNumber(value: number, maxDecimals?: number): string {
  if (!Number.isFinite(value)) return '—';
  const abs = Math.abs(value);
  const decimals = maxDecimals ?? (abs >= 100 ? 0 : abs >= 10 ? 1 : abs >= 1 ? 2 : 3);
  if (abs === 0) return formatDecimal(value, decimals);
  const sigDecimals = SIGNIFICANT_FIGURES - 1 - Math.floor(Math.log10(abs));
  if (sigDecimals < 0) {
    // Whole digits beyond the figures kept: round them off (half away from zero), 39,114 -> 39,110.
    const step = 10 ** -sigDecimals;
    return formatDecimal(Math.sign(value) * Math.round(abs / step) * step, 0);
  }
  return formatDecimal(value, Math.min(decimals, sigDecimals));
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
  const text = formatNumber(Math.abs(value), decimals);
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
  const cents = (fraction + '00').slice(0, 2);
  return `${sign}${groupedThousands(whole)}.${cents} ${currency}`;
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
