/**
 * The model accuracy report, per platform family: what the engine predicts for each document's own
 * configuration against what the document measured. Held-out rows (predicted without the measurement)
 * are the evidence; calibration rows (the model was fitted on them) are listed but prove nothing.
 */
import { countOf, formatNumber, formatSignedPercent, formatValue, plural } from '../../../components/format';
import { FAMILIES } from '../../../lib/display-names.generated';
import type { FamilyStats, ValidationKind, ValidationReport, ValidationRow } from '../api/validation';

export type Grade = 'good' | 'fair' | 'poor';

/** The issue's tolerance per row: 15 % for throughput, IOPS, MB/s and utilisation, 25 % for latencies. */
export const TOLERANCE_PCT: Record<ValidationKind, number> = { throughput: 15, utilisation: 15, ratio: 15, latency: 25 };

/** Within 10 % (the per-family median goal) is good; within the row's tolerance fair; beyond, poor. */
export function gradeError(pct: number, kind: ValidationKind = 'throughput'): Grade {
  const abs = Math.abs(pct);
  return abs <= 10 ? 'good' : abs <= TOLERANCE_PCT[kind] ? 'fair' : 'poor';
}

export interface ReportRow {
  key: string;
  case: string;
  source: string;
  kind: ValidationKind;
  role: ValidationRow['role'];
  /** "held-out", or "calibration: fitted on, not evidence". */
  roleLabel: string;
  measured: string;
  predicted: string;
  /** The signed error, or for a stated bound "≤ bound held" / "≤ bound missed". */
  error: string;
  /** Null for a calibration row: reproducing it is not evidence. */
  grade: Grade | null;
}

const BOUND_SIGN = { upper: '≤', lower: '≥' } as const;

export function reportRow(r: ValidationRow, index = 0): ReportRow {
  const calibration = r.role === 'calibration';
  const sign = r.bound ? BOUND_SIGN[r.bound] : null;
  return {
    key: `${r.family}:${r.case}:${r.quantity}:${index}`,
    case: r.case,
    source: r.source,
    kind: r.kind,
    role: r.role,
    roleLabel: calibration ? 'calibration: fitted on, not evidence' : 'held-out',
    measured: `${sign ? `${sign} ` : ''}${formatValue(r.measured, r.unit)}`,
    predicted: formatValue(r.predicted, r.unit),
    error: sign ? `${sign} bound ${r.bound_holds ? 'held' : 'missed'}` : formatSignedPercent(r.error_pct),
    grade: calibration ? null : sign ? (r.bound_holds ? 'good' : 'poor') : gradeError(r.error_pct, r.kind),
  };
}

/** How bad a row is: a missed bound first, then the largest errors; a held bound says nothing of size. */
function badness(r: ValidationRow): number {
  if (r.bound) return r.bound_holds ? -1 : Number.POSITIVE_INFINITY;
  return Math.abs(r.error_pct);
}

/** Held-out rows worst first, then the calibration rows (worst first too). */
export function worstFirst(rows: ValidationRow[]): ValidationRow[] {
  const rank = (r: ValidationRow) => (r.role === 'calibration' ? 1 : 0);
  return [...rows].sort((a, b) => rank(a) - rank(b) || badness(b) - badness(a));
}

const pct = (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${formatNumber(v, 1)}%`);

export interface Stat {
  label: string;
  value: string;
}

/** A family's grades: held-out count, median and worst absolute held-out error, bounds, calibration rows. */
export function familyStats(stats: FamilyStats | undefined): Stat[] {
  const s = stats ?? { held_out: 0, calibration: 0, median_abs_held_out_error_pct: null, max_abs_held_out_error_pct: null, within_tolerance_held_out: 0, bounds: 0, bounds_held: 0 };
  return [
    { label: 'Held-out rows', value: String(s.held_out) },
    { label: 'Median |error|', value: pct(s.median_abs_held_out_error_pct) },
    { label: 'Worst |error|', value: pct(s.max_abs_held_out_error_pct) },
    { label: 'Within tolerance', value: `${s.within_tolerance_held_out} of ${s.held_out}` },
    { label: 'Stated bounds held', value: s.bounds ? `${s.bounds_held} of ${s.bounds}` : 'none stated' },
    { label: 'Calibration rows', value: `${s.calibration} (not counted)` },
  ];
}

export interface FamilyReport {
  family: string;
  label: string;
  /** The documents the family's rows come from. */
  documents: string[];
  stats: Stat[];
  rows: ReportRow[];
}

/**
 * One report per family, in the registry's order (labels from it; the slug where it has none), then
 * any family the registry does not know; rows worst first.
 */
export function familyReports(report: ValidationReport, labels: { family: string; label: string }[] = []): FamilyReport[] {
  const slugs = [...new Set([...report.rows.map((r) => r.family), ...Object.keys(report.summary.families)])];
  const order = (slug: string) => {
    const i = labels.findIndex((f) => f.family === slug);
    return i < 0 ? labels.length : i;
  };
  slugs.sort((a, b) => order(a) - order(b) || a.localeCompare(b));
  return slugs.map((family) => {
    const rows = report.rows.filter((r) => r.family === family);
    return {
      family,
      label: labels.find((f) => f.family === family)?.label ?? FAMILIES[family] ?? family,
      documents: [...new Set(rows.map((r) => r.document))],
      stats: familyStats(report.summary.families[family]),
      rows: worstFirst(rows).map(reportRow),
    };
  });
}

/** The whole report in a few lines (every family together). */
export function summaryLines(report: ValidationReport): string[] {
  const s = report.summary;
  const families = Object.keys(s.families).length;
  return [
    `${countOf(s.held_out, 'held-out row')} over ${countOf(families, 'family', 'families')}: median absolute error ${pct(s.median_abs_held_out_error_pct)}, worst ${pct(s.max_abs_held_out_error_pct)}`,
    `${s.within_tolerance_held_out} of ${countOf(s.held_out, 'held-out row')} within tolerance (${TOLERANCE_PCT.throughput}% throughput and utilisation, ${TOLERANCE_PCT.latency}% latency)`,
    `${s.bounds_held} of ${countOf(s.bounds, 'stated bound')} held`,
    `${countOf(s.calibration, 'calibration row')} listed, not counted (the model was fitted on ${plural(s.calibration, 'it', 'them')})`,
  ];
}
