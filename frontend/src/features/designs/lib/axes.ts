/**
 * Value axes of the latency and response charts. A disk platform's zones and design point sit far below
 * the model's full range (an EqualLogic design at 88 ms under a 2,000 ms SLA, a read latency of 3.6 ms
 * under a 20 ms limit), so each chart opens on a focused axis and offers the full range beside it.
 */

/** Which range the chart shows: what matters (the zones and the design point) or the whole model. */
export type AxisRange = 'focused' | 'full';

export interface ValueAxis {
  type: 'linear' | 'logarithmic';
  min: number;
  max: number;
}

/** A marker lower than this share of a linear axis merges with the axis line: the axis turns logarithmic. */
export const MIN_VISIBLE_FRACTION = 0.1;
/** Room above the highest value that must show (a limit line, the SLA), so its line is not the frame. */
export const FOCUS_HEADROOM = 1.15;

const FINE_STEPS = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10];
const COARSE_STEPS = [1, 2, 2.5, 5, 10];

/** The first step x 10^n at or above the value. */
function stepCeil(value: number, steps: number[]): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of steps) if (step * power >= value * (1 - 1e-12)) return step * power;
  return 10 * power;
}

/** 1, 2, 2.5, 5 x 10^n at or above the value (the full range's maxima). */
export const niceCeil = (value: number): number => stepCeil(value, COARSE_STEPS);

/** 1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8 x 10^n at or above the value: a focused axis ends close to its lines. */
export const niceCeilFine = (value: number): number => stepCeil(value, FINE_STEPS);

/** 1, 2, 2.5, 5 x 10^n at or below the value (a logarithmic axis's floor). */
export function niceFloor(value: number): number {
  if (!(value > 0)) return 0;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [...COARSE_STEPS].reverse()) if (step * power <= value * (1 + 1e-12)) return step * power;
  return power;
}

/** Where a value sits on the axis: 0 at the bottom, 1 at the top (outside 0..1: off the axis). */
export function axisFraction(axis: ValueAxis, value: number): number {
  if (axis.type === 'logarithmic') {
    if (!(value > 0)) return -Infinity;
    return Math.log(value / axis.min) / Math.log(axis.max / axis.min);
  }
  return (value - axis.min) / (axis.max - axis.min);
}

/**
 * A focused axis: up to a little above the highest value that must show (limit line, SLA, design point),
 * linear from zero when every one of them then stands clear of the bottom (MIN_VISIBLE_FRACTION), else
 * logarithmic from a nice value below the lowest of them and of `floorHints` (the start of the curve).
 */
export function focusedAxis(mustShow: number[], floorHints: number[] = []): ValueAxis {
  const values = mustShow.filter((v) => Number.isFinite(v) && v > 0);
  if (!values.length) return { type: 'linear', min: 0, max: 1 };
  const max = niceCeilFine(Math.max(...values) * FOCUS_HEADROOM);
  const lowest = Math.min(...values);
  if (lowest / max >= MIN_VISIBLE_FRACTION) return { type: 'linear', min: 0, max };
  const hints = floorHints.filter((v) => Number.isFinite(v) && v > 0);
  // The curve's start may lie far below the markers; three decades are enough to read it.
  const floor = Math.max(Math.min(lowest, ...hints) / 1.25, max / 1000);
  return { type: 'logarithmic', min: niceFloor(floor), max };
}

/** The Chart.js scale options of a value axis. */
export function scaleOf(axis: ValueAxis): { type: 'linear' | 'logarithmic'; min: number; max: number } {
  return { type: axis.type, min: axis.min, max: axis.max };
}

/** "Response time (ms, log scale)" on a logarithmic axis. */
export function axisTitle(text: string, unit: string, axis: ValueAxis): string {
  return `${text} (${unit}${axis.type === 'logarithmic' ? ', log scale' : ''})`;
}
