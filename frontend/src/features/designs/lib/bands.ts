/**
 * Error bands: how far a projection can be trusted. The engine publishes each banded figure with its
 * interval (value ± its family's worst held-out error of that kind, doubled beyond the measured
 * configurations: sizing/error_bands.py); the SPA shows them as they come, never recomputes them.
 */
import { formatNumber, formatQuantity } from '../../../components/format';
import type { EngineEvaluation } from '../api/types';
import type { components } from '../../../lib/api-schema';

export type Band = components['schemas']['EngineBand'];

/** The figures the engine bands (Band.quantity). */
export type BandedQuantity = 'max_sustained_tps' | 'response_at_design' | 'storage_latency_at_design' | 'sustained_throughput';

/** An evaluation's band of one figure (none for an evaluation that predates bands). */
export function bandOf(evaluation: Pick<EngineEvaluation, 'bands'>, quantity: BandedQuantity): Band | undefined {
  return (evaluation.bands ?? []).find((b) => b.quantity === quantity);
}

/** The band's half-width as a fraction (0.12 for ±12 %); 0 without a band. */
export const relativeHalfWidth = (band: Band | undefined): number => (band ? Math.max(band.half_width.value, 0) / 100 : 0);

export interface BandView {
  /** "22,700–28,900 TPS" */
  range: string;
  /** "±12%" */
  halfWidth: string;
  /** "22,700–28,900 TPS (±12%)" */
  text: string;
  /** Where the half-width comes from, in the engine's words. */
  basis: string;
  /** Doubled: the design reaches beyond the measured configurations. */
  widened: boolean;
}

export function bandView(band: Band): BandView {
  const range = `${formatNumber(band.low.value)}–${formatQuantity(band.high)}`;
  const halfWidth = `±${formatNumber(band.half_width.value, 1)}%`;
  return { range, halfWidth, text: `${range} (${halfWidth})`, basis: band.basis, widened: band.widened };
}

/** "±12% (worst absolute error of 16 held-out latency rows of this family)": a chart caption's words. */
export function bandCaption(band: Band): string {
  const view = bandView(band);
  return `${view.halfWidth} (${view.basis})`;
}

/** Points scaled by (1 ± half-width): the lower and upper edges of a band around a curve. */
export function bandEdges<P extends { x: number; y: number }>(points: P[], fraction: number): { lower: { x: number; y: number }[]; upper: { x: number; y: number }[] } {
  return {
    lower: points.map((p) => ({ x: p.x, y: Math.max(p.y * (1 - fraction), 0) })),
    upper: points.map((p) => ({ x: p.x, y: p.y * (1 + fraction) })),
  };
}
