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
  /** The signed error (a stated change: the relative error of the change itself), or for a stated bound
   * "≤ bound held" / "≤ bound missed". */
  error: string;
  /** A stated change only: the graded error in percentage points ("−16.8 pp"), shown with `error`; else "". */
  errorPp: string;
  /** A stated change only: the error on the ratio 1 + change, an extra column (not graded); else "". */
  ratioError: string;
  /** Held-out rows: "inside ±h%" / "outside ±h%" of the published band around the prediction (a stated
   * change: on 1 + change), with the band from the family's other rows where it says otherwise; else "". */
  band: string;
  /** Held-out rows: the measurement lies inside the published band; null otherwise. */
  inBand: boolean | null;
  /** Null for a calibration row: reproducing it is not evidence. */
  grade: Grade | null;
  /** A figure the model is known not to reproduce: why (docs/model.md, Limits of trust); "" otherwise. */
  limit: string;
  /** Calibration rows: the leave-one-test-out prediction (the family refitted without this row's test)
   * and its error, or why none can be made; "" for held-out rows. */
  crossValidated: string;
  /** The cross-validated prediction's grade; null where there is none. */
  crossValidatedGrade: Grade | null;
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
    errorPp: r.error_pp === null ? '' : signedPoints(r.error_pp),
    ratioError: r.ratio_error_pct === null ? '' : formatSignedPercent(r.ratio_error_pct),
    band: bandText(r),
    inBand: r.in_band,
    grade: calibration ? null : sign ? (r.bound_holds ? 'good' : 'poor') : gradeError(r.error_pct, r.kind),
    limit: r.limit ?? '',
    crossValidated: crossValidatedText(r, sign),
    crossValidatedGrade:
      r.cv_predicted === null ? null : sign ? (r.cv_bound_holds ? 'good' : 'poor') : r.cv_error_pct === null ? null : gradeError(r.cv_error_pct, r.kind),
  };
}

/** A calibration row predicted without its own test: "model 0.99 ms (−0.8%)", a bound "model 55 % (bound
 * missed)", or "none: …" with the reason the fit cannot be made without it. */
function crossValidatedText(r: ValidationRow, sign: string | null): string {
  if (r.role !== 'calibration') return '';
  if (r.cv_missing) return `none: ${r.cv_missing}`;
  if (r.cv_predicted === null) return '';
  const value = `model ${formatValue(r.cv_predicted, r.unit)}`;
  if (sign) return `${value} (bound ${r.cv_bound_holds ? 'held' : 'missed'})`;
  return r.cv_error_pct === null ? value : `${value} (${formatSignedPercent(r.cv_error_pct)})`;
}

/** Percentage points, signed like a percent: "−16.8 pp". */
function signedPoints(pp: number): string {
  return `${pp > 0 ? '+' : pp < 0 ? '−' : ''}${formatNumber(Math.abs(pp), 1)} pp`;
}

/** Whether the measurement lies inside the published band around the prediction; "" for rows with no band. */
function bandText(r: ValidationRow): string {
  if (r.in_band === null || r.band_pct === null) return '';
  const parts = [`${r.in_band ? 'inside' : 'outside'} ±${formatNumber(r.band_pct, 1)}%`];
  if (r.ratio_error_pct !== null) parts.push('on 1 + change');
  if (r.extrapolated) parts.push('doubled: extrapolated');
  let text = parts.join(', ');
  if (r.in_held_out_band !== null && r.in_held_out_band !== r.in_band) {
    text += `; ${r.in_held_out_band ? 'inside' : 'outside'} the band from the other rows`;
  }
  return text;
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
  const s = stats ?? {
    held_out: 0,
    calibration: 0,
    median_abs_held_out_error_pct: null,
    max_abs_held_out_error_pct: null,
    within_tolerance_held_out: 0,
    bounds: 0,
    bounds_held: 0,
    known_limits: 0,
    max_abs_without_known_limits_pct: null,
    band_rate_pct: 0, // not shown: no coverage without rows
    band_coverage_pct: null,
    held_out_band_coverage_pct: null,
    cross_validated: 0,
    cross_validation_missing: 0,
    median_abs_cross_validated_error_pct: null,
    max_abs_cross_validated_error_pct: null,
    cross_validated_bounds: 0,
    cross_validated_bounds_held: 0,
    predictions: 0,
    median_abs_prediction_error_pct: null,
    max_abs_prediction_without_known_limits_pct: null,
  };
  return [
    { label: 'Held-out rows', value: String(s.held_out) },
    { label: 'Median |error|', value: pct(s.median_abs_held_out_error_pct) },
    { label: 'Worst |error|', value: pct(s.max_abs_held_out_error_pct) },
    ...(s.known_limits
      ? [{ label: 'Worst without known limits', value: `${pct(s.max_abs_without_known_limits_pct)} (${s.known_limits} ${s.known_limits === 1 ? 'row' : 'rows'} of a known limit)` }]
      : []),
    { label: 'Within tolerance', value: `${s.within_tolerance_held_out} of ${s.held_out}` },
    { label: 'Stated bounds held', value: s.bounds ? `${s.bounds_held} of ${s.bounds}` : 'none stated' },
    { label: 'Inside the published band', value: bandCoverage(s.band_coverage_pct, s.band_rate_pct) },
    { label: 'Inside the band from the other rows', value: bandCoverage(s.held_out_band_coverage_pct, s.band_rate_pct) },
    { label: 'Calibration rows', value: `${s.calibration} (not counted)` },
    { label: 'Predicted without their own test', value: crossValidation(s) },
    {
      label: 'Every prediction (held out or cross-validated)',
      value: `${s.predictions}: median ${pct(s.median_abs_prediction_error_pct)}, worst ${pct(s.max_abs_prediction_without_known_limits_pct)} without known limits`,
    },
  ];
}

/** Leave-one-test-out over the calibration rows: how many were predicted, how far off, how many cannot be. */
function crossValidation(s: FamilyStats): string {
  const figures = s.cross_validated
    ? `${s.cross_validated} (median ${pct(s.median_abs_cross_validated_error_pct)}, worst ${pct(s.max_abs_cross_validated_error_pct)})`
    : 'none';
  const bounds = s.cross_validated_bounds ? `; ${s.cross_validated_bounds_held} of ${s.cross_validated_bounds} stated bounds held` : '';
  const missing = s.cross_validation_missing ? `; ${s.cross_validation_missing} need their own test` : '';
  return `${figures}${bounds}${missing}`;
}

/** The share of held-out rows inside their band against the rate the bands state; "—" without rows. */
function bandCoverage(share: number | null, rate: number): string {
  return share === null ? '—' : `${pct(share)} (stated ${pct(rate)})`;
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
    s.band_coverage_pct === null
      ? 'no held-out row to check an error band on'
      : `${pct(s.band_coverage_pct)} of held-out rows inside their published error band, ${pct(s.held_out_band_coverage_pct)} inside the band from their family's other rows (stated rate ${pct(s.band_rate_pct)})`,
    `${countOf(s.calibration, 'calibration row')} listed, not counted (the model was fitted on ${plural(s.calibration, 'it', 'them')})`,
    `${s.cross_validated} of ${countOf(s.calibration, 'calibration row')} predicted without their own test (leave-one-test-out): median absolute error ${pct(s.median_abs_cross_validated_error_pct)}; ${s.cross_validation_missing} cannot be predicted without it`,
  ];
}
