/**
 * Sample `evidence_overlay`s as POST /evaluate/ answers them (designs/evaluation.py `_evidence_overlay`),
 * for the overlay's tests. The design is the EqualLogic fixture's (PS6010XV, 2 x 8-core RAC nodes, one
 * array, 6,000 users: its baseline is equallogic-evaluation.fixture.json's summary); the team's imports
 * are those of backend imports/tests/test_overlay.py: an ORION run of their PS6010XV, 8 KB at 30 % writes,
 * whose maximum within 20 ms (4,300 IOPS at 14 ms) the array fit reads, and three Swingbench runs, too
 * few for the USL second opinion, so compared only.
 */
import type { EvaluationPayload, EvidenceImportItem, EvidenceImportPage, EvidenceOverlay, OverlayDifference, OverlayHeadline } from '../api/types';
import { equallogicPs6010xv } from './fixture';

/** The API leaves out a figure the evaluation does not have (an OLTP design's sustained throughput);
 * the generated type lists every figure as required. */
const headline = (figures: Omit<OverlayHeadline, 'sustained_throughput'>) => figures as OverlayHeadline;
const difference = (changes: Omit<OverlayDifference, 'sustained_throughput'>) => changes as OverlayDifference;

const ORION_ID = 12;
const SWINGBENCH_ID = 15;

export const SWINGBENCH_UNUSED_NOTE =
  "Order Entry (PLSQL) V2: not used by the equallogic model: no equallogic fit takes a measured users / TPS / response series of a system outside the catalog (the FS1-2 fit reads the rated TPS of the catalog's racks, whose drives it knows); a series of 6 or more runs gives the USL second opinion (this one has 3). Its runs are compared with the design's predictions below.";

export const ERROR_BANDS_NOTE =
  "The error bands are the catalog's held-out errors per family (sizing/error_bands.json); they were not recomputed for this evidence set. The rows are the imported points' own errors.";

/** Calibrated on both imports: the ORION run moved the array curve, the Swingbench series did not. */
export function calibratedOverlay(): EvidenceOverlay {
  return {
    imports: [
      {
        id: ORION_ID,
        name: 'prod',
        kind: 'orion',
        points: 5,
        existing_system: 'Prod PS6010XV',
        family: 'equallogic',
        storage_model: 'PS6010XV',
        used_by_model: true,
        notes: [],
      },
      {
        id: SWINGBENCH_ID,
        name: 'Order Entry (PLSQL) V2',
        kind: 'swingbench',
        points: 3,
        existing_system: 'Prod PS6010XV',
        family: 'equallogic',
        storage_model: 'PS6010XV',
        used_by_model: false,
        notes: ['soe_400u.xml: 2 of 2,000 transactions failed (kept: the averages count completed ones)'],
      },
    ],
    recalibrated: true,
    baseline: headline({
      verdict: 'does-not-hold',
      max_sustained_tps: { value: 349.7, unit: 'TPS' },
      users_at_max: { value: 7387.1, unit: 'users' },
      response_at_design: { value: 81.63, unit: 'ms' },
      storage_latency_at_design: { value: 3.146, unit: 'ms' },
      headroom_pct: { value: 23.12, unit: '%' },
    }),
    headline: headline({
      verdict: 'does-not-hold',
      max_sustained_tps: { value: 361.2, unit: 'TPS' },
      users_at_max: { value: 7630, unit: 'users' },
      response_at_design: { value: 74.9, unit: 'ms' },
      storage_latency_at_design: { value: 2.87, unit: 'ms' },
      headroom_pct: { value: 27.18, unit: '%' },
    }),
    difference: difference({
      verdict_changed: false,
      max_sustained_tps: { value: 11.5, unit: 'TPS', pct: 3.29 },
      users_at_max: { value: 242.9, unit: 'users', pct: 3.29 },
      response_at_design: { value: -6.73, unit: 'ms', pct: -8.24 },
      storage_latency_at_design: { value: -0.276, unit: 'ms', pct: -8.77 },
      headroom_pct: { value: 4.06, unit: '%', pct: 17.56 },
    }),
    notes: [SWINGBENCH_UNUSED_NOTE],
    validation: {
      on: 'the recalibrated model',
      rows: [
        { import: ORION_ID, source: 'prod_iops.csv, line 2, column 2', at: '8 KB, 70 % read, 5.3 ms (8 outstanding)', quantity: 'iops', unit: 'IOPS', measured: 1500, predicted: 1688.2, error_pct: 12.55, note: '' },
        { import: ORION_ID, source: 'prod_iops.csv, line 2, column 3', at: '8 KB, 70 % read, 6.4 ms (16 outstanding)', quantity: 'iops', unit: 'IOPS', measured: 2600, predicted: 2402.7, error_pct: -7.59, note: '' },
        { import: ORION_ID, source: 'prod_iops.csv, line 2, column 4', at: '8 KB, 70 % read, 9 ms (32 outstanding)', quantity: 'iops', unit: 'IOPS', measured: 3700, predicted: 3391.4, error_pct: -8.34, note: '' },
        { import: ORION_ID, source: 'prod_iops.csv, line 2, column 5', at: '8 KB, 70 % read, 14 ms (64 outstanding)', quantity: 'iops', unit: 'IOPS', measured: 4300, predicted: 4261.8, error_pct: -0.89, note: '' },
        {
          import: ORION_ID,
          source: 'prod_summary.txt, line 14',
          at: '1024 KB random, 0 outstanding',
          quantity: 'throughput',
          unit: 'MB/s',
          measured: 412.6,
          predicted: null,
          error_pct: null,
          note: 'not predicted: no family model gives MB/s at an outstanding large-I/O count',
        },
        { import: SWINGBENCH_ID, source: 'soe_100u.xml, Overview/AverageTransactionsPerSecond', at: '100 users', quantity: 'tps', unit: 'TPS', measured: 4.9, predicted: 5.12, error_pct: 4.49, note: '' },
        { import: SWINGBENCH_ID, source: 'soe_100u.xml, TransactionResults/Result[@id="New Order"]', at: '100 users', quantity: 'response_time', unit: 'ms', measured: 50, predicted: 38.2, error_pct: -23.6, note: '' },
        { import: SWINGBENCH_ID, source: 'soe_400u.xml, Overview/AverageTransactionsPerSecond', at: '400 users', quantity: 'tps', unit: 'TPS', measured: 18.8, predicted: 20.47, error_pct: 8.88, note: '' },
        { import: SWINGBENCH_ID, source: 'soe_400u.xml, TransactionResults/Result[@id="New Order"]', at: '400 users', quantity: 'response_time', unit: 'ms', measured: 80, predicted: 39.5, error_pct: -50.63, note: '' },
      ],
      error_bands_recomputed: false,
      error_bands: ERROR_BANDS_NOTE,
    },
  };
}

