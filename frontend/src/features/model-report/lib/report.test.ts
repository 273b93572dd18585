import { describe, expect, it } from 'vitest';
import type { ValidationReport, ValidationRow } from '../api/validation';
import { familyReports, familyStats, gradeError, reportRow, summaryLines, worstFirst } from './report';
import { VALIDATION } from './validation-sample';

const byCase = (rows: ValidationRow[]) => rows.map((r) => r.case);

describe('model report rows', () => {
  it('shows measured and model values with units and signed errors; calibration rows are not graded', () => {
    const [heldOut, calibration] = [VALIDATION.rows[0]!, VALIDATION.rows[3]!];
    expect(reportRow(heldOut)).toMatchObject({ measured: '197,600 IOPS', predicted: '185,000 IOPS', error: '−6.4%', grade: 'good', role: 'held-out', roleLabel: 'held-out' });
    expect(reportRow(calibration)).toMatchObject({ role: 'calibration', roleLabel: 'calibration: fitted on, not evidence', grade: null, error: '+1%' });
  });

  it('grades a stated change on the change itself (relative and in points), the error on 1 + change apart', () => {
    const gain = VALIDATION.rows.find((r) => r.quantity === 'change_pct')!;
    expect(reportRow(gain)).toMatchObject({ measured: '35%', predicted: '18.2%', error: '−48%', errorPp: '−16.8 pp', ratioError: '−12.4%', grade: 'poor' });
    expect(reportRow({ ...gain, error_pp: 2.5, error_pct: 7.1, ratio_error_pct: 1.85 })).toMatchObject({ error: '+7.1%', errorPp: '+2.5 pp', ratioError: '+1.9%', grade: 'good' });
    expect(reportRow(VALIDATION.rows[0]!)).toMatchObject({ errorPp: '', ratioError: '', limit: '' });
    expect(reportRow(gain).limit).toBe("not reproduced: the model's PAM gain is flat in users");
  });

  it('says whether a held-out measurement lies inside the published error band; calibration rows and bounds have none', () => {
    expect(reportRow(VALIDATION.rows[0]!)).toMatchObject({ band: 'inside ±10%', inBand: true });
    expect(reportRow(VALIDATION.rows[1]!)).toMatchObject({ band: 'outside ±10%', inBand: false });
    expect(reportRow(VALIDATION.rows[4]!)).toMatchObject({ band: 'inside ±10%; outside the band from the other rows', inBand: true });
    expect(reportRow(VALIDATION.rows[3]!)).toMatchObject({ band: '', inBand: null });
    expect(reportRow(VALIDATION.rows[2]!)).toMatchObject({ band: '', inBand: null });
    const gain = VALIDATION.rows.find((r) => r.quantity === 'change_pct')!;
    expect(reportRow(gain)).toMatchObject({ band: 'inside ±25%, on 1 + change' });
    expect(reportRow({ ...VALIDATION.rows[0]!, extrapolated: true, band_pct: 20 })).toMatchObject({ band: 'inside ±20%, doubled: extrapolated' });
  });

  it('shows a calibration row predicted without its own test, or why it cannot be; a held-out row has no such cell', () => {
    const calibration = VALIDATION.rows.filter((r) => r.role === 'calibration');
    expect(reportRow(calibration[0]!)).toMatchObject({
      crossValidated: 'none: no prediction without this test: the XtremIO storage fit needs three SLOB mixes',
      crossValidatedGrade: null,
    });
    expect(reportRow(calibration[1]!)).toMatchObject({ crossValidated: 'model 76.5% (−10%)', crossValidatedGrade: 'good' });
    expect(reportRow({ ...calibration[1]!, cv_predicted: 60, cv_error_pct: -29.4 })).toMatchObject({ crossValidatedGrade: 'poor' });
    const bound = VALIDATION.rows.find((r) => r.bound)!;
    expect(reportRow({ ...bound, role: 'calibration', cv_predicted: 1.2, cv_error_pct: 20, cv_bound_holds: false })).toMatchObject({
      crossValidated: 'model 1.2 ms (bound missed)',
      crossValidatedGrade: 'poor',
    });
    expect(reportRow(VALIDATION.rows[0]!)).toMatchObject({ crossValidated: '', crossValidatedGrade: null });
  });

  it('shows a stated bound as "≤ bound held" or "≤ bound missed", never as an error size', () => {
    const held = VALIDATION.rows.find((r) => r.bound && r.bound_holds)!;
    const missed: ValidationRow = { ...held, predicted: 1.4, error_pct: 40, bound_holds: false };
    expect(reportRow(held)).toMatchObject({ measured: '≤ 1 ms', error: '≤ bound held', grade: 'good' });
    expect(reportRow(missed)).toMatchObject({ error: '≤ bound missed', grade: 'poor' });
    expect(reportRow({ ...held, bound: 'lower' })).toMatchObject({ measured: '≥ 1 ms', error: '≥ bound held' });
  });

  it('grades errors against the 10 % goal and the tolerance of the row kind (15 % throughput, 25 % latency)', () => {
    expect(gradeError(-9.9)).toBe('good');
    expect(gradeError(14, 'throughput')).toBe('fair');
    expect(gradeError(19, 'throughput')).toBe('poor');
    expect(gradeError(19, 'latency')).toBe('fair');
    expect(gradeError(-26, 'latency')).toBe('poor');
  });

  it('orders the rows worst first: missed bounds, then the largest held-out errors, held bounds, then calibration rows', () => {
    const missed: ValidationRow = { ...VALIDATION.rows[2]!, case: 'a missed bound', predicted: 1.4, error_pct: 40, bound_holds: false };
    const order = byCase(worstFirst([...VALIDATION.rows.filter((r) => r.family === 'xtremio'), missed]));
    expect(order).toEqual([
      'a missed bound',
      '75/25, 64 sessions: latency',
      'read-only, 32 sessions: IOPS',
      '100 % UPDATE, 32 sessions: IOPS',
      'latency at the rated IOPS',
      '75/25, 64 sessions: IOPS',
    ]);
  });
});

