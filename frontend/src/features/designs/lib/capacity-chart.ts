/**
 * Capacity over the growth horizon: one stacked bar per year (data, temp, undo, redo, archive,
 * backup) against the usable capacity of the storage. Every element grows with the data.
 */
import { capacityUnitFor, gbIn, type CapacityUnit } from '../../../components/units';
import type { CapacitySection, EngineEvaluation } from '../api/types';

export const ELEMENT_COLOURS: Record<string, string> = {
  data: '#1d4ed8',
  temp: '#0891b2',
  system_undo: '#7c3aed',
  redo: '#db2777',
  archive: '#ea580c',
  backup: '#65a30d',
};

export interface CapacityChartModel {
  unit: CapacityUnit;
  labels: string[];
  stacks: { element: string; label: string; colour: string; values: number[] }[];
  usable: number;
  totals: number[];
  /** First year whose total exceeds the usable capacity, or null. */
  fullInYear: number | null;
}

export function grownSize(gb: number, growthPctPerYear: number, year: number): number {
  return gb * (1 + growthPctPerYear / 100) ** year;
}

export function buildCapacityChart(
  capacity: CapacitySection,
  growthPctPerYear: number,
  horizonYears: number,
): CapacityChartModel {
  const years = Array.from({ length: Math.max(0, Math.floor(horizonYears)) + 1 }, (_, i) => i);
  const reduction = capacity.total.value > 0 ? capacity.after_data_reduction.value / capacity.total.value : 1;
  const grown = capacity.elements.map((e) => years.map((y) => grownSize(e.size.value * reduction, growthPctPerYear, y)));
  const totalsGb = years.map((_, i) => grown.reduce((sum, values) => sum + (values[i] ?? 0), 0));
  const unit = capacityUnitFor(Math.max(capacity.usable.value, ...totalsGb));
  const fullIndex = totalsGb.findIndex((t) => t > capacity.usable.value);
  return {
    unit,
    labels: years.map((y) => (y === 0 ? 'Today' : `Year ${y}`)),
    stacks: capacity.elements.map((e, i) => ({
      element: e.element,
      label: e.label,
      colour: ELEMENT_COLOURS[e.element] ?? '#64748b',
      values: (grown[i] ?? []).map((gb) => gbIn(unit, gb)),
    })),
    usable: gbIn(unit, capacity.usable.value),
    totals: totalsGb.map((gb) => gbIn(unit, gb)),
    fullInYear: fullIndex < 0 ? null : (years[fullIndex] ?? null),
  };
}

/** The caption's words for the first full year: year 0 is labelled "Today" on the axis. */
export function fullInText(year: number | null): string | null {
  if (year === null) return null;
  return year === 0 ? 'full today' : `full in year ${year}`;
}

/** Growth rate (%/year) and horizon (years) the evaluation used. */
export function growthOf(evaluation: Pick<EngineEvaluation, 'growth'>): { pctPerYear: number; years: number } {
  return { pctPerYear: evaluation.growth.data_growth_per_year.value, years: evaluation.growth.horizon.value };
}
