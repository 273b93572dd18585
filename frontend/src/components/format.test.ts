import { describe, expect, it } from 'vitest';
import {
  displayUnit,
  formatDecimal,
  formatMoney,
  formatNumber,
  formatQuantity,
  formatSignedPercent,
  formatTimestamp,
  parseDisplayedNumber,
  countOf,
  plural,
} from './format';

/** Numbers of every kind formatDecimal meets: whole, fractional, ties at each decimal, tiny, huge. */
function sampleNumbers(count: number): number[] {
  let seed = 20261127;
  const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
  const values = [0, -0, 0.5, 1.5, 2.5, -0.5, 1.005, 2.675, 0.125, 9.995, 99.95, 999.5, 1e21, 1.5e-7, -1e-7, 123456789.5, 2 ** 53, 0.1 + 0.2];
  for (let i = 0; i < count; i += 1) {
    const magnitude = 10 ** Math.floor(random() * 32 - 10);
    const digits = 1 + Math.floor(random() * 17);
    const plain = Number((random() * 10).toPrecision(digits)) * magnitude;
    // a tie at some decimal (x.5, x.x5, x.xx5, ...), and a value near one
    const places = Math.floor(random() * 5);
    const tie = (Math.floor(random() * 1e6) + 0.5) / 10 ** places;
    for (const v of [plain, tie, Math.round(plain), plain + 5e-4]) values.push(v, -v);
  }
  return values;
}

