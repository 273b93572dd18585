/** Model accuracy report: measured vs model with the in-sample and held-out errors graded. */
import { formatNumber, formatSignedPercent, formatValue } from '../../../components/format';
import type { ValidationReport, ValidationRow } from '../api/validation';

export type Grade = 'good' | 'fair' | 'poor';

/** Within 10 % is the accuracy goal; within 20 % is usable with care. */
export function gradeError(pct: number): Grade {
  const abs = Math.abs(pct);
  return abs <= 10 ? 'good' : abs <= 20 ? 'fair' : 'poor';
}

export interface ReportRow {
  case: string;
  source: string;
  measured: string;
  predicted: string;
  error: string;
  heldOut: string;
  heldOutGrade: Grade;
}

export function reportRows(rows: ValidationRow[]): ReportRow[] {
  return rows.map((r) => ({
    case: r.case,
    source: r.source,
    measured: formatValue(r.measured, r.unit),
    predicted: formatValue(r.predicted, r.unit),
    error: formatSignedPercent(r.error_pct),
    heldOut: formatSignedPercent(r.held_out_error_pct),
    heldOutGrade: gradeError(r.held_out_error_pct),
  }));
}

export function summaryLines(report: ValidationReport): string[] {
  const s = report.summary;
  const pct = (v: number | null) => (v === null ? '—' : `${formatNumber(v, 1)}%`);
  return [
    `${s.count} measured points the model predicts`,
    `median absolute error ${pct(s.median_abs_error_pct)} in-sample (calibrated on the point itself)`,
    `median absolute error ${pct(s.median_abs_held_out_error_pct)} held out (point left out of the calibration), worst ${pct(s.max_abs_held_out_error_pct)}`,
    `${s.within_10pct_held_out} of ${s.count} held-out predictions within 10%`,
  ];
}
