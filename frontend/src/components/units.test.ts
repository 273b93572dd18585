import { describe, expect, it } from 'vitest';
import { capacityUnitFor, gbIn, gbToTb, msToS, readableDuration, sToMs, tbToGb } from './units';

describe('unit conversion', () => {
  it('converts GB and TB (decimal, as the vendors state drive sizes)', () => {
    expect(gbToTb(20800)).toBe(20.8);
    expect(tbToGb(1.6)).toBe(1600);
  });
  it('converts ms and s', () => {
    expect(msToS(2000)).toBe(2);
    expect(sToMs(0.1)).toBe(100);
  });
  it('picks TB for capacities of 1,000 GB and more', () => {
    expect(capacityUnitFor(999)).toBe('GB');
    expect(capacityUnitFor(1000)).toBe('TB');
    expect(gbIn('TB', 41600)).toBe(41.6);
    expect(gbIn('GB', 435)).toBe(435);
  });
  it('reads long response times in seconds', () => {
    expect(readableDuration(2000)).toEqual({ value: 2, unit: 's' });
    expect(readableDuration(20)).toEqual({ value: 20, unit: 'ms' });
  });
});
