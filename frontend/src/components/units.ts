/** Unit conversion for display (the API speaks GB and ms; people read TB and s when they are large). */

export const GB_PER_TB = 1000;

export function gbToTb(gb: number): number {
  return gb / GB_PER_TB;
}

export function tbToGb(tb: number): number {
  return tb * GB_PER_TB;
}

export function msToS(ms: number): number {
  return ms / 1000;
}

export function sToMs(s: number): number {
  return s * 1000;
}

export type CapacityUnit = 'GB' | 'TB';

/** TB once the largest value reaches 1,000 GB, so axis labels stay short. */
export function capacityUnitFor(maxGb: number): CapacityUnit {
  return maxGb >= GB_PER_TB ? 'TB' : 'GB';
}

export function gbIn(unit: CapacityUnit, gb: number): number {
  return unit === 'TB' ? gbToTb(gb) : gb;
}

/** A response time in the unit a reader expects: ms below 1 s, seconds above. */
export function readableDuration(ms: number): { value: number; unit: 'ms' | 's' } {
  return ms >= 1000 ? { value: msToS(ms), unit: 's' } : { value: ms, unit: 'ms' };
}
