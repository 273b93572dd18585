/**
 * What limits a design, in the engine's words, wherever it is shown: the editor's bottleneck tile, the
 * charts' captions, the compare table and the recommendation table. An evaluation carries the one
 * answer (summary.limits: the bottleneck's label and a sentence naming it and, where different, the
 * resource in its zone at the SLA point); a row that carries only the raw station name (compare,
 * recommend) reads it through the engine's display names (sizing.display.STATIONS).
 */
import type { components } from './api-schema';
import { STATIONS } from './display-names.generated';

export type LimitingResource = components['schemas']['EngineLimitingResource'];

/** "storage_path" -> "Host I/O path to the arrays"; a station the map does not know, its name unslugged. */
export const bottleneckWords = (name: string): string => STATIONS[name] ?? name.replace(/[-_]/g, ' ');

/** The bottleneck's label of an evaluation's limits (the engine's own words); '—' without one. */
export function limitsLabel(limits: LimitingResource | null | undefined): string {
  if (limits?.bottleneck_label) return limits.bottleneck_label;
  return limits?.bottleneck ? bottleneckWords(limits.bottleneck) : '—';
}

/** The customer-readable sentence of what limits the design ('' without one). */
export const limitsStatement = (limits: LimitingResource | null | undefined): string => limits?.statement ?? '';
