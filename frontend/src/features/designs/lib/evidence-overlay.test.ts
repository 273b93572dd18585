import { describe, expect, it } from 'vitest';
import type { EvidenceOverlay } from '../api/types';
import { equallogicPs6010xv } from './fixture';
import { calibratedOverlay, comparedOverlay, equallogicWithOverlay, ERROR_BANDS_NOTE } from './evidence-overlay-fixture';
import { changeText, comparisonRows, importRows, overlayOf, overlaySummary, pointRows, pointsSummary, verdictText } from './evidence-overlay';

describe('overlayOf', () => {
  it('is the payload’s overlay, or null for a design that names no import (the key is absent)', () => {
    expect(overlayOf(equallogicPs6010xv())).toBeNull();
    expect(overlayOf(null)).toBeNull();
    expect(overlayOf(equallogicWithOverlay())?.recalibrated).toBe(true);
  });
});

describe('comparisonRows: the catalog-only projection beside the calibrated one', () => {
  it('lists the verdict, then each figure the evaluation has, with the difference in its unit and in %', () => {
    const rows = comparisonRows(calibratedOverlay());
    // an OLTP design has no sustained throughput: the API leaves the figure out, so does the table
    expect(rows.map((r) => r.key)).toEqual([
      'verdict',
      'max_sustained_tps',
      'users_at_max',
      'response_at_design',
      'storage_latency_at_design',
      'headroom_pct',
    ]);
    expect(rows[0]).toMatchObject({ catalog: 'Does not hold', calibrated: 'Does not hold', change: 'Unchanged', tone: 'same' });
    expect(rows[1]).toMatchObject({ label: 'Max sustained TPS', catalog: '350 TPS', calibrated: '361 TPS', change: '+11.5 TPS', pct: '+3.3%', tone: 'better' });
    expect(rows[3]).toMatchObject({ catalog: '81.6 ms', calibrated: '74.9 ms', change: '−6.73 ms', pct: '−8.2%', tone: 'better' });
    expect(rows[4]).toMatchObject({ label: 'Storage latency at the design load', change: '−0.276 ms', tone: 'better' });
    // a change of a percentage is in points, its share of the baseline in %
    expect(rows[5]).toMatchObject({ catalog: '23.1%', calibrated: '27.2%', change: '+4.06 points', pct: '+17.6%', tone: 'better' });
  });

  it('says when the verdict changed, and whether for the better', () => {
    const overlay = calibratedOverlay();
    overlay.baseline.verdict = 'does-not-hold';
    overlay.headline.verdict = 'holds';
    overlay.difference.verdict_changed = true;
    expect(comparisonRows(overlay)[0]).toMatchObject({ catalog: 'Does not hold', calibrated: 'Holds', change: 'Changed', tone: 'better' });
    overlay.headline.verdict = 'does-not-hold';
    overlay.baseline.verdict = 'holds-until';
    expect(comparisonRows(overlay)[0]).toMatchObject({ change: 'Changed', tone: 'worse' });
  });

  it('shows a figure only one side has, with no difference', () => {
    const overlay = calibratedOverlay();
    delete (overlay.headline as Partial<EvidenceOverlay['headline']>).storage_latency_at_design;
    delete (overlay.difference as Partial<EvidenceOverlay['difference']>).storage_latency_at_design;
    expect(comparisonRows(overlay).find((r) => r.key === 'storage_latency_at_design')).toMatchObject({
      catalog: '3.15 ms',
      calibrated: '—',
      change: '—',
      pct: '',
      tone: 'neutral',
    });
  });

  it('writes no change as ±0, and a DSS design’s throughput', () => {
    expect(comparisonRows(comparedOverlay())[1]).toMatchObject({ change: '±0 TPS', pct: '0%', tone: 'same' });
    expect(changeText(-120, 'MB/s')).toBe('−120 MB/s');
    expect(changeText(1, '%')).toBe('+1 point');
    expect(verdictText(null)).toBe('—');
  });
});

describe('importRows', () => {
  it('says which imports the calibrated model read, with what each is and its notes', () => {
    const [orion, swingbench] = importRows(calibratedOverlay());
    expect(orion).toMatchObject({ id: 12, name: 'prod', what: 'ORION run, 5 points', system: 'Prod PS6010XV (equallogic, PS6010XV)', use: 'used', useText: 'Used by the model' });
    expect(swingbench).toMatchObject({ what: 'Swingbench series, 3 runs', use: 'not-used', useText: 'Not used by the model' });
    expect(swingbench!.notes[0]).toMatch(/2 of 2,000 transactions failed/);
  });

  it('calls them compared only when the design is not calibrated on them', () => {
    expect(importRows(comparedOverlay()).map((r) => r.use)).toEqual(['compared', 'compared']);
  });
});

describe('pointRows: each imported point against the model', () => {
  it('gives measured, predicted and the error in %, by import, in the API’s order', () => {
    const rows = pointRows(calibratedOverlay());
    expect(rows).toHaveLength(9);
    expect(rows[3]).toMatchObject({
      importName: 'prod',
      source: 'prod_iops.csv, line 2, column 5',
      at: '8 KB, 70 % read, 14 ms (64 outstanding)',
      quantity: 'IOPS',
      measured: '4,300 IOPS',
      predicted: '4,262 IOPS',
      error: '−0.9%',
      errorTone: 'close',
    });
    expect(rows[0]).toMatchObject({ error: '+12.6%', errorTone: 'off' });
    expect(rows[8]).toMatchObject({ importName: 'Order Entry (PLSQL) V2', quantity: 'Response time', measured: '80 ms', predicted: '39.5 ms', error: '−50.6%', errorTone: 'far' });
  });

  it('writes a point nothing predicts as such, with the API’s note', () => {
    const throughput = pointRows(calibratedOverlay())[4];
    expect(throughput).toMatchObject({ quantity: 'Throughput', measured: '413 MB/s', predicted: '—', error: '—', errorTone: 'none' });
    expect(throughput!.note).toMatch(/^not predicted/);
  });

  it('names an import the overlay does not list by its id', () => {
    const overlay = calibratedOverlay();
    overlay.imports = overlay.imports.filter((i) => i.kind === 'orion');
    expect(pointRows(overlay)[5]!.importName).toBe('Import 15');
  });
});

describe('the panel’s sentences', () => {
  it('says what the evaluation is on', () => {
    expect(overlaySummary(calibratedOverlay())).toBe(
      "Calibrated on 2 of the team's evidence imports as well as the catalog's evidence (1 read by the model): the catalog-only projection is beside it.",
    );
    expect(overlaySummary(comparedOverlay())).toMatch(/^Not calibrated: .* 2 of the team's evidence imports are compared with that model\.$/);
  });

  it('counts the predicted points and names the largest error', () => {
    expect(pointsSummary(calibratedOverlay())).toBe('8 of 9 imported points predicted by the recalibrated model; largest error −50.6%');
    expect(comparedOverlay().validation.error_bands).toBe(ERROR_BANDS_NOTE);
  });
});