/** The same imports with "Calibrate on our measurements" off: baseline and headline are the same
 * evaluation, the points are compared with the catalog's model. */
export function comparedOverlay(): EvidenceOverlay {
  const calibrated = calibratedOverlay();
  const zero = (unit: string) => ({ value: 0, unit, pct: 0 });
  return {
    ...calibrated,
    imports: calibrated.imports.map((i) => ({ ...i, used_by_model: false })),
    recalibrated: false,
    headline: calibrated.baseline,
    difference: difference({
      verdict_changed: false,
      max_sustained_tps: zero('TPS'),
      users_at_max: zero('users'),
      response_at_design: zero('ms'),
      storage_latency_at_design: zero('ms'),
      headroom_pct: zero('%'),
    }),
    notes: [
      "Not calibrated on these measurements (calibrate_on_evidence is off): the design is evaluated on the catalog's evidence, and the imported points are compared with that model.",
    ],
    validation: { ...calibrated.validation, on: "the catalog's model" },
  };
}

/** The EqualLogic fixture's evaluation with an overlay. */
export function equallogicWithOverlay(overlay: EvidenceOverlay = calibratedOverlay()): EvaluationPayload {
  return { ...equallogicPs6010xv(), evidence_overlay: overlay };
}

/** GET /imports/evidence/?team=3: the team's two imports (newest first), as listed. */
export function teamEvidenceImports(): EvidenceImportPage {
  const team = { id: 3, name: 'Storage team', slug: 'storage-team' };
  const system = { id: 4, name: 'Prod PS6010XV' };
  const uploader = { id: 1, username: 'alice' };
  const results: EvidenceImportItem[] = [
    {
      id: SWINGBENCH_ID,
      team,
      existing_system: system,
      kind: 'swingbench',
      name: 'Order Entry (PLSQL) V2',
      points: 3,
      uploaded_by: uploader,
      uploaded_at: '2026-11-30T09:12:00Z',
      sha256: '5f1c7a0e2b9d4c3e8a6f0b1d2e3c4a5b6c7d8e9f0a1b2c3d4e5f60718293a4b5',
      files: [
        { role: 'results', file_name: 'soe_100u.xml', size_bytes: 18_422, sha256: 'a1'.repeat(32), encoding: 'utf-8' },
        { role: 'results', file_name: 'soe_200u.xml', size_bytes: 18_430, sha256: 'b2'.repeat(32), encoding: 'utf-8' },
        { role: 'results', file_name: 'soe_400u.xml', size_bytes: 18_511, sha256: 'c3'.repeat(32), encoding: 'utf-8' },
      ],
    },
    {
      id: ORION_ID,
      team,
      existing_system: system,
      kind: 'orion',
      name: 'prod',
      points: 5,
      uploaded_by: uploader,
      uploaded_at: '2026-11-28T16:40:00Z',
      sha256: '0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c0d9e',
      files: [
        { role: 'summary', file_name: 'prod_summary.txt', size_bytes: 2_104, sha256: 'd4'.repeat(32), encoding: 'utf-8' },
        { role: 'iops', file_name: 'prod_iops.csv', size_bytes: 311, sha256: 'e5'.repeat(32), encoding: 'utf-8' },
        { role: 'lat', file_name: 'prod_lat.csv', size_bytes: 318, sha256: 'f6'.repeat(32), encoding: 'utf-8' },
      ],
    },
  ];
  return { count: results.length, next: null, previous: null, results };
}
