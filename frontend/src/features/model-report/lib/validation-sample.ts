/**
 * Test data: a validation report in the shape GET /api/v1/model/validation/ answers, with rows modelled
 * on issue 14's table (XtremIO Tables 11-13, NetApp Section 3.3 and Table 1). The predicted figures are
 * made up: the tests check the page's grouping and wording, not the engine.
 */
import type { ValidationReport, ValidationRow } from '../api/validation';

const xtremio = (row: Partial<ValidationRow> & Pick<ValidationRow, 'case' | 'measured' | 'predicted' | 'error_pct'>): ValidationRow => ({
  family: 'xtremio',
  document: 'emc-xtremio-2014',
  source: 'emc-xtremio-2014, Table 11',
  quantity: 'iops',
  unit: 'IOPS',
  kind: 'throughput',
  role: 'held-out',
  bound: null,
  bound_holds: null,
  ...row,
});

const netapp = (row: Partial<ValidationRow> & Pick<ValidationRow, 'case' | 'measured' | 'predicted' | 'error_pct'>): ValidationRow => ({
  family: 'netapp',
  document: 'netapp-pam-2009',
  source: 'netapp-pam-2009, Table 1',
  quantity: 'disk_utilisation',
  unit: '%',
  kind: 'utilisation',
  role: 'held-out',
  bound: null,
  bound_holds: null,
  ...row,
});

export const VALIDATION: ValidationReport = {
  rows: [
    xtremio({ case: 'read-only, 32 sessions: IOPS', measured: 197601, predicted: 185000, error_pct: -6.38 }),
    xtremio({ case: '75/25, 64 sessions: latency', source: 'emc-xtremio-2014, Table 13', quantity: 'latency', unit: 'ms', kind: 'latency', measured: 1.299, predicted: 1.535, error_pct: 18.17 }),
    xtremio({ case: 'latency at the rated IOPS', source: 'emc-xtremio-2014, Section 4', quantity: 'latency', unit: 'ms', kind: 'latency', measured: 1, predicted: 0.8, error_pct: -20, bound: 'upper', bound_holds: true }),
    xtremio({ case: '75/25, 64 sessions: IOPS', source: 'emc-xtremio-2014, Table 13', measured: 140954, predicted: 142363, error_pct: 1, role: 'calibration' }),
    xtremio({ case: '100 % UPDATE, 32 sessions: IOPS', source: 'emc-xtremio-2014, Table 12', measured: 64782, predicted: 61000, error_pct: -5.84 }),
    netapp({ case: 'disk utilisation, PAM off, 1,000 warehouses', measured: 63, predicted: 60, error_pct: -4.76 }),
    netapp({ case: 'disk utilisation, PAM on, 1,000 warehouses', measured: 50, predicted: 54, error_pct: 8 }),
  ],
  summary: {
    count: 7,
    held_out: 5,
    calibration: 1,
    median_abs_held_out_error_pct: 6.38,
    max_abs_held_out_error_pct: 18.17,
    within_tolerance_held_out: 5,
    bounds: 1,
    bounds_held: 1,
    families: {
      xtremio: { held_out: 3, calibration: 1, median_abs_held_out_error_pct: 6.38, max_abs_held_out_error_pct: 18.17, within_tolerance_held_out: 3, bounds: 1, bounds_held: 1 },
      netapp: { held_out: 2, calibration: 0, median_abs_held_out_error_pct: 6.38, max_abs_held_out_error_pct: 8, within_tolerance_held_out: 2, bounds: 0, bounds_held: 0 },
    },
  },
};
