import { describe, expect, it } from 'vitest';
import type { ValidationReport } from '../api/validation';
import { gradeError, reportRows, summaryLines } from './report';

const report: ValidationReport = {
  summary: { count: 2, median_abs_error_pct: 0, median_abs_held_out_error_pct: 10.47, max_abs_held_out_error_pct: 13.16, within_10pct_held_out: 1 },
  rows: [
    { case: 'quarter rack TPS at 20 ms', source: 'oracle-fs1-2016, Table 1', quantity: 'tps', unit: 'TPS', measured: 25800, predicted: 25800, error_pct: 0, held_out_error_pct: 7.77 },
    { case: 'half rack TPS at 20 ms', source: 'oracle-fs1-2016, Table 1', quantity: 'tps', unit: 'TPS', measured: 39000, predicted: 39000, error_pct: 0, held_out_error_pct: -13.16 },
  ],
};

describe('model report', () => {
  it('shows measured and model values with units and signed errors', () => {
    const [first, second] = reportRows(report.rows);
    expect(first).toMatchObject({ measured: '25,800 TPS', predicted: '25,800 TPS', error: '0%', heldOut: '+7.8%', heldOutGrade: 'good' });
    expect(second).toMatchObject({ heldOut: '−13.2%', heldOutGrade: 'fair' });
  });
  it('grades errors against the 10 % goal', () => {
    expect(gradeError(-9.9)).toBe('good');
    expect(gradeError(19)).toBe('fair');
    expect(gradeError(-25)).toBe('poor');
  });
  it('summarises the report', () => {
    expect(summaryLines(report)).toEqual([
      '2 measured points the model predicts',
      'median absolute error 0% in-sample (calibrated on the point itself)',
      'median absolute error 10.5% held out (point left out of the calibration), worst 13.2%',
      '1 of 2 held-out predictions within 10%',
    ]);
  });
});