describe('formatDecimal', () => {
  it("writes what Intl.NumberFormat('en-US') writes, for every number and precision the app and its chart ticks use", () => {
    const precisions: [number, number][] = [0, 1, 2, 3, 4, 6, 10, 20].flatMap((max) => [[max, 0], [max, max]] as [number, number][]);
    const intlFor = precisions.map(([max, min]) => new Intl.NumberFormat('en-US', { maximumFractionDigits: max, minimumFractionDigits: min }));
    let compared = 0;
    for (const value of sampleNumbers(2000)) {
      for (const [i, [max, min]] of precisions.entries()) {
        const intl = intlFor[i]!.format(value);
        if (formatDecimal(value, max, min) !== intl) expect({ value, max, min, ours: formatDecimal(value, max, min) }).toEqual({ value, max, min, ours: intl });
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(100_000);
  });

  it('rounds the decimal the number reads as, half away from zero, and keeps the sign of a negative zero', () => {
    expect(formatDecimal(1.005, 2)).toBe('1.01'); // toFixed gives 1.00 (the double is 1.00499...)
    expect(formatDecimal(-2.5, 0)).toBe('-3');
    expect(formatDecimal(-0.0001, 2)).toBe('-0');
    expect(formatDecimal(1e21, 0)).toBe('1,000,000,000,000,000,000,000');
    expect(formatDecimal(0.5, 2, 2)).toBe('0.50');
  });
});

describe('formatNumber', () => {
  it('groups thousands and drops decimals on large values', () => {
    expect(formatNumber(25800)).toBe('25,800');
    expect(formatNumber(25799.6)).toBe('25,800');
  });
  it('keeps decimals on small values', () => {
    expect(formatNumber(2.46)).toBe('2.46');
    expect(formatNumber(0.138)).toBe('0.138');
    expect(formatNumber(16.34)).toBe('16.3');
  });
  it('shows at most 4 significant figures and never a trailing ".0" (as the proposal prints them)', () => {
    expect(formatNumber(30000)).toBe('30,000');
    expect(formatNumber(30000.0)).toBe('30,000');
    expect(formatNumber(39114)).toBe('39,110');
    expect(formatNumber(154415)).toBe('154,400');
    expect(formatNumber(9999.6)).toBe('10,000');
    expect(formatNumber(38.5)).toBe('38.5');
    expect(formatNumber(0.83684)).toBe('0.837');
    // more decimals asked for: still 4 figures at most
    expect(formatNumber(16.347, 3)).toBe('16.35');
    expect(formatNumber(1234.5678, 2)).toBe('1,235');
    expect(formatNumber(3)).toBe('3');
    expect(formatNumber(-39114)).toBe('-39,110');
    expect(formatNumber(0)).toBe('0');
    // a cap on decimals narrows, never widens, the figures shown
    expect(formatNumber(83.46, 0)).toBe('83');
    expect(formatNumber(1.23456, 1)).toBe('1.2');
    expect(formatNumber(12345.6, 2)).toBe('12,350');
  });
  it('shows a dash for non-finite values', () => {
    expect(formatNumber(Number.NaN)).toBe('—');
  });
});

describe('formatQuantity', () => {
  it('writes the unit after the number', () => {
    expect(formatQuantity({ value: 25800, unit: 'TPS' })).toBe('25,800 TPS');
    expect(formatQuantity({ value: 20, unit: 'ms' })).toBe('20 ms');
    expect(formatQuantity({ value: 20800, unit: 'GB' })).toBe('20,800 GB');
  });
  it('writes percent tight and fractions as percent', () => {
    expect(formatQuantity({ value: 165.7, unit: '%' })).toBe('166%');
    expect(formatQuantity({ value: 0.5, unit: 'fraction' })).toBe('50%');
  });
  it('writes ratios as n:1 and counts bare', () => {
    expect(formatQuantity({ value: 3, unit: 'ratio' })).toBe('3:1');
    expect(formatQuantity({ value: 4, unit: 'count' })).toBe('4');
  });
  it('shows a dash for a missing quantity', () => {
    expect(formatQuantity(null)).toBe('—');
  });
});

describe('plural', () => {
  it('agrees a noun or a verb with its count', () => {
    expect(plural(1, 'node')).toBe('node');
    expect(plural(2, 'node')).toBe('nodes');
    expect(plural(0, 'node')).toBe('nodes');
    expect(plural(1, 'sustains', 'sustain')).toBe('sustains');
    expect(plural(3, 'sustains', 'sustain')).toBe('sustain');
    expect(countOf(1, 'line')).toBe('1 line');
    expect(countOf(1200, 'part')).toBe('1,200 parts');
  });
  it('writes plural count units in the singular for exactly one', () => {
    expect(formatQuantity({ value: 1, unit: 'users' })).toBe('1 user');
    expect(formatQuantity({ value: 2, unit: 'users' })).toBe('2 users');
    expect(formatQuantity({ value: 1, unit: 'years' })).toBe('1 year');
    expect(formatQuantity({ value: 1.5, unit: 'years' })).toBe('1.5 years');
    expect(formatQuantity({ value: 1, unit: 'ms' })).toBe('1 ms');
  });
});

describe('formatMoney', () => {
  it('groups the exact decimal string and names the currency', () => {
    expect(formatMoney('1234567.5', 'USD')).toBe('1,234,567.50 USD');
    expect(formatMoney('0.00', 'EUR')).toBe('0.00 EUR');
    expect(formatMoney('-12.345', 'USD')).toBe('-12.34 USD');
  });
  it('does not lose precision on amounts beyond float range', () => {
    expect(formatMoney('12345678901234567.89', 'USD')).toBe('12,345,678,901,234,567.89 USD');
  });
  it('says "no price" without an amount or a currency', () => {
    expect(formatMoney(null, 'USD')).toBe('no price');
    expect(formatMoney('10.00', null)).toBe('no price');
  });
});

describe('formatSignedPercent', () => {
  it('signs positive and negative values', () => {
    expect(formatSignedPercent(7.77)).toBe('+7.8%');
    expect(formatSignedPercent(-13.16)).toBe('−13.2%');
    expect(formatSignedPercent(0)).toBe('0%');
    expect(formatSignedPercent(12345.67)).toBe('+12,350%');
    expect(formatSignedPercent(null)).toBe('—');
  });
});

describe('formatTimestamp', () => {
  it('shows UTC date and minutes', () => {
    expect(formatTimestamp('2026-11-22T08:09:30.107Z')).toBe('2026-11-22 08:09 UTC');
    expect(formatTimestamp(null)).toBe('—');
  });
});

describe('parseDisplayedNumber', () => {
  it('reads the number a headline shows', () => {
    expect(parseDisplayedNumber('25,800 TPS')).toBe(25800);
    expect(parseDisplayedNumber('TPS at 20 ms: 1,234.5')).toBe(20);
    expect(parseDisplayedNumber('none')).toBeNull();
  });
});

describe('displayUnit', () => {
  it('says a unit the document did not print is not stated, and passes real units through', () => {
    expect(displayUnit('unstated')).toBe('unit not stated');
    expect(displayUnit('MB/s')).toBe('MB/s');
  });
});