describe('model report per family', () => {
  const labels = [
    { family: 'oracle-fs1', label: 'Oracle FS1-2' },
    { family: 'xtremio', label: 'EMC XtremIO' },
    { family: 'netapp', label: 'NetApp FAS' },
  ];

  it("groups the rows by family in the registry's order, labelled from it, with the family's grades", () => {
    const families = familyReports(VALIDATION, labels);
    expect(families.map((f) => [f.family, f.label, f.rows.length])).toEqual([
      ['xtremio', 'EMC XtremIO', 5],
      ['netapp', 'NetApp FAS', 4],
    ]);
    expect(families[0]!.documents).toEqual(['emc-xtremio-2014']);
    expect(Object.fromEntries(families[0]!.stats.map((s) => [s.label, s.value]))).toEqual({
      'Held-out rows': '3',
      'Median |error|': '6.4%',
      'Worst |error|': '18.2%',
      'Within tolerance': '3 of 3',
      'Stated bounds held': '1 of 1',
      'Inside the published band': '66.7% (stated 90%)',
      'Inside the band from the other rows': '33.3% (stated 90%)',
      'Calibration rows': '1 (not counted)',
      'Predicted without their own test': 'none; 1 need their own test',
      'Every prediction (held out or cross-validated)': '3: median 6.4%, worst 18.2% without known limits',
    });
    const netapp = Object.fromEntries(families[1]!.stats.map((s) => [s.label, s.value]));
    expect(netapp['Predicted without their own test']).toBe('1 (median 10%, worst 10%)');
    expect(netapp['Every prediction (held out or cross-validated)']).toBe('4: median 9%, worst 10% without known limits');
    expect(families[0]!.rows.at(-1)).toMatchObject({ role: 'calibration' });
  });

  it("falls back to the engine's display name (then the slug) for a family the registry does not name, and lists it last", () => {
    const families = familyReports(VALIDATION, labels.filter((f) => f.family !== 'netapp'));
    expect(families.map((f) => f.label)).toEqual(['EMC XtremIO', 'NetApp FAS']);
    expect(familyReports(VALIDATION).map((f) => f.label)).toEqual(['NetApp FAS', 'EMC XtremIO']); // by slug without a registry
  });

  it('says "none stated" where a family states no bound, and reads an empty family', () => {
    const netapp = familyReports(VALIDATION, labels).find((f) => f.family === 'netapp')!;
    expect(netapp.stats.find((s) => s.label === 'Stated bounds held')!.value).toBe('none stated');
    expect(familyStats(undefined).map((s) => s.value)).toEqual(['0', '—', '—', '0 of 0', 'none stated', '—', '—', '0 (not counted)', 'none', '0: median —, worst — without known limits']);
  });

  it('summarises the whole report, calibration rows apart', () => {
    expect(summaryLines(VALIDATION)).toEqual([
      '6 held-out rows over 2 families: median absolute error 7.2%, worst 48%',
      '5 of 6 held-out rows within tolerance (15% throughput and utilisation, 25% latency)',
      '1 of 1 stated bound held',
      "83.3% of held-out rows inside their published error band, 66.7% inside the band from their family's other rows (stated rate 90%)",
      '2 calibration rows listed, not counted (the model was fitted on them)',
      '1 of 2 calibration rows predicted without their own test (leave-one-test-out): median absolute error 10%; 1 cannot be predicted without it',
    ]);
    const empty: ValidationReport = { rows: [], summary: { ...VALIDATION.summary, band_coverage_pct: null, held_out_band_coverage_pct: null, families: {} } };
    expect(familyReports(empty)).toEqual([]);
    expect(summaryLines(empty)).toContain('no held-out row to check an error band on');
  });
});
